"""Compile one kernel variant and time one run of it.

Both steps have a time-out (one kernel at VF64/IF16 took 34 s to compile; a bad pair can make a
run slow), kill the whole process group on expiry (clang's driver forks the linker), and report
what went wrong as a status rather than an exception: a sweep of thousands of kernels records
failures and goes on."""
from __future__ import annotations

import os
import signal
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

OK = "ok"
PARSE_ERROR = "parse error"
NO_LOOP = "no loop"
COMPILE_ERROR = "compile error"
COMPILE_TIMEOUT = "compile timeout"
RUN_ERROR = "run error"
RUN_TIMEOUT = "run timeout"
STATUSES = (OK, PARSE_ERROR, NO_LOOP, COMPILE_ERROR, COMPILE_TIMEOUT, RUN_ERROR, RUN_TIMEOUT)

FLAGS = ("-O3", "-march=native")
# The model's input (``ir``): the IR that the loop vectorizer is handed, before it runs. -O1 gives
# the O3 pipeline's simplification passes before vectorization (SROA, loop rotation, LICM,
# induction-variable simplification, instcombine); the -fno-* flags keep loops as written (no
# vectorization, no SLP, no unrolling, which -O1 would do to small loops); no -march: the IR stays
# the same on every machine (the head is per machine, its input is not).
IR_FLAGS = ("-O1", "-fno-vectorize", "-fno-slp-vectorize", "-fno-unroll-loops", "-g0", "-emit-llvm", "-S")


@dataclass(frozen=True)
class Outcome:
    """A step's status, the milliseconds a run printed and its user and system CPU times (None
    unless ok) and, on failure, the tail of its output for the log."""

    status: str
    ms: int | None = None
    detail: str = ""
    user_ms: float | None = None
    sys_ms: float | None = None


def _run(cmd: list[str], timeout: float) -> tuple[int | None, str, str]:
    """(return code or None on time-out, stdout, stderr) of ``cmd`` in its own process group."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return None, out, err
    return proc.returncode, out, err


def _compile(cmd: list[str], timeout: float) -> Outcome:
    code, _, err = _run(cmd, timeout)
    if code is None:
        return Outcome(COMPILE_TIMEOUT)
    return Outcome(OK) if code == 0 else Outcome(COMPILE_ERROR, detail=err[-2000:])


def compile_header(clang: str, kernels: Path, out: Path, timeout: float) -> Outcome:
    """``header.c`` (memory initialisation and digest, no loops of the task) once per sweep."""
    return _compile([clang, *FLAGS, "-c", str(kernels / "header.c"), "-o", str(out)], timeout)


def compile_kernel(clang: str, source: Path, header_obj: Path, include: Path, binary: Path,
                   timeout: float) -> Outcome:
    """``clang -O3 -march=native`` of one (possibly pragma-annotated) kernel, linked with the header."""
    return _compile([clang, *FLAGS, f"-I{include}", str(source), str(header_obj), "-o", str(binary)], timeout)


def compile_ir(clang: str, source: Path, include: Path, out: Path, timeout: float) -> Outcome:
    """The model's input: the kernel's IR before loop vectorization (``IR_FLAGS``), as text."""
    return _compile([clang, *IR_FLAGS, f"-I{include}", str(source), "-o", str(out)], timeout)


def run_binary(binary: Path, timeout: float, cpu: int | None) -> Outcome:
    """One run pinned to ``cpu``: the milliseconds the kernel prints (wall clock of its timed loop)
    and the process's user and system CPU times (from ``wait4``).

    On a shared core the printed time also counts the time slices other processes took; CPU time
    does not (it still sees their cache and memory traffic). User time adds the set-up and the one
    warm-up call to the timed loop, a small share except where ITER is small; system time is mostly
    page faults on first touch of the arrays (up to 256 MB), the same for every variant.
    """
    preexec = (lambda: os.sched_setaffinity(0, {cpu})) if cpu is not None else None
    proc = subprocess.Popen([str(binary)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=preexec)
    fired = threading.Event()

    def expire() -> None:
        fired.set()
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    timer = threading.Timer(timeout, expire)
    timer.start()
    try:
        _, wait_status, usage = os.wait4(proc.pid, 0)  # the kernels print a few bytes: no pipe fills
    finally:
        timer.cancel()
    proc.returncode = code = os.waitstatus_to_exitcode(wait_status)
    out, err = proc.stdout.read().decode(errors="replace"), proc.stderr.read().decode(errors="replace")
    proc.stdout.close()
    proc.stderr.close()
    if fired.is_set():
        return Outcome(RUN_TIMEOUT)
    text = out.strip()
    if code != 0 or not text.isdigit():
        return Outcome(RUN_ERROR, detail=f"exit {code}, stdout {text[:200]!r}, stderr {err[-500:]!r}")
    return Outcome(OK, int(text), user_ms=round(usage.ru_utime * 1000, 1), sys_ms=round(usage.ru_stime * 1000, 1))
