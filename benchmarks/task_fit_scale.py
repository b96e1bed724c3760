"""``mir-export task fit`` of a large table over a few files: its wall clock, CPU time and peak memory.

    python benchmarks/task_fit_scale.py [--rows 20000] [--files 5] [--kind classification] [--cores 0,1]

A table of ROWS rows over FILES device-mapping kernels (rows of one file share one embedding),
each row with two run-time inputs drawn at random and a label that depends on the inputs and the
file (10% of labels flipped), is fitted as a user would: 5 outer folds, the baselines, the pack
written. The command runs in a child process pinned to ``--cores`` (``taskset``); its wall clock,
CPU time (user + system) and peak resident memory (``ru_maxrss`` of the child) are written to
``benchmarks/results/task_fit_scale.json`` with the host's load average, which moves the wall
clock on a shared machine (the CPU time far less).
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent


def write_table(path: Path, kernels: list[Path], rows: int, kind: str, seed: int = 0) -> None:
    """``rows`` rows over ``kernels``: file, transfer, wgsize and a class (or a number) of both and the file."""
    rng = np.random.default_rng(seed)
    files = rng.integers(0, len(kernels), rows)
    transfer = np.round(rng.lognormal(12, 2, rows))
    wgsize = rng.choice([32, 64, 128, 256, 512], rows)
    score = np.log(transfer) - 12 + (files % 2) * 1.5 - np.log2(wgsize) / 9
    with open(path, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["file", "transfer", "wgsize", "target"])
        for k in range(rows):
            if kind == "classification":
                label = "GPU" if (score[k] > 0) != (rng.random() < 0.1) else "CPU"
            else:
                label = f"{score[k] + rng.normal(0, 0.3):.4f}"
            writer.writerow([str(kernels[files[k]]), int(transfer[k]), int(wgsize[k]), label])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=20000)
    parser.add_argument("--files", type=int, default=5)
    parser.add_argument("--kind", choices=("classification", "regression"), default="classification")
    parser.add_argument("--cores", default="0,1", help="the cores the fit is pinned to (taskset -c)")
    parser.add_argument("--datasets", type=Path, default=REPO.parent / "shared" / "datasets")
    parser.add_argument("--out", type=Path, default=REPO / "benchmarks" / "results" / "task_fit_scale.json")
    args = parser.parse_args()
    kernels = sorted((args.datasets / "devmap" / "kernels_ir").glob("*.ll"))[: args.files]
    if len(kernels) < args.files:
        print(f"{args.datasets}: fewer than {args.files} device-mapping kernels", file=sys.stderr)
        return 2
    scratch = Path(tempfile.mkdtemp(prefix="task-fit-scale-"))
    try:
        table = scratch / "table.csv"
        write_table(table, kernels, args.rows, args.kind)
        command = [sys.executable, "-m", "mir_export.cli", "task", "fit", str(table), "--name", "scale",
                   "--kind", args.kind, "--inputs", "transfer,wgsize", "--out", str(scratch / "pack"),
                   "--workers", "2"]
        if shutil.which("taskset"):
            command = ["taskset", "-c", args.cores, *command]
        load = os.getloadavg()[0]
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True)
        wall = time.perf_counter() - start
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            print(done.stderr[-2000:], file=sys.stderr)
            return 1
        report = json.loads((scratch / "pack" / "task.json").read_text())
        result = {"rows": args.rows, "files": args.files, "kind": args.kind, "cores": args.cores,
                  "wall_s": round(wall, 1), "cpu_s": round(usage.ru_utime + usage.ru_stime, 1),
                  "peak_rss_mb": round(usage.ru_maxrss / 1024), "load_average_1min": round(load, 1),
                  "metrics": report["metrics"], "learners": report["learners"], "protocol": report["protocol"]}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps({k: v for k, v in result.items() if k not in ("metrics", "learners")}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
