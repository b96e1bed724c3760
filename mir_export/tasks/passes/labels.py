"""Labelling many modules in worker processes: one JSON line per module, appended as each ends.

Resumable: a module whose key is already in the file is skipped, so a stopped run picks up where
it stopped (a line is written whole, so a kill leaves at most one partial last line, dropped on
reading). The order of the lines depends on the workers; their content does not. Workers are local
processes, or Ray tasks on a cluster (``engine="ray"``: one CPU each; every node must see the data
directory at the same path and have LLVM 14's ``opt``, ``llc`` and ``llvm-size``), whose lines
equal the local ones.
"""
from __future__ import annotations

import fcntl
import hashlib
import io
import json
import logging
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from mir_export.tasks.size.labels import LabelError
from mir_export.tasks.passes import harvest, measure
from mir_runtime.ray_engine import check_reachable

MAX_JOBS = 2  # a background job on a shared machine


def module_rows(out: Path, packages: list[str], forms: tuple[str, ...], per_group: int | None = None,
                max_instructions: int | None = None, min_instructions: int = 0) -> list[dict]:
    """The modules of ``packages`` in ``forms``: per (package, form), in an order fixed by a hash
    of the path, the first ``per_group`` (all when None) of ``min_instructions`` to
    ``max_instructions`` input instructions (a module of a few instructions has nothing to win). The rows take turns between the groups (each group's first, then each one's
    second, ...), so a run cut short has labelled every group alike."""
    rows = []
    groups = [(package, form) for package in packages for form in forms]
    for group, (package, form) in enumerate(groups):
        paths = sorted(harvest.modules(out, package, form), key=lambda p: hashlib.sha256(p.encode()).hexdigest())
        kept = []
        for path in paths:
            if per_group is not None and len(kept) >= per_group:
                break
            if max_instructions is not None or min_instructions:
                text = (out / "ir" / path).read_text(errors="replace")
                n = measure.count_instructions(text)
                if n < min_instructions or (max_instructions is not None and n > max_instructions):
                    continue
            kept.append({"key": path, "package": package, "form": form, "module": path})
        rows.extend((rank, group, row) for rank, row in enumerate(kept))
    return [row for _, _, row in sorted(rows, key=lambda t: t[:2])]


def read_jsonl(path: Path) -> list[dict]:
    """The whole lines of a JSONL file (a partial last line, from a kill, is dropped)."""
    if not path.exists():
        return []
    rows = []
    for line in path.read_text().splitlines():
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return rows


def canonical(rows: list[dict]) -> str:
    """The labels' deterministic part (counts, bytes, errors) as text, in key order."""
    keep = ("key", "package", "form", "input", "counts", "text_bytes", "error")
    return "".join(json.dumps({k: r[k] for k in keep if k in r}, sort_keys=True) + "\n"
                   for r in sorted(rows, key=lambda r: r["key"]))


def _label_one(args: tuple[str, dict, dict[str, str], tuple[str, ...]]) -> dict:
    out, row, pipelines, bytes_for = args
    try:
        return {**row, **measure.label(Path(out) / "ir" / row["module"], row["form"], pipelines, bytes_for)}
    except (LabelError, OSError) as exc:
        return {**row, "error": str(exc)}


class EngineError(RuntimeError):
    """No Ray to run on (the extra is missing, no cluster answers): one line."""


class BusyError(RuntimeError):
    """Another run appends to the same labels file: one line (two would label the same modules twice)."""


def _lock(fh, dest: Path) -> None:
    """An exclusive lock on the open labels file for the run, or ``BusyError`` at once."""
    try:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise BusyError(f"{dest}: another run is writing it (wait for it, or stop it: the labels resume)") from None


def _local(work: list[tuple], jobs: int) -> Iterator[dict]:
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for future in as_completed([pool.submit(_label_one, w) for w in work]):
            yield future.result()


def _ray(work: list[tuple], jobs: int, address: str | None) -> Iterator[dict]:
    """Each module a Ray task of one CPU on the cluster at ``address`` (else a local one of ``jobs`` CPUs)."""
    try:
        import ray
    except ImportError:
        raise EngineError("--engine ray needs Ray: pip install 'mir[ray]'") from None
    try:
        if address:
            check_reachable(address)
            ray.init(address=address, logging_level=logging.WARNING)
        else:
            ray.init(num_cpus=jobs, include_dashboard=False, logging_level=logging.WARNING)
    except (ConnectionError, RuntimeError) as exc:  # nothing answers; Ray's own refusal
        raise EngineError(str(exc).splitlines()[0] if str(exc) else f"no Ray cluster at {address}") from None
    try:
        task = ray.remote(num_cpus=1)(_label_one)
        pending = [task.remote(w) for w in work]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        ray.shutdown()


def label_rows(out: Path, rows: list[dict], pipelines: dict[str, str], dest: Path, jobs: int,
               bytes_for: tuple[str, ...] = ("Oz",), log=sys.stderr, engine: str = "local",
               address: str | None = None) -> dict:
    """Label every row whose key is not yet in ``dest``, in ``jobs`` local worker processes or as
    Ray tasks (``engine="ray"``, the cluster at ``address``); counts of the run. A line per module
    goes to ``log``."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    with open(dest, "a") as fh:
        _lock(fh, dest)
        done = {r["key"] for r in read_jsonl(dest)}
        todo = [r for r in rows if r["key"] not in done]
        log.write(f"labels: {len(rows)} modules, {len(rows) - len(todo)} already in {dest.name}, {len(todo)} to go, "
                  f"{len(pipelines)} pipelines, {jobs} workers\n")
        log.flush()
        failed = cpu = 0.0
        work = [(str(out), r, pipelines, bytes_for) for r in todo]
        results = _ray(work, jobs, address) if engine == "ray" else _local(work, jobs)
        for i, entry in enumerate(results, 1):
            fh.write(json.dumps(entry, sort_keys=True) + "\n")
            fh.flush()
            failed += "error" in entry
            cpu += entry.get("cpu_s", 0.0)
            log.write(f"  [{i}/{len(todo)}] {entry['key']}: "
                      f"{entry['error'] if 'error' in entry else str(entry['input']) + ' instructions, ' + str(entry['cpu_s']) + ' CPU-s'}\n")
            log.flush()
    return {"modules": len(rows), "labelled_now": len(todo), "failed_now": int(failed), "cpu_s_now": round(cpu, 1)}


def bytes_path(labels: Path) -> Path:
    """The ``.text`` bytes measured after labelling, beside the labels: ``test.jsonl`` -> ``test.bytes.jsonl``."""
    return labels.with_name(labels.name.removesuffix(".jsonl") + ".bytes.jsonl")


def chosen_pipelines(decisions: list[dict], features: set[str] | None = None) -> dict[str, set[str]]:
    """Per module key, every pipeline the judge's references and feature sets (``features`` only,
    when given) keep (one shot and each K), from its ``decisions``: the pipelines whose ``.text``
    bytes the report needs. A subset is cheaper: each pipeline is an opt and an llc run."""
    wanted: dict[str, set[str]] = {}
    for entry in decisions:
        names = set(entry["references"].values())
        for name, modes in entry["features"].items():
            if features is None or name in features:
                names.update(v for mode, v in modes.items() if mode != "ranked")
        wanted[entry["key"]] = names
    return wanted


def _bytes_one(args: tuple[str, dict, dict[str, str]]) -> dict:
    out, row, pipelines = args
    try:
        return {"key": row["key"], "text_bytes": measure.text_bytes(Path(out) / "ir" / row["module"], row["form"],
                                                                    pipelines)}
    except (LabelError, OSError) as exc:
        return {"key": row["key"], "error": str(exc)}


def measure_bytes(out: Path, rows: list[dict], wanted: dict[str, set[str]], pipelines: dict[str, str], dest: Path,
                  jobs: int, log=sys.stderr) -> dict:
    """The ``.text`` bytes of each labelled row's ``wanted`` pipelines that neither its label
    (``text_bytes``) nor ``dest`` holds yet, appended to ``dest`` as ``{"key", "text_bytes"}``
    lines (resumable; ``read_labels`` merges them), in a hash order of the keys, so a run stopped
    early leaves a sample spread over the packages. Counts of the run."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    with open(dest, "a") as fh:
        _lock(fh, dest)
        have: dict[str, set[str]] = {}
        for entry in read_jsonl(dest):
            have.setdefault(entry["key"], set()).update(entry.get("text_bytes", {}))
        work = []
        for row in rows:
            missing = sorted(wanted.get(row["key"], set()) - set(row.get("text_bytes", {}))
                             - have.get(row["key"], set()))
            if missing:
                work.append((str(out), row, {n: pipelines[n] for n in missing}))
        work.sort(key=lambda w: hashlib.sha256(w[1]["key"].encode()).hexdigest())  # stopped early: a sample
        log.write(f"bytes: {len(work)} modules to measure, {sum(len(w[2]) for w in work)} pipeline objects, "
                  f"{jobs} workers\n")
        log.flush()
        return {"modules_now": len(work), "failed_now": _append(fh, work, jobs, log)}


def _append(fh, work: list[tuple], jobs: int, log) -> int:
    """``_bytes_one`` of each piece of ``work`` in ``jobs`` processes, a line each into ``fh``; how many failed."""
    failed = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_bytes_one, w) for w in work]
        for i, future in enumerate(as_completed(futures), 1):
            entry = future.result()
            fh.write(json.dumps(entry, sort_keys=True) + "\n")
            fh.flush()
            failed += "error" in entry
            log.write(f"  [{i}/{len(work)}] {entry['key']}: {entry.get('error') or entry['text_bytes']}\n")
            log.flush()
    return failed


def recheck(out: Path, dest: Path, pipelines: dict[str, str], count: int, jobs: int,
            bytes_for: tuple[str, ...] = ("Oz",), engine: str = "local", address: str | None = None) -> dict:
    """Label ``count`` modules of ``dest`` again (the first in a hash order of their keys) and
    compare: ``{"modules": n, "differ": [keys whose counts, bytes or errors changed]}``. The labels
    claim to be deterministic; this is how a user checks it on their machine."""
    stored = {r["key"]: r for r in read_jsonl(dest)}
    keys = sorted(stored, key=lambda k: hashlib.sha256(k.encode()).hexdigest())[:count]
    rows = [{k: stored[key][k] for k in ("key", "package", "form", "module")} for key in keys]
    with tempfile.TemporaryDirectory(prefix="mir-recheck-") as tmp:
        again = Path(tmp) / "again.jsonl"
        label_rows(out, rows, pipelines, again, jobs, bytes_for, io.StringIO(), engine, address)
        fresh = {r["key"]: r for r in read_jsonl(again)}
    differ = [k for k in keys if canonical([fresh[k]]) != canonical([stored[k]])]
    return {"modules": len(keys), "differ": differ}
