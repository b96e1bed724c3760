"""Shared fixtures: the evaluation data sets, ProGraML's reference binary and the test programs
it reads, and a summary of what parity compared."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import clang
import reference
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


@pytest.fixture(scope="session")
def llvm2graph() -> None:
    if not reference.available():
        if os.environ.get("CI"):
            pytest.fail("llvm2graph-10 missing: run scripts/fetch-llvm2graph.sh")
        pytest.skip("llvm2graph-10 missing: run scripts/fetch-llvm2graph.sh")


@pytest.fixture(scope="session")
def compiled_programs(tmp_path_factory) -> dict[str, Path]:
    """The test programs as clang-13/14 emit them (typed pointers, which LLVM 10 can read)."""
    compiler = clang.shared_compiler(tmp_path_factory)
    keys = [
        (program, version, opt)
        for program in clang.PROGRAMS
        for version in (13, 14)
        if clang.clang_path(version) is not None
        for opt in clang.OPT_LEVELS + clang.DEBUG_LEVELS
    ]
    compiler.prefetch(keys)
    return {f"{p}/clang-{v}/{o}": compiler.get(p, v, o) for p, v, o in keys}


def pytest_terminal_summary(terminalreporter) -> None:
    for line in SUMMARY:
        terminalreporter.write_line(line)
