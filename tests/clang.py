"""Compiling the test programs in tests/programs/ to LLVM IR with the Debian clangs, once per session.

Shared by test_versions.py and test_fuzz.py. Every compile is keyed by (program, clang version,
optimisation level, output kind) and happens at most once per pytest session, in a small thread
pool; the outputs live under a pytest temporary directory.
"""
from __future__ import annotations

import errno
import os
import shutil
import subprocess
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

PROGRAMS_DIR = Path(__file__).resolve().parent / "programs"
PROGRAMS = sorted(p.name for p in PROGRAMS_DIR.iterdir() if p.suffix in (".c", ".cpp"))
VERSIONS = (13, 14, 15, 16, 19)
OPT_LEVELS = ("O0", "O2")
DEBUG_LEVELS = ("O0-g", "O2-g")  # with debug info: DILocations, dbg.declare/dbg.value, !dbg everywhere
REQUIRED_IN_CI = (14, 19)  # with $CI set, these must be installed: missing ones fail, not skip
OPENMP_PROGRAMS = frozenset({"parallel.c"})


class CompileError(RuntimeError):
    pass


def in_ci() -> bool:
    return bool(os.environ.get("CI"))


def clang_path(version: int, cplusplus: bool = False) -> str | None:
    """The installed ``clang-N`` (``clang++-N`` for C++, falling back to ``clang-N -x c++``)."""
    if cplusplus:
        found = shutil.which(f"clang++-{version}")
        if found:
            return found
    return shutil.which(f"clang-{version}")


def missing_reason(version: int) -> str | None:
    """Why ``clang-N`` cannot be used (None when it can); raise-worthy in CI for required ones."""
    if clang_path(version) is None:
        return f"clang-{version} is not installed"
    return None


def command(program: str, version: int, opt: str, output: Path, bitcode: bool = False) -> list[str]:
    """The clang command line; ``opt`` is ``O0``/``O2``..., with ``-g`` appended for debug info."""
    source = PROGRAMS_DIR / program
    cplusplus = source.suffix == ".cpp"
    tool = clang_path(version, cplusplus)
    if tool is None:
        raise CompileError(f"clang-{version} is not installed")
    cmd = [tool]
    if cplusplus and not os.path.basename(tool).startswith("clang++"):
        cmd += ["-x", "c++"]
    if program in OPENMP_PROGRAMS:
        cmd.append("-fopenmp")
    level, _, debug = opt.partition("-")
    cmd.append(f"-{level}")
    if debug == "g":
        cmd.append("-g")
    elif debug:
        raise ValueError(f"unknown level {opt!r}")
    cmd += ["-c" if bitcode else "-S", "-emit-llvm", "-o", str(output), str(source)]
    return cmd


def _run(cmd: list[str], attempts: int = 3) -> subprocess.CompletedProcess:
    """Runs ``cmd``, spawning it again when the spawn itself fails.

    A busy CI host has failed an exec of an installed clang with EFAULT (a page of the argument
    block not faulted in under memory pressure); that is the host's, not the program's, failure.
    """
    for attempt in range(attempts - 1):
        try:
            return subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        except OSError as error:
            if error.errno not in (errno.EFAULT, errno.EAGAIN, errno.ENOMEM):
                raise
            time.sleep(1 + attempt)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


class Compiler:
    """Compiles on demand, caching each output; ``prefetch`` starts compiles in the background."""

    def __init__(self, out_dir: Path, workers: int = 3) -> None:
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="clang")
        self._futures: dict[tuple, Future] = {}
        self._lock = threading.Lock()

    def _compile(self, program: str, version: int, opt: str, bitcode: bool) -> Path:
        stem = Path(program).stem + ("-cpp" if program.endswith(".cpp") else "")
        output = self.out_dir / f"{stem}-clang{version}-{opt}.{'bc' if bitcode else 'll'}"
        cmd = command(program, version, opt, output, bitcode)
        done = _run(cmd)
        if done.returncode != 0:
            raise CompileError(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stderr[-4000:]}")
        return output

    def submit(self, program: str, version: int, opt: str, bitcode: bool = False) -> Future:
        key = (program, version, opt, bitcode)
        with self._lock:
            future = self._futures.get(key)
            if future is None:
                future = self._pool.submit(self._compile, program, version, opt, bitcode)
                self._futures[key] = future
        return future

    def prefetch(self, keys) -> None:
        for key in keys:
            if clang_path(key[1]) is not None:
                self.submit(*key)

    def get(self, program: str, version: int, opt: str, bitcode: bool = False) -> Path:
        return self.submit(program, version, opt, bitcode).result()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


_shared: Compiler | None = None
_shared_lock = threading.Lock()


def shared_compiler(tmp_path_factory) -> Compiler:
    """One compiler (and output cache) per session, however many test modules ask for it."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = Compiler(tmp_path_factory.mktemp("clang-ir"), workers=max(2, min(4, os.cpu_count() or 2)))
        return _shared
