"""Model directories: a run's checkpoint to the runtime's ONNX files with their parity checks, the
block files, the whitening, fresh-weight baselines, and the commands that change a directory's
embedding (``repool``, ``promote``). ``cli`` is ``mir-export export|export-blocks|repool|promote|
whiten|random-model``."""
