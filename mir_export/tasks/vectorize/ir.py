"""The model's input: one ``.ll`` per kernel, the IR a tuner holds before loop vectorization.

``build.IR_FLAGS`` says which IR and why. Files go to a folder of their own (outside the
repository), named after the kernel (``s1_1024_add_0.c`` -> ``s1_1024_add_0.ll``); a kernel
whose file is there is skipped, so a stopped run resumes; a file appears only once whole (written
under a temporary name, then renamed). A kernel that does not compile is reported as one line,
clang's first error (``file:line:col: error: ...``), and the others go on.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from mir_export.tasks.vectorize import build
from mir_runtime.progress import progress


def ir_path(out: Path, kernel: str) -> Path:
    return out / f"{Path(kernel).stem}.ll"


def first_error(source: Path, outcome: build.Outcome) -> str:
    """One located line for a failed compile: clang's first ``error:`` line, else the status."""
    lines = [line.strip() for line in outcome.detail.splitlines()]
    errors = [line for line in lines if "error:" in line]
    return errors[0] if errors else f"{source}: {outcome.status}"


def generate_ir(kernels: Path, names: list[str], out: Path, clang: str = "clang-19",
                timeout: float = 60.0) -> dict:
    """Write the IR of every kernel in ``names`` that has none in ``out`` yet; return counts and
    ``{kernel: error line}`` of those that failed."""
    out.mkdir(parents=True, exist_ok=True)
    todo = [n for n in names if not ir_path(out, n).exists()]
    failed: dict[str, str] = {}
    for name in progress(todo, len(todo), "ir"):
        final = ir_path(out, name)
        partial = final.with_name(f".{final.name}.{os.getpid()}.tmp")
        outcome = build.compile_ir(clang, kernels / name, kernels, partial, timeout)
        if outcome.status == build.OK:
            partial.replace(final)
            continue
        partial.unlink(missing_ok=True)
        failed[name] = first_error(kernels / name, outcome)
        print(failed[name], file=sys.stderr)
    return {"kernels": len(names), "skipped": len(names) - len(todo), "written": len(todo) - len(failed),
            "failed": failed}
