"""Where things are for tests and benchmarks: the repository and the evaluation data sets."""
from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATASETS = Path(os.environ.get("MIR_DATASETS", REPO.parent / "shared" / "datasets"))
SUMMARY: list[str] = []  # lines for the end-of-run report (e.g. how many graphs were compared)


def dataset_ir_files() -> list[Path]:
    """Every ``.ll`` of the evaluation data sets, read in place (never copied)."""
    return sorted(DATASETS.glob("*/kernels_ir/*.ll"))
