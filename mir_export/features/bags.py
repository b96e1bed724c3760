"""Bag baselines for the downstream suite: what plain counts of the code give a head.

Both read each file as the model reads it (locals promoted where its manifest says
``promote_allocas``), through the retrieval proxy's own bags (``mir_export.proxy.vectors``):

- ``opcode_histogram``: log(1 + count) of each opcode among the module's statements;
- ``token_bag``: TF-IDF of the tokenizer's tokens of the statements, reduced to ``SVD_COMPONENTS``
  by a truncated SVD. IDF and SVD are fitted on the task's files without their labels (as the
  vocabulary of the opcode histogram is): unsupervised and transductive, like the published bags;
  the learners' own scaling and PCA still see training rows only.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mir_export.proxy.vectors import opcode_vectors, tf_idf, token_counts
from mir_runtime.modeldir import ModelDirectory

SVD_COMPONENTS = 100


def opcode_histogram(paths: Sequence[Path], model_dir: Path) -> np.ndarray:
    """float32 [N, opcodes seen]: log(1 + count) per opcode."""
    promoted = ModelDirectory(model_dir).manifest.promote_allocas
    return np.log1p(opcode_vectors(paths, promoted)).astype(np.float32)


def token_bag(paths: Sequence[Path], model_dir: Path) -> np.ndarray:
    """float32 [N, at most ``SVD_COMPONENTS``]: the SVD of the TF-IDF of each file's statement tokens."""
    from sklearn.decomposition import TruncatedSVD

    weights = tf_idf(token_counts(paths, model_dir))
    components = min(SVD_COMPONENTS, weights.shape[1] - 1, len(paths) - 1)
    if components < 1:
        return np.zeros((len(paths), 0), dtype=np.float32)
    return TruncatedSVD(components, random_state=0).fit_transform(weights).astype(np.float32)
