"""Progress on stderr: redrawn at a terminal; in a log, a line a minute, nothing for short runs."""
from __future__ import annotations

import io
import sys

from mir_runtime import progress as module
from mir_runtime.progress import progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_counts_at_a_terminal_and_is_silent_in_a_log_for_short_runs(monkeypatch) -> None:
    monkeypatch.setattr(sys, "stderr", Terminal())
    assert list(progress(range(3), 3, "embed")) == [0, 1, 2]
    assert "embed 3/3" in sys.stderr.getvalue() and sys.stderr.getvalue().endswith("\n")
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert list(progress(range(3), 3, "embed")) == [0, 1, 2]
    assert sys.stderr.getvalue() == ""


def test_a_long_run_writes_whole_lines_into_a_log(monkeypatch) -> None:
    monkeypatch.setattr(module, "LOG_SECONDS", 0.0)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert list(progress(range(3), 3, "embed")) == [0, 1, 2]
    assert sys.stderr.getvalue().splitlines()[-1].startswith("embed 3/3 (") and "\r" not in sys.stderr.getvalue()
