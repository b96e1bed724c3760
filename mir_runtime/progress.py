"""Progress on stderr: at a terminal, one bar redrawn in place; in a log (stderr redirected), plain
whole lines, never a carriage return: ``progress`` writes a line a minute, so a long run's log shows
how far it got while a short one stays silent, and ``status`` a line per call."""
from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")
LOG_SECONDS = 60.0  # between lines when stderr is not a terminal
BAR = 24  # characters of the bar


def bar(done: int, total: int, width: int = BAR) -> str:
    """``[#########.........]``: ``done`` of ``total`` as a bar of ``width`` characters."""
    full = width if total <= 0 else min(width, done * width // total)
    return "[" + "#" * full + "." * (width - full) + "]"


def progress(items: Iterable[T], total: int, label: str = "", min_items: int = 2) -> Iterator[T]:
    """Yield ``items`` while showing ``label [bar] k/total (rate/s)``: redrawn at most ten times a
    second at a terminal, else written as a plain line every ``LOG_SECONDS`` (and at the end, after any)."""
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
            stream.write(f"\r{label} {bar(done, total)} {done}/{total} ({rate:.1f}/s)\x1b[K" if terminal else
                         f"{label} {done}/{total} ({rate:.1f}/s)\n")
            stream.flush()
            last = now
            written = True
    if show and terminal and written:
        stream.write("\n")


def status(text: str, end: bool = False) -> None:
    """One status line on stderr: redrawn in place at a terminal (``end``: the last, which stays),
    a whole line of its own in a log."""
    stream = sys.stderr
    if stream.isatty():
        stream.write(f"\r{text}\x1b[K" + ("\n" if end else ""))
    else:
        stream.write(text + "\n")
    stream.flush()
