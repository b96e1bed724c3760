"""How a file's statement vectors and graph vector become its one embedding: the layouts a
manifest may name (``pooling``; a manifest without one means ``mean``).

- ``mean`` (2d): the count-weighted mean of the statement vectors, then the graph vector (the
  mean of the node latents). The models of the first releases.
- ``mean-max-size`` (3d + 2): the same weighted mean, the element-wise max over the file's
  distinct statements, the graph vector, then ``log(1 + statements)`` (duplicates counted) and
  ``log(1 + graph nodes)``. Task heads consume one vector per file, and a mean washes out what
  tuners decide on: a few rare statements (an atomic, a barrier, a division in the inner loop)
  and the file's size, which a mean of unit-scale vectors cannot carry. The max keeps the
  strongest activation of each feature over the statements, the two counts the size.

The layout is part of the model directory's contract: ``embedding_size`` in the manifest must be
the layout's size for the encoders' width ``d``; the training side builds the same vector in torch
(``mir_export.pretrain.pooled.sampled_embedding``)."""
from __future__ import annotations

import numpy as np

MEAN, MEAN_MAX_SIZE = "mean", "mean-max-size"
POOLINGS = (MEAN, MEAN_MAX_SIZE)


def embedding_size(pooling: str, d: int) -> int:
    """The length of a file embedding for encoders of width ``d``."""
    if pooling == MEAN:
        return 2 * d
    if pooling == MEAN_MAX_SIZE:
        return 3 * d + 2
    raise ValueError(f"unknown pooling {pooling!r} ({', '.join(POOLINGS)})")


def branch_columns(pooling: str, d: int) -> dict[str, np.ndarray]:
    """The columns of the embedding that come from each branch (``text``, ``graph``): the
    statement parts and the statement count, the graph vector and the node count (ablations)."""
    size = embedding_size(pooling, d)
    if pooling == MEAN:
        return {"text": np.arange(d), "graph": np.arange(d, size)}
    return {"text": np.r_[0 : 2 * d, size - 2], "graph": np.r_[2 * d : 3 * d, size - 1]}


def pool(pooling: str, vectors: np.ndarray, weights: np.ndarray, graph: np.ndarray, nodes: int) -> np.ndarray:
    """The file embedding (float32) from its distinct statements' vectors [S, d], their counts
    [S], the graph vector [d] and the graph's node count; a file without statements has zeros
    for its statement parts."""
    d = graph.shape[-1]
    embedding_size(pooling, d)  # an unknown layout fails here
    zeros = np.zeros(d, dtype=np.float32)
    mean = (vectors * weights[:, None]).sum(0) / weights.sum() if len(vectors) else zeros
    if pooling == MEAN:
        return np.concatenate([mean, graph]).astype(np.float32)
    strongest = vectors.max(0) if len(vectors) else zeros
    sizes = np.log1p(np.array([weights.sum(), nodes], dtype=np.float64))
    return np.concatenate([mean, strongest, graph, sizes]).astype(np.float32)
