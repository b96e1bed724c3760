"""``mir-runtime embed --cache DIR`` across runs, against IR2Vec 2.1.1 and against no cache.

A tuner embeds the same project again and again. Whole processes, default settings, rounds
interleaved, each round with a fresh cache directory:

- ``ir2vec``: IR2Vec's flow-aware program vectors in one process (as ``test_embed_speed.py``);
- ``embed``: ``mir-runtime embed FILES -o x.npy``, no cache;
- ``cold``: the same with ``--cache DIR``, DIR empty: the cost of filling the store;
- ``warm``: the same again: every file's bytes were embedded before;
- ``touched``: copies of the files with a comment line appended (new bytes, the same statements):
  every file is read and its graph encoded again, its statement vectors come from the store.

Two sets of files: the 668 device-mapping kernels IR2Vec accepts and, where
``$MIR_BENCH_CORPUS`` names a corpus directory (``mir-export corpus build``'s ``ir/``), 300 of its
-O2 modules under 400 kB (seed 0): package code, where the statement encoder is most of the work.
The vectors of ``cold``, ``warm`` and ``touched`` must equal ``embed``'s.

    python -m pytest benchmarks/test_cache_speed.py -s      # writes results/cache_speed.json
"""
from __future__ import annotations

import importlib.util
import json
import os
import random
import statistics
import tempfile
from pathlib import Path

import numpy as np
import pytest

from paths import DATASETS
from processes import measure
from test_embed_speed import ENV, REJECTED_BY_IR2VEC, _embed, _ir2vec

ROUNDS = int(os.environ.get("MIR_BENCH_ROUNDS", "3"))
RESULTS = Path(__file__).parent / "results" / "cache_speed.json"
PEERS = ("ir2vec", "embed", "cold", "warm", "touched")


def _file_sets() -> dict[str, list[Path]]:
    kernels = sorted((DATASETS / "devmap" / "kernels_ir").glob("*.ll"))
    if len(kernels) != 669:
        pytest.skip(f"device-mapping IR not found under {DATASETS}")
    sets = {"devmap_668": [f for f in kernels if f.name != REJECTED_BY_IR2VEC]}
    corpus = os.environ.get("MIR_BENCH_CORPUS")
    if corpus:
        pool = sorted(p for p in Path(corpus).rglob("*.O2.ll") if p.stat().st_size < 400_000)
        sets["corpus_300"] = sorted(random.Random(0).sample(pool, min(300, len(pool))))
    return sets


def _touched(files: list[Path], where: Path, mark: str) -> list[Path]:
    """Copies of ``files`` with a comment appended: new bytes, the same IR."""
    where.mkdir(parents=True)
    out = []
    for k, f in enumerate(files):
        copy = where / f"{k:04d}-{f.name}"
        copy.write_bytes(f.read_bytes() + f"\n; {mark}\n".encode())
        out.append(copy)
    return out


def test_cache_speed(benchmark) -> None:
    if importlib.util.find_spec("ir2vec") is None:
        pytest.skip("ir2vec (the [train] extra) is not installed")
    sets = _file_sets()
    seconds = {s: {p: [] for p in PEERS} for s in sets}
    cpu = {s: {p: [] for p in PEERS} for s in sets}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for r in range(ROUNDS):
            for name, files in sets.items():
                cache = str(tmp / f"cache-{name}-{r}")
                touched = _touched(files, tmp / f"touched-{name}-{r}", f"round {r}")
                out = {p: tmp / f"{name}-{p}.npy" for p in PEERS}
                commands = {
                    "ir2vec": _ir2vec(files),
                    "embed": _embed(files, out["embed"]),
                    "cold": _embed(files, out["cold"], "--cache", cache),
                    "warm": _embed(files, out["warm"], "--cache", cache),
                    "touched": _embed(touched, out["touched"], "--cache", cache),
                }
                for peer, command in commands.items():
                    wall, _, used = measure(command, ENV)
                    seconds[name][peer].append(wall)
                    cpu[name][peer].append(used)
                for peer in ("cold", "warm", "touched"):
                    np.testing.assert_array_equal(np.load(out[peer]), np.load(out["embed"]), err_msg=f"{name} {peer}")
        files = sets["devmap_668"]
        cache = str(tmp / "cache-benchmark")
        measure(_embed(files, tmp / "x.npy", "--cache", cache), ENV)
        benchmark.pedantic(measure, args=(_embed(files, tmp / "x.npy", "--cache", cache), ENV), rounds=1, iterations=1)
    result = {"files": {name: len(files) for name, files in sets.items()}, "cores": os.cpu_count(),
              "rounds": ROUNDS, "load_average": os.getloadavg()[0]}
    for name in sets:
        median = {p: statistics.median(t) for p, t in seconds[name].items()}
        result[name] = {
            "seconds": {p: {"median": round(m, 3), "all": [round(t, 3) for t in seconds[name][p]]}
                        for p, m in median.items()},
            "cpu_seconds": {p: round(statistics.median(t), 2) for p, t in cpu[name].items()},
            "cold_over_embed": round(median["cold"] / median["embed"], 3),
            "embed_over_ir2vec": round(median["embed"] / median["ir2vec"], 3),
            "warm_over_ir2vec": round(median["warm"] / median["ir2vec"], 3),
            "touched_over_ir2vec": round(median["touched"] / median["ir2vec"], 3),
        }
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
    for name in sets:  # sanity, not bars: a store that costs more than it saves is broken
        assert result[name]["warm_over_ir2vec"] < 0.5 and result[name]["cold_over_embed"] < 1.3
        assert result[name]["touched_over_ir2vec"] < result[name]["embed_over_ir2vec"]
