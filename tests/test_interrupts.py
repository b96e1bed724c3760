"""``mir-runtime embed --workers N`` stopped early, end to end: Ctrl-C, SIGTERM or the parent killed
outright leave no worker or resource-tracker process and no partial file, and a run that fails
leaves an earlier output of any format as it was (``mir_runtime.parallel``, ``mir_runtime.outputs``)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from models import IR

pytest.importorskip("onnxruntime")
pytestmark = [
    pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the processes through /proc"),
    pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2 if hasattr(os, "sched_getaffinity") else True,
                       reason="--workers is capped to the usable cores: one core starts no worker process"),
]
BAD = "define i32 @f() {\n  ret i32 %nope\n}\n"


def _session(sid: int) -> list[str]:
    """The live processes of session ``sid`` (the run and whatever it started, reparented or not)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, IndexError):
            continue
        if int(fields[3]) == sid and fields[0] not in "ZX":
            found.append(f"{entry.name}: {command[:120]}")
    return found


def _workers_started(sid: int, count: int) -> bool:
    return sum("spawn_main" in p for p in _session(sid)) >= count


@pytest.fixture()
def inputs(tmp_path: Path) -> list[str]:
    """Good files, and a pipe with no writer that keeps the worker reading it busy until it is killed."""
    files = []
    for k in range(6):
        path = tmp_path / f"f{k}.ll"
        path.write_text(IR.replace("add nsw i32 %v, 1", f"add nsw i32 %v, {k + 1}"))
        files.append(str(path))
    stuck = tmp_path / "stuck.ll"
    os.mkfifo(stuck)
    return [files[0], str(stuck), *files[1:]]


@pytest.mark.parametrize(("how", "suffix"), [("SIGINT", ".jsonl"), ("SIGINT to the group", ".npy"),
                                             ("SIGTERM", ".parquet"), ("SIGKILL", ".jsonl")])
def test_a_stopped_run_leaves_no_process_and_no_partial_file(model_dir, inputs, tmp_path, how, suffix) -> None:
    if suffix == ".parquet":
        pytest.importorskip("pyarrow")
    out = tmp_path / "out" / f"e{suffix}"
    out.parent.mkdir()
    out.write_bytes(b"an earlier run's output")
    process = subprocess.Popen([sys.executable, "-m", "mir_runtime.cli", "embed", *inputs, "-o", str(out),
                                "--workers", "2", "--model", str(model_dir[2])],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not _workers_started(process.pid, 2) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _workers_started(process.pid, 2), "the workers did not start"
        time.sleep(1.5)  # rows written, one worker blocked on the pipe
        number = getattr(signal, how.split()[0])
        if how.endswith("group"):
            os.killpg(process.pid, number)  # what Ctrl-C at a terminal does
        else:
            os.kill(process.pid, number)
        _, stderr = process.communicate(timeout=60)
        deadline = time.monotonic() + 20
        while _session(process.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _session(process.pid) == []
    finally:
        process.kill()
        with_pid = _session(process.pid)
        for line in with_pid:
            os.kill(int(line.split(":")[0]), signal.SIGKILL)
    assert process.returncode == {"SIGINT": 130, "SIGTERM": 143, "SIGKILL": -9}[how.split()[0]]
    if number != signal.SIGKILL:
        assert stderr == "", stderr  # no traceback, no warning from a worker or the resource tracker
    assert [p.name for p in out.parent.iterdir()] == [out.name] and out.read_bytes() == b"an earlier run's output"


@pytest.mark.parametrize("suffix", [".npy", ".jsonl"])
def test_a_failed_run_leaves_an_earlier_output_as_it_was(model_dir, tmp_path, suffix) -> None:
    good = [tmp_path / f"g{k}.ll" for k in range(3)]
    for k, path in enumerate(good):
        path.write_text(IR.replace("add nsw i32 %v, 1", f"add nsw i32 %v, {k + 1}"))
    bad = tmp_path / "bad.ll"
    bad.write_text(BAD)
    out = tmp_path / "out" / f"e{suffix}"
    out.parent.mkdir()
    run = [sys.executable, "-m", "mir_runtime.cli", "embed", "-o", str(out), "--model", str(model_dir[2])]
    first = subprocess.run([*run, *map(str, good)], capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    before = out.read_bytes()
    again = subprocess.run([*run, str(good[0]), str(bad), *map(str, good), "--workers", "2"], capture_output=True,
                           text=True, timeout=120)
    assert again.returncode == 2 and again.stderr.count("\n") == 1 and "not written" in again.stderr, again.stderr
    assert out.read_bytes() == before and [p.name for p in out.parent.iterdir()] == [out.name]
