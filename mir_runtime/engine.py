"""The model half of embedding a file: ``Features`` to ``[text vector ++ graph vector]`` on any
``Backend`` (onnxruntime here, torch on the training side).

Statements are looked up in a cache of statement vectors (``cache.StatementCache``), then in the
store kept across runs, if one is given (``store.EmbeddingStore``); the rest
are sorted by length and cut into chunks of at most the backend's ``token_budget`` padded tokens
(0: one statement per chunk), each padded only to its longest statement. When the backend takes
several calls at once (CPU), the chunks and the graph encoder run side by side on a thread pool.
The statement vectors, the graph vector and the graph's size are pooled into the file embedding
by the model's layout (``pooling``).
"""
from __future__ import annotations

from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from mir_runtime.backend import Backend
from mir_runtime.cache import STATEMENT_CACHE, StatementCache
from mir_runtime.featurizer import Features
from mir_runtime.pooling import embedding_size, pool
from mir_runtime.store import EmbeddingStore

__all__ = ["STATEMENT_CACHE", "Engine"]


class Engine:
    """Embeds ``Features`` with ``backend``, whose encoders give vectors of width ``d``, pooled
    by ``pooling`` (``mir_runtime.pooling``); ``statement_cache``: statement vectors kept (0: none;
    keep 0 when the backend's weights change, as in fine-tuning); ``store``: statement vectors
    (and, for the model, file embeddings) kept across runs."""

    def __init__(self, backend: Backend, d: int, pooling: str, statement_cache: int = STATEMENT_CACHE,
                 store: EmbeddingStore | None = None) -> None:
        self.backend = backend
        self.d = d
        self.pooling = pooling
        self.embedding_size = embedding_size(pooling, d)
        self.token_budget = backend.token_budget
        self.statement_cache = StatementCache(statement_cache)
        self.store = store
        workers = backend.parallel_calls
        self.pool = ThreadPoolExecutor(workers, thread_name_prefix="mir-statements") if workers > 1 else None

    def statement_vectors(self, ids: list[list[int]]) -> np.ndarray:
        """One vector per tokenized statement: from the cache, else from the store, else encoded
        (and then cached and stored)."""
        out = np.empty((len(ids), self.d), dtype=np.float32)
        keys = [tuple(t) for t in ids]
        missing = _fill(out, range(len(keys)), self.statement_cache.lookup(keys))
        if missing and self.store is not None:
            stored = missing
            missing = _fill(out, stored, self.store.statements([keys[k] for k in stored]))
            found = sorted(set(stored) - set(missing))
            self.statement_cache.store([keys[k] for k in found], out[found])
        if missing:
            out[missing] = self.encode_statements([ids[k] for k in missing])
            self.statement_cache.store([keys[k] for k in missing], out[missing])
            if self.store is not None:
                self.store.put_statements([keys[k] for k in missing], out[missing])
        return out

    def encode_statements(self, ids: list[list[int]]) -> np.ndarray:
        """One vector per tokenized statement, sorted by length, in chunks of at most
        ``token_budget`` padded tokens (or of one statement)."""
        out = np.empty((len(ids), self.d), dtype=np.float32)
        order = np.argsort([len(t) for t in ids], kind="stable")
        chunks, batches = [], []
        start = 0
        while start < len(order):
            end = start + 1  # sorted: the chunk's padded length is its last statement's
            while end < len(order) and (end + 1 - start) * len(ids[order[end]]) <= self.token_budget:
                end += 1
            rows = order[start:end]
            batch = np.zeros((len(rows), len(ids[rows[-1]])), dtype=np.int64)
            for k, r in enumerate(rows):
                batch[k, : len(ids[r])] = ids[r]
            chunks.append(rows)
            batches.append(batch)
            start = end
        run = self.pool.map if self.pool is not None and len(batches) > 1 else map
        for rows, vectors in zip(chunks, run(self.backend.run_statements, batches)):
            out[rows] = vectors
        return out

    def embed(self, features: Features) -> np.ndarray:
        """The file embedding (float32); the graph encoder runs on the pool (if any) while the
        statements are encoded."""
        graph = self.pool.submit(self.backend.run_graph, features.graph) if self.pool is not None else None
        vectors = self.statement_vectors(features.ids)
        graph_vector = graph.result() if graph is not None else self.backend.run_graph(features.graph)
        return self.finish(vectors, features.weights, graph_vector, features.graph.num_nodes)

    def finish(self, vectors: np.ndarray, weights: np.ndarray, graph: np.ndarray, nodes: int) -> np.ndarray:
        """The file embedding from its statement vectors, their counts, its graph vector and size."""
        return pool(self.pooling, vectors, weights, graph, nodes)

    def close(self) -> None:
        """Stop the thread pool, close the backend and the store."""
        if self.pool is not None:
            self.pool.shutdown()
            self.pool = None
        self.backend.close()
        if self.store is not None:
            self.store.close()


def _fill(out: np.ndarray, rows: Iterable[int], found: list[np.ndarray | None]) -> list[int]:
    """``out[row] = vector`` for each row found; the rows not found."""
    missing = []
    for row, vector in zip(rows, found):
        if vector is None:
            missing.append(row)
        else:
            out[row] = vector
    return missing
