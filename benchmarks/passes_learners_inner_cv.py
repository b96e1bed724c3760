"""Which learner families the pass-pipeline judge's grid could use, judged on the training labels'
own folds only (no held-out module is read): the mean curve (a fixed choice), ridge and
per-pipeline gradient-boosted trees (scikit-learn's ``HistGradientBoostingRegressor``), on the
judge's cached runtime counts (``opcodes``; ``autophase`` as log1p of the counts), one shot with
margins on -Oz, over folds that keep source units whole and folds that keep packages whole.
The figure is the geometric mean over the training modules of count(Oz) / count(chosen) when
each module is scored by the fold that holds it out. Exploratory: it informs the grid, it is
no result of the task.

    python benchmarks/passes_learners_inner_cv.py --data DATA --cache DATA/judge [--train LABELS]
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.linear_model import Ridge

from mir_export.evaluation.selection import group_folds
from mir_export.tasks.passes.pipelines import read_pipelines
from mir_export.tasks.passes.task import modules, read_labels

MARGINS = (0.0, 0.05, 0.2)


def predict(learner: str, x_train: np.ndarray, y_train: np.ndarray, x_test: np.ndarray) -> np.ndarray:
    if learner == "mean":
        return np.tile(y_train.mean(0), (len(x_test), 1))
    if learner == "ridge":
        return Ridge(alpha=10.0).fit(x_train, y_train).predict(x_test)
    return np.column_stack([HistGradientBoostingRegressor(max_iter=100, max_depth=3).fit(x_train, y_train[:, j])
                            .predict(x_test) for j in range(y_train.shape[1])])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--cache", type=Path, required=True, help="the judge's feature cache (its .npy matrices)")
    parser.add_argument("--train", type=Path, default=None, help="default: DATA/labels/train.jsonl")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/passes_learners_inner_cv.json"))
    args = parser.parse_args()
    names = list(read_pipelines(args.data / "coreset" / "coreset.tsv"))
    train = args.train or args.data / "labels" / "train.jsonl"
    table = modules(read_labels(train, names)[0], names)  # the judge's row order: its matrices' first rows
    rows, targets = len(table), table.targets()
    results: dict = {"modules": rows, "pipelines": len(names), "figures": {}}
    for feature in ("opcodes", "autophase"):
        matrix = np.load(next(args.cache.glob(f"*.{feature}.*.npy")))[:rows]
        x = np.log1p(np.maximum(matrix, 0)) if feature == "autophase" else matrix
        for kept, groups in (("units", table.units()), ("packages", table.packages)):
            folds = group_folds(groups, 5, 0)
            for learner in ("mean", "ridge", "trees"):
                outputs = np.zeros_like(targets)
                for fit_rows, held in folds:
                    outputs[held] = predict(learner, x[fit_rows], targets[fit_rows], x[held])
                for margin in MARGINS:
                    chosen = (outputs + np.eye(1, targets.shape[1])[0] * margin).argmax(1)
                    gain = targets[np.arange(rows), chosen].mean()
                    results["figures"][f"{feature} {kept} {learner} margin {margin}"] = round(float(np.exp(gain)), 4)
                    print(f"{feature:9} folds keep {kept:8} {learner:6} margin {margin}: {np.exp(gain):.4f}", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
