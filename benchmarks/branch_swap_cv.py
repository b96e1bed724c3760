"""Which branch of a student loses what the heads need: blocks of the teacher's embedding swapped
for another model's, or for the teacher's own graph block with its graph encoder cut short,
judged as ``pooling_inner_cv.py`` judges layouts (the untuned GBM on the inner folds of outer
training folds; the outer test rows are never read).

The ``mean-max-size`` embedding is four blocks: the mean and the max of the statement vectors,
the graph vector (``vector_size`` values each) and two log counts. ``--student DIR --swap text``
puts DIR's mean and max in place of the teacher's (``graph``: DIR's graph vector; both directories
must give vectors of the same width, as a student exported with ``--teacher-space`` does).
``--graph-layers L`` instead replaces the teacher's graph vector by the mean of its node states
after its first L layers (torch, rebuilt from the fp32 ONNX files), no retraining: does a
shallower graph encoder keep what the task needs?

    python benchmarks/branch_swap_cv.py --student /runs/distilled-ts --swap graph --platform nvidia --protocol grouped
    python benchmarks/branch_swap_cv.py --graph-layers 2 --platform nvidia --protocol grouped --seeds 0 1 2 3 4
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pooling_inner_cv import inner_accuracy  # noqa: E402

from mir_export.evaluation.datasets import PLATFORMS, read_devmap  # noqa: E402
from mir_export.features.embedding import distinct_files, embed_files  # noqa: E402
from mir_export.pretrain.onnx_weights import encoder_from_onnx  # noqa: E402
from mir_export.evaluation.protocol import devmap_folds  # noqa: E402
from mir_export.pretrain.torch_encoder import TorchBackend  # noqa: E402
from mir_runtime import Model  # noqa: E402
from mir_runtime.modeldir import ModelDirectory  # noqa: E402
from mir_runtime.pooling import MEAN_MAX_SIZE  # noqa: E402
from mir_runtime.progress import progress  # noqa: E402


def shallow_graph_vectors(paths: list[Path], teacher: Path, layers: int) -> np.ndarray:
    """[N, d]: the mean node state after the teacher's first ``layers`` graph layers, per file."""
    model = encoder_from_onnx(teacher).eval()
    model.graph.layers = model.graph.layers[:layers]
    backend = TorchBackend(model)
    featurizer = Model.load(teacher).featurizer
    unique, index = distinct_files(paths)
    rows = [backend.run_graph(featurizer.read(p).graph) for p in progress(unique, len(unique), "graph vectors")]
    return np.stack(rows)[index]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teacher", type=Path, default=Path(__file__).resolve().parent.parent / "artifacts")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--student", type=Path, help="the model directory whose blocks replace the teacher's")
    source.add_argument("--graph-layers", type=int, help="the teacher's graph vector after this many layers")
    parser.add_argument("--swap", choices=("text", "graph"), default="graph", help="with --student: which block")
    parser.add_argument("--platform", choices=PLATFORMS, required=True)
    parser.add_argument("--protocol", choices=("stratified", "grouped"), required=True)
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2, 3, 4])
    parser.add_argument("--datasets", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "datasets")
    parser.add_argument("--out", type=Path, help="JSON file to write")
    args = parser.parse_args()
    manifest = ModelDirectory(args.teacher).manifest
    if manifest.pooling != MEAN_MAX_SIZE:
        raise SystemExit(f"{args.teacher}: pooling {manifest.pooling}, not {MEAN_MAX_SIZE}")
    d = manifest.vector_size
    table = read_devmap(args.datasets, args.platform)
    x = embed_files(list(table.ir), args.teacher).copy()
    if args.student is not None:
        other = embed_files(list(table.ir), args.student)
        if other.shape != x.shape:
            raise SystemExit(f"{args.student}: embedding of {other.shape[1]} values, the teacher's {x.shape[1]}")
        block = np.r_[0 : 2 * d] if args.swap == "text" else np.r_[2 * d : 3 * d]
        x[:, block] = other[:, block]
    else:
        x[:, 2 * d : 3 * d] = shallow_graph_vectors(list(table.ir), args.teacher, args.graph_layers)
    grouped = args.protocol == "grouped"
    per_seed = []
    for seed in args.seeds:
        folds = devmap_folds(table.oracle, seed, table.benchmark if grouped else None)
        scores = [inner_accuracy(x[train], table.extras[train], table.oracle[train],
                                 table.benchmark[train] if grouped else None, 10 * seed + k)
                  for k, (train, _) in enumerate(folds)]  # the outer test rows are never looked at
        per_seed.append(float(np.mean(scores)))
        print(f"{args.platform} {args.protocol} seed {seed}: {per_seed[-1]:.4f}", file=sys.stderr, flush=True)
    out = {"teacher": str(args.teacher), "student": str(args.student) if args.student else None,
           "swap": args.swap if args.student else None, "graph_layers": args.graph_layers,
           "platform": args.platform, "protocol": args.protocol, "seeds": args.seeds, "per_seed": per_seed,
           "mean": float(np.mean(per_seed))}
    if args.out:
        args.out.write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
