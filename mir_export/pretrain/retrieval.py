"""Recall@1 and mean reciprocal rank of finding each query's own target among all targets."""
from __future__ import annotations

import numpy as np
from scipy import sparse
from sklearn.preprocessing import normalize

MIN_CANDIDATES = 1000  # the proxy's bar counts only figures over at least this many candidates
_CHUNK = 1024  # query rows per block of the similarity matrix


def _unit_rows(x: np.ndarray | sparse.spmatrix) -> np.ndarray | sparse.csr_matrix:
    """Rows scaled to unit length; a zero row (a failed file) stays zero: similar to nothing.
    Sparse rows (the bag baselines: vocabularies of tens of thousands) stay sparse."""
    if sparse.issparse(x):
        return normalize(sparse.csr_matrix(x, dtype=np.float64))
    x = np.asarray(x, dtype=np.float64)
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    return x / np.where(norms > 0, norms, 1.0)


def ranks(queries: np.ndarray | sparse.spmatrix, targets: np.ndarray | sparse.spmatrix) -> np.ndarray:
    """Rank (1 = first) of target i for query i by cosine similarity among all targets. Ties count
    against the query: a target as similar as the right one ranks before it, so identical vectors
    (a method that cannot tell functions apart) never pass for a hit."""
    if queries.shape != targets.shape or queries.ndim != 2:
        raise ValueError(f"queries {queries.shape} and targets {targets.shape} must be [pairs, dim] alike")
    q, t = _unit_rows(queries), _unit_rows(targets)
    n = q.shape[0]
    out = np.empty(n, dtype=np.int64)
    for start in range(0, n, _CHUNK):
        sims = q[start:start + _CHUNK] @ t.T
        sims = sims.toarray() if sparse.issparse(sims) else sims
        rows = np.arange(sims.shape[0])
        own = sims[rows, start + rows]
        out[start:start + len(rows)] = (sims >= own[:, None]).sum(axis=1)  # counts itself: rank >= 1
    return out


def retrieval(queries: np.ndarray | sparse.spmatrix, targets: np.ndarray | sparse.spmatrix,
              min_candidates: int = MIN_CANDIDATES) -> dict:
    """recall_at_1, mrr, median rank, pairs and candidates; ``below_minimum`` when there are fewer
    candidates than the bar asks for (the figures are then not the bar's)."""
    r = ranks(queries, targets)
    n = len(r)
    return {"recall_at_1": round(float(np.mean(r == 1)), 4) if n else None,
            "mrr": round(float(np.mean(1.0 / r)), 4) if n else None,
            "median_rank": float(np.median(r)) if n else None,
            "pairs": n, "candidates": n, "min_candidates": min_candidates, "below_minimum": n < min_candidates}
