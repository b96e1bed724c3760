"""Which onnxruntime is installed: exactly one of ``onnxruntime`` / ``onnxruntime-gpu`` should be."""
from __future__ import annotations

import warnings
from importlib import metadata

CPU_DIST, GPU_DIST = "onnxruntime", "onnxruntime-gpu"


class BackendError(RuntimeError):
    """No usable onnxruntime."""


def installed_distributions() -> list[str]:
    found = []
    for dist in (CPU_DIST, GPU_DIST):
        try:
            metadata.version(dist)
            found.append(dist)
        except metadata.PackageNotFoundError:
            pass
    return found


def load_onnxruntime():
    """The ``onnxruntime`` module; a clear error if absent, a warning if both builds are present."""
    found = installed_distributions()
    if len(found) > 1:
        warnings.warn(
            "both onnxruntime and onnxruntime-gpu are installed; they overwrite each other's files. "
            "Keep one: pip uninstall onnxruntime (for GPU) or onnxruntime-gpu (for CPU).",
            RuntimeWarning,
            stacklevel=2,
        )
    try:
        import onnxruntime
    except ImportError:
        raise BackendError(
            "mir-runtime needs onnxruntime to run models: pip install 'mir-runtime[cpu]' "
            "(or 'mir-runtime[gpu]' for CUDA)"
        ) from None
    return onnxruntime
