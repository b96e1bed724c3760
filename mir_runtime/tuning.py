"""``tune``: the smallest IR of a module among ``default<Oz>`` and the pipelines a passes head ranks first.

A passes task (``tasks``: kind ``passes``) predicts each candidate pipeline's gain over -Oz from the
module's embedding; ``tune`` runs the ``budget`` best-ranked ones and ``default<Oz>`` with the user's
``opt``, as a program (``opt -passes=P -S``, side by side in ``jobs`` processes; the runtime links no
LLVM library), counts each result's IR instructions (``ir.count``) and keeps the smallest, -Oz on a
tie: so the answer is never larger than -Oz's. A pipeline that fails in ``opt`` is skipped with a
warning; an input that ``opt`` cannot optimize with -Oz (opaque-pointer IR for an ``opt`` of LLVM 14,
a syntax error) is a ``TuneError`` naming the file with ``opt``'s first error line.
-Oz runs while the model loads and embeds the module, so the head's cost hides behind that compilation.

``opt`` is ``opt=PATH``, else ``opt-N`` on ``PATH`` for the pipelines' LLVM major N, else ``opt``
on ``PATH`` if its ``--version`` says N: the pipelines were measured with that major, and another
one may name, or count, passes differently.
"""
from __future__ import annotations

import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import warnings
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from mir_runtime.errors import IRParseError, shown
from mir_runtime.ir.count import count_instructions
from mir_runtime.modeldir import ModelDirectory
from mir_runtime.packs import load_packs
from mir_runtime.tasks import OZ, Pipeline, Task

if TYPE_CHECKING:
    from mir_runtime.model import Model, Prediction

PathLike = str | os.PathLike
STDOUT = "-"
_VERSION = re.compile(r"LLVM version (\d+)\.(\d+)(?:\.(\d+))?")


class TuneError(ValueError):
    """No ``opt`` to run, an input ``opt`` cannot optimize, or a model without a passes task: one line."""


class TuneWarning(UserWarning):
    """A pipeline that failed in ``opt`` (skipped), or an ``opt`` of another LLVM major than the pipelines'."""


@dataclass(frozen=True)
class Opt:
    """An ``opt`` program and the LLVM version its ``--version`` reports."""

    path: str
    version: str  # "14.0.6"

    @property
    def major(self) -> int:
        return int(self.version.split(".")[0])

    @property
    def name(self) -> str:
        return os.path.basename(self.path)

    def __str__(self) -> str:
        return f"{self.path} (LLVM {self.version})"


def opt_version(path: str) -> str | None:
    """The LLVM version ``path --version`` reports, or None if it does not run or say one."""
    try:
        done = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30, errors="replace")
    except (OSError, subprocess.SubprocessError):
        return None
    found = _VERSION.search(done.stdout + done.stderr)
    return ".".join(g for g in found.groups() if g is not None) if found else None


def find_opt(given: PathLike | None, majors: list[int]) -> Opt:
    """The ``opt`` to run (see the module docstring); ``majors``: the pipelines' LLVM majors, the
    most common first. A ``TuneError`` saying where it looked if there is none."""
    if given is not None:
        path = shutil.which(os.fspath(given)) or os.fspath(given)
        version = opt_version(path)
        if version is None:
            raise TuneError(f"--opt {shown(os.fspath(given))}: not an opt that runs and reports an LLVM version")
        found = Opt(path, version)
        if majors and found.major not in majors:
            warnings.warn(f"{shown(found.path)} is LLVM {found.major}, the pipelines are for LLVM "
                          f"{'/'.join(map(str, majors))}: some may fail or count differently", TuneWarning,
                          stacklevel=2)
        return found
    for major in majors:
        versioned = shutil.which(f"opt-{major}")
        version = opt_version(versioned) if versioned else None
        if versioned and version and int(version.split(".")[0]) == major:
            return Opt(versioned, version)
    plain = shutil.which("opt")
    plain_version = opt_version(plain) if plain else None
    if plain and plain_version and int(plain_version.split(".")[0]) in majors:
        return Opt(plain, plain_version)
    wanted = " or ".join(f"opt-{m}" for m in majors) or "opt"
    other = f"; opt on PATH is LLVM {plain_version}" if plain_version else ""
    raise TuneError(f"no opt found for LLVM {'/'.join(map(str, majors))} (looked for {wanted} and opt on PATH{other}): "
                    "install LLVM's opt or give --opt PATH")


@dataclass(frozen=True)
class Trial:
    """One pipeline run: its IR instruction count, or why ``opt`` failed."""

    pipeline: Pipeline
    predicted_gain: float | None  # the head's; None for -Oz outside the ranked ones
    instructions: int | None
    error: str | None
    seconds: float
    output: Path | None = field(default=None, repr=False)

    def to_dict(self) -> dict:
        return {"pipeline": self.pipeline.name, "passes": self.pipeline.passes, "predicted_gain": self.predicted_gain,
                "instructions": self.instructions, "error": self.error, "seconds": round(self.seconds, 4)}


@dataclass(frozen=True)
class TuneResult:
    """What ``tune`` kept (``chosen``, its IR in ``ir``) and every pipeline it ran, -Oz first."""

    file: str
    opt: Opt
    chosen: Pipeline
    instructions: int
    oz_instructions: int
    trials: tuple[Trial, ...]
    ir: str
    seconds: dict[str, float]  # "predict" (embedding and head), "total"

    @property
    def gain(self) -> float:
        """log(-Oz's instructions / the kept IR's): 0 when -Oz is kept, above 0 for smaller code."""
        return math.log(self.oz_instructions / self.instructions) if self.instructions else 0.0

    def to_dict(self) -> dict:
        return {"file": self.file, "decision": self.chosen.passes, "pipeline": self.chosen.name,
                "instructions": self.instructions, "oz_instructions": self.oz_instructions,
                "gain": round(self.gain, 6), "opt": self.opt.path, "llvm": self.opt.version,
                "tried": [t.to_dict() for t in self.trials],
                "seconds": {k: round(v, 4) for k, v in self.seconds.items()}}

    def summary(self) -> str:
        """One line to read: what was kept, against -Oz, by which opt."""
        ran = len(self.trials) - 1
        tried = f"{ran} ranked pipeline{'s' * (ran != 1)} and -Oz run by {self.opt}"
        if self.chosen.passes == OZ:
            return f"{shown(self.file)}: {OZ} kept, {self.oz_instructions} IR instructions ({tried})"
        return (f"{shown(self.file)}: {self.chosen.name}, {self.instructions} IR instructions, -Oz "
                f"{self.oz_instructions}: {self.oz_instructions / self.instructions:.3f}x fewer ({tried})")


def _first_error(stderr: str, returncode: int) -> str:
    """opt's first error line (its program-name prefix dropped), else its first line, else the exit status."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    line = next((x for x in lines if "error" in x.lower()), lines[0] if lines else "")
    if not line:
        return f"killed by signal {-returncode}" if returncode < 0 else f"exit status {returncode}"
    line = re.sub(r"^\S*opt(?:-\d+)?(?:\.exe)?: ", "", line)
    if "-opaque-pointers mode" in stderr:  # LLVM 15+ IR for an opt of LLVM 14 or earlier
        line += " (opaque pointers, IR of LLVM 15 or later: give a newer opt with --opt)"
    return line


def run_pipeline(opt: Opt, pipeline: Pipeline, source: PathLike, out: Path,
                 predicted: float | None = None, timeout: float | None = None) -> Trial:
    """``opt -passes=PIPELINE -S -o out source`` and the instruction count of ``out``; an ``opt``
    still running after ``timeout`` seconds is killed, its trial an error."""
    start = time.perf_counter()
    try:
        done = subprocess.run([opt.path, f"-passes={pipeline.passes}", "-S", "-o", str(out), os.fspath(source)],
                              capture_output=True, text=True, errors="replace", stdin=subprocess.DEVNULL,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return Trial(pipeline, predicted, None, f"still running after {timeout:g} s, stopped",
                     time.perf_counter() - start)
    except OSError as exc:
        return Trial(pipeline, predicted, None, f"cannot run {opt.path}: {exc.strerror or exc}",
                     time.perf_counter() - start)
    if done.returncode != 0:
        return Trial(pipeline, predicted, None, _first_error(done.stderr, done.returncode), time.perf_counter() - start)
    count = count_instructions(out.read_text(errors="replace"))
    return Trial(pipeline, predicted, count, None, time.perf_counter() - start, out)


def passes_task(served: Mapping[str, Task], task: str | None = None) -> str:
    """The passes task ``tune`` ranks with, among the ``served`` tasks: ``task``, or the only one."""
    if task is not None:
        if task not in served:
            raise TuneError(f"unknown task {task!r} ({', '.join(served) or 'none served'})")
        if served[task].kind != "passes":
            raise TuneError(f"task {task} is a {served[task].kind} task, not a passes task")
        return task
    found = [name for name, spec in served.items() if spec.kind == "passes"]
    if not found:
        raise TuneError("no passes task to rank pipelines with: give a passes pack with --tasks DIR "
                        "(tasks=[...] in Python)")
    if len(found) > 1:
        raise TuneError(f"several passes tasks ({', '.join(found)}): name one with --task")
    return found[0]


def output_problem(out: PathLike) -> str | None:
    """Why ``out`` cannot be written (checked before any work), or None."""
    path = Path(out)
    if path.is_dir():
        return f"{path}: is a directory"
    if not path.parent.is_dir():
        return f"{path}: no directory {path.parent}"
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return f"{path}: not writable"
    return None


def write_atomically(out: PathLike, data: bytes) -> None:
    """``data`` into ``out`` through a hidden file beside it, renamed into place: ``out`` is either
    the old file or the whole new one."""
    path = Path(out)
    partial = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        partial.write_bytes(data)
        os.replace(partial, path)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise TuneError(f"{shown(str(path))}: cannot write ({exc.strerror or exc})") from None


def tune(source: PathLike, out: PathLike | None = None, *, budget: int = 3, model: Model | PathLike | None = None,
         tasks: list[PathLike] | None = None, task: str | None = None, opt: PathLike | Opt | None = None,
         jobs: int | None = None, name: str | None = None, cache: PathLike | None = None,
         timeout: float | None = None) -> TuneResult:
    """The smallest IR of ``source`` (an ``.ll``/``.bc`` file) among ``default<Oz>`` and the
    ``budget`` pipelines its passes head ranks first; written to ``out`` (``"-"``: standard output;
    None: only returned, in ``.ir``). ``model``: a loaded ``Model`` serving a passes task, or a model
    directory (None: the shipped one) to load with the packs ``tasks``; ``task``: which passes task
    (default: the only one); ``opt``: the ``opt`` program, or an ``Opt`` found before (default: found,
    see the module docstring);
    ``jobs``: opt processes side by side (default: every core); ``name``: the file as messages name it;
    ``cache``: a directory of embeddings kept across runs (``Model.load``'s), for a model loaded here;
    ``timeout``: seconds an ``opt`` run may take (None: no limit), a ranked one past it skipped, -Oz
    past it a ``TuneError``."""
    started = time.perf_counter()
    if budget < 0:
        raise TuneError(f"budget must be 0 or more, not {budget}")
    if timeout is not None and not timeout > 0:
        raise TuneError(f"timeout must be above 0 seconds, not {timeout}")
    shown_name = name or os.fspath(source)
    if out is not None and os.fspath(out) != STDOUT:
        problem = output_problem(out)
        if problem:
            raise TuneError(shown(problem))
    if not Path(source).is_file():
        raise IRParseError("no such file", shown_name, 0, 0)
    choice = _choose(model, tasks, task, "tune")  # the packs first: -Oz starts before the model loads
    owned, task_name, spec = choice.directory is not None, choice.name, choice.spec
    oz = next(p for p in spec.pipelines if p.passes == OZ)
    found = opt if isinstance(opt, Opt) else find_opt(opt, _majors(spec))
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    workers = max(1, min(jobs or cores, budget + 1))
    loaded: Model | None = None if owned else model  # type: ignore[assignment]
    try:
        with tempfile.TemporaryDirectory(prefix="mir-tune-") as tmp, ThreadPoolExecutor(workers) as pool:
            oz_run = pool.submit(run_pipeline, found, oz, source, Path(tmp) / "0.ll", None, timeout)
            if loaded is None:
                loaded = choice.load(tasks, cache)
            predict_start = time.perf_counter()
            prediction = _predict(loaded, task_name, source, shown_name)
            predict_seconds = time.perf_counter() - predict_start
            ranked = _ranked(prediction, budget)
            runs: list[Future] = [pool.submit(run_pipeline, found, p, source, Path(tmp) / f"{k + 1}.ll",
                                              prediction.gains[p.name], timeout) for k, p in enumerate(ranked)]
            oz_trial = oz_run.result()
            if oz_trial.error is not None:
                for run in runs:
                    run.cancel()
                raise TuneError(f"{shown(shown_name)}: {found.name} cannot optimize it with {OZ}: {oz_trial.error}")
            trials = [Trial(oz, prediction.gains.get(oz.name), oz_trial.instructions, None, oz_trial.seconds,
                            oz_trial.output), *(r.result() for r in runs)]
            for trial in trials[1:]:
                if trial.error is not None:
                    warnings.warn(f"pipeline {trial.pipeline.name} failed in {found.name}, skipped: {trial.error}",
                                  TuneWarning, stacklevel=2)
            # the smallest; on a tie -Oz, then the better ranked
            best = min((t for t in trials if t.instructions is not None),
                       key=lambda t: (t.instructions, trials.index(t)))
            assert best.output is not None and best.instructions is not None and oz_trial.instructions is not None
            data = best.output.read_bytes()
        if out is not None:
            _deliver(out, data)
        kept = tuple(Trial(t.pipeline, t.predicted_gain, t.instructions, t.error, t.seconds) for t in trials)
        return TuneResult(shown_name, found, best.pipeline, best.instructions, oz_trial.instructions, kept,
                          data.decode("utf-8", errors="replace"),
                          {"predict": predict_seconds, "total": time.perf_counter() - started})
    finally:
        if owned and loaded is not None:
            loaded.close()


@dataclass(frozen=True)
class _Choice:
    """The passes task ``tune`` ranks with, and the model directory to load for it (None: the
    caller's loaded model serves it)."""

    name: str
    spec: Task
    directory: ModelDirectory | None = None
    precision: str | None = None

    def load(self, tasks: list[PathLike] | None, cache: PathLike | None) -> Model:
        """The model at the pack's precision, its encoders only for a head on the embedding."""
        from mir_runtime.model import Model

        assert self.directory is not None
        return Model.load(self.directory.path, precision=self.precision, tasks=tasks, cache=cache,
                          lazy=not self.spec.reads_embedding)


def _choose(model: Model | PathLike | None, tasks: list[PathLike] | None, task: str | None, caller: str) -> _Choice:
    """The passes task among a loaded model's tasks, or among the packs served with a model
    directory (read without loading the model)."""
    from mir_runtime.model import Model, default_model_dir

    if isinstance(model, Model):
        if tasks:
            raise TuneError(f"give the task packs to Model.load(tasks=...), not to {caller}, with a loaded model")
        name = passes_task(model.tasks, task)
        return _Choice(name, model.tasks[name])
    directory = ModelDirectory(model if model is not None else default_model_dir())
    packs = load_packs(directory, tasks)
    name = passes_task({n: p.task for n, p in packs.items()}, task)
    return _Choice(name, packs[name].task, directory, packs[name].precision)


def _majors(spec: Task) -> list[int]:
    """The LLVM majors of a passes task's pipelines, the most common first."""
    return [m for m, _ in Counter(p.llvm for p in spec.pipelines).most_common()]


def output_names(sources: Sequence[PathLike]) -> dict[str, str]:
    """Each source's file name in an output directory, ``<stem>.ll`` (``tune`` writes IR text); two
    sources of one name are a ``TuneError`` naming both, before any work."""
    names: dict[str, str] = {}
    taken: dict[str, str] = {}
    for source in [os.fspath(s) for s in sources]:
        target = Path(source).stem + ".ll"
        if target in taken:
            raise TuneError(f"{shown(taken[target])} and {shown(source)} would both be written as {shown(target)}: "
                            "tune them into different directories")
        taken[target] = names[source] = target
    return names


def tune_files(sources: Sequence[PathLike], out_dir: PathLike | None = None, *, budget: int = 3,
               model: Model | PathLike | None = None, tasks: list[PathLike] | None = None, task: str | None = None,
               opt: PathLike | None = None, jobs: int | None = None, cache: PathLike | None = None,
               timeout: float | None = None) -> Iterator[tuple[str, TuneResult | TuneError | IRParseError]]:
    """``tune`` of each source in turn, with the model loaded and the ``opt`` found once (a build's
    modules pay the interpreter, the imports and the model's loading once, not per module): per
    source, in input order, its ``TuneResult`` or the one-line error that stopped it (the others
    are still tuned). The kept IR goes to ``out_dir/<stem>.ll`` (``output_names``; None: only
    returned). What concerns every source (no passes task, no opt, an unwritable ``out_dir``, two
    sources of one output name) is raised here, before any work; the other options are ``tune``'s."""
    if budget < 0:
        raise TuneError(f"budget must be 0 or more, not {budget}")
    if timeout is not None and not timeout > 0:
        raise TuneError(f"timeout must be above 0 seconds, not {timeout}")
    targets = output_names(sources) if out_dir is not None else {}
    choice = _choose(model, tasks, task, "tune_files")
    found = opt if isinstance(opt, Opt) else find_opt(opt, _majors(choice.spec))
    if out_dir is not None:
        try:
            Path(out_dir).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise TuneError(f"{shown(os.fspath(out_dir))}: cannot make the directory ({exc.strerror or exc})") from None
        if not os.access(out_dir, os.W_OK):
            raise TuneError(f"{shown(os.fspath(out_dir))}: not writable")
    owned = choice.directory is not None
    loaded: Model = choice.load(tasks, cache) if owned else model  # type: ignore[assignment]
    return _tuned(sources, targets, Path(out_dir) if out_dir is not None else None, loaded, owned,
                  dict(budget=budget, task=task, opt=found, jobs=jobs, timeout=timeout))


def _tuned(sources: Sequence[PathLike], targets: dict[str, str], out_dir: Path | None, model: Model, owned: bool,
           options: dict) -> Iterator[tuple[str, TuneResult | TuneError | IRParseError]]:
    try:
        for source in [os.fspath(s) for s in sources]:
            out = out_dir / targets[source] if out_dir is not None else None
            try:
                yield source, tune(source, out, model=model, **options)
            except (TuneError, IRParseError) as exc:
                yield source, exc
    finally:
        if owned:
            model.close()


def _deliver(out: PathLike, data: bytes) -> None:
    """The kept IR to standard output (``-``) or, atomically, to the file ``out``."""
    if os.fspath(out) == STDOUT:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        write_atomically(out, data)


def _predict(model: Model, task: str, source: PathLike, name: str) -> Prediction:
    """The head's prediction for ``source``, its errors naming the file as the caller does."""
    try:
        return model.predict(task, source)
    except IRParseError as exc:
        if exc.file == os.fspath(source) or name == os.fspath(source):
            raise
        raise IRParseError(exc.message, name, exc.line, exc.column) from None


def _ranked(prediction: Prediction, budget: int) -> list[Pipeline]:
    """The ``budget`` best-ranked candidates other than -Oz (which always runs), one per distinct pipeline."""
    seen = {OZ}
    chosen: list[Pipeline] = []
    for pipeline in prediction.ranked():
        if len(chosen) == budget:
            break
        if pipeline.passes not in seen:
            seen.add(pipeline.passes)
            chosen.append(pipeline)
    return chosen


