"""mir-export: the training side (corpus, tokenizer, model, pre-training, heads, ONNX export).

Installed with ``pip install 'mir-runtime[train]'``; it reuses mir_runtime's reader, statements
and graphs so that training and serving see the same inputs.
"""
