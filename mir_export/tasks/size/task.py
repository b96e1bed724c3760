"""The size task as a suite task: rows, targets, metric and protocols.

A row is one function (its cut -O0 module); its targets are, per pipeline, log(bytes under -Oz /
bytes under the pipeline): positive where the pipeline gives smaller code. The decision is one
pipeline per function; its figure is the geometric-mean size gain over -Oz (bytes under -Oz /
bytes under the chosen pipeline; the size relative to -Oz is its inverse). -Oz is class 0, the
default a learner keeps unless another pipeline's predicted gain clears its margin, as vectorization
keeps LLVM's default. References: -Oz everywhere, the oracle, and the best single pipeline chosen
on all rows (an upper bound of any decision that reads no code; the suite's run-time-inputs
feature set, which has no columns, is the honest one: chosen on training folds).

Protocols: source units held out (10 folds of whole units; inner folds keep units whole), and one
package held out at a time (inner folds keep packages whole). The paired statistic's units are the
source units: a unit's functions share headers, macros and style.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from mir_export.evaluation.learners import REGRESSORS, Learner
from mir_export.evaluation.selection import FAMILY_INNER_SPLITS, family_folds, group_folds, mean_log_speedup, nested_fit
from mir_export.evaluation.suite import Metric, Protocol, Task
from mir_export.tasks.size.build import read_labels
from mir_export.corpus.size_recipe import PIPELINES, REFERENCE

CLASSES = (REFERENCE, *(name for name in PIPELINES if name != REFERENCE))  # the default first
OUTER_SPLITS = 10
QUICK_ROWS = 300
QUICK_SPLITS = 3
CONSTANT = tuple(learner for learner in REGRESSORS if learner.family == "mean")


@dataclass(frozen=True)
class SizeRows:
    """The labelled functions: their files, package, unit, and [N, C] bytes under each of ``CLASSES``."""

    files: tuple[Path, ...]
    packages: np.ndarray
    units: np.ndarray
    sizes: np.ndarray

    def log_gains(self) -> np.ndarray:
        """[N, C]: log(bytes under -Oz / bytes under each pipeline of ``CLASSES``)."""
        return np.log(self.sizes[:, :1] / self.sizes)


def load(directory: Path) -> tuple[SizeRows, int]:
    """The rows of a task directory written by ``size-labels``, and how many were left out for a
    pipeline that emitted no code (a function every pipeline can drop has no size to compare)."""
    if not (directory / "labels.jsonl").is_file():
        raise ValueError(f"{directory}: no labels.jsonl (run 'mir-export downstream size-labels --out {directory}')")
    rows, _ = read_labels(directory)
    kept = [r for r in rows if all(r["sizes"].get(name, 0) > 0 for name in CLASSES)]
    if not kept:
        raise ValueError(f"{directory}/labels.jsonl: no function with a size under every pipeline")
    return SizeRows(tuple(directory / r["file"] for r in kept), np.array([r["package"] for r in kept]),
                    np.array([f"{r['package']}/{r['unit']}" for r in kept]),
                    np.array([[r["sizes"][name] for name in CLASSES] for r in kept], dtype=np.float64)), \
        len(rows) - len(kept)


def headroom(targets: np.ndarray) -> dict[str, float]:
    """Geometric-mean gains over -Oz of the oracle and of the best single pipeline (on these rows),
    and the oracle's gain over that pipeline: what any decision per function can win."""
    best = int(targets.mean(0).argmax())
    oracle = float(np.exp(targets.max(1).mean()))
    single = float(np.exp(targets[:, best].mean()))
    return {"oracle": oracle, "best_single": single, "best_single_pipeline": CLASSES[best],
            "oracle_over_best_single": oracle / single}


def _quick_folds(targets: np.ndarray, groups: np.ndarray | None, seed: int) -> list:
    return group_folds(groups, QUICK_SPLITS, seed)


def search(quick: bool) -> Callable[[bool], Callable]:
    """The nested learner search, its inner folds keeping the protocol's groups whole: the
    vectorization grid (mean curve, nearest functions, ridge, each with a margin on -Oz) over code
    features, the mean curve alone (the best pipeline of the training rows) over none."""
    def fit(code: bool):
        learners: tuple[Learner, ...] = REGRESSORS if code and not quick else CONSTANT
        return nested_fit(learners, len(CLASSES), _quick_folds if quick else family_folds, mean_log_speedup,
                          cautious=True)

    return fit


def _words(quick: bool) -> str:
    grid = "the mean curve" if quick else \
        f"{len(REGRESSORS)} learners (mean curve, nearest functions, ridge, each with a margin on -Oz)"
    return (f"{grid}, chosen on {QUICK_SPLITS if quick else FAMILY_INNER_SPLITS} inner folds that keep the protocol's "
            "groups whole, by the one-standard-error rule; without code columns, the mean curve (the best pipeline "
            "of the training rows)")


def size_task(directory: Path, quick: bool = False) -> Task:
    """The suite task of a task directory; ``quick``: ``QUICK_ROWS`` rows, three folds, the constant learner."""
    table, _ = load(directory)
    index = np.arange(len(table.files))
    if quick:
        index = np.sort(np.random.default_rng(0).choice(index, min(QUICK_ROWS, len(index)), replace=False))
    targets = table.log_gains()[index]
    units, packages = table.units[index], table.packages[index]
    splits = QUICK_SPLITS if quick else OUTER_SPLITS
    best = int(targets.mean(0).argmax())
    return Task(
        name="size", ir=tuple(table.files[k] for k in index), extras=np.zeros((len(index), 0)), targets=targets,
        groups=units,
        references={"Oz": np.zeros(len(index), dtype=np.int64), "oracle": targets.argmax(1),
                    "best single (all rows)": np.full(len(index), best)},
        metrics=(Metric("size_gain", lambda d: np.exp(targets[np.arange(len(d)), d]), geometric=True),),
        protocols=(
            Protocol("units", lambda seed: group_folds(units, splits, seed), search(quick), units),
            Protocol("packages", lambda seed: group_folds(packages, len(set(packages.tolist())), seed),
                     search(quick), packages),
        ),
        strata={"package": packages},
        description=f"smallest object code per function read at -O0 among {len(CLASSES)} pipelines "
                    f"({', '.join(CLASSES)}; geometric-mean size gain over -Oz: -Oz bytes / chosen bytes); no "
                    "run-time inputs: that row is the best single pipeline of the training folds",
        search=_words(quick),
    )
