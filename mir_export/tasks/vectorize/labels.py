"""The vectorization task's rows: measured kernels, their classes and the targets of the heads.

Like thread coarsening, a decision under risk: the classes are ``default`` (no pragma, LLVM's own
cost model at -O3 -march=native) first, then the 35 (VF, IF) pairs in sweep order; a kernel's
target is, per class, the log of its speedup over the default, from the median user CPU time (the
ranking statistic, see ``sweep``). A pair that did not build or run (compile error or time-out, run
error or time-out) is a choice a tuner would pay for: it gets ``FAILED`` = log(1/10), a 10x
slowdown, worse than any pair that ran in the pilots (the slowest, scalar VF=1 IF=1, ran up to 5x
the best). The score heads predict these targets; the default's is 0 by definition.

A folder holds ``results.csv`` and ``machine.json`` of ``mir-export vectorize measure``; several
folders (the sweep and its pilots) must come from one CPU and compiler, and a kernel measured in
more than one is taken from the first. Kernels are left out, with the reason, when their rows are
incomplete (the sweep is writing them), their baseline did not run, or no pair could be forced
(no innermost loop the pragma can reach). A kernel with pair rows but no baseline row is a
malformed file, an error.
"""
from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from mir_export.tasks.vectorize.report import compare, load
from mir_export.tasks.vectorize.sweep import BASELINE, Settings

CONFIGS = tuple(Settings().configs())  # the baseline, then every (VF, IF) pair of the published space
CLASSES = ("default", *(f"VF={vf},IF={il}" for vf, il in CONFIGS[1:]))
FAILED = math.log(0.1)
SAME_MACHINE = ("cpu_model", "clang")


@dataclass(frozen=True)
class Measured:
    """Usable kernels in name order: ``runtimes[k, j]`` is kernel k's median user ms at
    ``CONFIGS[j]`` (NaN where it failed); ``excluded``: kernel -> why it is not a row."""

    kernels: tuple[str, ...]
    families: np.ndarray  # [K] str: the loop family (``sF``), the unit of every split
    runtimes: np.ndarray  # [K, 36] float64
    machine: dict
    excluded: dict[str, str]

    def log_speedups(self) -> np.ndarray:
        """[K, 36] targets: log(default / class) per kernel, ``FAILED`` where a pair did not run."""
        with np.errstate(invalid="ignore"):
            values = np.log(self.runtimes[:, :1] / self.runtimes)
        return np.where(np.isnan(values), FAILED, values)


def read_machine(folder: Path) -> dict:
    path = folder / "machine.json"
    if not path.is_file():
        raise ValueError(f"{folder}: no machine.json (not a folder written by 'mir-export vectorize measure')")
    return json.loads(path.read_text())


def read_measured(folders: Sequence[Path]) -> Measured:
    """The rows of ``folders`` (see the module's docstring)."""
    if not folders:
        raise ValueError("no measured folder given")
    machine = read_machine(folders[0])
    for folder in folders[1:]:
        changed = [k for k in SAME_MACHINE if read_machine(folder).get(k) != machine.get(k)]
        if changed:
            raise ValueError(f"{folder} was measured with another {', '.join(changed)} than {folders[0]}")
    kernels = merged(folders)
    rows, excluded = [], {}
    for kernel in sorted(kernels):
        configs = kernels[kernel]
        why = _unusable(configs)
        if why:
            excluded[kernel] = why
            continue
        rows.append((kernel, configs))
    return Measured(
        kernels=tuple(k for k, _ in rows),
        families=np.array([next(iter(c.values()))["family"] for _, c in rows], dtype=str),
        runtimes=np.array([[c[config]["median"] or np.nan for config in CONFIGS] for _, c in rows],
                          dtype=np.float64).reshape(-1, len(CONFIGS)),
        machine=machine,
        excluded=excluded,
    )


def merged(folders: Sequence[Path]) -> dict[str, dict]:
    """kernel -> its configurations (``report.load``, user CPU time), from the first folder that has it."""
    kernels: dict[str, dict] = {}
    for folder in folders:
        if not (folder / "results.csv").is_file():
            raise ValueError(f"{folder}: no results.csv")
        with (folder / "results.csv").open() as f:
            if "median_user_ms" not in f.readline().split(","):
                raise ValueError(f"{folder / 'results.csv'}: no median_user_ms column (measured before user CPU "
                                 "times were recorded)")
        for kernel, configs in load(folder / "results.csv", "user").items():
            if BASELINE not in configs:
                raise ValueError(f"{folder / 'results.csv'}: {kernel} has no baseline row (VF=0, IF=0)")
            kernels.setdefault(kernel, configs)
    return kernels


def stability(folders: Sequence[Path], again: Path, tolerance: float = 0.03) -> dict:
    """The label stability of ``folders`` against a re-measurement ``again`` (``report.compare``
    on user CPU time): the share of kernels whose first best pair is within ``tolerance`` of the best."""
    return compare(merged(folders), merged([again]), tolerance)


def _unusable(configs: dict) -> str:
    """Why a kernel's rows cannot be a row of the task ("" when they can)."""
    missing = [c for c in CONFIGS if c not in configs]
    if missing:
        return f"incomplete: {len(missing)} of {len(CONFIGS)} configurations missing"
    base = configs[BASELINE]
    if not base["median"]:
        return f"baseline {base['status']}"
    if not any(configs[c]["median"] for c in CONFIGS[1:]):
        return f"no pair ran ({configs[CONFIGS[1]]['status']})"
    return ""


def machine_kind(machine: dict) -> str:
    """A short name for the CPU of ``machine.json``, the head's selector value: AMD EPYC and Ryzen
    parts by the newest instruction-set extension their generation added (avx512f: zen4, vaes:
    zen3, clwb: zen2, else zen), any other CPU by its model name in lower case, words joined by ``-``."""
    model = str(machine.get("cpu_model", "unknown"))
    flags = set(machine.get("cpu_flags", []))
    if re.search(r"\bAMD (EPYC|Ryzen)", model):
        return next((kind for flag, kind in (("avx512f", "zen4"), ("vaes", "zen3"), ("clwb", "zen2")) if flag in flags),
                    "zen")
    return "-".join(re.findall(r"[a-z0-9]+", model.lower())) or "unknown"
