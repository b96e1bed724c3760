"""The greedy-cover ranking of a neighbour head (the pass-pipeline task's ``tune`` order): its
picks are the cover's (the first raises the neighbours' summed gain over the default most, each
next one adds most beside those before), the default is never picked, and the ONNX graph gives
the same scores as numpy on unseen shapes, ties among equal pipelines included."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mir_export.evaluation.neighbour_heads import COVER_STEPS, NeighbourHead, cover_scores
from mir_export.tasks.passes.task import greedy_set

ort = pytest.importorskip("onnxruntime")


def _curves(seed: int, rows: int, k: int, classes: int, ties: bool) -> np.ndarray:
    rng = np.random.default_rng(seed)
    curves = rng.normal(0, 0.3, size=(rows, k, classes)).astype(np.float32)
    curves[:, :, 0] = 0.0  # gains over the default
    if ties and classes > 3:
        curves[:, :, 2] = curves[:, :, 1]  # two pipelines that always give the same code
    return curves


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), k=st.integers(1, 12), classes=st.integers(2, 9), ties=st.booleans())
def test_the_order_is_the_greedy_cover_of_the_neighbours(seed: int, k: int, classes: int, ties: bool) -> None:
    curves = _curves(seed, 4, k, classes, ties)
    scores = cover_scores(curves)
    for row in range(len(curves)):
        order = [int(c) for c in np.argsort(-scores[row], kind="stable") if c != 0]
        cover = greedy_set(curves[row].astype(np.float64), COVER_STEPS)
        # the cover's picks come first, as far as it adds anything (then the rest, which add nothing)
        assert order[:len(cover)] == cover or np.isclose(
            np.maximum(curves[row][:, [0, *order[:len(cover)]]].max(1), 0).sum(),
            np.maximum(curves[row][:, [0, *cover]].max(1), 0).sum(), atol=1e-3)
        assert scores[row, 0] == pytest.approx(0.0, abs=1e-6)  # the default: no place, mean gain 0
        assert sorted(order) == list(range(1, classes))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), rows=st.integers(3, 40), k=st.integers(1, 12), queries=st.integers(1, 9),
       classes=st.integers(2, 9), ties=st.booleans())
def test_onnx_scores_are_numpys_on_unseen_shapes(tmp_path_factory, seed, rows, k, queries, classes, ties) -> None:
    rng = np.random.default_rng(seed)
    embedding = rng.normal(size=(rows, 5)).astype(np.float32)
    targets = rng.normal(0, 0.3, size=(rows, classes)).astype(np.float32)
    targets[:, 0] = 0.0
    if ties and classes > 3:
        targets[:, 2] = targets[:, 1]
    head = NeighbourHead.fit(embedding, targets, k, "cover", 0.0)
    path = tmp_path_factory.mktemp("cover") / "head.onnx"
    head.export(path)
    fresh = rng.normal(size=(queries, 5)).astype(np.float32)
    served = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"]).run(["scores"], {"embedding": fresh})[0]
    assert np.abs(served - head.predict(fresh)).max() <= 1e-4


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), rows=st.integers(2, 30), classes=st.integers(2, 9), columns=st.integers(0, 4))
def test_every_row_a_neighbour_is_the_fixed_cover_whatever_the_code(tmp_path_factory, seed, rows, classes,
                                                                    columns) -> None:
    """The cautious ranker (``FIXED_COVER``): one order for every module, the training rows' own
    cover, and the same scores from its constant ONNX graph (no training rows kept in it)."""
    from mir_export.evaluation.learners import FIXED_COVER

    rng = np.random.default_rng(seed)
    embedding = rng.normal(size=(rows, columns)).astype(np.float32)
    targets = _curves(seed, 1, rows, classes, ties=seed % 2 == 0)[0]
    head = FIXED_COVER.fit(embedding, np.zeros((rows, 0)), targets, classes, seed)
    fresh = rng.normal(size=(5, columns)).astype(np.float32)
    scores = head.predict(fresh)
    assert (scores == scores[:1]).all()
    assert np.array_equal(scores[0], cover_scores(targets[None])[0])
    path = tmp_path_factory.mktemp("fixed") / "head.onnx"
    head.export(path)
    served = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"]).run(["scores"], {"embedding": fresh})[0]
    assert np.abs(served - scores).max() <= 1e-4
