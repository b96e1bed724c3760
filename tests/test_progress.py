"""Progress on stderr: a bar redrawn at a terminal; in a log, whole lines (a line a minute, nothing for short runs)."""
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
    assert f"embed {module.bar(3, 3)} 3/3" in sys.stderr.getvalue() and sys.stderr.getvalue().endswith("\n")
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert list(progress(range(3), 3, "embed")) == [0, 1, 2]
    assert sys.stderr.getvalue() == ""


def test_a_long_run_writes_whole_lines_into_a_log(monkeypatch) -> None:
    monkeypatch.setattr(module, "LOG_SECONDS", 0.0)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert list(progress(range(3), 3, "embed")) == [0, 1, 2]
    assert sys.stderr.getvalue().splitlines()[-1].startswith("embed 3/3 (") and "\r" not in sys.stderr.getvalue()


def test_a_terminal_gets_a_bar(monkeypatch) -> None:
    monkeypatch.setattr(sys, "stderr", Terminal())
    list(progress(range(4), 4, "embed"))
    assert f"embed {module.bar(4, 4)} 4/4" in sys.stderr.getvalue() and module.bar(2, 4).count("#") == module.BAR // 2


def test_status_lines_are_whole_lines_in_a_log_and_redrawn_at_a_terminal(monkeypatch) -> None:
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    module.status("fold 1 of 2")
    module.status("fold 2 of 2", end=True)
    assert sys.stderr.getvalue() == "fold 1 of 2\nfold 2 of 2\n"
    monkeypatch.setattr(sys, "stderr", Terminal())
    module.status("fold 1 of 2")
    module.status("fold 2 of 2", end=True)
    assert sys.stderr.getvalue().startswith("\rfold 1 of 2") and sys.stderr.getvalue().endswith("fold 2 of 2\x1b[K\n")


def test_no_carriage_return_reaches_a_log_from_any_writer() -> None:
    """Whatever prints progress goes through ``progress``/``status``: no module writes a bare '\\r' itself."""
    from paths import REPO

    offenders = [str(p.relative_to(REPO)) for top in ("mir_runtime", "mir_export") for p in (REPO / top).rglob("*.py")
                 if p.name != "progress.py" and 'print(f"\\r' in p.read_text()]
    assert offenders == []
