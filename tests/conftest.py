"""Shared fixtures: where the evaluation data sets are, and a summary of what parity compared."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DATASETS = Path(os.environ.get("MIR_DATASETS", REPO.parent / "shared" / "datasets"))
SUMMARY: list[str] = []  # lines for the end-of-run report (e.g. how many graphs were compared)


def dataset_ir_files() -> list[Path]:
    """Every ``.ll`` of the evaluation data sets, read in place (never copied)."""
    return sorted(DATASETS.glob("*/kernels_ir/*.ll"))


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
