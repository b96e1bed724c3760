"""A whitening of a model's file embedding, for similarity search: fitted on corpus training
modules, shipped as one small ONNX file of the model directory (``mir_runtime.modeldir.WHITENING``).

Why: the pooled embedding is anisotropic. Its columns share a large common offset and their
scales differ (the max part's norm is 2.5 times the mean's, the two log counts vary eight times
as much as a statement feature), so cosine similarity sees mostly that: on the 669
device-mapping kernels the median cosine between two different kernels is 0.94. Removing the
mean and decorrelating the columns (whitening, as BERT-whitening does for sentence vectors, Su et
al. 2021) lets cosine compare what differs between files. The covariance is the Ledoit-Wolf
shrinkage estimate, so every component is kept and no count of components is tuned; its
inverse square root comes from its eigendecomposition. The task heads keep the raw embedding:
on device mapping, untuned boosted trees and random forests lost up to 2.1 points on whitened
vectors on NVIDIA, while logistic regression and an MLP gained (``benchmarks/RESULTS.md``,
session 39).
"""
from __future__ import annotations

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


def fit_whitening(embeddings: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """``(mean [D], matrix [D, D], shrinkage)``: ``(x - mean) @ matrix`` has the identity as its
    covariance under the Ledoit-Wolf estimate of the embeddings' covariance."""
    from sklearn.covariance import LedoitWolf

    x = np.asarray(embeddings, dtype=np.float64)
    if x.ndim != 2 or len(x) < 2:
        raise ValueError(f"whitening needs at least 2 embeddings [N, D], not {x.shape}")
    estimate = LedoitWolf().fit(x)
    values, vectors = np.linalg.eigh(estimate.covariance_)
    return estimate.location_, vectors / np.sqrt(np.maximum(values, np.finfo(np.float64).tiny)), float(estimate.shrinkage_)


def whitening_model(mean: np.ndarray, matrix: np.ndarray) -> onnx.ModelProto:
    """The ONNX form the runtime serves: ``embedding`` [N, D] to ``whitened`` [N, D], in float32."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    from mir_export.export import OPSET

    d = len(mean)
    graph = helper.make_graph(
        [helper.make_node("Sub", ["embedding", "mean"], ["centered"]),
         helper.make_node("MatMul", ["centered", "matrix"], ["whitened"])],
        "whitening",
        [helper.make_tensor_value_info("embedding", TensorProto.FLOAT, [None, d])],
        [helper.make_tensor_value_info("whitened", TensorProto.FLOAT, [None, d])],
        [numpy_helper.from_array(np.asarray(mean, dtype=np.float32), "mean"),
         numpy_helper.from_array(np.asarray(matrix, dtype=np.float32), "matrix")],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="mir-export")
    onnx.checker.check_model(model)
    return model


def training_modules(corpus: Path, limit: int = MAX_MODULES, seed: int = 0) -> tuple[list[Path], dict]:
    """At most ``limit`` of the corpus's training modules (never a held-out unit's, so the
    retrieval proxy's functions stay unseen), drawn by ``seed``, and what was left out."""
    from mir_export.pretrain_data import corpus_modules, is_held_out

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

    from mir_export.downstream.features import HEAD_PRECISION, embed_files

    embeddings = embed_files(list(paths), model_dir, workers)
    mean, matrix, shrinkage = fit_whitening(embeddings)
    onnx.save(whitening_model(mean, matrix), str(model_dir / WHITENING))
    print(f"whitening: {len(paths)} modules, Ledoit-Wolf shrinkage {shrinkage:.4f}", file=sys.stderr)
    return {"file": WHITENING, "method": "Ledoit-Wolf covariance, PCA whitening of the centered embedding, "
            "every component kept", "shrinkage": round(shrinkage, 6), "precision": HEAD_PRECISION,
            "modules": len(paths)}
