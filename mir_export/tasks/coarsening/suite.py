"""Thread coarsening in the suite: the four GPUs' rows together, the GPU a one-hot beside the
features, in the strict protocol (one kernel out with all its GPUs) and the pooled one (one
(kernel, GPU) row out), chosen by the task's nested selection (``experiment.coarsening_fit``)."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from mir_export.evaluation.datasets import GPUS, read_coarsening
from mir_export.tasks.coarsening.experiment import coarsening_fit
from mir_export.evaluation.learners import COARSENING
from mir_export.evaluation.protocol import capped, gpu_rows, leave_groups_out
from mir_export.evaluation.suite import Metric, Protocol, Task

QUICK_COARSENING = tuple(learner for learner in COARSENING if learner.family == "mean")


def coarsening_task(datasets: Path, quick: bool) -> Task:
    tables = [read_coarsening(datasets, g) for g in GPUS]
    if any(t.kernels != tables[0].kernels for t in tables):
        raise ValueError(f"{datasets}: the GPUs measured different kernels")
    onehot, targets, kernel = gpu_rows(tables)
    runtimes = np.concatenate([t.runtimes for t in tables])
    gpu = np.repeat(np.array(GPUS), len(tables[0].kernels))
    names = np.array(tables[0].kernels)[kernel]
    learners = QUICK_COARSENING if quick else COARSENING

    def speedups(d: np.ndarray) -> np.ndarray:
        return runtimes[:, 0] / runtimes[np.arange(len(d)), capped(runtimes, d)]

    return Task(
        name="coarsening", ir=tuple(tables[0].ir[k] for k in kernel), extras=onehot, targets=targets, groups=names,
        references={"static": np.zeros(len(kernel), dtype=np.int64),
                    "oracle": np.concatenate([t.oracle for t in tables])},
        metrics=(Metric("speedup", speedups, geometric=True, over="gpu"),),
        protocols=(
            Protocol("strict", lambda seed: leave_groups_out(kernel), lambda code: coarsening_fit(False, learners=learners),
                     kernel),
            Protocol("pooled", lambda seed: leave_groups_out(np.arange(len(kernel))), lambda code: coarsening_fit(True, learners=learners),
                     None),
        ),
        runtime_inputs=False, strata={"gpu": gpu},
        search=f"{len(learners)} learners (the training kernels' mean curve, nearest kernels, ridge, each with a "
               "margin on factor 1), chosen on inner folds (strict: one training kernel out; pooled: 5-fold) by the "
               "one-standard-error rule, most conservative first",
        description="thread-coarsening factor, 17 kernels x 4 GPUs (geometric-mean speedup over factor 1, "
                    "the mean over GPUs)",
    )
