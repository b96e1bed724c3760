"""mir-runtime: LLVM IR to statements and ProGraML graphs, and (with a model) embeddings.

``from mir_runtime import Model, read_ir, IRParseError, tune``: ``Model`` and ``tune`` are imported
on first use, so reading IR never loads the model's modules.
"""
from mir_runtime.errors import IRParseError
from mir_runtime.ir import parse_ir, read_ir
from mir_runtime.version import __version__

__all__ = ["IRParseError", "Model", "parse_ir", "read_ir", "tune", "__version__"]


def __getattr__(name: str):
    if name == "Model":
        from mir_runtime.model import Model

        return Model
    if name == "tune":
        from mir_runtime.tuning import tune

        return tune
    raise AttributeError(f"module 'mir_runtime' has no attribute {name!r}")
