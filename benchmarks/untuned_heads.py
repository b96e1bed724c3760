"""Heads that someone else fits on our vectors: five scikit-learn families at their defaults, no
selection, on each feature set of device mapping, scored on the outer folds of the nested
protocol (the same 10 folds and seeds, stratified and grouped by kernel).

The shipped heads come out of a nested search; a user, or an outside check of the embedding, fits
one learner as it comes. How well the vectors serve such heads, against IR2Vec's and the run-time
inputs alone, is what this measures: gradient boosting, a random forest, logistic regression, k
nearest neighbours and a multi-layer perceptron (the last three on standardized columns), each on
``[embedding, log(1 + transfer), log(1 + wgsize)]``; a model with a whitening
(``mir-export whiten``) gives a second set, its whitened embedding. Nothing is chosen on these
figures.

    OMP_NUM_THREADS=1 python benchmarks/untuned_heads.py --models shipped=artifacts --platform amd --out amd.json
    python benchmarks/untuned_heads.py --merge amd.json nvidia.json    # results/untuned_heads.json
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
from sklearn.base import ClassifierMixin
from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.neural_network import MLPClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mir_export.features.baselines import ir2vec_vectors, runtime_only  # noqa: E402
from mir_export.evaluation.datasets import PLATFORMS, read_devmap  # noqa: E402
from mir_export.features.embedding import embed_files  # noqa: E402
from mir_export.evaluation.protocol import devmap_folds  # noqa: E402
from mir_export.evaluation.sklearn_heads import head_inputs  # noqa: E402
from mir_runtime import Model  # noqa: E402

RESULTS = Path(__file__).parent / "results" / "untuned_heads.json"

HEADS: dict[str, Callable[[int], ClassifierMixin]] = {
    "gradient boosting": lambda seed: GradientBoostingClassifier(random_state=seed),
    "random forest": lambda seed: RandomForestClassifier(random_state=seed),
    "logistic regression": lambda seed: make_pipeline(StandardScaler(), LogisticRegression(max_iter=5000)),
    "5 nearest neighbours": lambda seed: make_pipeline(StandardScaler(), KNeighborsClassifier()),
    "MLP": lambda seed: make_pipeline(StandardScaler(), MLPClassifier(max_iter=1000, random_state=seed)),
}


def outer_accuracy(x: np.ndarray, labels: np.ndarray, folds: list[tuple[np.ndarray, np.ndarray]],
                   make: Callable[[int], ClassifierMixin], seed: int) -> float:
    """Accuracy over the outer test folds of one untuned head, refitted on each training fold."""
    right = 0
    for train, test in folds:
        right += int((make(seed).fit(x[train], labels[train]).predict(x[test]) == labels[test]).sum())
    return right / len(labels)


def measure(platform: str, models: dict[str, Path], datasets: Path, seeds: list[int]) -> dict:
    """``{feature set: {protocol: {head: [accuracy per seed]}}}`` of one platform; ``models``: the
    model directories whose embeddings are feature sets, by name."""
    table = read_devmap(datasets, platform)
    paths = list(table.ir)
    sets = {}
    for name, model in models.items():
        sets[name] = embed_files(paths, model)
        with Model.load(model) as loaded:
            if loaded.can_whiten:  # the vectors for similarity search, as a head would get them
                sets[f"{name}, whitened"] = loaded.whiten(sets[name])
    sets["IR2Vec"] = ir2vec_vectors(paths)[0]
    sets["run-time inputs"] = runtime_only(len(paths))
    out: dict = {}
    for name, vectors in sets.items():
        x = head_inputs(vectors, table.extras)
        for protocol, groups in (("stratified", None), ("grouped", table.benchmark)):
            for head, make in HEADS.items():
                scores = [outer_accuracy(x, table.oracle, devmap_folds(table.oracle, seed, groups), make, seed)
                          for seed in seeds]
                out.setdefault(name, {}).setdefault(protocol, {})[head] = scores
                print(f"{platform} {name} {protocol} {head}: {100 * np.mean(scores):.1f}", file=sys.stderr, flush=True)
    return out


def write(out: Path, seeds: list[int], platforms: dict) -> None:
    """The platforms' accuracies per seed, and each cell's mean over the seeds."""
    means = {platform: {name: {protocol: {head: float(np.mean(scores)) for head, scores in heads.items()}
                               for protocol, heads in protocols.items()} for name, protocols in sets.items()}
             for platform, sets in platforms.items()}
    out.write_text(json.dumps({"seeds": seeds, "mean": means, "per_seed": platforms}, indent=2) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", nargs="+", default=[], metavar="NAME=DIR",
                        help="model directories whose embeddings are feature sets, each with its name")
    parser.add_argument("--platform", choices=PLATFORMS, action="append", help="default: both")
    parser.add_argument("--datasets", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "datasets")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--merge", type=Path, nargs="+", help="merge these platform files into --out instead")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    if args.merge:
        parts = [json.loads(part.read_text()) for part in args.merge]
        write(args.out, parts[0]["seeds"], {p: sets for part in parts for p, sets in part["per_seed"].items()})
        return
    models = {}
    for item in args.models:
        name, sep, directory = item.partition("=")
        if not sep or not name or not directory:
            parser.error(f"--models takes NAME=DIR, not {item!r}")
        models[name] = Path(directory)
    write(args.out, args.seeds, {p: measure(p, models, args.datasets, args.seeds) for p in args.platform or PLATFORMS})


if __name__ == "__main__":
    main()
