"""Which file-embedding layout (``mir_runtime.pooling``) serves the task heads better, judged the
way the heads issue allows: by inner cross-validation on outer training folds only.

For each platform, protocol (stratified, grouped by kernel) and outer fold of each seed
(``--seeds``, default 0), the outer fold's training rows are split as the nested selection splits
them (3 inner folds), and an untuned scikit-learn ``GradientBoostingClassifier`` (the default a
new user fits) is scored on each layout of the same encoders: ``mean`` (weighted mean of
statement vectors, graph vector) and ``mean-max-size`` (adds the max over statements and two log
counts). The outer test rows are never used, so the choice can be made on these figures without
touching a test fold.

    python benchmarks/pooling_inner_cv.py --model DIR     # DIR's encoders; writes results/pooling_inner_cv.json
    python benchmarks/pooling_inner_cv.py --model RANDOM --out random.json   # the same without pre-training
    python benchmarks/pooling_inner_cv.py --model DIR --maps RUN/checkpoint.pt --out F   # a distilled student

``--maps``: the checkpoint of a distilled student (``mir_export.pretrain.distill``) that DIR was exported
from. A third layout, ``teacher-space``, is what DIR would give with the distiller's trained
text and graph maps folded into its two encoders (student width to teacher width): the mean and
the element-wise max of the mapped statement vectors, the mapped graph vector, the two counts;
the same front end, in torch (``mir-export export --teacher-space`` ships it as a model directory). Does the student lose what the teacher knows, or only the
teacher's axes, on which a tree splits one feature at a time?
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mir_export.evaluation.datasets import PLATFORMS, read_devmap  # noqa: E402
from mir_export.features.embedding import distinct_files, embed_files  # noqa: E402
from mir_export.evaluation.learners import Learner  # noqa: E402
from mir_export.evaluation.protocol import devmap_folds  # noqa: E402
from mir_export.evaluation.selection import classification_splitter  # noqa: E402
from mir_export.pretrain.distill import fold  # noqa: E402
from mir_export.pretrain.torch_encoder import torch_engine  # noqa: E402
from mir_runtime import Model  # noqa: E402
from mir_runtime.engine import STATEMENT_CACHE  # noqa: E402
from mir_runtime.modeldir import ModelDirectory  # noqa: E402
from mir_runtime.pooling import MEAN_MAX_SIZE  # noqa: E402
from mir_runtime.progress import progress  # noqa: E402

RESULTS = Path(__file__).parent / "results" / "pooling_inner_cv.json"
DEFAULT_GBM = Learner("boost", (("depth", 3),))


def inner_accuracy(x: np.ndarray, extras: np.ndarray, labels: np.ndarray, groups: np.ndarray | None, seed: int) -> float:
    """Mean out-of-fold accuracy of the default GBM over the inner folds of these rows."""
    right = 0
    for k, (train, test) in enumerate(classification_splitter(labels, groups, seed)):
        model = DEFAULT_GBM.fit(x[train], extras[train], labels[train], 2, seed * 1000 + k)
        right += int((model.predict(x[test], extras[test]).argmax(1) == labels[test]).sum())
    return right / len(labels)


def teacher_space(paths: list[Path], model_dir: Path, checkpoint: Path) -> np.ndarray:
    """``mean-max-size`` embeddings of ``paths`` by ``model_dir``'s front end and the student of
    ``checkpoint`` with its distiller's text and graph maps folded into its encoders
    (``mir_export.pretrain.distill.fold``), in torch."""
    engine = torch_engine(fold(checkpoint), MEAN_MAX_SIZE, STATEMENT_CACHE)  # the runtime's cache: its chunks
    featurizer = Model.load(model_dir).featurizer
    unique, index = distinct_files(paths)
    rows = [engine.embed(featurizer.read(p)) for p in progress(unique, len(unique), "teacher-space embedding")]
    return np.stack(rows)[index]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", type=Path, required=True, help="a model directory of pooling mean-max-size")
    parser.add_argument("--maps", type=Path, help="the distilled student's checkpoint: adds the teacher-space layout")
    parser.add_argument("--out", type=Path, default=RESULTS, help="JSON file to write")
    parser.add_argument("--datasets", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "datasets")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0],
                        help="outer fold seeds (each with its inner splits), averaged: one seed's figure moves by "
                             "about half a point when the embedding changes in the sixth digit")
    parser.add_argument("--layouts", nargs="+", choices=("mean", MEAN_MAX_SIZE, "teacher-space"), default=None,
                        help="score these layouts only (default: all the model and --maps give)")
    args = parser.parse_args()
    manifest = ModelDirectory(args.model).manifest
    if manifest.pooling != MEAN_MAX_SIZE:
        raise SystemExit(f"{args.model}: pooling {manifest.pooling}, not {MEAN_MAX_SIZE}")
    d = manifest.vector_size
    out: dict = {"model": str(args.model), "maps": str(args.maps) if args.maps else None, "learner": DEFAULT_GBM.name,
                 "seeds": args.seeds, "inner_folds": 3}
    for platform in PLATFORMS:
        table = read_devmap(args.datasets, platform)
        rich = embed_files(list(table.ir), args.model)
        layouts = {"mean": np.hstack([rich[:, :d], rich[:, 2 * d : 3 * d]]), MEAN_MAX_SIZE: rich}
        if args.maps and (args.layouts is None or "teacher-space" in args.layouts):
            layouts["teacher-space"] = teacher_space(list(table.ir), args.model, args.maps)
        layouts = {name: x for name, x in layouts.items() if args.layouts is None or name in args.layouts}
        for grouped in (False, True):
            protocol = "grouped" if grouped else "stratified"
            per_seed: dict[str, list[float]] = {name: [] for name in layouts}
            for seed in args.seeds:
                folds = devmap_folds(table.oracle, seed, table.benchmark if grouped else None)
                scores: dict[str, list[float]] = {name: [] for name in layouts}
                for k, (train, _) in enumerate(folds):  # the outer test rows are never looked at
                    groups = table.benchmark[train] if grouped else None
                    for name, x in layouts.items():
                        scores[name].append(inner_accuracy(x[train], table.extras[train], table.oracle[train], groups,
                                                           10 * seed + k))
                    print(f"{platform} {protocol} seed {seed} fold {k}: "
                          + ", ".join(f"{n} {v[-1]:.4f}" for n, v in scores.items()), file=sys.stderr, flush=True)
                for name, v in scores.items():
                    per_seed[name].append(float(np.mean(v)))
            out[f"{platform}_{protocol}"] = {name: float(np.mean(v)) for name, v in per_seed.items()}
            if len(args.seeds) > 1:
                out[f"{platform}_{protocol}_per_seed"] = per_seed
    args.out.write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
