"""The downstream suite: every registered task, every feature set, the same folds and learner search.

A ``Task`` is rows (one IR file each, the run-time inputs, the targets), the groups a paired
statistic treats as independent units (a kernel), its metrics (per-row values and how they make a
figure) and its ``Protocol``s (outer folds per seed, what the inner folds keep whole, the learner
search). ``suite_tasks.TASKS`` registers them; a new task is one more builder there.

For each (task, protocol, feature set, seed) the outer folds are the protocol's; each outer
fold's training rows alone go to the search (``selection.nested_fit``: the learner is chosen on
inner folds of those rows), and its test rows are predicted once. Every finished fold is a
checkpoint line (its test rows' decisions), so a stopped run resumes where it was. From the
decisions of all rows per seed come the figures (mean and spread over seeds, per stratum: a GPU,
a held-out benchmark suite) and the paired statistics of each feature set against ours and
against the best baseline (``paired``).
"""
from __future__ import annotations

import hashlib
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from mir_export.evaluation.checkpoint import Checkpoint
from mir_export.features.embedding import content_digest, embedding_key
from mir_export.evaluation.paired import comparisons, paired
from mir_export.evaluation.protocol import Fit, chosen_name, summary
from mir_runtime.modeldir import TOKENIZER, file_sha256

OURS = "ours"
RUNTIME = "runtime"
ROWS = "row"  # the leakage check's feature set: each row's index (tests)


@dataclass(frozen=True)
class Metric:
    """``values(decisions)``: per-row values [N] of one decision per row; the figure is their mean,
    or (``geometric``) their geometric mean, or (``over``: a stratum name) the mean of that
    stratum's figures (coarsening: the mean over GPUs of each GPU's geometric mean)."""

    name: str
    values: Callable[[np.ndarray], np.ndarray]
    geometric: bool = False
    over: str | None = None
    percent: bool = False

    def figure(self, values: np.ndarray) -> float:
        return float(np.exp(np.log(values).mean()) if self.geometric else values.mean())


@dataclass(frozen=True)
class Protocol:
    """``folds(seed)``: the outer (train, test) row indices, each row tested once; ``inner_groups``:
    per row, what the search's inner folds keep whole (None: rows); ``search(code)``: the nested
    learner search (``code``: the features have code columns); ``strata``: name -> per-row label,
    figures reported per label too."""

    name: str
    folds: Callable[[int], list[tuple[np.ndarray, np.ndarray]]]
    search: Callable[[bool], Fit]
    inner_groups: np.ndarray | None = None
    strata: dict[str, np.ndarray] = field(default_factory=dict)


@dataclass(frozen=True)
class Task:
    """Rows of one prediction task: ``ir`` (each row's IR file), ``extras`` (run-time inputs, raw;
    [N, 0] when none), ``targets`` (class indices, or [N, C] log speedups), ``groups`` (the paired
    statistic's independent units), ``references`` (name -> decisions: the static choice, the
    oracle)."""

    name: str
    ir: tuple[Path, ...]
    extras: np.ndarray
    targets: np.ndarray
    groups: np.ndarray
    metrics: tuple[Metric, ...]
    protocols: tuple[Protocol, ...]
    references: dict[str, np.ndarray]
    runtime_inputs: bool = True  # the run-time inputs alone make a feature set
    description: str = ""
    search: str = ""  # the learner search, in words
    strata: dict[str, np.ndarray] = field(default_factory=dict)  # as a protocol's, for all of them

    def scores(self, decisions: np.ndarray) -> dict[str, np.ndarray]:
        return {m.name: m.values(decisions) for m in self.metrics}


def figures(metric: Metric, values: np.ndarray, strata: dict[str, np.ndarray]) -> tuple[float, dict]:
    """The figure of per-row ``values`` and its per-stratum figures."""
    per = {name: {str(label): metric.figure(values[labels == label]) for label in sorted(set(labels.tolist()))}
           for name, labels in strata.items()}
    overall = float(np.mean(list(per[metric.over].values()))) if metric.over else metric.figure(values)
    return overall, per


Extractor = Callable[[Sequence[Path], "Context"], np.ndarray]


@dataclass(frozen=True)
class Context:
    """What feature extractors read beside the files: the model, the random-weights model, and how
    many worker processes an extractor that has them may use (at most 2 on a shared machine)."""

    model: Path
    random_model: Path | None = None
    workers: int = 1


def _ours(paths: Sequence[Path], context: Context) -> np.ndarray:
    from mir_export.features.embedding import embed_files

    return embed_files(paths, context.model)


def _random(paths: Sequence[Path], context: Context) -> np.ndarray:
    from mir_export.features.embedding import embed_files

    if context.random_model is None:
        raise ValueError("the random feature set needs a random-weights model (--random-model)")
    return embed_files(paths, context.random_model)


def _opcodes(paths: Sequence[Path], context: Context) -> np.ndarray:
    from mir_export.features.bags import opcode_histogram

    return opcode_histogram(paths, context.model)


def _tokens(paths: Sequence[Path], context: Context) -> np.ndarray:
    from mir_export.features.bags import token_bag

    return token_bag(paths, context.model, context.workers)


def _ir2vec(paths: Sequence[Path], context: Context) -> np.ndarray:
    from mir_export.features.baselines import ir2vec_vectors

    vectors, rejected = ir2vec_vectors(paths, workers=context.workers)
    if rejected:
        print(f"ir2vec: {len(rejected)} file(s) rejected, their vectors are zeros", file=sys.stderr)
    return vectors


def _runtime(paths: Sequence[Path], context: Context) -> np.ndarray:
    return np.zeros((len(paths), 0), dtype=np.float32)


# name -> (extractor, what it is); the order is the tables' order
FEATURES: dict[str, tuple[Extractor, str]] = {
    RUNTIME: (_runtime, "run-time inputs only"),
    "opcodes": (_opcodes, "opcode histogram (log counts)"),
    "tfidf": (_tokens, "TF-IDF bag of statement tokens (SVD)"),
    "ir2vec": (_ir2vec, "IR2Vec 2.1.1 flow-aware"),
    "random": (_random, "same architecture, random weights (fp32)"),
    OURS: (_ours, "this model's embedding (fp32)"),
}


def feature_matrix(name: str, task: Task, context: Context, cache: Path,
                   extractors: dict[str, tuple[Extractor, str]] | None = None) -> tuple[np.ndarray, float | None]:
    """[N, D] of feature set ``name`` for ``task``'s rows, kept in ``cache`` (keyed by the rows'
    file contents and the models' encoders, pooling, front end and tokenizer, so changed rows or
    encoders compute it afresh, a changed head or figure does not), and the seconds computing it
    took (None where not recorded); ``extractors``: another task's feature sets (default ``FEATURES``)."""
    extractors = FEATURES if extractors is None else extractors
    if name == ROWS:
        return np.arange(len(task.targets), dtype=np.float64)[:, None], 0.0
    if name not in extractors:
        raise ValueError(f"unknown feature set {name!r} ({', '.join(extractors)})")
    key = hashlib.sha256()
    for path in task.ir:
        key.update(content_digest(path).encode())
    for model in (context.model, context.random_model):
        if model is not None:
            key.update((embedding_key(model) + file_sha256(Path(model) / TOKENIZER)).encode())
    path = cache / f"{task.name}.{name}.{key.hexdigest()[:16]}.npy"
    took = path.with_suffix(".seconds")
    if path.exists():
        return np.load(path), float(took.read_text()) if took.exists() else None
    start = time.monotonic()
    matrix = np.asarray(extractors[name][0](task.ir, context), dtype=np.float32)
    seconds = time.monotonic() - start
    print(f"suite: {task.name} {name} features {matrix.shape} in {seconds:.0f}s", file=sys.stderr)
    cache.mkdir(parents=True, exist_ok=True)
    np.save(path, matrix)
    took.write_text(f"{seconds:.1f}\n")
    return matrix, seconds


def run_fold(fit: Fit, task: Task, features: np.ndarray, inner_groups: np.ndarray | None, train: np.ndarray,
             test: np.ndarray, seed: int) -> tuple[np.ndarray, str]:
    """Fit on the outer training rows alone, decide the test rows: (decisions, the learner chosen)."""
    groups = None if inner_groups is None else inner_groups[train]
    predict = fit(features[train], task.extras[train], task.targets[train], groups, seed)
    return np.asarray(predict(features[test], task.extras[test])), chosen_name(predict)


def decisions(task: Task, protocol: Protocol, feature: str, features: np.ndarray, seed: int,
              saved: Checkpoint) -> tuple[np.ndarray, dict[str, int], float]:
    """One decision per row for one seed (every outer fold, from the checkpoint where it holds
    it), how often each learner was chosen, and the seconds the folds took."""
    key = (task.name, protocol.name, feature, str(seed))
    done = saved.runs(key)
    folds = protocol.folds(seed)
    decided = np.full(len(task.targets), -1, dtype=np.int64)
    chosen: dict[str, int] = {}
    seconds = 0.0
    fit = protocol.search(features.shape[1] > 0)
    for k, (train, test) in enumerate(folds):
        if k not in done:
            start = time.monotonic()
            predicted, name = run_fold(fit, task, features, protocol.inner_groups, train, test, seed * 1000 + k)
            done[k] = {"test": test.tolist(), "decisions": predicted.tolist(), "chosen": name,
                       "seconds": time.monotonic() - start}
            saved.add(key, k, done[k])
            print(f"suite: {task.name} {protocol.name} {feature} seed {seed} fold {k + 1}/{len(folds)} "
                  f"{done[k]['seconds']:.1f}s ({name})", file=sys.stderr)
        decided[done[k]["test"]] = done[k]["decisions"]
        chosen[done[k]["chosen"]] = chosen.get(done[k]["chosen"], 0) + 1
        seconds += done[k]["seconds"]
    if (decided < 0).any():
        raise ValueError(f"{task.name} {protocol.name}: the outer folds leave {(decided < 0).sum()} rows untested")
    return decided, chosen, seconds


def run_task(task: Task, features: dict[str, np.ndarray], seeds: Sequence[int], saved: Checkpoint) -> dict:
    """Figures of every feature set under every protocol of ``task``, references and paired statistics."""
    result: dict = {"description": task.description, "search": task.search, "rows": len(task.targets),
                    "groups": len(set(task.groups.tolist())), "features": list(features),
                    "metrics": {m.name: {"geometric": m.geometric, "over": m.over, "percent": m.percent}
                                for m in task.metrics},
                    "references": {name: {m.name: figures(m, values, task.strata)[0] for m, values in
                                          zip(task.metrics, task.scores(chosen).values())}
                                   for name, chosen in task.references.items()},
                    "protocols": {}}
    for protocol in task.protocols:
        values: dict[str, dict[str, np.ndarray]] = {}  # feature -> metric -> [seeds, rows]
        entry: dict = {"strata": list(task.strata | protocol.strata), "features": {}}
        for name, matrix in features.items():
            runs = [decisions(task, protocol, name, matrix, seed, saved) for seed in seeds]
            per_seed = [task.scores(d) for d, _, _ in runs]
            values[name] = {m.name: np.stack([s[m.name] for s in per_seed]) for m in task.metrics}
            entry["features"][name] = _figures(task, protocol, per_seed, runs)
        entry["paired"] = _paired(task, values, entry["features"])
        result["protocols"][protocol.name] = entry
    return result


def _figures(task: Task, protocol: Protocol, per_seed: list[dict[str, np.ndarray]], runs: list) -> dict:
    out: dict = {"chosen": {}, "seconds": sum(s for _, _, s in runs), "strata": {}}
    for _, chosen, _ in runs:
        for name, count in chosen.items():
            out["chosen"][name] = out["chosen"].get(name, 0) + count
    for metric in task.metrics:
        found = [figures(metric, s[metric.name], task.strata | protocol.strata) for s in per_seed]
        out[metric.name] = summary([f for f, _ in found])
        for stratum, labels in (found[0][1] if found else {}).items():
            out["strata"].setdefault(stratum, {})
            for label in labels:
                out["strata"][stratum].setdefault(label, {})[metric.name] = summary([f[1][stratum][label] for f in found])
    return out


def best_baseline(task: Task, found: dict[str, dict]) -> str | None:
    """The feature set other than ours with the best first-metric figure (None: no other)."""
    first = task.metrics[0].name
    others = [name for name in found if name not in (OURS, ROWS)]
    return max(others, key=lambda name: found[name][first]["mean"]) if others else None


def _paired(task: Task, values: dict[str, dict[str, np.ndarray]], found: dict[str, dict]) -> list[dict]:
    """Each feature set against ours, and every other baseline against the best one (``baseline``:
    ``a`` is the best baseline): ``difference`` > 0 means ``b`` is the better."""
    best = best_baseline(task, found)
    return [{"a": a, "b": b, "baseline": a == best, "metric": m.name,
             **paired(values[a][m.name], values[b][m.name], task.groups, m.geometric).to_dict()}
            for a, b in comparisons(list(values), OURS, best) for m in task.metrics]


def run_suite(tasks: Sequence[Task], names: Sequence[str], context: Context, seeds: Sequence[int], out: Path,
              quick: bool) -> dict:
    """Every task with every feature set that applies to it (the run-time inputs alone only where
    a task has them); resumable through ``out/checkpoint.jsonl`` and ``out/features``."""
    saved = Checkpoint(out / "checkpoint.jsonl")
    results: dict = {"model": str(context.model), "random_model": str(context.random_model or ""),
                     "seeds": list(seeds), "quick": quick, "features": list(names),
                     "feature_names": {n: FEATURES[n][1] for n in names if n in FEATURES}, "tasks": {}}
    for task in tasks:
        made = {name: feature_matrix(name, task, context, out / "features") for name in names
                if name != RUNTIME or task.runtime_inputs}
        results["tasks"][task.name] = (run_task(task, {name: m for name, (m, _) in made.items()}, seeds, saved)
                                       | {"feature_seconds": {name: s for name, (_, s) in made.items()}})
    return results
