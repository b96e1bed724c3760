"""mir-runtime: LLVM IR to statements and ProGraML graphs, and (with a model) embeddings."""
from mir_runtime.errors import IRParseError
from mir_runtime.ir import parse_ir, read_ir

__version__ = "0.1.0"
__all__ = ["IRParseError", "parse_ir", "read_ir", "__version__"]
