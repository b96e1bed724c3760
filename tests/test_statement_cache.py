"""The runtime's statement path: token-budget chunks and the cache of statement vectors."""
from __future__ import annotations

import numpy as np
import pytest

from models import IR
from mir_runtime import parse_ir
from mir_runtime.cache import StatementCache
from mir_runtime.model import Model

pytest.importorskip("onnxruntime")


class Spy:
    """Records the shape of every statement-encoder call."""

    def __init__(self, model: Model) -> None:
        self.shapes: list[tuple[int, int]] = []
        run = model.backend.run_statements
        model.backend.run_statements = lambda ids: (self.shapes.append(ids.shape), run(ids))[1]


def _statements(n: int) -> list[list[int]]:
    rng = np.random.default_rng(0)
    return [[2, *rng.integers(5, 60, size=int(length)).tolist(), 3] for length in rng.integers(1, 62, size=n)]


def test_chunks_keep_the_token_budget_and_the_vectors(model_dir) -> None:
    encoder = Model.load(model_dir[2], precision="fp32", statement_cache=0)
    ids = _statements(40)
    encoder.engine.token_budget = 10_000
    whole = encoder.engine.encode_statements(ids)
    encoder.engine.token_budget = 128
    spy = Spy(encoder)
    chunked = encoder.engine.encode_statements(ids)
    np.testing.assert_allclose(chunked, whole, atol=1e-5)
    assert sum(rows for rows, _ in spy.shapes) == len(ids)
    assert all(rows * length <= 128 or rows == 1 for rows, length in spy.shapes)
    assert len(spy.shapes) > 1


def test_cached_statements_are_not_encoded_again(model_dir) -> None:
    module = parse_ir(IR)
    cold = Model.load(model_dir[2], precision="fp32", statement_cache=0).embed_module(module)
    encoder = Model.load(model_dir[2], precision="fp32")
    spy = Spy(encoder)
    first = encoder.embed_module(module)
    calls = len(spy.shapes)
    second = encoder.embed_module(module)
    np.testing.assert_allclose(first, cold, atol=1e-6)
    np.testing.assert_allclose(second, first, atol=1e-6)
    assert calls > 0 and len(spy.shapes) == calls  # the second file: no encoder call at all
    assert encoder.engine.statement_cache.hits == encoder.engine.statement_cache.misses > 0


def test_cache_is_bounded_least_recently_used_out() -> None:
    cache = StatementCache(2)
    cache.store([(1,), (2,)], np.eye(2, dtype=np.float32))
    assert cache.lookup([(1,)])[0] is not None  # (1,) is now the most recent
    cache.store([(3,)], np.ones((1, 2), dtype=np.float32))
    assert len(cache) == 2 and [v is None for v in cache.lookup([(1,), (2,), (3,)])] == [False, True, False]
    off = StatementCache(0)
    off.store([(1,)], np.ones((1, 2), dtype=np.float32))
    assert len(off) == 0 and off.lookup([(1,)]) == [None]


def test_int8_vectors_do_not_depend_on_earlier_files(model_dir) -> None:
    a, b = parse_ir(IR), parse_ir(IR.replace("add nsw i32 %v, 1", "mul nsw i32 %v, 3"))
    fresh = Model.load(model_dir[2], precision="int8").embed_module(a)
    warmed = Model.load(model_dir[2], precision="int8")
    warmed.embed_module(b)
    np.testing.assert_allclose(warmed.embed_module(a), fresh, atol=1e-6)
    assert warmed.engine.statement_cache.hits > 0


@pytest.mark.parametrize("precision", ["int8", "fp32"])
def test_chunks_side_by_side_match_one_thread(model_dir, precision) -> None:
    ids = _statements(40)
    one = Model.load(model_dir[2], precision=precision, threads=1, statement_cache=0)
    two = Model.load(model_dir[2], precision=precision, threads=2, statement_cache=0)
    assert one.engine.pool is None and two.engine.pool is not None
    np.testing.assert_allclose(two.engine.encode_statements(ids), one.engine.encode_statements(ids), atol=1e-6)
