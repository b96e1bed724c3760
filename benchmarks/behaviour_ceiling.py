"""How far exact compiler behaviour takes the downstream tasks: the ceiling of an encoder that
learns to predict it.

The behaviour task teaches an encoder to predict what opt-14 does to a function. Here nothing is
predicted: every function of a task's files is run through the same passes and pipelines as the
behaviour labels (``mir_export.corpus.behaviour.function_labels``), and each file's log static
features at its own level (summed over its functions) with the mean of their label vectors
(feature changes per run, remark counts; a failed run's values 0) take the place of the
embedding in the downstream suite, beside the baselines, through the same learner search on the
same outer folds. Where this feature set does not beat the bags, no encoder trained on these
labels can be expected to.

    python benchmarks/behaviour_ceiling.py --tasks size --size-task SIZE --labels L.jsonl --out OUT
    python benchmarks/behaviour_ceiling.py --tasks devmap-amd,devmap-nvidia --labels L.jsonl --out OUT
    # SIZE: 'mir-export downstream size-labels --out SIZE'; L.jsonl: a row per file, resumable
    # (about 3 functions/s on one core); OUT: the suite's output folder (results.md, results.json)
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mir_export.corpus.behaviour import function_labels, label_vector  # noqa: E402
from mir_export.tasks.size.labels import defined_functions  # noqa: E402


def file_row(path: Path) -> dict:
    """A file's labels: -O0-run static features summed over its functions, label vectors averaged
    (NaN where every function's run failed), and the first error of a function that failed whole."""
    rows = [function_labels(path, name) for name in defined_functions(path.read_text(errors="replace"))]
    read = [r for r in rows if r.get("features", {}).get("O0")]
    errors = [r["error"] for r in rows if "error" in r]
    if not read:
        return {"file": str(path), "O0": None, "vector": None, "error": errors[0] if errors else "no function"}
    vectors = np.array([label_vector(r) for r in read], dtype=np.float64)
    known = ~np.isnan(vectors)
    mean = np.where(known.any(0), np.nansum(vectors, 0) / np.maximum(known.sum(0), 1), np.nan)
    return {"file": str(path), "O0": np.sum([r["features"]["O0"] for r in read], 0).tolist(),
            "vector": [None if np.isnan(v) else float(v) for v in mean], "error": errors[0] if errors else None}


def label(files: list[Path], labels: Path) -> None:
    """Appends each file's row to ``labels`` (JSONL), skipping files already there."""
    done = {json.loads(line)["file"] for line in open(labels)} if labels.exists() else set()
    todo = list(dict.fromkeys(str(f) for f in files if str(f) not in done))
    start = time.monotonic()
    with open(labels, "a") as fh:
        for i, path in enumerate(todo, 1):
            fh.write(json.dumps(file_row(Path(path))) + "\n")
            fh.flush()
            if i % 50 == 0 or i == len(todo):
                print(f"labelled {i}/{len(todo)} files ({i / (time.monotonic() - start):.1f}/s)", file=sys.stderr,
                      flush=True)


def exact_features(labels: Path):
    """The suite extractor: [N, static features + label columns] for the task's files from ``labels``."""
    rows = {r["file"]: r for r in map(json.loads, open(labels))}
    read = [r for r in rows.values() if r["O0"]]
    width, counts = len(read[0]["vector"]), len(read[0]["O0"])

    def extract(paths, context) -> np.ndarray:
        out = np.zeros((len(paths), counts + width), dtype=np.float32)
        for i, path in enumerate(paths):
            row = rows[str(path)]
            if row["O0"]:
                out[i, :counts] = np.log1p(row["O0"])
                out[i, counts:] = np.nan_to_num(np.array(row["vector"], dtype=np.float64))
        return out

    return extract


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tasks", default="size", help="comma-separated suite tasks")
    parser.add_argument("--size-task", type=Path, help="the size task's folder ('downstream size-labels --out')")
    parser.add_argument("--labels", type=Path, required=True, help="the files' behaviour labels (JSONL, resumable)")
    parser.add_argument("--out", type=Path, required=True, help="the suite's output folder")
    parser.add_argument("--model", default="artifacts", help="model directory (its tokenizer serves the TF-IDF bag)")
    parser.add_argument("--seeds", type=int, default=3)
    return parser.parse_args(argv)


def run(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.size_task:
        os.environ["MIR_SIZE_TASK"] = str(args.size_task)  # read when the suite's tasks are registered, at import
    from mir_export.cli import main
    from mir_export.evaluation import suite
    from mir_export.corpus.manifest import default_datasets
    from mir_export.tasks.suite_tasks import TASKS

    tasks = args.tasks.split(",")
    label([f for name in tasks for f in TASKS[name](default_datasets(), False).ir], args.labels)
    suite.FEATURES[suite.OURS] = (exact_features(args.labels),
                                  "exact compiler behaviour: log static features and opt-14 label vector")
    return main(["downstream", "suite", "--model", str(args.model), "--tasks", args.tasks, "--seeds", str(args.seeds),
                 "--features", "runtime,opcodes,tfidf,ir2vec,ours", "--out", str(args.out)])


if __name__ == "__main__":
    sys.exit(run())
