"""ProGraML program graphs of LLVM IR."""
from mir_runtime.graph.export import to_networkx, to_networkx_json, to_programl_json
from mir_runtime.graph.programl import CALL, CONSTANT, CONTROL, DATA, INSTRUCTION, VARIABLE, ProgramGraph, build_graph

__all__ = [
    "CALL", "CONSTANT", "CONTROL", "DATA", "INSTRUCTION", "VARIABLE", "ProgramGraph", "build_graph",
    "to_networkx", "to_networkx_json", "to_programl_json",
]
