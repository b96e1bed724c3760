"""The default model: installed as ``mir_runtime.artifacts`` (see pyproject.toml), loaded by
``mir_runtime.model.default_model_dir``."""
