"""onnxruntime selection: a clear error without it, a warning with both CPU and GPU builds, and
no import of it until a session opens."""
from __future__ import annotations

import builtins
import contextlib
import importlib.machinery
import subprocess
import sys

import pytest

from mir_runtime import backend


def test_error_when_onnxruntime_is_missing(monkeypatch) -> None:
    monkeypatch.setattr(backend, "installed_distributions", lambda: [])
    monkeypatch.delitem(sys.modules, "onnxruntime", raising=False)
    real_import = builtins.__import__

    def no_onnxruntime(name, *args, **kwargs):
        if name == "onnxruntime":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_onnxruntime)
    with pytest.raises(backend.BackendError, match=r"mir-runtime\[cpu\]"):
        backend.load_onnxruntime()
    monkeypatch.setattr(backend.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(backend.BackendError, match=r"mir-runtime\[cpu\]"):  # what loading a model checks
        backend.check_onnxruntime()


def test_warning_when_both_builds_are_installed(monkeypatch) -> None:
    pytest.importorskip("onnxruntime")
    monkeypatch.setattr(backend, "installed_distributions", lambda: [backend.CPU_DIST, backend.GPU_DIST])
    with pytest.warns(RuntimeWarning, match="onnxruntime-gpu"):
        backend.check_onnxruntime()


def test_installed_builds_are_read_as_the_package_metadata_reads_them(monkeypatch, tmp_path) -> None:
    from importlib import metadata

    expected = []
    for dist in (backend.CPU_DIST, backend.GPU_DIST):
        with contextlib.suppress(metadata.PackageNotFoundError):
            metadata.version(dist)
            expected.append(dist)
    assert backend.installed_distributions() == expected
    package = tmp_path / "onnxruntime"
    for name in (package, tmp_path / "onnxruntime-1.31.1.dist-info", tmp_path / "onnxruntime_gpu-1.31.1.dist-info"):
        name.mkdir()
    spec = importlib.machinery.ModuleSpec("onnxruntime", None, is_package=True)
    spec.submodule_search_locations = [str(package)]
    monkeypatch.setattr(backend.importlib.util, "find_spec", lambda name: spec)
    assert backend.installed_distributions() == [backend.CPU_DIST, backend.GPU_DIST]


def test_loading_a_model_leaves_onnxruntime_unimported_until_a_session_opens() -> None:
    """A process that loads a model and hands files to workers starts without it (a third of a second)."""
    pytest.importorskip("onnxruntime")
    code = ("import sys; from mir_runtime import Model; m = Model.load(); assert 'onnxruntime' not in sys.modules; "
            "m.embed_ir('define void @f() {\\n  ret void\\n}\\n'); assert 'onnxruntime' in sys.modules")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_graph_encoder_reuses_its_memory_but_plans_none_per_shape() -> None:
    """Every graph has its own shapes: a memory pattern per shape would pile up, and without the
    arena every big intermediate would be mapped afresh on every call (``mir_runtime.backend``)."""
    pytest.importorskip("onnxruntime")
    from mir_runtime.model import Model

    statements, graphs = Model.load().backend.encoder_options
    assert graphs.enable_cpu_mem_arena and not graphs.enable_mem_pattern
    assert statements.enable_cpu_mem_arena and statements.enable_mem_pattern  # statement shapes recur
