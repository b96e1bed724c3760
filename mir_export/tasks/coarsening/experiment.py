"""Thread coarsening's experiment: the strict protocol (one kernel out with all its GPUs) and the
pooled one (one (kernel, GPU) row out), every feature set through the same nested selection."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mir_export.evaluation.datasets import FACTORS, GPUS, read_coarsening
from mir_export.evaluation.learners import COARSENING, Learner
from mir_export.evaluation.protocol import coarsening_references, evaluate_coarsening
from mir_export.evaluation.selection import leave_one_out, mean_log_speedup, nested_fit, row_folds
from mir_export.tasks.experiments import common_record, feature_matrices


def coarsening_fit(pooled: bool, label: str = "", learners: tuple[Learner, ...] = COARSENING):
    return nested_fit(learners, len(FACTORS), row_folds if pooled else leave_one_out, mean_log_speedup, label,
                      cautious=True)


def run_coarsening(datasets: Path, model_dir: Path, seeds: list[int], features: Sequence[str]) -> dict:
    """The strict protocol (leave one kernel out with all its GPUs; the head sees the embedding
    and the GPU) and the pooled one (leave one (kernel, GPU) row out), every feature set through
    the same selection, and the best factor on average of the training kernels (the ``mean``
    learners alone) under the strict one."""
    results = common_record("coarsening", model_dir, seeds, features, COARSENING)
    tables = [read_coarsening(datasets, g) for g in GPUS]
    if any(t.kernels != tables[0].kernels for t in tables):
        raise ValueError(f"{datasets}: the GPUs measured different kernels")
    matrices, rejected = feature_matrices(features, tables[0].ir, model_dir)
    results["ir2vec_rejected"] = rejected
    results["gpus"] = {t.gpu: {"kernels": len(t.kernels), **coarsening_references(t)} for t in tables}
    constant = tuple(learner for learner in COARSENING if learner.family == "mean")
    no_code = np.zeros((len(tables[0].kernels), 1))
    results["strict"] = {"constant": evaluate_coarsening(tables, no_code, coarsening_fit(False, learners=constant),
                                                         seeds[:1], "coarsening strict constant")}
    for protocol, pooled in (("strict", False), ("pooled", True)):
        results.setdefault(protocol, {})
        for name in features:
            results[protocol][name] = evaluate_coarsening(tables, matrices[name], coarsening_fit(pooled), seeds,
                                                          f"coarsening {protocol} {name}",
                                                          hold_out="row" if pooled else "kernel")
    return results
