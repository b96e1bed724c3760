"""What every task's experiment shares: the feature sets as matrices, read alike for every task, and
the record of the set-up (``INNER``: how each task's nested selection chooses). The experiments
themselves: ``tasks/devmap/experiment.py``, ``tasks/coarsening/experiment.py``, ``tasks/vectorize/experiment.py``."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mir_export.features.baselines import ir2vec_vectors, runtime_only
from mir_export.evaluation.datasets import FEATURES
from mir_export.features.embedding import embed_files
from mir_export.evaluation.learners import DEFAULT_VOTE, INPUTS_ONLY
from mir_export.evaluation.selection import FAMILY_INNER_SPLITS, INNER_SPLITS, POOLED_INNER_SPLITS
from mir_export.evaluation.suite import FEATURES as SUITE_FEATURES, Context
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


def common_record(task: str, model_dir: Path, seeds: list[int], features: Sequence[str], learners) -> dict:
    """The set-up every experiment records first, once ``features`` are known to apply to ``task``."""
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


