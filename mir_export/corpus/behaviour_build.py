"""``mir-export corpus behaviour``: compiler-behaviour labels of every function of one split of a
built corpus, each function once, resumable, niced, in parallel.

Inputs are guarded, because these labels become pre-training targets: only the modules the
corpus manifest kept (its build excluded every module sharing a function with the evaluation
data sets), at -O0, of the split asked for (``corpus.split.held_out_path``: training by default;
the held-out split's labels only measure the task), of the corpus recipe's own packages. A
module of the held-out size task's packages, or any file under the evaluation data sets, stops
the command with one line naming it.

A function is its statements' hash (``corpus.manifest.function_key``, as the corpus manifest counts
them): the first module and name that define it, in manifest order, are labelled. Work goes in
the order of a hash of the key, so that a run cut short or bounded by ``--limit`` is a fair
sample. Files in OUT: ``functions.jsonl`` (each module's functions, read once), ``behaviour.jsonl``
(one row per function; a key already there is skipped when the command runs again),
``behaviour.log`` (one line per function, and every run's cost), ``behaviour-manifest.json``
(tools, runs, feature names, counts, commands), rewritten at the end of every run, a stopped one
too; ``bitcode/`` (each input module as bitcode, cut from lazily; a cache).
"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import time
from collections import Counter
from collections.abc import Iterator
from multiprocessing import Pool
from pathlib import Path

from mir_export.corpus.behaviour import FEATURES, LABEL_NAMES, RUNS, TIMEOUT_S, function_labels
from mir_export.corpus.manifest import MANIFEST as CORPUS_MANIFEST, named_function_hashes
from mir_export.corpus.packages import PACKAGES
from mir_export.corpus.variant_build import _cpu  # this process's and its finished children's (the opt runs)
from mir_export.corpus.manifest import default_datasets
from mir_export.corpus.split import corpus_modules, held_out_path
from mir_export.corpus.size_recipe import tool
from mir_export.corpus.size_recipe import PACKAGES as SIZE_PACKAGES
from mir_runtime import IRParseError
from mir_runtime.progress import progress

LABELS = "behaviour.jsonl"
INDEX = "functions.jsonl"
MANIFEST = "behaviour-manifest.json"
LOG = "behaviour.log"
BITCODE = "bitcode"  # below OUT: the input modules as bitcode, a cache
SPLITS = ("train", "held-out")
NICE = 10
FORMAT_VERSION = 1


class BehaviourError(Exception):
    """A corpus or output directory that cannot be used, as one line."""


def _inside(path: Path, root: Path) -> bool:
    return path.resolve().is_relative_to(root.resolve())


def input_modules(corpus: Path, split: str, datasets: Path | None = None) -> list[Path]:
    """The -O0 modules of ``split`` that the corpus manifest kept, in its order, after the guards:
    a size-task package, a package outside the corpus recipe, a file under the evaluation data
    sets (``datasets``, by default where the suite reads them) or a corpus built without the
    evaluation check raises ``BehaviourError``."""
    datasets = datasets or default_datasets()
    manifest_path = corpus / CORPUS_MANIFEST
    if not manifest_path.is_file():
        raise BehaviourError(f"{manifest_path}: missing (--corpus: a directory written by 'mir-export corpus build')")
    try:
        eval_glob = json.loads(manifest_path.read_text()).get("eval_check", {}).get("glob")
    except (ValueError, AttributeError) as exc:
        raise BehaviourError(f"{manifest_path}: not a corpus manifest ({exc})") from None
    if not eval_glob:
        raise BehaviourError(f"{manifest_path}: built without the evaluation overlap check (--no-eval-check); "
                             "its modules may hold evaluation functions, so they are never labelled")
    size = {p.name for p in SIZE_PACKAGES}
    recipe = {p.name for p in PACKAGES}
    modules = []
    for path in corpus_modules(corpus):
        relative = path.relative_to(corpus)
        package = relative.parts[1] if len(relative.parts) > 2 else ""
        if _inside(path, datasets):
            raise BehaviourError(f"{path}: under the evaluation data sets ({datasets}); never a pre-training input")
        if package in size:
            raise BehaviourError(f"{path}: package {package} belongs to the held-out size task; never a "
                                 "pre-training input")
        if package not in recipe:
            raise BehaviourError(f"{path}: package {package or '?'} is not one of the corpus recipe's packages")
        if path.name.endswith(".O0.ll") and held_out_path(str(relative)) == (split == "held-out"):
            modules.append(path)
    return modules


def _index_module(path: str) -> dict:
    try:
        text = Path(path).read_text(errors="replace")
        return {"functions": [list(f) for f in named_function_hashes(text, path)]}
    except (IRParseError, RecursionError, OSError) as exc:
        return {"error": str(exc).splitlines()[0][:300], "functions": []}


def _read_jsonl(path: Path) -> Iterator[dict]:
    """The rows of a JSON-lines file, one at a time; a last line cut short by a stopped run is
    passed over (its function is labelled again)."""
    if not path.exists():
        return
    with open(path) as fh:
        for line in fh:
            try:
                yield json.loads(line)
            except ValueError:
                continue


def index_functions(corpus: Path, modules: list[Path], out: Path, jobs: int, nice: int) -> list[dict]:
    """Every module's defined functions as ``{"module", "functions": [[name, key, statements]]}``,
    read by the project's reader once and kept in ``functions.jsonl``; in ``modules``' order."""
    known = {r["module"]: r for r in _read_jsonl(out / INDEX)}
    relative = [str(m.relative_to(corpus)) for m in modules]
    todo = [r for r in relative if r not in known]
    if todo:
        with Pool(jobs, initializer=os.nice, initargs=(nice,)) as pool, open(out / INDEX, "a") as fh:
            found = pool.imap(_index_module, [str(corpus / r) for r in todo], chunksize=4)
            for module, row in progress(zip(todo, found), len(todo), "reading modules"):
                known[module] = {"module": module, **row}
                fh.write(json.dumps(known[module]) + "\n")
                fh.flush()
    return [known[r] for r in relative]


def plan(index: list[dict], done: set[str]) -> tuple[list[dict], int]:
    """The functions to label: each key's first definition, keys in ``done`` left out, in the order
    of a hash of the key; and how many distinct keys there are in all."""
    first: dict[str, dict] = {}
    for row in index:
        for name, key, statements in row["functions"]:
            if key not in first:
                first[key] = {"key": key, "module": row["module"], "name": name, "statements": statements}
    todo = [f for key, f in first.items() if key not in done]
    return sorted(todo, key=lambda f: hashlib.sha256(f["key"].encode()).hexdigest()), len(first)


def bitcode(corpus: Path, out: Path, module: str) -> Path:
    """``module`` as bitcode under ``OUT/bitcode`` (made once, whole or not at all), which
    llvm-extract loads lazily: cutting one function out of a large module then costs milliseconds
    instead of parsing its whole text again; the text module itself when llvm-as fails."""
    dest = out / BITCODE / f"{module}.bc"
    if dest.exists():
        return dest
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(f"{dest.name}.{os.getpid()}.tmp")
    done = subprocess.run([tool("llvm-as"), str(corpus / module), "-o", str(tmp)], capture_output=True)
    if done.returncode != 0:
        tmp.unlink(missing_ok=True)
        return corpus / module
    tmp.replace(dest)
    return dest


def _label(task: tuple[str, str, dict, float]) -> dict:
    corpus, out, function, timeout = task
    start, cpu = time.time(), _cpu()
    try:
        labels = function_labels(bitcode(Path(corpus), Path(out), function["module"]), function["name"], timeout)
    except Exception as exc:  # noqa: BLE001 - one function's surprise must not stop hours of labelling
        labels = {"error": f"{type(exc).__name__}: {str(exc)[:300]}"}
    return {**function, "package": Path(function["module"]).parts[1], **labels,
            "seconds": round(time.time() - start, 3), "cpu_seconds": round(_cpu() - cpu, 3)}


def _check_resumable(out: Path, split: str) -> None:
    """Rows are appended to what is there: the split, the runs and the feature columns must be the same."""
    if not (out / MANIFEST).exists():
        return
    try:
        previous = json.loads((out / MANIFEST).read_text())
    except ValueError as exc:
        raise BehaviourError(f"{out / MANIFEST}: not a behaviour manifest ({exc})") from None
    if previous.get("split") != split:
        raise BehaviourError(f"{out / MANIFEST}: holds labels of another split; give each split its own --out")
    if previous.get("features") != list(FEATURES) or set(previous.get("runs", {})) != set(RUNS):
        raise BehaviourError(f"{out / MANIFEST}: written with other runs or feature columns; give these labels a "
                             "new --out")


def build_labels(corpus: Path, out: Path, split: str = "train", jobs: int = 2, limit: int | None = None,
                 timeout: float = TIMEOUT_S, nice: int = NICE, command: str | None = None,
                 datasets: Path | None = None) -> dict:
    """Label the functions of ``corpus``'s ``split`` not yet in ``out`` (at most ``limit`` this
    run), ``jobs`` processes at a time; write and return the manifest."""
    if _inside(out, datasets or default_datasets()):
        raise BehaviourError(f"{out}: under the evaluation data sets; write the labels elsewhere")
    modules = input_modules(corpus, split, datasets)
    _check_resumable(out, split)
    out.mkdir(parents=True, exist_ok=True)
    with open(out / LOG, "a") as log:
        log.write(f"# {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())} {command or ''}\n")
    start, cpu0 = time.time(), _cpu()
    index = index_functions(corpus, modules, out, jobs, nice)
    done = {r["key"] for r in _read_jsonl(out / LABELS)}
    todo, keys = plan(index, done)
    todo = todo[:limit] if limit is not None else todo
    labelled = 0
    print(f"behaviour labels: {len(modules)} {split} modules, {keys} functions, {len(done)} already labelled, "
          f"{len(todo)} to label now", flush=True)
    try:
        with Pool(jobs, initializer=os.nice, initargs=(nice,)) as pool, open(out / LABELS, "a") as fh, \
                open(out / LOG, "a") as log:
            tasks = [(str(corpus), str(out), f, timeout) for f in todo]
            for row in progress(pool.imap_unordered(_label, tasks), len(tasks), "labelling"):
                fh.write(json.dumps(row) + "\n")
                fh.flush()
                labelled += 1
                problem = row.get("error") or "; ".join(f"{k}: {v}" for k, v in row.get("errors", {}).items())
                log.write(f"{row['module']} {row['name']} {row['seconds']:.2f} s {problem}\n".rstrip() + "\n")
                log.flush()
    finally:  # a stopped run too: its cost, and the manifest of what is labelled so far
        invocation = {"command": command, "split": split, "jobs": jobs, "labelled": labelled,
                      "wall_seconds": round(time.time() - start, 1), "cpu_seconds": round(_cpu() - cpu0, 1)}
        with open(out / LOG, "a") as log:
            log.write(f"# run: {json.dumps(invocation)}\n")
        manifest = write_manifest(corpus, out, split, keys, invocation, timeout)
    return manifest


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 3) if values else None


def _opt_version() -> str:
    try:
        done = subprocess.run([tool("opt"), "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"unknown ({exc})"
    return next((line.strip() for line in done.stdout.splitlines() if "version" in line.lower()), "unknown")


def write_manifest(corpus: Path, out: Path, split: str, keys: int, invocation: dict, timeout: float) -> dict:
    """``behaviour-manifest.json``: tools, runs, feature names, counts of what ``behaviour.jsonl``
    holds (labelled, failed whole, failed or timed out per run, remarks seen), the runs' cost."""
    labelled = failed_whole = 0
    failed, timed_out, remarks, seconds, cpu = Counter(), Counter(), Counter(), [], []
    for r in _read_jsonl(out / LABELS):  # streamed: the corpus's rows take gigabytes as objects
        labelled += 1
        failed_whole += "error" in r
        failed.update(r.get("errors", {}).keys())
        timed_out.update(run for run, e in r.get("errors", {}).items() if e.startswith("timeout"))
        remarks.update(k for found in r.get("remarks", {}).values() for k in found)
        seconds.append(r["seconds"])
        cpu += [r["cpu_seconds"]] if "cpu_seconds" in r else []
    previous = json.loads((out / MANIFEST).read_text()) if (out / MANIFEST).exists() else {}
    invocations = [*previous.get("invocations", []), invocation]
    manifest = {
        "format_version": FORMAT_VERSION,
        "what": "per function of the corpus split, cut out alone at -O0 with optnone stripped: static features "
                "(our reader) before and after each run, and the optimization remarks each run emits",
        "corpus": str(corpus.resolve()),
        "corpus_manifest_sha256": hashlib.sha256((corpus / CORPUS_MANIFEST).read_bytes()).hexdigest(),
        "split": split,
        "opt": _opt_version(), "llvm_extract": tool("llvm-extract"),
        "runs": {name: {"start": start, "passes": passes, "attributes": attributes}
                 for name, (start, passes, attributes) in RUNS.items()},
        "timeout_seconds": timeout,
        "features": list(FEATURES),
        "labels": {"names": list(LABEL_NAMES),
                   "rule": "behaviour.label_vector: per run and feature log(1 + after) - log(1 + at its start), then "
                           "log(1 + value) of the chosen remarks (run:remark); NaN where a run failed"},
        "row": "key, module, name, statements, package, seconds, cpu_seconds; features {O0|run: [ints as features]}, "
               "remarks {run: {Kind/pass/name: count, max/VectorizationFactor|InterleaveCount|UnrollCount}}, "
               "errors {run: line}; or error (the function could not be cut out or read)",
        "functions": keys,
        "labelled": labelled,
        "failed_whole": failed_whole,
        "failed_runs": dict(failed), "timed_out_runs": dict(timed_out),
        "remarks_seen": dict(remarks.most_common()),
        "seconds_per_function": {"mean_wall": _mean(seconds), "max_wall": max(seconds, default=None),
                                 "mean_cpu": _mean(cpu)},
        "invocations": invocations,
    }
    tmp = out / (MANIFEST + ".tmp")
    tmp.write_text(json.dumps(manifest, indent=1) + "\n")
    tmp.replace(out / MANIFEST)
    return manifest
