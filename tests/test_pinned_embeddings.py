"""The shipped model's embeddings of the 669 device-mapping kernels do not change: their
fingerprints (``fingerprint.py``) are compared here within float tolerance, through the streaming
path with two worker processes (int8, the CPU default) and in one process (fp32).

Two pins: the whole embedding in the shipped layout (``devmap-{precision}-{pooling}.npy``, taken
when the layout became ``mean-max-size``), and its ``mean`` view (the weighted statement mean and
the graph vector, ``devmap-{precision}.npy``), whose fingerprints were taken before the runtime was
split into its rooms and before the layout changed: the encoders and the front end still give
those vectors.

int8 vectors depend on the CPU: onnxruntime's int8 matrix products take other kernels on other
instruction sets (AVX2's u8 x s8 products saturate in 16 bits, VNNI's do not), so the fingerprints
taken on one machine moved by up to 0.0037 on an AVX2-only AMD EPYC, with the same files, code and
onnxruntime 1.31 or 1.32. fp32 is held to 1e-4 everywhere, int8 to 0.01."""
from __future__ import annotations

import numpy as np
import pytest

from fingerprint import FINGERPRINTS, fingerprint
from paths import REPO

pytest.importorskip("onnxruntime")


def mean_view(vectors: np.ndarray, pooling: str, d: int) -> np.ndarray:
    """The ``mean`` layout's columns of embeddings in ``pooling``: the weighted mean, then the graph vector."""
    from mir_runtime.pooling import MEAN, MEAN_MAX_SIZE

    if pooling == MEAN:
        return vectors
    assert pooling == MEAN_MAX_SIZE
    return vectors[:, np.r_[0:d, 2 * d:3 * d]]


@pytest.mark.parametrize(("precision", "workers", "atol"), [("int8", 2, 0.01), ("fp32", 1, 1e-4)])
def test_devmap_embeddings_are_pinned(datasets, precision, workers, atol) -> None:
    from mir_runtime import Model

    files = sorted((datasets / "devmap" / "kernels_ir").glob("*.ll"))
    assert len(files) == 669
    with Model.load(REPO / "artifacts", precision=precision) as model:
        rows = list(model.iter_embed(files, workers=workers))
        pooling, d = model.manifest.pooling, model.manifest.d_model
    assert [path for path, _ in rows] == [str(f) for f in files]  # input order
    vectors = np.stack([vector for _, vector in rows])
    expected = np.load(FINGERPRINTS / f"devmap-{precision}-{pooling}.npy")
    np.testing.assert_allclose(fingerprint(vectors), expected, rtol=0, atol=atol)
    before = np.load(FINGERPRINTS / f"devmap-{precision}.npy")
    np.testing.assert_allclose(fingerprint(mean_view(vectors, pooling, d)), before, rtol=0, atol=atol)
