"""Progress on stderr: shown to people at a terminal, never written into redirected output."""
from __future__ import annotations

import io
import sys

from mir_runtime.progress import progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_counts_at_a_terminal_and_is_silent_otherwise(monkeypatch) -> None:
    monkeypatch.setattr(sys, "stderr", Terminal())
    assert list(progress(range(3), 3, "embed")) == [0, 1, 2]
    assert "embed 3/3" in sys.stderr.getvalue() and sys.stderr.getvalue().endswith("\n")
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert list(progress(range(3), 3, "embed")) == [0, 1, 2]
    assert sys.stderr.getvalue() == ""
