"""The project speaks about itself as it is now: no tracked text file names a numbered work period
or tracker entry (a work session, an issue, a stop and its number). History is git's."""
from __future__ import annotations

import re
import subprocess

import pytest

from paths import REPO

# A word of work organisation followed by its number (the examples below; this file itself is not scanned).
ORGANISATION = re.compile(r"\b(?:sessions?|issues?|stops?|sprints?|tickets?|milestones?)\s+#?\d+", re.I)
SELF = "tests/test_words.py"
TEXT = {".md", ".py", ".toml", ".sh", ".txt", ".cfg", ".ini", ".yml", ".yaml", ".json", ".jsonl", ".c", ".cpp", ".ll"}


def text_files() -> list[str]:
    """Tracked files and new ones git does not ignore, whose suffix marks them as text (and scripts)."""
    try:
        listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                                capture_output=True, text=True, check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return sorted(name for name in set(listed) if (REPO / name).is_file() and name != SELF
                  and ((REPO / name).suffix in TEXT or name.startswith(("scripts/", ".ci/"))))


def test_no_numbered_work_periods_or_issues() -> None:
    found = []
    for name in text_files():
        text = (REPO / name).read_text(errors="replace")
        for match in ORGANISATION.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{name}:{line}: {match.group(0)!r}")
    assert not found, "say what is true now instead:\n" + "\n".join(found[:50])


@pytest.mark.parametrize("phrase", ["session 47", "Issue 16's", "(issue 17 item 2)", "stop 12", "Sessions 12 to 14"])
def test_the_pattern_catches(phrase: str) -> None:
    assert ORGANISATION.search(phrase)


@pytest.mark.parametrize("phrase", ["the session's scratch", "3 interleaved rounds", "issues a warning",
                                    "microsoft/onnxruntime#18048"])
def test_the_pattern_spares(phrase: str) -> None:
    assert not ORGANISATION.search(phrase)
