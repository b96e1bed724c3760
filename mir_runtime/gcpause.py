"""``paused_gc``: CPython's cyclic garbage collector paused while a module is read and turned into
model inputs or code counts (why: ``mir_runtime.featurizer``'s docstring). Alone in a module so
that a reader of code counts need not import the featurizer's graph builder."""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """The cyclic collector paused in this block; re-enabled after it only if it was running, so
    nested and concurrent blocks, and a caller that disabled it, keep their state."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()
