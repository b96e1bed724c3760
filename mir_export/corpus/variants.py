"""Compile variants of one translation unit: the same source by other clangs at other levels.

A contrastive objective and the retrieval proxy need the same function compiled several ways.
The unit is compiled again from its own build tree with the flags the wrapper recorded
(``commands.jsonl``), only the compiler and the optimization level changed, so each variant is
what that compiler would have made of the package's own build. OpenCL kernels are compiled as the
corpus does (``build.OPENCL_FLAGS`` and hashcat's defines, as recorded), then cut to the kernels
and their callees with ``llvm-extract``; unlike the corpus's -O2 (front end, cut, internalize,
``opt -O2``) the cut comes after clang's own pipeline, since clang-13 has no ``opt`` beside it.
"""
from __future__ import annotations

import functools
import glob
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from mir_export.corpus.manifest import named_function_hashes
from mir_export.corpus.wrapper import IR_TIMEOUT_S, ir_command

COMPILERS = ("clang-13", "clang-19")
LEVELS = ("O0", "O1", "O2", "O3", "Os")
OPENCL_KERNELS = "^m[0-9]{5}"  # hashcat's kernel names, as build.opencl_kernel_ir cuts them


@dataclass(frozen=True)
class Unit:
    """One recorded translation unit: ``unit`` is its path below ``ir/<package>`` without the level."""

    package: str
    unit: str
    kind: str  # "cc", "c++" or "opencl"
    cwd: str
    source: str
    flags: tuple[str, ...]


def variant_name(compiler: str, level: str) -> str:
    return f"{compiler}-{level}"


def version_of(compiler: str) -> int:
    """The major version in ``clang-13``."""
    return int(compiler.rsplit("-", 1)[1])


def driver(compiler: str, kind: str) -> str:
    """``clang++-N`` for C++ units (``clang-N`` when there is none), else ``clang-N``."""
    if kind == "c++":
        cxx = compiler.replace("clang-", "clang++-")
        if shutil.which(cxx):
            return cxx
    return compiler


def llvm_tool(name: str, version: int) -> str | None:
    """``name`` of LLVM ``version``, else of the oldest newer one installed (newer LLVM reads older
    IR); ``name-N`` on PATH or Debian's ``/usr/lib/llvm-N/bin/name``."""
    for v in range(version, 41):
        for tool in (shutil.which(f"{name}-{v}"), f"/usr/lib/llvm-{v}/bin/{name}"):
            if tool and os.access(tool, os.X_OK):
                return tool
    return None


@functools.cache
def openmp_include(compiler: str) -> tuple[str, ...]:
    """``-isystem DIR`` of another LLVM's ``omp.h`` when ``compiler`` has none of its own: Debian's
    libomp-N-dev packages exclude each other, so one LLVM at most has it, and the header only
    declares the OpenMP runtime's API (clang lowers the pragmas itself)."""
    try:
        own = subprocess.run([compiler, "-print-resource-dir"], capture_output=True, text=True,
                             timeout=30).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return ()
    if own and Path(own, "include", "omp.h").exists():
        return ()
    found = sorted(glob.glob("/usr/lib/llvm-*/lib/clang/*/include/omp.h"))
    if not found:
        return ()
    alone = Path(tempfile.gettempdir(), f"mir-omp-{os.getuid()}")  # not that LLVM's other headers: they clash
    alone.mkdir(exist_ok=True)
    if not (alone / "omp.h").exists():  # whole or not at all: units compile side by side
        shutil.copyfile(found[-1], alone / f"omp.h.{os.getpid()}.tmp")
        os.replace(alone / f"omp.h.{os.getpid()}.tmp", alone / "omp.h")
    return ("-isystem", str(alone))


def _run(cmd: list[str], cwd: str) -> str | None:
    """None when ``cmd`` succeeds, else one line saying why."""
    try:
        done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=IR_TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"{cmd[0]}: {exc}"
    if done.returncode == 0:
        return None
    lines = [line for line in done.stderr.splitlines() if "error" in line] or done.stderr.splitlines()[-1:]
    return f"{cmd[0]} exit {done.returncode}: {lines[0][:300] if lines else ''}"


def compile_variant(unit: Unit, compiler: str, level: str, dest: Path) -> str | None:
    """Write ``dest`` (textual IR of ``unit`` by ``compiler`` at ``level``); None, or the error."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + f".{os.getpid()}.tmp")
    try:
        if unit.kind == "opencl":
            extract = llvm_tool("llvm-extract", version_of(compiler))
            if extract is None:
                return f"no llvm-extract of LLVM >= {version_of(compiler)} installed"
            bc = f"{tmp}.bc"
            error = (_run([compiler, *unit.flags, f"-{level}", "-emit-llvm", "-c", unit.source, "-o", bc], unit.cwd)
                     or _run([extract, "--recursive", "--rfunc", OPENCL_KERNELS, "-S", bc, "-o", str(tmp)], unit.cwd))
        else:
            openmp = openmp_include(compiler) if any(f.startswith("-fopenmp") for f in unit.flags) else ()
            error = _run(ir_command(driver(compiler, unit.kind), [*unit.flags, *openmp], level, unit.source, str(tmp)),
                         unit.cwd)
        if error is None:
            os.replace(tmp, dest)
        return error
    finally:
        for leftover in (tmp, Path(f"{tmp}.bc")):
            leftover.unlink(missing_ok=True)


def unit_functions(paths: dict[str, Path]) -> tuple[dict[str, dict[str, list]], dict[str, str]]:
    """Group the defined functions of one unit's variant files by name:
    ``{name: {variant: [statement hash, statement count]}}``, and ``{variant: reader error}``."""
    functions: dict[str, dict[str, list]] = {}
    errors: dict[str, str] = {}
    for variant, path in paths.items():
        try:
            found = named_function_hashes(path.read_text(errors="replace"), str(path))
        except Exception as exc:  # noqa: BLE001 - IRParseError, RecursionError: the variant is left out
            errors[variant] = str(exc).splitlines()[0][:300]
            continue
        for name, key, count in found:
            functions.setdefault(name, {})[variant] = [key, count]
    return functions, errors


def compile_unit(unit: Unit, ir_dir: Path, compilers: tuple[str, ...] = COMPILERS,
                 levels: tuple[str, ...] = LEVELS) -> dict:
    """Every variant of ``unit`` under ``ir_dir/<package>/<unit>.<compiler>-<level>.ll``, and its
    functions grouped by name; a variant that fails is recorded with its error, never raised."""
    paths: dict[str, Path] = {}
    errors: dict[str, str] = {}
    for compiler in compilers:
        for level in levels:
            variant = variant_name(compiler, level)
            dest = ir_dir / unit.package / f"{unit.unit}.{variant}.ll"
            error = compile_variant(unit, compiler, level, dest)
            if error:
                errors[variant] = error
            else:
                paths[variant] = dest
    functions, read_errors = unit_functions(paths)
    errors.update(read_errors)
    return {"variants": {v: str(p.relative_to(ir_dir)) for v, p in paths.items() if v not in read_errors},
            "errors": errors, "functions": functions}
