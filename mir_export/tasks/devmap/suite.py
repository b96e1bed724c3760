"""Device mapping in the suite (one task per platform) in three protocols: 10-fold stratified on the
oracle, 10-fold stratified with each kernel's rows kept together, and leave one benchmark suite out
(7 suites: code from a suite the head has never seen; PROM, CGO'25, calls it the drift split),
figures over all rows and per held-out suite. The learner search is the task's nested selection
among the five heads it chooses nearly always (``SUITE_CLASSIFIERS``); ``quick`` (the CI form): a
few hundred rows, three folds and cheap learners."""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import numpy as np

from mir_export.evaluation.datasets import read_devmap
from mir_export.evaluation.learners import CLASSIFIERS, DEFAULT_VOTE, INPUTS_ONLY, Learner, default_classifier, vote
from mir_export.evaluation.protocol import N_SPLITS, devmap_folds, leave_groups_out
from mir_export.evaluation.selection import accuracy, classification_splitter, nested_fit
from mir_export.evaluation.suite import Metric, Protocol, Task

# Device mapping's search in the suite: the heads the published selection (``learners.CLASSIFIERS``)
# chose in 318 of the 360 outer folds of its recorded runs (``results/devmap``: ours, IR2Vec and
# the run-time inputs, seeds 0-2): the default vote, scikit-learn's GBM on the run-time inputs,
# the vote counting them twice, and the two stagewise heads. The rest (views of the code by PCA,
# linear models, trees on every code column) cost 85% of the search's time (one fit on 446 rows of
# our 770 columns: scikit-learn's exact GBM 8.4 s, LightGBM with 31 leaves 3.9 s, these five's
# parts 0.1 to 0.8 s), which the suite's bar (one feature set within an hour on 2 cores) cannot pay.
SUITE_CLASSIFIERS = (DEFAULT_VOTE, vote(*DEFAULT_VOTE.members, INPUTS_ONLY),
                     *(learner for learner in CLASSIFIERS if learner.family == "stagewise"), INPUTS_ONLY)


QUICK_ROWS = 240  # device-mapping rows of the quick form


QUICK_SPLITS = 3


QUICK_CLASSIFIERS = (Learner("linear", (("C", 1.0),)), INPUTS_ONLY)


_SUITE = re.compile(r"(.*?)-\d")  # 'rodinia-3.1-...' -> 'rodinia'


def _names(learners: tuple[Learner, ...]) -> str:
    return ", ".join(f"`{learner.name}`" for learner in learners)


def benchmark_suite(benchmark: str) -> str:
    """The benchmark suite of a device-mapping kernel name (its prefix before the version)."""
    found = _SUITE.match(benchmark)
    return found[1] if found else benchmark


def _devmap_search(quick: bool) -> Callable:
    if quick:
        return lambda code: nested_fit(QUICK_CLASSIFIERS, 2, classification_splitter, accuracy)
    return lambda code: nested_fit(SUITE_CLASSIFIERS, 2, classification_splitter, accuracy,
                                   reference=default_classifier(code))


def devmap_task(platform: str) -> Callable[[Path, bool], Task]:
    def build(datasets: Path, quick: bool) -> Task:
        table = read_devmap(datasets, platform)
        rows = np.arange(len(table.oracle))
        if quick:
            rows = np.sort(np.random.default_rng(0).choice(rows, QUICK_ROWS, replace=False))
        oracle, benchmark, runtimes = table.oracle[rows], table.benchmark[rows], table.runtimes[rows]
        suites = np.array([benchmark_suite(b) for b in benchmark])
        splits = QUICK_SPLITS if quick else N_SPLITS
        search = _devmap_search(quick)
        static = np.full(len(rows), table.static)
        return Task(
            name=f"devmap-{platform}", ir=tuple(table.ir[k] for k in rows), extras=table.extras[rows], targets=oracle,
            groups=benchmark, references={"static": static, "oracle": oracle},
            metrics=(Metric("accuracy", lambda d: (d == oracle).astype(np.float64), percent=True),
                     Metric("speedup", lambda d: runtimes[:, table.static] / runtimes[np.arange(len(d)), d])),
            protocols=(
                Protocol("stratified", lambda seed: devmap_folds(oracle, seed, splits=splits), search),
                Protocol("grouped", lambda seed: devmap_folds(oracle, seed, benchmark, splits), search, benchmark),
                Protocol("suite", lambda seed: leave_groups_out(suites), search, benchmark, {"suite": suites}),
            ),
            description=f"CPU or GPU, {platform.upper()} (accuracy %; mean speedup over the static device)",
            search=_names(QUICK_CLASSIFIERS) + ", the best on 3 inner folds" if quick else
            _names(SUITE_CLASSIFIERS) + ", chosen on 3 stratified inner folds (grouped by kernel in the grouped and "
            f"suite protocols); the best replaces the default {default_classifier(True).name} (no code columns: "
            f"{INPUTS_ONLY.name}) only by more than one standard error of their paired per-row differences",
        )

    return build
