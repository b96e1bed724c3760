"""Shared fixtures: the evaluation data sets, and a summary of what parity compared."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from paths import DATASETS, SUMMARY


@pytest.fixture(scope="session")
def model_dir(tmp_path_factory):
    """(torch model, tokenizer, directory) of a tiny exported model with a toy task head. Where
    only the runtime is installed, ``$MIR_TEST_MODEL`` names one that the training side exported
    (``tests/runtime_only.py``), and the torch model is None."""
    pytest.importorskip("onnxruntime")
    given = os.environ.get("MIR_TEST_MODEL")
    if given:
        from tokenizers import Tokenizer

        return None, Tokenizer.from_file(str(Path(given) / "tokenizer.json")), Path(given)
    pytest.importorskip("torch")
    from models import tiny_model

    return tiny_model(tmp_path_factory.mktemp("model"))


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
