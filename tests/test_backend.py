"""onnxruntime selection: a clear error without it, a warning with both CPU and GPU builds."""
from __future__ import annotations

import builtins
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


def test_warning_when_both_builds_are_installed(monkeypatch) -> None:
    pytest.importorskip("onnxruntime")
    monkeypatch.setattr(backend, "installed_distributions", lambda: [backend.CPU_DIST, backend.GPU_DIST])
    with pytest.warns(RuntimeWarning, match="onnxruntime-gpu"):
        backend.load_onnxruntime()
