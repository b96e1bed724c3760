"""A progress counter on stderr: one redrawn line at a terminal; in a log (stderr redirected), a
line a minute, so a long run's log shows how far it got while a short one stays silent."""
from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")
LOG_SECONDS = 60.0  # between lines when stderr is not a terminal


def progress(items: Iterable[T], total: int, label: str = "", min_items: int = 2) -> Iterator[T]:
    """Yield ``items`` while showing ``label k/total (rate/s)``: redrawn at most ten times a second
    at a terminal, else written as a line every ``LOG_SECONDS`` (and at the end, after any)."""
    stream = sys.stderr
    terminal = stream.isatty()
    show = total >= min_items
    interval = 0.1 if terminal else LOG_SECONDS
    start = last = time.monotonic()
    done = 0
    written = False
    for item in items:
        yield item
        done += 1
        now = time.monotonic()
        if show and (now - last >= interval or (done == total and (terminal or written))):
            rate = done / max(now - start, 1e-9)
            stream.write(f"\r{label} {done}/{total} ({rate:.1f}/s)" if terminal else
                         f"{label} {done}/{total} ({rate:.1f}/s)\n")
            stream.flush()
            last = now
            written = True
    if show and terminal:
        stream.write("\n")
