"""Measure kernels over the (VF, IF) search space into a resumable CSV.

Noise control (the machine is shared, runs vary by about +-10%): every run is pinned to one core;
each configuration runs ``repeats`` times, in rounds that run every configuration once in a fresh
shuffled order (a slow spell then spreads over all pairs instead of sinking one pair's repeats);
the baseline (no pragma) runs in every round beside the pairs; the statistic is the median.

CSV, one row per (kernel, configuration): ``kernel, family, VF, IF, loops, status, median_ms,
times_ms``. ``VF = IF = 0`` is the baseline (plain ``-O3 -march=native``, LLVM's cost model);
``loops`` is the number of innermost loops that got the pragma; ``times_ms`` the milliseconds each
run printed, ``;``-joined in round order; ``user_times_ms`` and ``sys_times_ms`` each run's user and
system CPU time: unlike the printed wall-clock time, they do not count time slices that other
processes took from the shared core; system time is mostly first-touch page faults, alike for all
variants, so the user time is the statistic that ranks them. With ``prune``, configurations far slower than the fastest in the first
round are not run again (fewer times in their row). A kernel's rows are appended together once it is measured, so a kernel whose rows
are all there is done, and one with some missing (an interrupted write) is measured again."""
from __future__ import annotations

import csv
import datetime
import json
import logging
import os
import platform
import random
import statistics
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

from mir_export.tasks.vectorize import build
from mir_export.tasks.vectorize.pragmas import ParseError, innermost_loops, insert_pragmas
from mir_export.tasks.vectorize.subset import family

VFS = (1, 2, 4, 8, 16, 32, 64)
IFS = (1, 2, 4, 8, 16)
BASELINE = (0, 0)
COLUMNS = ["kernel", "family", "VF", "IF", "loops", "status", "median_ms", "times_ms", "median_user_ms",
           "user_times_ms", "sys_times_ms"]
log = logging.getLogger("mir_export.tasks.vectorize")


@dataclass(frozen=True)
class Settings:
    """How to measure: the search space and the noise and time-out controls."""

    vfs: tuple[int, ...] = VFS
    ifs: tuple[int, ...] = IFS
    repeats: int = 3
    cpu: int | None = None
    clang: str = "clang-19"
    compile_timeout: float = 60.0
    run_timeout: float = 30.0
    compile_jobs: int = 2
    seed: int = 0
    prune: float | None = None
    flags: tuple[str, ...] = field(default=build.FLAGS)

    def configs(self) -> list[tuple[int, int]]:
        """The baseline first, then every (VF, IF) pair."""
        return [BASELINE, *((v, i) for v in self.vfs for i in self.ifs)]


def default_cpu() -> int:
    """The last core this process may use (the first tends to take interrupts)."""
    return max(os.sched_getaffinity(0))


def completed_kernels(csv_path: Path, settings: Settings) -> set[str]:
    """Kernels with a row for every configuration of ``settings``. Rows of other kernels (a
    half-written kernel) are dropped from the file so that the kernel is measured afresh."""
    if not csv_path.exists():
        return set()
    with csv_path.open(newline="") as f:
        rows = list(csv.DictReader(f))
    wanted = set(settings.configs())
    seen: dict[str, set[tuple[int, int]]] = {}
    for r in rows:
        seen.setdefault(r["kernel"], set()).add((int(r["VF"]), int(r["IF"])))
    done = {k for k, configs in seen.items() if wanted <= configs}
    if len(done) < len(seen):
        log.info("dropping the rows of %d incompletely measured kernel(s): %s", len(seen) - len(done),
                 ", ".join(sorted(set(seen) - done)[:5]))
        _write(csv_path, [r for r in rows if r["kernel"] in done], mode="w")
    return done


def _write(csv_path: Path, rows: list[dict], mode: str = "a") -> None:
    new = mode == "w" or not csv_path.exists() or csv_path.stat().st_size == 0
    with csv_path.open(mode, newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        if new:
            writer.writeheader()
        writer.writerows(rows)
        f.flush()
        os.fsync(f.fileno())


def measure_kernel(kernels: Path, name: str, settings: Settings, header_obj: Path, work: Path) -> list[dict]:
    """All rows of one kernel: build every configuration, then time them in shuffled rounds."""
    source_path = kernels / name
    source = source_path.read_text()
    status: dict[tuple[int, int], str] = {}
    binaries: dict[tuple[int, int], Path] = {}
    try:
        loops = innermost_loops(source_path, include_dirs=(kernels,), clang=settings.clang)
        n_loops = len(loops.offsets)
        pragma_status = build.OK if n_loops else build.NO_LOOP
    except ParseError as exc:
        log.warning("%s: %s", name, exc)
        n_loops, pragma_status = 0, build.PARSE_ERROR
    jobs: dict[tuple[int, int], Path] = {BASELINE: source_path}
    for vf, il in settings.configs()[1:]:
        if pragma_status != build.OK:
            status[(vf, il)] = pragma_status
            continue
        variant = work / f"vf{vf}_if{il}.c"
        variant.write_text(insert_pragmas(source, loops.offsets, vf, il))
        jobs[(vf, il)] = variant

    def compile_one(config: tuple[int, int]) -> build.Outcome:
        binaries[config] = work / f"{name}.{config[0]}x{config[1]}.bin"
        return build.compile_kernel(settings.clang, jobs[config], header_obj, kernels, binaries[config],
                                    settings.compile_timeout)

    started = time.monotonic()
    with ThreadPoolExecutor(max(1, settings.compile_jobs)) as pool:
        for config, outcome in zip(jobs, pool.map(compile_one, jobs)):
            status[config] = outcome.status
            if outcome.status != build.OK:
                log.warning("%s VF=%d IF=%d: %s %s", name, *config, outcome.status, outcome.detail[-300:])
    log.info("%s: %d variants built in %.1f s", name, len(jobs), time.monotonic() - started)
    times: dict[tuple[int, int], list[int]] = {c: [] for c in settings.configs()}
    user_times: dict[tuple[int, int], list[float]] = {c: [] for c in settings.configs()}
    sys_times: dict[tuple[int, int], list[float]] = {c: [] for c in settings.configs()}
    rng = random.Random(f"{settings.seed}:{name}")
    contenders = set(settings.configs())
    for round_ in range(settings.repeats):
        order = [c for c in settings.configs() if status[c] == build.OK and c in contenders]
        rng.shuffle(order)
        for config in order:
            outcome = build.run_binary(binaries[config], settings.run_timeout, settings.cpu)
            if outcome.status == build.OK:
                times[config].append(outcome.ms)
                user_times[config].append(outcome.user_ms)
                sys_times[config].append(outcome.sys_ms)
            else:
                status[config] = outcome.status
                log.warning("%s VF=%d IF=%d: %s %s", name, *config, outcome.status, outcome.detail)
        if round_ == 0 and settings.prune:
            contenders = prune(user_times, settings.prune)
    rows = []
    for config in settings.configs():
        ok = status[config] == build.OK and times[config]
        rows.append({"kernel": name, "family": family(name), "VF": config[0], "IF": config[1],
                     "loops": n_loops, "status": status[config],
                     "median_ms": statistics.median(times[config]) if ok else "",
                     "times_ms": ";".join(map(str, times[config])),
                     "median_user_ms": statistics.median(user_times[config]) if ok else "",
                     "user_times_ms": ";".join(map(str, user_times[config])),
                     "sys_times_ms": ";".join(map(str, sys_times[config]))})
    return rows


def prune(user_times: dict[tuple[int, int], list[float]], factor: float) -> set[tuple[int, int]]:
    """The configurations worth more runs after the first round: the baseline, and every one whose
    first user CPU time is within ``factor`` of the fastest. The slow ones (scalar VF=1 at IF=1 runs up
    to 5x the best) cost most of a kernel's run time and are no candidate label."""
    first = {c: t[0] for c, t in user_times.items() if t}
    if not first:
        return {BASELINE}
    fastest = min(first.values())
    return {BASELINE} | {c for c, t in first.items() if t <= factor * fastest}


def machine_info(clang: str) -> dict:
    """What the timings depend on: CPU model and flags, core count, kernel, compiler."""
    cpu: dict[str, str] = {}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            cpu.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    try:
        version = subprocess.run([clang, "--version"], capture_output=True, text=True, check=False).stdout
    except OSError:
        version = ""
    return {"cpu_model": cpu.get("model name", platform.processor()),
            "cpu_flags": sorted(cpu.get("flags", "").split()),
            "cores": os.cpu_count(), "os": platform.platform(),
            "clang": version.splitlines()[0] if version else clang}


def write_machine(out: Path, settings: Settings) -> None:
    """``machine.json``; a resumed sweep must run on the same CPU and compiler (refused otherwise)."""
    path = out / "machine.json"
    now = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    info = machine_info(settings.clang)
    if path.exists():
        old = json.loads(path.read_text())
        changed = [k for k in ("cpu_model", "cpu_flags", "clang") if old.get(k) != info[k]]
        if changed:
            raise ValueError(f"{path} was measured with another {', '.join(changed)}: use another --out")
        info["date"] = old["date"]
        info["dates"] = [*old.get("dates", [old["date"]]), now]
    else:
        info["date"] = now
        info["dates"] = [now]
    info["settings"] = asdict(settings)
    path.write_text(json.dumps(info, indent=2) + "\n")


def sweep(kernels: Path, names: list[str], out: Path, settings: Settings) -> dict:
    """Measure ``names`` (files in ``kernels``) into ``out/results.csv``, skipping finished ones.
    Returns counts of measured, skipped and failed kernels and the seconds spent."""
    out.mkdir(parents=True, exist_ok=True)
    write_machine(out, settings)
    csv_path = out / "results.csv"
    done = completed_kernels(csv_path, settings)
    todo = [n for n in names if n not in done]
    log.info("%d kernels: %d already measured, %d to measure; %d configurations x %d repeats each, cpu %s",
             len(names), len(names) - len(todo), len(todo), len(settings.configs()), settings.repeats,
             settings.cpu)
    summary = {"kernels": len(names), "skipped": len(names) - len(todo), "measured": 0, "seconds": 0.0}
    if not todo:
        return summary
    with tempfile.TemporaryDirectory(prefix="mir-vectorize-") as tmp:
        header_obj = Path(tmp) / "header.o"
        outcome = build.compile_header(settings.clang, kernels, header_obj, settings.compile_timeout)
        if outcome.status != build.OK:
            raise RuntimeError(f"header.c: {outcome.status} {outcome.detail}")
        start = time.monotonic()
        for i, name in enumerate(todo, 1):
            t0 = time.monotonic()
            with tempfile.TemporaryDirectory(dir=tmp) as work:
                rows = measure_kernel(kernels, name, settings, header_obj, Path(work))
            _write(csv_path, rows)
            summary["measured"] += 1
            elapsed = time.monotonic() - start
            log.info("[%d/%d] %s: %.1f s; %s; eta %.0f min", i, len(todo), name, time.monotonic() - t0,
                     describe(rows), elapsed / i * (len(todo) - i) / 60)
        summary["seconds"] = round(time.monotonic() - start, 1)
    return summary


def describe(rows: list[dict]) -> str:
    """One line on a kernel's rows: baseline, best pair and its speedup, failures."""
    base = next(r for r in rows if (r["VF"], r["IF"]) == BASELINE)
    ok = [r for r in rows if r["median_ms"] != "" and r is not base]
    failed = sum(r["status"] != build.OK for r in rows)
    if base["median_ms"] == "" or not ok:
        return f"baseline {base['status']}, {len(ok)} pairs ok, {failed} failed"
    best = min(ok, key=lambda r: r["median_ms"])
    speedup = base["median_ms"] / best["median_ms"] if best["median_ms"] else float("inf")
    return (f"baseline {base['median_ms']} ms, best VF={best['VF']} IF={best['IF']} {best['median_ms']} ms "
            f"({speedup:.2f}x), {failed} failed")
