"""Device mapping's experiment: stratified and kernel-grouped 10-fold cross-validation per platform,
every feature set through the same nested selection on the same folds and seeds."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


from mir_export.evaluation.checkpoint import Checkpoint
from mir_export.evaluation.datasets import DEVICES, PLATFORMS, read_devmap
from mir_export.evaluation.learners import CLASSIFIERS, default_classifier
from mir_export.evaluation.protocol import devmap_references, evaluate_devmap
from mir_export.evaluation.selection import accuracy, classification_splitter, nested_fit
from mir_export.tasks.experiments import common_record, feature_matrices


def devmap_fit(label: str = "", code: bool = True):
    """Device mapping's nested selection (``code``: the features have code columns)."""
    return nested_fit(CLASSIFIERS, len(DEVICES), classification_splitter, accuracy, label,
                      reference=default_classifier(code))


def run_devmap(datasets: Path, model_dir: Path, seeds: list[int], features: Sequence[str],
               checkpoint: Path | None = None, platforms: Sequence[str] = PLATFORMS) -> dict:
    """Stratified and kernel-grouped 10-fold cross-validation per platform, nested selection;
    every finished (platform, protocol, feature set, seed) goes to ``checkpoint`` and is reused."""
    results = common_record("devmap", model_dir, seeds, features, CLASSIFIERS)
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
