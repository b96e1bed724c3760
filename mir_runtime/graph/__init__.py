"""ProGraML program graphs of LLVM IR, and the forms graph-learning code loads them in."""
from mir_runtime.graph.datasets import load_dgl, load_pyg
from mir_runtime.graph.dot import to_dot
from mir_runtime.graph.export import to_networkx, to_networkx_json, to_programl_json
from mir_runtime.graph.formats import Vocabulary, to_dgl, to_pyg
from mir_runtime.graph.programl import CALL, CONSTANT, CONTROL, DATA, INSTRUCTION, VARIABLE, ProgramGraph, build_graph

__all__ = [
    "CALL", "CONSTANT", "CONTROL", "DATA", "INSTRUCTION", "VARIABLE", "ProgramGraph", "Vocabulary", "build_graph",
    "load_dgl", "load_pyg", "to_dgl", "to_dot", "to_networkx", "to_networkx_json", "to_programl_json", "to_pyg",
]
