"""Shared fixtures: the evaluation data sets, and a summary of what parity compared."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from paths import DATASETS, SUMMARY


@pytest.fixture(scope="session")
def datasets() -> Path:
    if not DATASETS.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"evaluation data sets not found at {DATASETS}")
        pytest.skip(f"evaluation data sets not found at {DATASETS}")
    return DATASETS


def pytest_terminal_summary(terminalreporter) -> None:
    for line in SUMMARY:
        terminalreporter.write_line(line)
