"""What every user meets first, end to end: ``--version``, ``mir-export --help`` in an install
without the training extras, a command naming the extra it needs, and ``--device cuda`` where
CUDA cannot run: one line of ours, and ``info`` saying where the model actually runs."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from paths import REPO

MISSING = ("torch", "torch_geometric", "sklearn", "scipy", "lightgbm", "skl2onnx", "onnxmltools", "onnx", "onnxscript",
           "clang", "ir2vec")
KERNEL = REPO / "tests" / "programs"


def run(module: str, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True, timeout=300,
                          env={**os.environ, **(env or {})})


@pytest.fixture()
def runtime_only(tmp_path: Path) -> dict:
    """An environment where the training side's dependencies cannot be imported."""
    for name in MISSING:
        (tmp_path / f"{name}.py").write_text(f"raise ModuleNotFoundError(\"No module named '{name}'\", name='{name}')\n")
    return {"PYTHONPATH": os.pathsep.join([str(tmp_path), str(REPO), os.environ.get("PYTHONPATH", "")])}


@pytest.mark.parametrize(("module", "prog"), [("mir_runtime.cli", "mir-runtime"), ("mir_export.cli", "mir-export")])
def test_version_answers(module: str, prog: str) -> None:
    from mir_runtime.usage import release

    done = run(module, "--version")
    assert done.returncode == 0 and done.stdout == f"{prog} {release()}\n", done.stderr


def test_mir_export_help_lists_its_commands_without_the_extras(runtime_only) -> None:
    done = run("mir_export.cli", "--help", env=runtime_only)
    assert done.returncode == 0, done.stderr
    assert all(f"  {command} " in done.stdout for command in ("corpus", "pretrain", "export", "task", "downstream"))


def test_each_command_names_the_extra_it_needs(runtime_only, tmp_path) -> None:
    table = tmp_path / "t.csv"
    table.write_text("file,device\na.ll,GPU\n")
    fit = run("mir_export.cli", "task", "fit", str(table), "--name", "x", "--kind", "classification", "--target",
              "device", "--out", str(tmp_path / "pack"), env=runtime_only)
    assert fit.returncode == 2 and fit.stderr.count("\n") == 1 and "[tasks]" in fit.stderr and "[train]" not in fit.stderr
    train = run("mir_export.cli", "pretrain", "train", "--data", str(tmp_path), "--out", str(tmp_path / "r"),
                env=runtime_only)
    assert train.returncode == 2 and train.stderr.count("\n") == 1 and "[train]" in train.stderr, train.stderr


def _cuda_runs() -> bool:
    try:
        import onnxruntime
    except ImportError:
        return False
    return "CUDAExecutionProvider" in onnxruntime.get_available_providers()


@pytest.mark.skipif(_cuda_runs(), reason="onnxruntime here can load CUDA")
def test_device_cuda_without_cuda_is_one_line_of_ours_and_info_says_cpu(tmp_path) -> None:
    pytest.importorskip("onnxruntime")
    kernel = tmp_path / "k.ll"
    kernel.write_text("define i32 @f(i32 %a) {\n  %x = add i32 %a, 1\n  ret i32 %x\n}\n")
    done = run("mir_runtime.cli", "embed", str(kernel), "--device", "cuda")
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 1
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("mir-runtime: --device cuda: "), done.stderr
    assert "running on CPU at fp32" in done.stderr  # the precision it runs at, said
    info = run("mir_runtime.cli", "info", "--device", "cuda")
    assert info.returncode == 0, info.stderr
    found = json.loads(info.stdout)
    assert (found["device"], found["requested_device"], found["precision"]) == ("cpu", "cuda", "fp32")
    assert found["providers"] == ["CPUExecutionProvider"]
