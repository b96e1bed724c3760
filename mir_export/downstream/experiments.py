"""The two experiments: every feature set through the same head on the same folds and seeds."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

import numpy as np

from mir_export.downstream.baselines import ir2vec_vectors, runtime_only
from mir_export.downstream.data import DEVICES, FACTORS, FEATURES, GPUS, PLATFORMS, read_coarsening, read_devmap
from mir_export.downstream.features import embed_files
from mir_export.downstream.heads import HEAD, HeadConfig, mlp_fit
from mir_export.downstream.protocol import (
    coarsening_references, devmap_references, evaluate_coarsening, evaluate_devmap, summary,
)



def feature_matrices(names: Sequence[str], paths: Sequence[Path], model_dir: Path) -> tuple[dict[str, np.ndarray], dict[str, str]]:
    """name -> [N, D] for the files ``paths``, and the files IR2Vec rejected (with its error)."""
    matrices, rejected = {}, {}
    ours = embed_files(paths, model_dir) if {"ours", "text", "graph"} & set(names) else None
    for name in names:
        if name in ("ours", "text", "graph"):
            half = ours.shape[1] // 2
            matrices[name] = {"ours": ours, "text": ours[:, :half], "graph": ours[:, half:]}[name]
        elif name == "ir2vec":
            matrices[name], rejected = ir2vec_vectors(paths)
        elif name == "runtime":
            matrices[name] = runtime_only(len(paths))
        else:
            raise ValueError(f"unknown feature set {name!r}")
    return matrices, rejected


def _common(task: str, model_dir: Path, seeds: list[int], features: Sequence[str], cfg: HeadConfig) -> dict:
    unknown = set(features) - set(FEATURES[task])
    if unknown:
        raise ValueError(f"{task}: feature set(s) {sorted(unknown)} do not apply ({', '.join(FEATURES[task])})")
    return {"task": task, "model": str(model_dir), "seeds": seeds, "features": list(features), "head": asdict(cfg)}


def run_devmap(datasets: Path, model_dir: Path, seeds: list[int], features: Sequence[str],
               cfg: HeadConfig = HEAD) -> dict:
    """Both platforms, stratified and kernel-grouped 10-fold cross-validation."""
    results = _common("devmap", model_dir, seeds, features, cfg)
    tables = [read_devmap(datasets, p) for p in PLATFORMS]
    matrices, rejected = feature_matrices(features, [p for t in tables for p in t.ir], model_dir)
    fit = mlp_fit(len(DEVICES), cfg)
    results["ir2vec_rejected"] = rejected
    results["platforms"] = {}
    for k, table in enumerate(tables):
        rows = slice(k * len(table.oracle), (k + 1) * len(table.oracle))
        entry: dict = {"rows": len(table.oracle), **devmap_references(table)}
        if "ir2vec" in features:
            entry["ir2vec_rejected_rows"] = sum(str(p) in rejected for p in table.ir)
        for variant in ("stratified", "grouped"):
            entry[variant] = {
                name: evaluate_devmap(table, matrices[name][rows], table.extras, fit, seeds, variant == "grouped",
                                      f"devmap {table.platform} {variant} {name}")
                for name in features
            }
        results["platforms"][table.platform] = entry
    return results


def run_coarsening(datasets: Path, model_dir: Path, seeds: list[int], features: Sequence[str],
                   cfg: HeadConfig = HEAD) -> dict:
    """Leave one kernel out on each GPU; the head sees the embedding only."""
    results = _common("coarsening", model_dir, seeds, features, cfg)
    tables = [read_coarsening(datasets, g) for g in GPUS]
    if any(t.kernels != tables[0].kernels for t in tables):
        raise ValueError(f"{datasets}: the GPUs measured different kernels")
    matrices, rejected = feature_matrices(features, tables[0].ir, model_dir)
    fit = mlp_fit(len(FACTORS), cfg)
    results["ir2vec_rejected"] = rejected
    results["gpus"] = {}
    for table in tables:
        entry: dict = {"kernels": len(table.kernels), **coarsening_references(table)}
        for name in features:
            entry[name] = evaluate_coarsening(table, matrices[name], fit, seeds, f"coarsening {table.gpu} {name}")
        results["gpus"][table.gpu] = entry
    gpus = results["gpus"].values()
    results["average"] = {name: float(np.mean([g[name]["speedup"] for g in gpus])) for name in ("static", "oracle")}
    for name in features:
        per_seed = np.mean([g[name]["speedup"]["per_seed"] for g in gpus], axis=0)
        results["average"][name] = summary(list(per_seed))
    return results
