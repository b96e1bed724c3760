"""Your own tuning task on the frozen embedding: read a labelled table, fit heads by nested
selection beside the baselines, and save them as a task pack the runtime serves. Needs the
``[tasks]`` extra (scikit-learn, LightGBM, skl2onnx, onnxmltools), never torch. The names below
are imported on first use, so that ``mir-export --help`` works in an install without the extra."""
from __future__ import annotations

import importlib

_HOMES = {"FittedTask": "fitting", "fit_task": "fitting", "TableError": "table", "TaskTable": "table",
          "read_table": "table"}
__all__ = sorted(_HOMES)


def __getattr__(name: str):
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
