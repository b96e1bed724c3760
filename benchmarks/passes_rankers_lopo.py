"""Which ranking learners keep most with K pipelines beside -Oz, on the training labels alone: each
training package held out in turn (no held-out package of the task is read), every learner of the
ranking grid fitted on the other packages, and what the held-out package's modules keep with its
K = 3 and 5 first-ranked pipelines (``tune --budget K``), beside the learner the judge's inner
folds choose there, and, as a bound, the package's own greedy K-set of each form (chosen on it). Exploratory: it informs the grid and its rule, it is no result of the task.

    python benchmarks/passes_rankers_lopo.py --data DATA --cache CACHE [--train LABELS] [--packages P...]

CACHE: the judge's feature cache (the runtime counts are computed where it lacks them).
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from mir_export.evaluation.learners import PASSES_RANKERS
from mir_export.evaluation.suite import Context
from mir_export.tasks.passes.judge import inner_groups, matrices, ranking_search
from mir_export.tasks.passes.pipelines import read_pipelines
from mir_export.tasks.passes.task import greedy_set, load_split, set_gains, top
from mir_runtime.model import default_model_dir


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--cache", type=Path, required=True)
    parser.add_argument("--train", type=Path, default=None, help="default: DATA/labels/train.jsonl")
    parser.add_argument("--packages", nargs="+", default=None, help="packages to hold out (default: every one)")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/passes_rankers_lopo.json"))
    args = parser.parse_args()
    names = list(read_pipelines(args.data / "coreset" / "coreset.tsv"))
    train = args.train or args.data / "labels" / "train.jsonl"
    packages = args.packages or sorted({json.loads(line)["package"] for line in train.open() if line.endswith("\n")})
    results: dict = {"pipelines": len(names), "held_out": {}}
    for held in packages:
        split, _ = load_split(args.data / "ir", train, None, [held], names, None)
        y, y_test = split.train.targets(), split.test.targets()
        # a bound: the held-out package's own greedy K-sets per form, chosen on its modules
        own = {f"own_k{k}": round(float(np.exp(np.concatenate([
            set_gains(y_test[split.test.forms == form], np.array(greedy_set(y_test[split.test.forms == form], k), int))
            for form in sorted(set(split.test.forms.tolist()))]).mean())), 4) for k in (3, 5)}
        entry: dict = {"train": len(split.train), "test": len(split.test),
                       "oracle": round(float(np.exp(y_test.max(1).mean())), 4), **own, "features": {}}
        made = matrices(split, ("opcodes", "autophase"), Context(default_model_dir(), None, 1), args.cache)
        for feature, (matrix, _) in made.items():
            x, x_test = matrix[:len(split.train)], matrix[len(split.train):]
            none = np.zeros((len(x), 0))
            chosen = ranking_search(True, len(names))(x, none, y, inner_groups(split.train)[1], 0)
            figures = {}
            for learner in PASSES_RANKERS:
                order = learner.fit(x, none, y, len(names), 0).predict(x_test, np.zeros((len(x_test), 0)))
                figures[learner.name] = {f"k{k}": round(float(np.exp(set_gains(y_test, top(order, k)).mean())), 4)
                                         for k in (3, 5)}
                print(f"{held:10} {feature:9} {learner.name:40} K=3 {figures[learner.name]['k3']:.4f} "
                      f"K=5 {figures[learner.name]['k5']:.4f}", flush=True)
            entry["features"][feature] = {"inner_choice": chosen.learner.name, "inner": chosen.inner_scores,
                                          "held_out": figures}
        results["held_out"][held] = entry
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
