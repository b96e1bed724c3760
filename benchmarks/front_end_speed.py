"""The front end's CPU time against IR2Vec's whole run and llvm2graph-10's, in one run.

One process, ``process_time``: the front end as ``embed`` runs it with the shipped model's settings
(``Featurizer.read_here``: read, promote, statements, graph, token ids) on every file, then IR2Vec
2.1.1's flow-aware program vector of the same files in this process, then ``graph``'s work (read,
build, ProGraML JSON written to a file) in this process against ``llvm2graph-10`` one process per file (its CPU time
as a child's, from ``getrusage``). Which front end ran, compiled (mypyc) or pure Python, is in the
output: run it once in each installation to compare them.

    python benchmarks/front_end_speed.py                        # the 668 device-mapping kernels IR2Vec reads
    python benchmarks/front_end_speed.py --files 'DIR/*.ll' --no-graph
"""
from __future__ import annotations

import argparse
import glob
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
REJECTED_BY_IR2VEC = "rodinia-3.1-lavaMD-kernel_gpu_opencl.ll"
LLVM2GRAPH = REPO / ".cache" / "programl" / "llvm2graph-10"


def front_end_seconds(files: list[str]) -> float:
    from mir_runtime.model import Model

    featurizer = Model.load(threads=1).featurizer  # the shipped model's tokenizer and promotion
    start = time.process_time()
    for path in files:
        featurizer.read_here(path)
    return time.process_time() - start


def ir2vec_seconds(files: list[str]) -> float:
    import ir2vec

    start = time.process_time()
    for path in files:
        ir2vec.initEmbedding(path, "fa", "p").getProgramVector()
    return time.process_time() - start


def graph_seconds(files: list[str], out_dir: str) -> float:
    """``mir-runtime graph --out-dir`` on ``files``, in this process: its loop, without the CLI's start."""
    from mir_runtime import read_ir
    from mir_runtime.featurizer import paused_gc
    from mir_runtime.graph import build_graph
    from mir_runtime.graph.export import to_programl_json_text

    start = time.process_time()
    for path in files:
        with paused_gc():
            text = to_programl_json_text(build_graph(read_ir(path)))
        with open(Path(out_dir) / (Path(path).stem + ".json"), "w") as out:
            out.write(text)
    return time.process_time() - start


def llvm2graph_seconds(files: list[str]) -> float:
    def children() -> float:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    start = children()
    for path in files:
        with open(path, "rb") as stdin:
            subprocess.run([str(LLVM2GRAPH)], stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           check=True)
    return children() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--datasets", type=Path, default=REPO.parent / "shared" / "datasets")
    parser.add_argument("--files", nargs="+", help="IR files or globs (default: the device-mapping kernels)")
    parser.add_argument("--no-graph", action="store_true", help="skip graph against llvm2graph-10")
    args = parser.parse_args()
    if args.files:
        files = sorted(f for pattern in args.files for f in glob.glob(pattern))
    else:
        files = [str(p) for p in sorted((args.datasets / "devmap" / "kernels_ir").glob("*.ll"))
                 if p.name != REJECTED_BY_IR2VEC]
    import mir_runtime.ir.parser

    result: dict = {"files": len(files), "front_end_build": "pure" if mir_runtime.ir.parser.__file__.endswith(".py")
                    else "compiled"}
    result["front_end_s"] = round(front_end_seconds(files), 2)
    result["ir2vec_s"] = round(ir2vec_seconds(files), 2)
    result["front_end_to_ir2vec"] = round(result["front_end_s"] / result["ir2vec_s"], 3)
    if not args.no_graph:
        graph_files = files if args.files else [str(p) for p in sorted(args.datasets.glob("*/kernels_ir/*.ll"))]
        result["graph_files"] = len(graph_files)
        with tempfile.TemporaryDirectory() as out_dir:
            result["graph_s"] = round(graph_seconds(graph_files, out_dir), 2)
        result["llvm2graph_s"] = round(llvm2graph_seconds(graph_files), 2)
        result["graph_to_llvm2graph"] = round(result["graph_s"] / result["llvm2graph_s"], 3)
    json.dump(result, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
