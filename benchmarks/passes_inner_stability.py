"""How stable the pass-pipeline judge's inner choices are, on training labels alone: for each
feature set, its one-shot and ranking searches (``judge.search``, ``judge.ranking_search``: the
same grids and rules) run again on the training modules under other inner folds, 5 folds keeping
packages whole dealt by several seeds (the judge deals them by seed 0) and one package held out
at a time, and what each chose with its inner score, beside -Oz's (one shot) and the training
folds' fixed cover's (ranking). No held-out module is read, not even for features (the TF-IDF
bag is fitted on the training files alone): a learner whose edge over the fixed reference is a
lucky deal of a few packages to folds shows here. ``--train`` takes more label files than the
judge's (packages labelled for the training side, not yet judged) to see whether they steady
the choice. Exploratory: it informs the judge's protocol, it is no result of the task.

    python benchmarks/passes_inner_stability.py --data DATA [--train LABELS...] [--seeds 0 1 2]
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from mir_export.evaluation.learners import ALWAYS_OZ, FIXED_COVER
from mir_export.evaluation.selection import group_folds
from mir_export.evaluation.suite import Context
from mir_export.tasks.passes.judge import FEATURES, matrices, ranking_search, search
from mir_export.tasks.passes.judge_run import write_atomically
from mir_export.tasks.passes.pipelines import read_pipelines
from mir_export.tasks.passes.task import Split, modules, read_labels
from mir_runtime.modeldir import file_sha256


def _each_package(targets: np.ndarray, groups: np.ndarray | None, seed: int) -> list:
    return group_folds(groups, len(set(groups.tolist())), seed)


def splitters(seeds: list[int]) -> dict[str, tuple]:
    """Name -> (the searches' splitter argument: none for the judge's own 5 folds, the seed it deals with)."""
    return {**{f"5 folds, seed {s}": ((), s) for s in seeds}, "one package out": ((_each_package,), 0)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--cache", type=Path, default=None, help="where feature matrices are kept (default: DATA/judge)")
    parser.add_argument("--train", type=Path, nargs="+", default=None, help="default: DATA/labels/train.jsonl")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--features", nargs="+", choices=[n for n in FEATURES if n != "none"],
                        default=["opcodes", "autophase", "tfidf", "ir2vec"])
    parser.add_argument("--model", type=Path, default=Path("artifacts"), help="the model (ours; the caches' key)")
    parser.add_argument("--random-model", type=Path, default=None, help="random weights of its shape (random)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/passes_inner_stability.json"))
    args = parser.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)  # before the searches: a bad --out fails at once
    names = list(read_pipelines(args.data / "coreset" / "coreset.tsv"))
    files = args.train or [args.data / "labels" / "train.jsonl"]
    table = modules([row for f in files for row in read_labels(f, names)[0]], names)
    targets, groups = table.targets(), table.packages
    split = Split(table, modules([], names), args.data / "ir")  # training modules only
    features = matrices(split, args.features, Context(args.model, args.random_model, args.jobs),
                        args.cache or args.data / "judge")
    results: dict = {"train": [{"file": f.name, "sha256": file_sha256(f)} for f in files],
                     "modules": len(table), "packages": sorted(set(groups.tolist())), "features": {}}
    for feature in args.features:
        x = features[feature][0]
        none = np.zeros((len(x), 0))
        results["features"][feature] = {}
        for label, (splitter, seed) in splitters(args.seeds).items():
            start = time.monotonic()
            one = search(True, len(names), *splitter)(x, none, targets, groups, seed)
            ranking = ranking_search(True, len(names), *splitter)(x, none, targets, groups, seed)
            entry = {"one_shot": one.learner.name, "one_shot_inner": one.inner_scores[one.learner.name],
                     "always_oz_inner": one.inner_scores[ALWAYS_OZ.name],
                     "ranking": ranking.learner.name, "ranking_inner": ranking.inner_scores[ranking.learner.name],
                     "fixed_cover_inner": ranking.inner_scores[FIXED_COVER.name]}
            results["features"][feature][label] = entry
            print(f"{feature:9} {label:17} one shot {entry['one_shot']:38} {entry['one_shot_inner']:+.4f} | ranking "
                  f"{entry['ranking']:38} {entry['ranking_inner']:+.4f} (fixed cover {entry['fixed_cover_inner']:+.4f})"
                  f" {time.monotonic() - start:.0f} s", flush=True)
    write_atomically(args.out, json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
