"""Every IR file of the evaluation data sets is read and gives a graph (no reference needed)."""
from __future__ import annotations

from paths import dataset_ir_files
from mir_runtime import read_ir
from mir_runtime.graph import INSTRUCTION, build_graph
from mir_runtime.statements import statements


def test_all_686_files_read_and_give_graphs(datasets) -> None:
    files = dataset_ir_files()
    assert len(files) == 686
    for path in files:
        module = read_ir(path)
        graph = build_graph(module)
        n_instructions = sum(len(b.instructions) for f in module.functions for b in f.blocks)
        assert n_instructions > 0, path
        assert len(statements(module)) == n_instructions
        assert int((graph.node_instruction >= 0).sum()) == n_instructions
        assert int((graph.node_type == INSTRUCTION).sum()) >= n_instructions + 1


def test_lavamd_is_read_although_llvm14_rejects_it(datasets) -> None:
    """LLVM >= 11 requires ``byval(<type>)``; this LLVM 9-era kernel has a bare ``byval``."""
    path = datasets / "devmap" / "kernels_ir" / "rodinia-3.1-lavaMD-kernel_gpu_opencl.ll"
    assert "byval nocapture" in path.read_text()
    module = read_ir(path)
    kernel = module.functions[0]
    assert kernel.name == "@kernel_gpu_opencl" and len(kernel.arguments) == 6
    assert kernel.arguments[0].type.text == "%struct.par_str*"
