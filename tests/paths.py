"""Where things are for tests and benchmarks: the repository and the evaluation data sets."""
from __future__ import annotations

import json
import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATASETS = Path(os.environ.get("MIR_DATASETS", REPO.parent / "shared" / "datasets"))
SHIPPED = REPO / "artifacts"  # the default model
SUMMARY: list[str] = []  # lines for the end-of-run report (e.g. how many graphs were compared)


def dataset_ir_files() -> list[Path]:
    """Every ``.ll`` of the evaluation data sets, read in place (never copied)."""
    return sorted(DATASETS.glob("*/kernels_ir/*.ll"))


def shipped_embedding_size() -> int:
    """The shipped model's embedding length (its layout's, at its width)."""
    return json.loads((SHIPPED / "manifest.json").read_text())["embedding_size"]
