"""Files per second of ``mir-runtime embed -o OUT.parquet``: the Ray engine with 2 actors
against the local engine with 2 workers, on the 669 device-mapping files, in one run.

Both run as a user runs them, one command each, timed from start to the written file: the local
engine with ``--workers 2`` (two worker processes reading files and encoding their graphs, the
statements encoded in the calling process), the Ray engine joining a local Ray cluster of 2 CPUs
started once beforehand (its start is timed apart: on a real cluster it is already running) with ``--actors 2`` (one model and one
thread each) and the default batch of files. Each also runs on one file, its fixed cost
(process start, model loads; for Ray: joining the cluster, starting the actors), so that
``(files - 1) / (seconds - fixed)`` is its throughput once running. Rounds alternate the order,
so the shared machine's noise hits both alike; the best round of each counts. The two tables
must be equal (int8: bit for bit), or the benchmark fails.

    python -m pytest benchmarks/test_ray_speed.py -s    # writes results/ray_speed.json
"""
from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from paths import DATASETS

ROUNDS = int(os.environ.get("MIR_BENCH_ROUNDS", "2"))
RESULTS = Path(__file__).parent / "results" / "ray_speed.json"


def _timed(*args: str) -> float:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "mir_runtime.cli", "embed", *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    return time.perf_counter() - start


def test_ray_speed(tmp_path) -> None:
    ray = pytest.importorskip("ray")
    pq = pytest.importorskip("pyarrow.parquet")
    files = sorted((DATASETS / "devmap" / "kernels_ir").glob("*.ll"))
    if len(files) != 669:
        pytest.skip(f"device-mapping IR not found under {DATASETS}")
    inputs, one = tmp_path / "ir", tmp_path / "one"
    inputs.mkdir()
    one.mkdir()
    for path in files:
        (inputs / path.name).symlink_to(path)
    (one / files[0].name).symlink_to(files[0])
    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    cluster_start = time.perf_counter() - start
    address = ray.get_runtime_context().gcs_address
    commands = {  # the command's options on the inputs, and its output
        "local, --workers 2": ["--workers", "2"],
        "ray, --actors 2": ["--engine", "ray", "--address", address, "--actors", "2"],
    }
    out = {name: tmp_path / f"{name.split(',')[0]}.parquet" for name in commands}
    seconds: dict[str, list[float]] = {name: [] for name in commands}
    fixed: dict[str, list[float]] = {name: [] for name in commands}
    try:
        for k in range(ROUNDS):
            for name in list(commands)[:: 1 if k % 2 == 0 else -1]:
                seconds[name].append(_timed(*commands[name], str(inputs), "-o", str(out[name])))
                fixed[name].append(_timed(*commands[name], str(one), "-o", str(tmp_path / "one.parquet")))
    finally:
        ray.shutdown()
    local, distributed = (pq.read_table(path) for path in out.values())
    assert local.num_rows == len(files) and local.equals(distributed)
    result = {
        "files": len(files),
        "rounds": ROUNDS,
        "cores": os.cpu_count(),
        "load_average_1min_at_end": round(os.getloadavg()[0], 1),
        "ray_cluster_start_seconds": round(cluster_start, 2),
        "engines": {name: {"seconds": [round(s, 2) for s in times], "best_files_per_s": round(len(files) / min(times), 2),
                           "one_file_seconds": [round(s, 2) for s in fixed[name]],
                           "running_files_per_s": round((len(files) - 1) / (min(times) - min(fixed[name])), 2)}
                    for name, times in seconds.items()},
        "tables_equal": True,
    }
    best = {name: min(times) for name, times in seconds.items()}
    result["ray_over_local"] = round(best["local, --workers 2"] / best["ray, --actors 2"], 3)
    running = {name: engine["running_files_per_s"] for name, engine in result["engines"].items()}
    result["ray_over_local_running"] = round(running["ray, --actors 2"] / running["local, --workers 2"], 3)
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
