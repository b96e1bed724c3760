"""The shipped device-mapping and thread-coarsening heads, made again as task packs by
``mir-export task fit`` from tables of the evaluation data sets, as a user would make them:
their nested figures beside the shipped ones (``metrics.tasks`` of the model's manifest).

    python benchmarks/task_packs.py --out /tmp/task-packs [--runs coarsening devmap-stratified devmap-grouped]

Device mapping: one head per platform, ``transfer`` and ``wgsize`` as run-time inputs, 10 outer
folds stratified (``devmap-grouped``: each kernel whole) over seeds 0-2. Thread coarsening: the
run times per factor on the four GPUs, one fit for every GPU (``--share-selector``), one kernel out
at a time (the strict protocol). Long: device mapping's nested search is most of an hour per
protocol on 2 cores. Writes ``benchmarks/results/task_packs.json``.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GPUS = ("Fermi", "Kepler", "Cypress", "Tahiti")
RUNS = {
    "coarsening": ["coarsening.csv", "--name", "coarsening", "--kind", "configuration", "--config", "factor",
                   "--selector", "gpu", "--share-selector", "--folds", "loo", "--seeds", "3"],
    "devmap-stratified": ["devmap.csv", "--name", "devmap", "--target", "oracle", "--inputs", "transfer,wgsize",
                          "--selector", "platform", "--folds", "10", "--seeds", "3"],
    "devmap-grouped": ["devmap.csv", "--name", "devmap", "--target", "oracle", "--inputs", "transfer,wgsize",
                       "--selector", "platform", "--group", "benchmark", "--folds", "10", "--seeds", "3"],
}


def write_tables(datasets: Path, out: Path) -> None:
    """The data sets as a user's tables: a row per launch (device mapping), per (kernel, factor, GPU) measured."""
    with open(out / "devmap.csv", "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["file", "oracle", "transfer", "wgsize", "benchmark", "platform"])
        for platform in ("amd", "nvidia"):
            for r in csv.DictReader(open(datasets / "devmap" / f"cgo17-{platform}.csv")):
                ir = datasets / "devmap" / "kernels_ir" / f"{r['benchmark']}_{r['dataset']}.ll"
                ir = ir if ir.is_file() else datasets / "devmap" / "kernels_ir" / f"{r['benchmark']}.ll"
                writer.writerow([ir, r["oracle"], r["transfer"], r["wgsize"], r["benchmark"], platform])
    with open(out / "coarsening.csv", "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["file", "factor", "runtime", "gpu"])
        for r in csv.DictReader(open(datasets / "threadcoarsening" / "pact-2014-runtimes.csv")):
            for gpu in GPUS:
                if r[f"runtime_{gpu}"].strip():
                    ir = datasets / "threadcoarsening" / "kernels_ir" / f"{r['kernel']}.ll"
                    writer.writerow([ir, r["cf"], r[f"runtime_{gpu}"], gpu.lower()])


def compare(run: str, pack: Path, shipped: dict) -> dict:
    """The pack's figures and the shipped ones, side by side."""
    metrics = json.loads((pack / "task.json").read_text())["metrics"]
    if run == "coarsening":
        ours = metrics["all"]["per_gpu"]
        return {gpu: {"pack": ours[gpu]["ours"], "shipped": shipped["coarsening"][gpu]["speedup"]} for gpu in ours}
    key = "grouped_accuracy" if run == "devmap-grouped" else "accuracy"
    return {platform: {"pack": metrics[platform]["ours"]["accuracy"]["mean"], "shipped": shipped["devmap"][platform][key]}
            for platform in ("amd", "nvidia")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="a scratch directory for the tables and packs")
    parser.add_argument("--runs", nargs="+", choices=list(RUNS), default=list(RUNS))
    parser.add_argument("--datasets", type=Path, default=Path(os.environ.get("MIR_DATASETS", REPO.parent / "shared" / "datasets")))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    write_tables(args.datasets, args.out)
    shipped = json.loads((REPO / "artifacts" / "manifest.json").read_text())["metrics"]["tasks"]
    result_path = REPO / "benchmarks" / "results" / "task_packs.json"
    results = json.loads(result_path.read_text()) if result_path.is_file() else {}
    for run in args.runs:
        table, *options = RUNS[run]
        pack = args.out / run
        command = ["mir-export", "task", "fit", str(args.out / table), *options, "--no-baselines", "--out", str(pack)]
        start = time.monotonic()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        results[run] = {"command": " ".join(command[:3] + [table] + command[4:-1] + ["PACK"]),
                        "seconds": round(time.monotonic() - start), "figures": compare(run, pack, shipped)}
        print(json.dumps({run: results[run]}, indent=2), file=sys.stderr)
        result_path.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
