"""A whitening of a model's file embedding, for similarity search: fitted on corpus training
modules (and, optionally, compile variants of training functions), shipped as one small ONNX file
of the model directory (``mir_runtime.modeldir.WHITENING``).

Why: the pooled embedding is anisotropic. Its columns share a large common offset and their
scales differ (the max part's norm is 2.5 times the mean's, the two log counts vary eight times
as much as a statement feature), so cosine similarity sees mostly that: on the 669
device-mapping kernels the median cosine between two different kernels is 0.94. Removing the
mean and decorrelating the columns (whitening, as BERT-whitening does for sentence vectors, Su et
al. 2021) lets cosine compare what differs between files. The covariance is the Ledoit-Wolf
shrinkage estimate, so every component is kept and no count of components is tuned; its
inverse square root comes from its eigendecomposition.

A second, optional stage learns what a function keeps when it is compiled another way: on the
training split of a compile-variants build (``mir-export corpus variants``), each function cut out
alone as the retrieval proxy cuts it, the covariance of a function's variants around their own
mean is whitened too (within-class covariance normalization, as speaker verification applies it
to i-vectors before cosine scoring: Hatch et al. 2006), so cosine weighs least the directions in
which another optimization level or compiler moves a function. The same Ledoit-Wolf estimate; no
setting is tuned. The proxy's held-out functions never give statistics.

The task heads keep the raw embedding: on device mapping, untuned boosted trees and random
forests lost up to 2.1 points on whitened vectors on NVIDIA, while logistic regression and an MLP
gained (``benchmarks/RESULTS.md``).
"""
from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from typing import TYPE_CHECKING

import numpy as np

from mir_runtime.modeldir import WHITENING

if TYPE_CHECKING:  # onnx (and torch, through the exporter's opset) load with the commands that use them
    import onnx

MAX_MODULES = 2000  # training modules sampled for the statistics: enough rows to estimate a 770-value covariance
MAX_FILE_BYTES = 4 << 20  # larger modules (sqlite3's amalgamation) would cost an hour and weigh one row
MAX_FUNCTIONS = 3000  # training functions whose variants give the within-function statistics (about 10,000 files)


def fit_whitening(embeddings: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """``(mean [D], matrix [D, D], shrinkage)``: ``(x - mean) @ matrix`` has the identity as its
    covariance under the Ledoit-Wolf estimate of the embeddings' covariance."""
    from sklearn.covariance import LedoitWolf

    x = np.asarray(embeddings, dtype=np.float64)
    if x.ndim != 2 or len(x) < 2:
        raise ValueError(f"whitening needs at least 2 embeddings [N, D], not {x.shape}")
    estimate = LedoitWolf().fit(x)
    return estimate.location_, _inverse_sqrt(estimate.covariance_), float(estimate.shrinkage_)


def fit_within(whitened: np.ndarray, groups: Sequence[int]) -> tuple[np.ndarray, float]:
    """``(matrix [D, D], shrinkage)``: ``whitened @ matrix`` has the identity as the covariance of
    each group's rows around their group's mean (Ledoit-Wolf); groups of one row say nothing."""
    from sklearn.covariance import LedoitWolf

    z = np.asarray(whitened, dtype=np.float64)
    _, group, sizes = np.unique(np.asarray(groups), return_inverse=True, return_counts=True)
    if z.ndim != 2 or len(group) != len(z) or (sizes >= 2).sum() < 2:
        raise ValueError(f"the within-group statistics need rows [N, D] ({z.shape}) with one group each, "
                         "in at least 2 groups of 2 or more")
    sums = np.zeros((len(sizes), z.shape[1]))
    np.add.at(sums, group, z)
    keep = sizes[group] >= 2
    deviations = (z - sums[group] / sizes[group][:, None])[keep]
    estimate = LedoitWolf(assume_centered=True).fit(deviations)
    return _inverse_sqrt(estimate.covariance_), float(estimate.shrinkage_)


def _inverse_sqrt(covariance: np.ndarray) -> np.ndarray:
    """A matrix ``m`` with ``m.T @ covariance @ m`` the identity, from the eigendecomposition."""
    values, vectors = np.linalg.eigh(covariance)
    return vectors / np.sqrt(np.maximum(values, np.finfo(np.float64).tiny))


def whitening_model(mean: np.ndarray, matrix: np.ndarray, within: np.ndarray | None = None) -> onnx.ModelProto:
    """The ONNX form the runtime serves: ``embedding`` [N, D] to ``whitened`` [N, D], in float32:
    ``(embedding - mean) @ matrix``, then ``@ within`` where the second stage was fitted (kept apart
    so that fitting it again starts from the corpus stage)."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    from mir_export.export.encoders import OPSET

    d = len(mean)
    stages = [("matrix", matrix)] + ([("within", within)] if within is not None else [])
    nodes = [helper.make_node("Sub", ["embedding", "mean"], ["centered"])]
    for k, (name, _) in enumerate(stages):
        nodes.append(helper.make_node("MatMul", [nodes[-1].output[0], name],
                                      ["whitened" if k == len(stages) - 1 else f"by_{name}"]))
    graph = helper.make_graph(
        nodes, "whitening",
        [helper.make_tensor_value_info("embedding", TensorProto.FLOAT, [None, d])],
        [helper.make_tensor_value_info("whitened", TensorProto.FLOAT, [None, d])],
        [numpy_helper.from_array(np.asarray(a, dtype=np.float32), name) for name, a in [("mean", mean), *stages]],
    )
    # IR version 10, as the encoders: onnx's newest (14) is more than the onnxruntime of [cpu] reads
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="mir-export",
                              ir_version=10)
    onnx.checker.check_model(model)
    return model


def corpus_stage(path: Path) -> tuple[np.ndarray, np.ndarray]:
    """``(mean, matrix)`` of a whitening file: its corpus stage, without any within-function stage."""
    import onnx
    from onnx import numpy_helper

    weights = {t.name: numpy_helper.to_array(t) for t in onnx.load(str(path)).graph.initializer}
    if "mean" not in weights or "matrix" not in weights:
        raise ValueError(f"{path}: not a whitening written by mir-export (no mean and matrix)")
    return weights["mean"], weights["matrix"]


def training_modules(corpus: Path, limit: int = MAX_MODULES, seed: int = 0) -> tuple[list[Path], dict]:
    """At most ``limit`` of the corpus's training modules (never a held-out unit's, so the
    retrieval proxy's functions stay unseen), drawn by ``seed``, and what was left out."""
    from mir_export.corpus.split import corpus_modules, is_held_out

    modules = corpus_modules(corpus)
    training = [p for p in modules if not is_held_out(corpus, p)]
    small = [p for p in training if p.stat().st_size <= MAX_FILE_BYTES]
    chosen = sorted(random.Random(seed).sample(small, min(limit, len(small))))
    counts = {"corpus_modules": len(modules), "held_out": len(modules) - len(training),
              "over_size": len(training) - len(small), "sampled": len(chosen), "seed": seed}
    return chosen, counts


def write_whitening(model_dir: Path, paths: Sequence[Path], workers: int = 1) -> dict:
    """Embed ``paths`` with ``model_dir``'s fp32 encoders, fit the whitening, write its file into
    the directory and return the manifest section that describes it."""
    import onnx

    from mir_export.features.embedding import HEAD_PRECISION, embed_files

    embeddings = embed_files(list(paths), model_dir, workers)
    mean, matrix, shrinkage = fit_whitening(embeddings)
    onnx.save(whitening_model(mean, matrix), str(model_dir / WHITENING))
    print(f"whitening: {len(paths)} modules, Ledoit-Wolf shrinkage {shrinkage:.4f}", file=sys.stderr)
    return {"file": WHITENING, "method": "Ledoit-Wolf covariance, PCA whitening of the centered embedding, "
            "every component kept", "shrinkage": round(shrinkage, 6), "precision": HEAD_PRECISION,
            "modules": len(paths)}


def variant_functions(variants: Path, limit: int = MAX_FUNCTIONS, seed: int = 0) -> tuple[list[tuple[int, str, str]], dict]:
    """``(function row, module, name)`` of each variant of at most ``limit`` training-split
    functions of a variants build, drawn by ``seed``: functions with at least two variants of the
    proxy's minimum size, none whose statements a held-out function also has (the proxy's
    held-out functions stay unseen); and the counts."""
    from mir_export.corpus.pairs import MIN_STATEMENTS, load_manifest, split_keys
    from mir_export.corpus.split import held_out_unit

    manifest = load_manifest(variants)
    files = {(u["package"], u["unit"]): u.get("variants", {}) for u in manifest["units"]}
    functions = manifest["functions"]
    held_out = split_keys(functions, held_out=True)
    usable = []
    for k, f in enumerate(functions):
        if held_out_unit(f["package"], f["unit"]):
            continue
        unit_files = files.get((f["package"], f["unit"]), {})
        chosen = {v: key for v, (key, size) in f["variants"].items() if size >= MIN_STATEMENTS and v in unit_files}
        if len(chosen) >= 2 and not held_out & set(chosen.values()):
            usable.append((k, sorted(chosen)))
    random.Random(seed).shuffle(usable)
    rows = [(k, files[(functions[k]["package"], functions[k]["unit"])][v], functions[k]["name"])
            for k, chosen in usable[:limit] for v in chosen]
    return rows, {"functions": len(functions), "usable": len(usable), "sampled": min(limit, len(usable)),
                  "files": len(rows), "seed": seed, "recipe": _recipe(variants, manifest)}


def _recipe(variants: Path, manifest: dict) -> list[str]:
    """The commands that built ``variants`` and its corpus, as their manifests recorded them."""
    corpus = Path(manifest.get("corpus", variants / "missing")) / "corpus-manifest.json"
    try:
        built = [json.loads(corpus.read_text())["command"]]
    except (OSError, ValueError, KeyError, TypeError):
        built = []
    return built + [manifest["command"]] if "command" in manifest else built


def cut_functions(variants: Path, rows: Sequence[tuple[int, str, str]], jobs: int = 1) -> list[tuple[int, Path]]:
    """``(function row, file)`` of each of ``variant_functions``' rows cut out alone, as the proxy
    cuts its held-out functions (cached in the variants directory); rows that fail are left out."""
    from concurrent.futures import ThreadPoolExecutor

    from mir_export.corpus.pairs import extract
    from mir_runtime.progress import progress

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        cut = list(progress(pool.map(lambda r: extract(variants, r[1], r[2]), rows), len(rows), "extracting"))
    return [(r[0], path) for r, path in zip(rows, cut) if not isinstance(path, str)]


def write_within_stage(model_dir: Path, variants: Path, limit: int = MAX_FUNCTIONS, seed: int = 0,
                       jobs: int = 1) -> dict:
    """Fit the within-function stage on ``variants``' training functions over ``model_dir``'s
    corpus stage, rewrite its whitening file and return the section that describes the stage."""
    import onnx

    from mir_export.features.embedding import embed_files

    mean, matrix = corpus_stage(model_dir / WHITENING)
    rows, counts = variant_functions(variants, limit, seed)
    kept = cut_functions(variants, rows, jobs)
    whitened = (embed_files([p for _, p in kept], model_dir, jobs) - mean) @ matrix
    within, shrinkage = fit_within(whitened, [k for k, _ in kept])
    onnx.save(whitening_model(mean, matrix, within), str(model_dir / WHITENING))
    print(f"whitening: within-function stage from {len(kept)} files of {counts['sampled']} functions, "
          f"Ledoit-Wolf shrinkage {shrinkage:.4f}", file=sys.stderr)
    return counts | {"method": "Ledoit-Wolf covariance of each function's variants around their mean, after the "
                     "corpus stage; whitened, every component kept", "shrinkage": round(shrinkage, 6),
                     "extract_failed": len(rows) - len(kept)}
