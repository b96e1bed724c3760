"""Which default the device-mapping selection should fall back on, judged by inner cross-validation
on outer training folds only (the heads issue's rule: no choice sees an outer test row).

For each platform, protocol (stratified, grouped by kernel) and outer fold of each seed, the outer
training rows are split as the nested selection splits them (3 inner folds), and each candidate
default is scored on every feature set with code columns (ours, IR2Vec): scikit-learn's untuned
``GradientBoostingClassifier`` on the whole embedding (the project's earlier untuned
default), the soft vote of that GBM with the same GBM on the run-time inputs alone, and
the same vote with a GBM-shaped LightGBM on the code (``learners.DEFAULT_VOTE``); beside them the
GBM on the run-time inputs alone (the run-time-inputs baseline's default). ``--candidates
stagewise`` scores the grid's stagewise heads (code as a correction to the run-time
inputs) beside the inputs alone and the votes. CPU seconds of the fits are recorded beside:
the shipped head's training time is what the heads' overhead ratios divide by.

    OMP_NUM_THREADS=1 python benchmarks/default_head_inner_cv.py        # writes results/default_head_inner_cv.json
    OMP_NUM_THREADS=1 python benchmarks/default_head_inner_cv.py --candidates stagewise --seeds 0 1 2
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mir_export.evaluation.datasets import DEVICES, PLATFORMS, read_devmap  # noqa: E402
from mir_export.tasks.experiments import feature_matrices  # noqa: E402
from mir_export.evaluation.learners import CLASSIFIERS, DEFAULT_VOTE, INPUTS_ONLY, Learner, parts, vote  # noqa: E402
from mir_export.evaluation.protocol import devmap_folds  # noqa: E402
from mir_export.evaluation.selection import accuracy, classification_splitter, inner_scores  # noqa: E402

RESULTS = Path(__file__).parent / "results"
GBM = Learner("boost", (("depth", 3),))
CANDIDATES = {
    "defaults": (GBM, vote(GBM, INPUTS_ONLY), DEFAULT_VOTE, INPUTS_ONLY),
    "stagewise": (INPUTS_ONLY, *(c for c in CLASSIFIERS if c.family == "vote"),
                  *(c for c in CLASSIFIERS if c.family == "stagewise")),
}
OUT = {"defaults": "default_head_inner_cv.json", "stagewise": "stagewise_inner_cv.json"}


def fit_seconds(learner: Learner, x: np.ndarray, extras: np.ndarray, labels: np.ndarray) -> float:
    """CPU seconds of fitting ``learner`` once on these rows (a vote: its members)."""
    start = time.process_time()
    for member in parts(learner):
        member.fit(x, extras, labels, len(DEVICES), 0)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", type=Path, default=Path(__file__).resolve().parents[1] / "artifacts")
    parser.add_argument("--datasets", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "datasets")
    parser.add_argument("--features", nargs="+", default=["ours", "ir2vec"], choices=("ours", "ir2vec"))
    parser.add_argument("--seeds", type=int, nargs="+", default=[0])
    parser.add_argument("--candidates", choices=tuple(CANDIDATES), default="defaults")
    parser.add_argument("--out", type=Path, help="default: results/default_head_inner_cv.json, or "
                                                 "results/stagewise_inner_cv.json for --candidates stagewise")
    args = parser.parse_args()
    candidates = CANDIDATES[args.candidates]
    out_path = args.out or RESULTS / OUT[args.candidates]
    out: dict = {"model": str(args.model), "seeds": args.seeds, "inner_folds": 3,
                 "candidates": [c.name for c in candidates], "inner_accuracy": {}, "fit_cpu_seconds": {}}
    for platform in PLATFORMS:
        table = read_devmap(args.datasets, platform)
        matrices, _ = feature_matrices(args.features, list(table.ir), args.model)
        for name, x in matrices.items():
            out["fit_cpu_seconds"][f"{platform}_{name}"] = {  # one fit on all rows, as the shipped head
                c.name: round(fit_seconds(c, x, table.extras, table.oracle), 2) for c in candidates}
            for grouped in (False, True):
                key = f"{platform}_{'grouped' if grouped else 'stratified'}_{name}"
                means = {c.name: [] for c in candidates}
                groups = table.benchmark if grouped else None
                for seed in args.seeds:
                    for k, (train, _) in enumerate(devmap_folds(table.oracle, seed, groups)):
                        labels, inner_seed = table.oracle[train], 10 * seed + k  # outer test rows never looked at
                        folds = classification_splitter(labels, None if groups is None else groups[train], inner_seed)
                        _, scores = inner_scores(candidates, x[train], table.extras[train], labels, len(DEVICES), folds,
                                                 accuracy, inner_seed)
                        for learner, per_row in scores.items():
                            means[learner.name].append(float(per_row.mean()))
                out["inner_accuracy"][key] = {n: round(float(np.mean(v)), 4) for n, v in means.items()}
                print(key, out["inner_accuracy"][key], file=sys.stderr, flush=True)
    out_path.write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
