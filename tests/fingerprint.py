"""A small fingerprint of embeddings: each vector projected on 8 fixed random directions, so that
a committed file of a few kB pins the vectors of hundreds of files (any change of a vector
beyond float noise moves its projections)."""
from __future__ import annotations

import numpy as np

from paths import REPO

DIRECTIONS = 8
FINGERPRINTS = REPO / "tests" / "data" / "fingerprints"


def fingerprint(vectors: np.ndarray) -> np.ndarray:
    """float32 [N, DIRECTIONS]: ``vectors`` [N, D] on fixed unit directions (seeded by D)."""
    rng = np.random.default_rng(vectors.shape[1])
    directions = rng.standard_normal((vectors.shape[1], DIRECTIONS))
    directions /= np.linalg.norm(directions, axis=0)
    return (vectors.astype(np.float64) @ directions).astype(np.float32)
