"""The three experiments: every feature set through the same nested selection on the same folds and seeds."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

import numpy as np

from mir_export.features.baselines import ir2vec_vectors, runtime_only
from mir_export.evaluation.datasets import DEVICES, FACTORS, FEATURES, GPUS, PLATFORMS, read_coarsening, read_devmap
from mir_export.features.embedding import embed_files
from mir_export.evaluation.checkpoint import Checkpoint
from mir_export.evaluation.learners import (
    CLASSIFIERS, COARSENING, DEFAULT_VOTE, INPUTS_ONLY, REGRESSORS, Learner, default_classifier,
)
from mir_export.evaluation.protocol import (
    VECTORIZE_SPLITS, coarsening_references, devmap_references, evaluate_coarsening, evaluate_devmap,
    evaluate_vectorize, vectorize_paired, vectorize_references,
)
from mir_export.evaluation.selection import (
    FAMILY_INNER_SPLITS, INNER_SPLITS, POOLED_INNER_SPLITS, accuracy, classification_splitter, family_folds,
    leave_one_out, mean_log_speedup, nested_fit, row_folds,
)
from mir_export.evaluation.suite import FEATURES as SUITE_FEATURES, Context
from mir_export.tasks.vectorize.ir import ir_path
from mir_export.tasks.vectorize.labels import (
    CLASSES, FAILED, SAME_MACHINE, Measured, machine_kind, read_measured, stability,
)
from mir_runtime.modeldir import ModelDirectory
from mir_runtime.pooling import branch_columns


def feature_matrices(names: Sequence[str], paths: Sequence[Path], model_dir: Path,
                     random_model: Path | None = None) -> tuple[dict[str, np.ndarray], dict[str, str]]:
    """name -> [N, D] for the files ``paths``, and the files IR2Vec rejected (with its error); the bags
    and random weights come from the suite's own extractors, so both read the files alike."""
    matrices, rejected = {}, {}
    ours = embed_files(paths, model_dir) if {"ours", "text", "graph"} & set(names) else None
    if ours is not None:
        manifest = ModelDirectory(model_dir).manifest
        columns = branch_columns(manifest.pooling, manifest.vector_size)
    for name in names:
        if name in ("ours", "text", "graph"):
            matrices[name] = ours if name == "ours" else ours[:, columns[name]]
        elif name == "ir2vec":
            matrices[name], rejected = ir2vec_vectors(paths)
        elif name == "runtime":
            matrices[name] = runtime_only(len(paths))
        elif name in ("opcodes", "tfidf", "random"):
            matrices[name] = SUITE_FEATURES[name][0](paths, Context(model_dir, random_model))
        else:
            raise ValueError(f"unknown feature set {name!r}")
    return matrices, rejected


def _common(task: str, model_dir: Path, seeds: list[int], features: Sequence[str], learners) -> dict:
    unknown = set(features) - set(FEATURES[task])
    if unknown:
        raise ValueError(f"{task}: feature set(s) {sorted(unknown)} do not apply ({', '.join(FEATURES[task])})")
    return {"task": task, "model": str(model_dir), "seeds": seeds, "features": list(features),
            "selection": {"learners": [learner.name for learner in learners], "inner": INNER[task]}}


INNER = {
    "devmap": f"{INNER_SPLITS}-fold inside each outer training fold, stratified, or stratified and grouped by "
              "kernel in the grouped protocol; the learner with the best inner accuracy is refitted on the "
              f"outer training rows if its advantage over {DEFAULT_VOTE.name} (the default: a GBM-shaped LightGBM on "
              "the code averaged with scikit-learn's untuned GBM on the run-time inputs) exceeds one standard error "
              f"of their paired per-row differences, else the default is (without code columns: {INPUTS_ONLY.name})",
    "coarsening": "leave one kernel out (its rows of every GPU) inside the 16 training kernels (strict), "
                  f"{POOLED_INNER_SPLITS}-fold over the 67 training rows (pooled); one choice for the four GPUs, "
                  "scored on every GPU's rows; by the one-standard-error rule (taken over kernels in the strict "
                  "protocol), the most conservative learner (largest margin, then simplest) whose inner mean log "
                  "speedup is within one standard error of the best is refitted on the outer training rows",
    "vectorize": f"{FAMILY_INNER_SPLITS}-fold over the outer training rows' loop families, each family whole; "
                 "by the one-standard-error rule, the most conservative learner (largest margin on the default, "
                 "then simplest) whose inner mean log speedup is within one standard error of the best (taken over "
                 "families, cluster-robust: a family's kernels succeed or fail together) is refitted on the outer "
                 "training rows",
}


def devmap_fit(label: str = "", code: bool = True):
    """Device mapping's nested selection (``code``: the features have code columns)."""
    return nested_fit(CLASSIFIERS, len(DEVICES), classification_splitter, accuracy, label,
                      reference=default_classifier(code))


def coarsening_fit(pooled: bool, label: str = "", learners: tuple[Learner, ...] = COARSENING):
    return nested_fit(learners, len(FACTORS), row_folds if pooled else leave_one_out, mean_log_speedup, label,
                      cautious=True)


def vectorize_fit(label: str = "", learners: tuple[Learner, ...] = REGRESSORS):
    return nested_fit(learners, len(CLASSES), family_folds, mean_log_speedup, label, cautious=True)


def run_devmap(datasets: Path, model_dir: Path, seeds: list[int], features: Sequence[str],
               checkpoint: Path | None = None, platforms: Sequence[str] = PLATFORMS) -> dict:
    """Stratified and kernel-grouped 10-fold cross-validation per platform, nested selection;
    every finished (platform, protocol, feature set, seed) goes to ``checkpoint`` and is reused."""
    results = _common("devmap", model_dir, seeds, features, CLASSIFIERS)
    if set(platforms) - set(PLATFORMS):
        raise ValueError(f"unknown platform(s) {sorted(set(platforms) - set(PLATFORMS))} ({', '.join(PLATFORMS)})")
    tables = [read_devmap(datasets, p) for p in platforms]
    matrices, rejected = feature_matrices(features, [p for t in tables for p in t.ir], model_dir)
    saved = Checkpoint(checkpoint)
    results["ir2vec_rejected"] = rejected
    results["platforms"] = {}
    for k, table in enumerate(tables):
        rows = slice(k * len(table.oracle), (k + 1) * len(table.oracle))
        entry: dict = {"rows": len(table.oracle), **devmap_references(table)}
        if "ir2vec" in features:
            entry["ir2vec_rejected_rows"] = sum(str(p) in rejected for p in table.ir)
        for variant in ("stratified", "grouped"):
            entry[variant] = {}
            for name in features:
                key = (table.platform, variant, name)
                label = f"devmap {table.platform} {variant} {name}"
                fit = devmap_fit(code=matrices[name].shape[1] > 0)
                entry[variant][name] = evaluate_devmap(
                    table, matrices[name][rows], table.extras, fit, seeds, variant == "grouped", label,
                    done=lambda seed, run, key=key: saved.add(key, seed, run), known=lambda key=key: saved.runs(key))
        results["platforms"][table.platform] = entry
    return results


def run_coarsening(datasets: Path, model_dir: Path, seeds: list[int], features: Sequence[str]) -> dict:
    """The strict protocol (leave one kernel out with all its GPUs; the head sees the embedding
    and the GPU) and the pooled one (leave one (kernel, GPU) row out), every feature set through
    the same selection, and the best factor on average of the training kernels (the ``mean``
    learners alone) under the strict one."""
    results = _common("coarsening", model_dir, seeds, features, COARSENING)
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
    results = _common("vectorize", model_dir, seeds, features, REGRESSORS)
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
