"""A bounded cache of statement vectors, keyed by token ids.

A statement's vector depends on its tokens alone (the text branch sees one statement at a
time), and normalized IR repeats statements across files: the 669 device-mapping kernels hold
36,975 per-file distinct statements but only 4,089 distinct ones. A process that embeds many
files (``mir-runtime embed``, a tuner's loop) encodes each statement once; the least recently
used vectors leave first when the cache is full.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np

Key = tuple[int, ...]
STATEMENT_CACHE = 32768  # vectors kept by default (32 MiB at d = 256)


class StatementCache:
    def __init__(self, capacity: int) -> None:
        """``capacity`` vectors at most (0 disables the cache)."""
        self.capacity = capacity
        self.hits = 0
        self.misses = 0
        self._vectors: OrderedDict[Key, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._vectors)

    def lookup(self, keys: Sequence[Key]) -> list[np.ndarray | None]:
        """The cached vector of each key, or ``None``."""
        if not self.capacity:
            self.misses += len(keys)
            return [None] * len(keys)
        with self._lock:
            found = [self._vectors.get(key) for key in keys]
            for key, vector in zip(keys, found):
                if vector is not None:
                    self._vectors.move_to_end(key)
            hits = sum(vector is not None for vector in found)
            self.hits += hits
            self.misses += len(keys) - hits
        return found

    def store(self, keys: Sequence[Key], vectors: np.ndarray) -> None:
        if not self.capacity:
            return
        with self._lock:
            for key, vector in zip(keys, vectors):
                self._vectors[key] = vector.copy()
                self._vectors.move_to_end(key)
            while len(self._vectors) > self.capacity:
                self._vectors.popitem(last=False)
