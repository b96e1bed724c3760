"""A one-line progress counter on stderr, shown only to people (when stderr is a terminal)."""
from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")


def progress(items: Iterable[T], total: int, label: str = "", min_items: int = 2) -> Iterator[T]:
    """Yield ``items`` while redrawing ``label k/total (rate/s)`` at most ten times a second."""
    stream = sys.stderr
    show = total >= min_items and stream.isatty()
    start = last = time.monotonic()
    done = 0
    for item in items:
        yield item
        done += 1
        now = time.monotonic()
        if show and (now - last > 0.1 or done == total):
            rate = done / max(now - start, 1e-9)
            stream.write(f"\r{label} {done}/{total} ({rate:.1f}/s)")
            stream.flush()
            last = now
    if show:
        stream.write("\n")
