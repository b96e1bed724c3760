"""``passes judge``: every feature set on the pass-pipeline task, the held-out modules scored once.

The training modules alone choose: the fixed references (``task``: the best single pipeline, the
greedy K-sets), and for each feature set the suite's learner search (``selection.nested_fit`` over
the size task's regressor grid, a margin on -Oz, each learner held to -Oz whatever the code by one
standard error over packages; without code columns the mean curve alone, the best fixed pipeline
of the training folds), its inner folds keeping
packages whole where the training split has at least ``FAMILY_INNER_SPLITS`` packages, else source
units. The chosen learner, refitted on every training module, predicts each pipeline's gain over
-Oz for the held-out modules: one shot, the arg-max (-Oz unless a gain clears the margin); K = 3, 5,
the K pipelines other than -Oz that a second learner ranks first, run beside -Oz, the module keeping
the smallest (``tune --budget K``). That ranking learner is chosen by the same search on what the
inner folds' modules keep with ``RANK_BUDGET`` pipelines beside -Oz: the best guess of one shot
and the best few to try are different questions (a pipeline that wins big on some modules and
loses on others is a poor guess and a good trial).

Figures: geometric means over held-out modules of count(Oz) / count(chosen), per form and package
too, and paired 95% intervals (``paired``) over modules and over packages of each feature set
against the mode's fixed reference (the best single pipeline; the best fixed K-set) and against the
best feature set other than ours. Feature matrices are kept in the suite's feature cache, each
feature set's decisions in a checkpoint line keyed by a digest of everything they depend on, so a
re-run computes only what changed.
"""
from __future__ import annotations

import hashlib
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

import numpy as np

from mir_export.evaluation.checkpoint import Checkpoint
from mir_export.evaluation.learners import ALWAYS_OZ, FIXED_COVER, PASSES_ONE_SHOT, PASSES_RANKERS, margin_of
from mir_export.evaluation.paired import paired
from mir_export.evaluation.selection import FAMILY_INNER_SPLITS, Splitter, group_folds, mean_log_speedup, nested_fit
from mir_export.evaluation.suite import FEATURES as SUITE_FEATURES
from mir_export.evaluation.suite import Context, Task, feature_matrix
from mir_export.tasks.passes.finetuned import CONFIG as FINETUNE_CONFIG
from mir_export.tasks.passes.finetuned import DESCRIPTION as FINETUNED_DESCRIPTION
from mir_export.tasks.passes.finetuned import FINETUNED, finetuned_run
from mir_export.tasks.passes.task import Modules, Split, best_single, figure, greedy_set, kept, set_gains, top
from mir_export.tasks.size.task import CONSTANT

NONE = "none"
OURS = "ours"
RANDOM = "random"  # random weights of the model's shape: the control of the encoder's own sets
OURS_SETS = (OURS, FINETUNED)  # the encoder's own sets: never the best baseline
BUDGETS = (3, 5)
RANK_BUDGET = 3  # the ranking learner is chosen on what tune --budget 3 keeps on the inner folds
MODES = ("one_shot", *(f"k{k}" for k in BUDGETS))
CHUNK = 64  # modules embedded between two saves of the embedding cache


CACHE_TASK = "passes-judge"  # the feature cache's name for the judge's rows


def _runtime_counts(name: str):
    """The runtime's own counts (``mir_runtime.code_counts``) of each module, so a shipped head
    reads exactly what it was trained on; an unreadable module gives zeros. Every count set is
    computed from one reading of a module (``_counted``): reading is most of the cost."""
    def extract(paths: Sequence[Path], context: Context) -> np.ndarray:
        todo = [Path(p) for p in paths if _memo_key(Path(p)) not in _COUNTED]
        if context.workers > 1 and len(todo) > 1:
            with ProcessPoolExecutor(context.workers) as pool:
                for path, counted in zip(todo, pool.map(_counted, todo, chunksize=8)):
                    _COUNTED[_memo_key(path)] = counted
        rows = [_counted(Path(path)) for path in paths]
        unreadable = sum(r is None for r in rows)
        if unreadable:
            print(f"judge: {name}: {unreadable} unreadable module(s), their counts are zeros", file=sys.stderr)
        return _stack([None if r is None else r[name] for r in rows])

    return extract


_COUNTED: dict[str, dict[str, np.ndarray] | None] = {}  # this process's counts, by module path and content


def _memo_key(path: Path) -> str:
    from mir_export.features.embedding import content_digest

    return f"{path}\0{content_digest(path)}"


def _counted(path: Path) -> dict[str, np.ndarray] | None:
    from mir_runtime import IRParseError, read_ir
    from mir_runtime.code_counts import FEATURES as COUNTS

    key = _memo_key(path)
    if key not in _COUNTED:
        try:
            module = read_ir(path)
            _COUNTED[key] = {n: np.asarray(f(module), dtype=np.float32) for n, f in COUNTS.items()}
        except IRParseError:
            _COUNTED[key] = None
    return _COUNTED[key]


def _embedding(random: bool):
    """The model's (or the random-weights model's) fp32 file embedding, in chunks of ``CHUNK`` files
    (each chunk's vectors are cached as it ends, so a stopped run keeps them); a module the
    runtime cannot read gives zeros, counted."""
    def extract(paths: Sequence[Path], context: Context) -> np.ndarray:
        from mir_export.features.embedding import embed_files
        from mir_runtime import IRParseError

        model = context.random_model if random else context.model
        if model is None:
            raise ValueError("the random feature set needs a random-weights model (--random-model)")
        rows: list[np.ndarray | None] = []
        for start in range(0, len(paths), CHUNK):
            chunk = list(paths[start:start + CHUNK])
            try:
                rows.extend(embed_files(chunk, model, context.workers))
            except IRParseError:
                for path in chunk:
                    try:
                        rows.extend(embed_files([path], model))
                    except IRParseError as exc:
                        print(f"judge: unreadable, its vector is zeros: {exc}", file=sys.stderr)
                        rows.append(None)
            print(f"judge: {'random' if random else 'ours'}: {len(rows)}/{len(paths)} modules embedded",
                  file=sys.stderr, flush=True)
        return _stack(rows)

    return extract


def _stack(rows: list) -> np.ndarray:
    """Rows of one width, None (an unreadable module) as zeros."""
    width = next((len(r) for r in rows if r is not None), 0)
    return np.stack([np.zeros(width, np.float32) if r is None else np.asarray(r, np.float32) for r in rows]) \
        if rows else np.zeros((0, width), np.float32)


def _no_code(paths: Sequence[Path], context: Context) -> np.ndarray:
    return np.zeros((len(paths), 0), dtype=np.float32)


# name -> (extractor, what it is); the order is the table's
FEATURES = {
    NONE: (_no_code, "no code (the best fixed pipeline of the training folds)"),
    "opcodes": (_runtime_counts("opcodes"), "opcode histogram (the runtime's counts)"),
    "autophase": (_runtime_counts("autophase"), "Autophase's 56 counts (the runtime's)"),
    "tfidf": SUITE_FEATURES["tfidf"],
    "ir2vec": SUITE_FEATURES["ir2vec"],
    RANDOM: (_embedding(True), SUITE_FEATURES[RANDOM][1]),
    OURS: (_embedding(False), SUITE_FEATURES[OURS][1]),
}


def inner_groups(train: Modules) -> tuple[str, np.ndarray]:
    """What the inner folds keep whole: packages where there are enough of them, else source units."""
    if len(set(train.packages.tolist())) >= FAMILY_INNER_SPLITS:
        return "packages", train.packages
    return "source units", train.units()


def _inner_folds(targets: np.ndarray, groups: np.ndarray | None, seed: int) -> list:
    return group_folds(groups, FAMILY_INNER_SPLITS, seed)


def one_shot_grid(code: bool) -> tuple:
    """The one-shot learners: ``PASSES_ONE_SHOT`` over code columns, the mean curve without; -Oz
    whatever the code (``ALWAYS_OZ``) among them, the reference."""
    return PASSES_ONE_SHOT if code else (*CONSTANT, ALWAYS_OZ)


def search(code: bool, classes: int, splitter: Splitter = _inner_folds):
    """The nested learner search for one shot: the best inner mean among the learners whose gain
    over -Oz whatever the code clears one standard error over the training packages (their paired
    per-module differences summed within each package: its modules win or lose together), else
    -Oz (``selection.choose``'s ``each_clears``). ``splitter``: the inner folds (the judge's, unless
    a study of their stability gives others)."""
    return nested_fit(one_shot_grid(code), classes, splitter, mean_log_speedup, reference=ALWAYS_OZ,
                      each_clears=True)


def _ranked(outputs: np.ndarray, margin: float) -> np.ndarray:
    return top(outputs, RANK_BUDGET)


def rankers(code: bool) -> tuple:
    """The ranking learners: ``PASSES_RANKERS`` over code columns; without, the mean curve and the
    training folds' fixed cover."""
    return PASSES_RANKERS if code else (*(lr for lr in CONSTANT if margin_of(lr) == 0.0), FIXED_COVER)


def ranking_search(code: bool, classes: int, splitter: Splitter = _inner_folds):
    """The nested search for the ranking learner, scored by the gain each inner-fold module keeps
    with its ``RANK_BUDGET`` first-ranked pipelines beside -Oz: the best inner mean, without the
    one-standard-error rule of one shot. That rule guards a decision against losing to -Oz, which
    a ranking cannot (-Oz always runs beside it); with one package's modules gaining 2x and the
    rest a few per cent, its band held every learner and always kept the mean curve. ``splitter``:
    as for ``search``."""
    return nested_fit(rankers(code), classes, splitter, set_gains, decision=_ranked)


def matrices(split: Split, names: Sequence[str], context: Context, cache: Path) -> dict[str, tuple[np.ndarray, float | None]]:
    """Each feature set's [N, D] of the training then held-out modules, from the suite's feature
    cache (the TF-IDF bag's IDF and SVD are fitted on both splits' files, without labels, as the
    suite fits them on a task's files)."""
    paths = tuple(split.ir / m for m in (*split.train.modules, *split.test.modules))
    out = {}
    for name in names:
        start = time.monotonic()
        rows = Task(_cache_name(name), paths, np.zeros((len(paths), 0)), np.zeros(len(paths)), np.zeros(len(paths)),
                    (), (), {})
        # the suite keys every matrix by both models: only the random feature set reads the random one
        own = context if name == RANDOM else replace(context, random_model=None)
        out[name] = feature_matrix(name, rows, own, cache, FEATURES)
        print(f"judge: {name} features {out[name][0].shape} ({time.monotonic() - start:.0f} s)", file=sys.stderr,
              flush=True)
    return out


def _cache_name(name: str) -> str:
    """The feature cache's task name: the runtime's counts are keyed by their code too (the
    suite's cache keys hold the files and the encoders, not an extractor's code)."""
    if name not in ("opcodes", "autophase"):
        return CACHE_TASK
    import mir_runtime.code_counts as counts

    return f"{CACHE_TASK}-{hashlib.sha256(Path(counts.__file__).read_bytes()).hexdigest()[:12]}"


def _digest(*parts) -> str:
    key = hashlib.sha256()
    for part in parts:
        key.update(np.ascontiguousarray(part).tobytes() if isinstance(part, np.ndarray) else str(part).encode())
        key.update(b"\0")
    return key.hexdigest()[:20]


def decide(name: str, matrix: np.ndarray, split: Split, seed: int, saved: Checkpoint) -> dict:
    """One feature set's learner, inner score and decisions for the held-out modules (one shot and
    the ranking ``tune`` would run), from the checkpoint when it holds them."""
    train_x, test_x = matrix[:len(split.train)], matrix[len(split.train):]
    targets = split.train.targets()
    _, groups = inner_groups(split.train)
    code = matrix.shape[1] > 0
    key = ("passes-judge", name, _digest(split.train.keys, targets, split.test.keys, split.train.names, matrix,
                                         [lr.name for lr in one_shot_grid(code)], "each-clears", groups,
                                         [lr.name for lr in rankers(code)], RANK_BUDGET))
    done = saved.runs(key)
    if seed in done:
        return done[seed]
    start = time.monotonic()
    none = np.zeros((len(train_x), 0))
    chosen = search(code, targets.shape[1])(train_x, none, targets, groups, seed)
    ranking = ranking_search(code, targets.shape[1])(train_x, none, targets, groups, seed)
    outputs = chosen.model.predict(test_x, np.zeros((len(test_x), 0)))
    order = ranking.model.predict(test_x, np.zeros((len(test_x), 0)))
    run = {"learner": chosen.learner.name, "inner_log_gain": chosen.inner_scores[chosen.learner.name],
           "ranking_learner": ranking.learner.name, "ranking_inner_log_gain": ranking.inner_scores[ranking.learner.name],
           "one_shot": outputs.argmax(1).tolist(), "ranked": top(order, max(BUDGETS)).tolist(),
           "seconds": round(time.monotonic() - start, 2)}
    saved.add(key, seed, run)
    print(f"judge: {name}: chose {run['learner']} (inner {run['inner_log_gain']:+.4f}), ranking by "
          f"{run['ranking_learner']} (inner K = {RANK_BUDGET} {run['ranking_inner_log_gain']:+.4f}) in "
          f"{run['seconds']:.1f} s", file=sys.stderr, flush=True)
    return run


def references(split: Split) -> dict:
    """The fixed references: their pipelines and the one each held-out module keeps (``chosen``)."""
    train, test = split.train.targets(), split.test.targets()
    rows = len(test)
    best, bound = best_single(train), best_single(test)  # bound: chosen on the held-out modules, not a decision
    refs = {"Oz": {"pipelines": [0], "chosen": np.zeros(rows, dtype=np.int64)},
            "oracle": {"pipelines": [], "chosen": test.argmax(1)},  # -Oz first among equals
            "best_fixed": {"pipelines": [best], "chosen": np.full(rows, best)},
            "held_out_best": {"pipelines": [bound], "chosen": np.full(rows, bound)}}
    for k in BUDGETS:
        members = greedy_set(train, k)
        refs[f"fixed_{k}"] = {"pipelines": members, "chosen": kept(test, members)}
    return refs


def mode_choices(run: dict, test: np.ndarray) -> dict[str, np.ndarray]:
    """Per mode, the pipeline each held-out module keeps under one feature set's decisions."""
    ranked = np.asarray(run["ranked"], dtype=np.int64).reshape(len(test), -1)
    return {"one_shot": np.asarray(run["one_shot"], dtype=np.int64),
            **{f"k{k}": kept(test, ranked[:, :k]) for k in BUDGETS}}


def compare(gains: dict[str, dict[str, np.ndarray]], refs: dict[str, np.ndarray],
            split: Split) -> tuple[list[dict], dict[str, str]]:
    """Paired intervals (B - A in log gain), over modules and over packages: each feature set
    against the mode's fixed reference and against the mode's best feature set other than ours,
    and the encoder's own sets against random weights of their shape too, the control that
    tells what pre-training adds (``gains``: feature set -> mode -> per-module gains; ``refs``:
    reference -> gains)."""
    units = {"modules": np.arange(len(split.test)), "packages": split.test.packages}
    reference = {"one_shot": "best_fixed", **{f"k{k}": f"fixed_{k}" for k in BUDGETS}}
    pairs, best = [], {}
    for mode in MODES:
        others = [n for n in gains if n not in OURS_SETS]
        if others:
            best[mode] = max(others, key=lambda n: (gains[n][mode].mean(), n == NONE))
        against = [(reference[mode], refs[reference[mode]])]
        if mode in best:
            against.append((best[mode], gains[best[mode]][mode]))
        for name, values in gains.items():
            control = [(RANDOM, gains[RANDOM][mode])] if name in OURS_SETS and RANDOM in gains else []
            for a, a_gains in dict(against + control).items():  # random once where it is the best too
                if a == name:
                    continue
                entry = {"mode": mode, "a": a, "b": name, "baseline": a == best.get(mode)}
                for unit, groups in units.items():
                    entry[unit] = paired(np.exp(a_gains)[None], np.exp(values[mode])[None], groups, log=True).to_dict()
                pairs.append(entry)
    return pairs, best


def judge(split: Split, names: Sequence[str], context: Context, cache: Path, seed: int = 0, log=sys.stderr) -> dict:
    """Every figure of the judge (see the module's docstring) and the per-module decisions."""
    test = split.test.targets()
    pipelines = split.train.names
    refs = references(split)
    log.write(f"judge: {len(split.train)} training modules, {len(split.test)} held out, {len(pipelines)} pipelines; "
              f"best fixed {pipelines[refs['best_fixed']['pipelines'][0]]}, "
              f"3-set {[pipelines[i] for i in refs['fixed_3']['pipelines']]}\n")
    log.flush()
    made = matrices(split, [n for n in names if n != FINETUNED], context, cache)
    saved = Checkpoint(cache / "judge-checkpoint.jsonl")
    runs = {name: decide(name, matrix, split, seed, saved) for name, (matrix, _) in made.items()}
    if FINETUNED in names:
        from mir_export.features.embedding import embedding_key

        key = _digest(split.train.keys, split.train.targets(), split.test.keys, split.train.names,
                      embedding_key(context.model), FINETUNE_CONFIG)
        runs[FINETUNED] = finetuned_run(split, context.model, cache, seed, saved, key, max(BUDGETS),
                                        FINETUNE_CONFIG, threads=max(context.workers, 1))
    rows = np.arange(len(test))
    chosen = {name: mode_choices(run, test) for name, run in runs.items()}
    gains = {name: {mode: test[rows, c] for mode, c in modes.items()} for name, modes in chosen.items()}
    ref_gains = {name: test[rows, ref["chosen"]] for name, ref in refs.items()}
    pairs, best = compare(gains, ref_gains, split)
    oracle, fixed, bound = (ref_gains[n].mean() for n in ("oracle", "best_fixed", "held_out_best"))
    group, _ = inner_groups(split.train)
    return {
        "pipelines": list(pipelines), "inner_folds": {"splits": FAMILY_INNER_SPLITS, "keep_whole": group},
        "references": {name: {"pipelines": [pipelines[i] for i in ref["pipelines"]], **figure(ref["chosen"], split.test)}
                       for name, ref in refs.items()},
        "room_pct": round(100 * (float(np.exp(oracle - fixed)) - 1), 3),
        "room_over_held_out_best_pct": round(100 * (float(np.exp(oracle - bound)) - 1), 3),
        "features": {name: {"description": FINETUNED_DESCRIPTION if name == FINETUNED else FEATURES[name][1],
                            "columns": int(made[name][0].shape[1]) if name in made else None,
                            "feature_seconds": round(made[name][1], 1) if made.get(name, (0, None))[1] is not None
                            else None,
                            "learner": runs[name]["learner"],
                            "inner_log_gain": runs[name]["inner_log_gain"],
                            "ranking_learner": runs[name]["ranking_learner"],
                            "ranking_inner_log_gain": runs[name]["ranking_inner_log_gain"],
                            "fit_seconds": runs[name]["seconds"],
                            **{mode: figure(chosen[name][mode], split.test) for mode in MODES}}
                     for name in runs},
        "best_baseline": best, "paired": pairs,
        "decisions": _decisions(split, refs, runs, chosen),
    }


def _decisions(split: Split, refs: dict, runs: dict[str, dict], chosen: dict[str, dict[str, np.ndarray]]) -> list[dict]:
    """Per held-out module: the pipeline each reference and feature set keeps (one shot; K = 3, 5
    beside -Oz) and each feature set's ranking, so the kept pipelines' ``.text`` bytes can be
    measured afterwards."""
    names = split.test.names
    return [{"key": key, "module": split.test.modules[row], "package": str(split.test.packages[row]),
             "form": str(split.test.forms[row]),
             "references": {name: names[int(ref["chosen"][row])] for name, ref in refs.items() if name != "Oz"},
             "features": {name: {**{mode: names[int(chosen[name][mode][row])] for mode in MODES},
                                 "ranked": [names[i] for i in run["ranked"][row]]} for name, run in runs.items()}}
            for row, key in enumerate(split.test.keys)]
