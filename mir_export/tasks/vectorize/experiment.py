"""Loop vectorization's experiment: loop families held out, every feature set through the same
nested selection, paired statistics over families."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mir_export.evaluation.learners import REGRESSORS, Learner
from mir_export.evaluation.protocol import VECTORIZE_SPLITS, evaluate_vectorize, vectorize_paired, vectorize_references
from mir_export.evaluation.selection import family_folds, mean_log_speedup, nested_fit
from mir_export.tasks.experiments import common_record, feature_matrices
from mir_export.tasks.vectorize.ir import ir_path
from mir_export.tasks.vectorize.labels import (
    CLASSES, FAILED, SAME_MACHINE, Measured, machine_kind, read_measured, stability,
)


def vectorize_fit(label: str = "", learners: tuple[Learner, ...] = REGRESSORS):
    return nested_fit(learners, len(CLASSES), family_folds, mean_log_speedup, label, cautious=True)


def vectorize_rows(measured: Sequence[Path], ir: Path) -> tuple[Measured, list[Path]]:
    """The measured kernels and the IR file of each (every one must have one)."""
    table = read_measured(measured)
    return table, ir_files(table, measured, ir)


def ir_files(table: Measured, measured: Sequence[Path], ir: Path) -> list[Path]:
    """The IR file in ``ir`` of each kernel of ``table`` (read from ``measured``); every one must have one."""
    paths = [ir_path(ir, k) for k in table.kernels]
    missing = [p for p in paths if not p.is_file()]
    if missing:
        raise ValueError(f"{len(missing)} measured kernel(s) have no IR in {ir} ({missing[0].name} ...): run "
                         f"'mir-export vectorize ir --measured {' '.join(map(str, measured))} --out {ir}'")
    return paths


def run_vectorize(measured: Sequence[Path], ir: Path, model_dir: Path, seeds: list[int], features: Sequence[str],
                  again: Path | None = None, ir2vec_ir: Path | None = None, random_model: Path | None = None) -> dict:
    """Loop families held out (``VECTORIZE_SPLITS`` folds per seed): the default, the oracle, the
    best constant class of the training folds, and each feature set through the nested selection;
    ``again``: a re-measurement of some of the kernels, for the labels' stability; ``ir2vec_ir``:
    the same kernels' IR for IR2Vec (default ``ir``): IR2Vec 2.1.1's LLVM rejects a third of the
    kernels in clang-19's opaque-pointer IR (``expected type``), and reads clang-14's; ``random_model``:
    the random-weights model of the ``random`` feature set. Paired statistics over loop families
    (a family's kernels succeed or fail together): each feature set against ours, and each other
    decision against the best one that is not ours."""
    results = common_record("vectorize", model_dir, seeds, features, REGRESSORS)
    table, paths = vectorize_rows(measured, ir)
    targets = table.log_speedups()
    matrices, _ = feature_matrices([name for name in features if name != "ir2vec"], paths, model_dir, random_model)
    rejected = {}
    if "ir2vec" in features:
        ir2vec, rejected = feature_matrices(["ir2vec"], ir_files(table, measured, ir2vec_ir or ir), model_dir)
        matrices |= ir2vec
    results |= {"measured": [str(m) for m in measured], "ir": str(ir), "ir2vec_ir": str(ir2vec_ir or ir),
                "outer_splits": VECTORIZE_SPLITS,
                "machine": {"kind": machine_kind(table.machine), **{k: table.machine.get(k) for k in SAME_MACHINE}},
                "classes": list(CLASSES), "failed_log_speedup": FAILED, "kernels": len(table.kernels),
                "families": {f: int((table.families == f).sum()) for f in sorted(set(table.families.tolist()))},
                "excluded": table.excluded, "ir2vec_rejected": rejected,
                "label_stability": stability(measured, again) if again else None,
                **vectorize_references(targets, table.families)}
    constant = vectorize_fit(learners=tuple(learner for learner in REGRESSORS if learner.family == "mean"))
    results["constant"] = evaluate_vectorize(targets, table.families, np.zeros((len(targets), 1)), constant, seeds,
                                             "vectorize constant")
    for name in features:
        results[name] = evaluate_vectorize(targets, table.families, matrices[name], vectorize_fit(), seeds,
                                           f"vectorize {name}")
    results["paired"] = vectorize_paired(targets, table.families, {n: results[n] for n in ("constant", *features)})
    return results
