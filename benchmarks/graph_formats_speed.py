"""``mir-runtime graph DIR --format pyg`` (one PyG data set of every file) against ``llvm2graph-10``
run per file on the same files, in one run, rounds alternating.

Both are timed on the wall clock as a user runs them: ``llvm2graph-10`` one process per file, in
turn, its protocol buffer to /dev/null (ProGraML's graph alone, no conversion to anything a
learner loads); ``mir-runtime graph`` as one command from its start (torch's import, worker
processes, the data set written). After each round the data set is loaded with PyG and checked:
every file, every node and edge. The machine is shared, so the rounds alternate and each round's
ratio is reported; run it nice'd, and read the ratios, not the seconds.

    nice -n 10 python benchmarks/graph_formats_speed.py              # the 669 device-mapping kernels
    nice -n 10 python benchmarks/graph_formats_speed.py --rounds 5 --files 'DIR/*.ll'
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LLVM2GRAPH = REPO / ".cache" / "programl" / "llvm2graph-10"
RESULTS = Path(__file__).parent / "results" / "graph_formats_speed.json"
BAR = 0.5  # the data set in at most half llvm2graph-10's time


def llvm2graph_seconds(files: list[str]) -> float:
    start = time.perf_counter()
    for path in files:
        with open(path, "rb") as stdin:
            subprocess.run([str(LLVM2GRAPH)], stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           check=True)
    return time.perf_counter() - start


def dataset_seconds(inputs: list[str], folder: Path, form: str) -> float:
    command = [sys.executable, "-m", "mir_runtime.cli", "graph", *inputs, "--format", form, "-o", str(folder)]
    start = time.perf_counter()
    subprocess.run(command, check=True, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def check_dataset(folder: Path, files: list[str]) -> dict[str, int]:
    """The data set loads with PyG and holds every file's whole graph."""
    from mir_runtime import read_ir
    from mir_runtime.graph import build_graph
    from mir_runtime.graph.datasets import load_pyg

    dataset = load_pyg(folder)
    assert len(dataset) == len(files) and dataset.files == files, "not every file is in the data set"
    nodes = edges = 0
    for i in range(0, len(files), max(1, len(files) // 40)):  # a spread of graphs, rebuilt here and compared
        graph = build_graph(read_ir(files[i]))
        assert dataset[i].num_nodes == graph.num_nodes and dataset[i].num_edges == graph.num_edges, files[i]
    for data in dataset:
        nodes += data.num_nodes
        edges += data.num_edges
    return {"graphs": len(dataset), "nodes": nodes, "edges": edges}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--datasets", type=Path, default=REPO.parent / "shared" / "datasets")
    parser.add_argument("--files", help="a glob of IR files (default: the device-mapping kernels, as a directory)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--format", default="pyg", choices=("pyg", "dgl"))
    args = parser.parse_args()
    if not LLVM2GRAPH.is_file():
        sys.exit(f"{LLVM2GRAPH} missing: run scripts/fetch-llvm2graph.sh")
    if args.files:
        files = sorted(glob.glob(args.files))
        inputs = files
    else:
        directory = args.datasets / "devmap" / "kernels_ir"
        files = sorted(str(p) for p in directory.rglob("*.ll"))
        inputs = [str(directory)]
    times: dict[str, list[float]] = {"llvm2graph": [], "mir_runtime": []}
    ratios = []
    checked: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "graphs"
        for number in range(args.rounds):  # alternate which goes first
            first_ours = number % 2 == 1
            if first_ours:
                times["mir_runtime"].append(dataset_seconds(inputs, folder, args.format))
            times["llvm2graph"].append(llvm2graph_seconds(files))
            if not first_ours:
                times["mir_runtime"].append(dataset_seconds(inputs, folder, args.format))
            ratios.append(times["mir_runtime"][-1] / times["llvm2graph"][-1])
            print(f"round {number + 1}: llvm2graph-10 {times['llvm2graph'][-1]:.2f} s, mir-runtime graph "
                  f"--format {args.format} {times['mir_runtime'][-1]:.2f} s, ratio {ratios[-1]:.3f}", file=sys.stderr)
            if args.format == "pyg":
                checked = check_dataset(folder, files)
            shutil.rmtree(folder, ignore_errors=True)
    result = {
        "files": len(files),
        "megabytes": round(sum(os.path.getsize(f) for f in files) / 1e6, 2),
        "format": args.format,
        "rounds": args.rounds,
        "cpu": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "niceness": os.nice(0),
        "seconds": {name: [round(t, 2) for t in values] for name, values in times.items()},
        "ratio_per_round": [round(r, 3) for r in ratios],
        "ratio_median": round(statistics.median(ratios), 3),
        "bar": BAR,
        "met": max(ratios) <= BAR,
        "dataset": checked,
    }
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
