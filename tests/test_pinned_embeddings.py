"""The shipped model's embeddings of the 669 device-mapping kernels do not change: their
fingerprints (``fingerprint.py``) were computed before the runtime was split into its rooms and
are compared here within float tolerance, through the streaming path with two worker processes
(int8, the CPU default) and in one process (fp32)."""
from __future__ import annotations

import numpy as np
import pytest

from fingerprint import FINGERPRINTS, fingerprint
from paths import REPO

pytest.importorskip("onnxruntime")


@pytest.mark.parametrize(("precision", "workers"), [("int8", 2), ("fp32", 1)])
def test_devmap_embeddings_are_pinned(datasets, precision, workers) -> None:
    from mir_runtime import Model

    files = sorted((datasets / "devmap" / "kernels_ir").glob("*.ll"))
    assert len(files) == 669
    with Model.load(REPO / "artifacts", precision=precision) as model:
        rows = list(model.iter_embed(files, workers=workers))
    assert [path for path, _ in rows] == [str(f) for f in files]  # input order
    got = fingerprint(np.stack([vector for _, vector in rows]))
    expected = np.load(FINGERPRINTS / f"devmap-{precision}.npy")
    np.testing.assert_allclose(got, expected, rtol=0, atol=1e-4)
