"""The vectors the proxy compares: our encoder's file embedding and baselines that learn nothing.

IR2Vec's flow-aware program vector and a bag of opcodes (instruction counts by opcode) give the
figure context: a learned embedding that finds a function no better than its opcode counts has
learned nothing retrieval needs. Two bags show what plain identity finds: the global names the
function's instructions use (callees and globals, ``@...``), and the tokens our tokenizer makes
of its statements, each weighted by TF-IDF (sublinear counts, scikit-learn's
``TfidfTransformer``) over the files compared. A pooled vector that finds fewer functions than
the bag of its own tokens loses part of what identifies a function.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
from scipy import sparse

from mir_export.features.bags import identifier_counts, opcode_vectors, tf_idf, token_counts
from mir_export.proxy import METHODS


def vectors(method: str, paths: Sequence[Path], model: Path | None,
            jobs: int = 1) -> tuple[np.ndarray | sparse.csr_matrix, dict[str, str]]:
    """One vector per path by ``method``, and ``{path: error}`` for files it could not read (their
    vectors are zero: similar to nothing, so such a pair ranks low); ours in ``jobs`` processes."""
    if method in ("ours", "whitened"):
        from mir_export.features.embedding import embed_files
        from mir_runtime import Model

        if method == "ours":
            return embed_files(paths, model, jobs), {}
        with Model.load(model) as loaded:
            if not loaded.can_whiten:
                raise ValueError(f"model {model} has no whitening (mir-export whiten adds one)")
            return loaded.whiten(embed_files(paths, model, jobs)), {}
    if method == "ir2vec":
        from mir_export.features.baselines import ir2vec_vectors

        return ir2vec_vectors(paths)
    if method == "opcodes":
        return opcode_vectors(paths), {}
    if method == "identifiers":
        return tf_idf([identifier_counts(p) for p in paths]), {}
    if method == "tokens":
        return tf_idf(token_counts(paths, model)), {}
    raise ValueError(f"unknown method {method!r} (known: {', '.join(METHODS)})")
