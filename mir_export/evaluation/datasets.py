"""The tables of the two tasks and the IR file of each row, read in place from the data sets.

Rows are matched to IR files and to oracles by name, never by position: the published CSVs are
not all in the same order.
"""
from __future__ import annotations

import csv
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

PLATFORMS = ("amd", "nvidia")
DEVICES = ("CPU", "GPU")
STATIC_DEVICE = {"amd": "CPU", "nvidia": "GPU"}  # the better single device of each platform
EXTRAS = ("transfer", "wgsize")
GPUS = ("fermi", "kepler", "cypress", "tahiti")
FACTORS = (1, 2, 4, 8, 16, 32)
TASKS = ("devmap", "coarsening", "vectorize")
DATASET_TASKS = TASKS[:2]  # read from the data sets here; vectorize's labels are measured on the tuning machine
# feature sets per task; ``text`` / ``graph``: one half of our embedding (each modality on its own)
FEATURES = {"devmap": ("ours", "text", "graph", "runtime", "ir2vec"), "coarsening": ("ours", "text", "graph", "ir2vec"),
            "vectorize": ("ours", "text", "graph", "opcodes", "tfidf", "ir2vec", "random")}


def _rows(path: Path) -> list[dict[str, str]]:
    csv.field_size_limit(sys.maxsize)  # the ``src`` and ``seq`` columns hold whole kernels
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


@dataclass(frozen=True)
class Devmap:
    """One platform's rows: ``oracle`` and ``static`` are indices into ``DEVICES``."""

    platform: str
    benchmark: np.ndarray  # [N] str: the kernel, the unit of the grouped folds
    dataset: np.ndarray  # [N] str
    extras: np.ndarray  # [N, 2] float64: ``EXTRAS``, raw
    runtimes: np.ndarray  # [N, 2] float64: on CPU, on GPU
    oracle: np.ndarray  # [N] int
    ir: tuple[Path, ...]

    @property
    def static(self) -> int:
        return DEVICES.index(STATIC_DEVICE[self.platform])


def devmap_ir(directory: Path, benchmark: str, dataset: str) -> Path:
    """``<benchmark>_<dataset>.ll`` where it exists (NPB kernels, one per problem class), else ``<benchmark>.ll``."""
    specific = directory / f"{benchmark}_{dataset}.ll"
    return specific if specific.exists() else directory / f"{benchmark}.ll"


def read_devmap(datasets: Path, platform: str) -> Devmap:
    folder = datasets / "devmap"
    rows = _rows(folder / f"cgo17-{platform}.csv")
    return Devmap(
        platform=platform,
        benchmark=np.array([r["benchmark"] for r in rows]),
        dataset=np.array([r["dataset"] for r in rows]),
        extras=np.array([[float(r[e]) for e in EXTRAS] for r in rows]),
        runtimes=np.array([[float(r["runtime_cpu"]), float(r["runtime_gpu"])] for r in rows]),
        oracle=np.array([DEVICES.index(r["oracle"]) for r in rows]),
        ir=tuple(devmap_ir(folder / "kernels_ir", r["benchmark"], r["dataset"]) for r in rows),
    )


@dataclass(frozen=True)
class Coarsening:
    """One GPU's kernels, sorted by name: ``runtimes[k, j]`` is kernel k at ``FACTORS[j]``
    (NaN where not measured); ``oracle`` indexes ``FACTORS``."""

    gpu: str
    kernels: tuple[str, ...]
    runtimes: np.ndarray  # [K, 6] float64
    oracle: np.ndarray  # [K] int
    ir: tuple[Path, ...]


def read_coarsening(datasets: Path, gpu: str) -> Coarsening:
    folder = datasets / "threadcoarsening"
    column = f"runtime_{gpu.capitalize()}"
    measured: dict[str, dict[int, float]] = {}
    for r in _rows(folder / "pact-2014-runtimes.csv"):
        if r[column]:  # empty where that factor was not measured on this GPU (nbody x16 on NVIDIA)
            measured.setdefault(r["kernel"], {})[int(float(r["cf"]))] = float(r[column])
    best = {r["kernel"]: int(float(r[f"cf_{gpu.capitalize()}"])) for r in _rows(folder / "pact-2014-oracles.csv")}
    if set(best) != set(measured):
        raise ValueError(f"{folder}: kernels differ between runtimes and oracles: {sorted(set(best) ^ set(measured))}")
    kernels = tuple(sorted(measured))
    runtimes = np.array([[measured[k].get(f, np.nan) for f in FACTORS] for k in kernels])
    return Coarsening(
        gpu=gpu,
        kernels=kernels,
        runtimes=runtimes,
        oracle=np.array([FACTORS.index(best[k]) for k in kernels]),
        ir=tuple(folder / "kernels_ir" / f"{k}.ll" for k in kernels),
    )
