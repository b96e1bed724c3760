"""Folds and metrics of the published protocols, and the loops that score one feature set.

Device mapping: 10-fold ``StratifiedKFold(shuffle=True, random_state=seed)`` on the oracle label,
or ``StratifiedGroupKFold`` with every row of one kernel (``benchmark``) in the same fold, so no
kernel is seen in training at another data size; repeated over seeds. Speedup of a row = its
runtime on the platform's static device / its runtime on the predicted device; the figure is the
mean over rows. Thread coarsening: leave one kernel out (strict: with its rows of every GPU) or
one (kernel, GPU) row out (pooled); a predicted factor above the largest one measured for the
kernel is capped at it; speedup = runtime at factor 1 / runtime at the predicted factor,
summarized by the geometric mean per GPU. Vectorization (measured
here): ``VECTORIZE_SPLITS`` folds that each hold out whole loop families, shuffled per seed;
speedup of a kernel = its default's user CPU time / the predicted class's (a pair that failed
counts as a 10x slowdown), summarized by the geometric mean over all held-out kernels.

The scoring loops take a ``Fit`` (train rows to a predictor of test rows; ``selection.nested_fit``
chooses the learner inside it), so they run unchanged for every feature set and, in tests, for
trivial predictors. A ``Fit`` is given only the training rows of an outer fold: their features,
run-time inputs (coarsening: the GPU one-hot), targets (class indices, or [N, C] log speedups for
coarsening and vectorization) and groups (the kernel of each row in device mapping's grouped
protocol and strict coarsening, the loop family for vectorization, else None), so no choice can
see a test row.
"""
from __future__ import annotations

import sys
from collections.abc import Callable

import numpy as np
from sklearn.model_selection import LeaveOneGroupOut, StratifiedGroupKFold, StratifiedKFold

from mir_export.evaluation.datasets import Coarsening, Devmap
from mir_export.evaluation.paired import comparisons, paired
from mir_export.evaluation.selection import group_folds

N_SPLITS = 10
VECTORIZE_SPLITS = 10  # outer folds over loop families (the data set has 20: about 2 held out per fold)

# (train features, train extras, train targets, train groups or None, seed) -> predictor of class indices
Predictor = Callable[[np.ndarray, np.ndarray], np.ndarray]
Fit = Callable[[np.ndarray, np.ndarray, np.ndarray, np.ndarray | None, int], Predictor]


def devmap_folds(labels: np.ndarray, seed: int, groups: np.ndarray | None = None,
                 splits: int = N_SPLITS) -> list[tuple[np.ndarray, np.ndarray]]:
    """(train, test) row indices of the ``splits`` (10) folds; with ``groups``, a group never spans two folds."""
    x = np.zeros((len(labels), 1))
    if groups is None:
        return list(StratifiedKFold(n_splits=splits, shuffle=True, random_state=seed).split(x, labels))
    return list(StratifiedGroupKFold(n_splits=splits, shuffle=True, random_state=seed).split(x, labels, groups))


def devmap_scores(table: Devmap, predicted: np.ndarray) -> dict[str, float]:
    """Accuracy and mean speedup over the static mapping of one prediction per row."""
    rows = np.arange(len(predicted))
    speedup = table.runtimes[:, table.static] / table.runtimes[rows, predicted]
    return {"accuracy": float((predicted == table.oracle).mean()), "speedup": float(speedup.mean())}


def capped(runtimes: np.ndarray, predicted: np.ndarray) -> np.ndarray:
    """Each predicted factor index, lowered to the largest factor measured for its kernel."""
    largest = np.array([np.flatnonzero(~np.isnan(r)).max() for r in runtimes])
    return np.minimum(predicted, largest)


def coarsening_speedups(table: Coarsening, predicted: np.ndarray) -> np.ndarray:
    """Per kernel: runtime at factor 1 / runtime at the (capped) predicted factor."""
    rows = np.arange(len(predicted))
    return table.runtimes[:, 0] / table.runtimes[rows, capped(table.runtimes, predicted)]


def log_speedups(table: Coarsening) -> np.ndarray:
    """[K, C]: log of each factor's (capped) speedup over factor 1, the score regressors' target."""
    return np.stack([np.log(coarsening_speedups(table, np.full(len(table.kernels), j)))
                     for j in range(table.runtimes.shape[1])], axis=1)


def geomean(values: np.ndarray) -> float:
    return float(np.exp(np.log(values).mean()))


def summary(values: list[float]) -> dict:
    """Mean and (population) standard deviation over seeds, and the per-seed values."""
    return {"mean": float(np.mean(values)), "std": float(np.std(values)), "per_seed": [float(v) for v in values]}


def chosen_name(predictor: Predictor) -> str:
    """The learner a nested ``Fit`` chose (``selection.Chosen``), else the predictor's kind."""
    learner = getattr(predictor, "learner", None)
    return learner.name if learner is not None else "fixed"


def evaluate_devmap(table: Devmap, features: np.ndarray, extras: np.ndarray, fit: Fit, seeds: list[int],
                    grouped: bool, label: str = "", done: Callable[[int, dict], None] | None = None,
                    known: Callable[[], dict[int, dict]] | None = None) -> dict:
    """Out-of-fold predictions for every row, per seed; accuracy and speedup over seeds, and how
    often each learner was chosen. ``known``/``done``: the per-seed results already computed (asked
    before each seed) / a callback after each seed (a resumable run's checkpoint)."""
    per_seed, chosen = [], {}
    for seed in seeds:
        finished = known() if known else {}
        if seed in finished:
            run = finished[seed]
        else:
            predicted = np.empty(len(table.oracle), dtype=np.int64)
            names = []
            folds = devmap_folds(table.oracle, seed, table.benchmark if grouped else None)
            for k, (train, test) in enumerate(folds):
                groups = table.benchmark[train] if grouped else None
                predict = fit(features[train], extras[train], table.oracle[train], groups, seed * 100 + k)
                predicted[test] = predict(features[test], extras[test])
                names.append(chosen_name(predict))
            run = {**devmap_scores(table, predicted), "chosen": names}
            if done:
                done(seed, run)
        per_seed.append(run)
        for name in run["chosen"]:
            chosen[name] = chosen.get(name, 0) + 1
        print(f"{label} seed {seed}: accuracy {run['accuracy']:.4f}, speedup {run['speedup']:.3f}", file=sys.stderr)
    return {**{metric: summary([s[metric] for s in per_seed]) for metric in ("accuracy", "speedup")}, "chosen": chosen}


def devmap_references(table: Devmap) -> dict[str, dict[str, float]]:
    """The static mapping (speedup 1 by definition) and the oracle, on the same rows."""
    static = np.full(len(table.oracle), table.static)
    return {"static": devmap_scores(table, static), "oracle": devmap_scores(table, table.oracle)}


HOLD_OUT = ("kernel", "row")  # the strict protocol, the pooled one


def gpu_rows(tables: list[Coarsening]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every (kernel, GPU) a row, GPU after GPU (the kernels' features repeated once per GPU): the
    one-hot of its GPU, its log speedups on that GPU, and its kernel's index."""
    kernels = len(tables[0].kernels)
    return (np.repeat(np.eye(len(tables)), kernels, axis=0), np.concatenate([log_speedups(t) for t in tables]),
            np.tile(np.arange(kernels), len(tables)))


def evaluate_coarsening(tables: list[Coarsening], features: np.ndarray, fit: Fit, seeds: list[int], label: str = "",
                        hold_out: str = "kernel") -> dict:
    """Every (kernel, GPU) is a row: the kernel's features, a one-hot of the GPU beside them
    (``extras``), the kernel's log speedups on that GPU. ``hold_out`` ``kernel``, the strict
    protocol: one kernel out with all its GPUs, so the head learns from the 16 others as measured
    on every GPU and never from the test kernel (the fit gets each row's kernel as its group, for
    inner folds that hold kernels out whole); ``row``, the pooled protocol of IR2Vec's published
    notebook: one row out, so the test kernel's other GPUs stay in training. Per GPU the
    geometric-mean speedup, and their mean, over seeds; ``notebook_mean``: the statistic of
    IR2Vec's notebook (and of its published 1.238), the mean over GPUs of each GPU's
    arithmetic-mean speedup, comparable only with figures computed that way."""
    if hold_out not in HOLD_OUT:
        raise ValueError(f"unknown hold-out {hold_out!r} ({', '.join(HOLD_OUT)})")
    kernels = len(features)
    rows = np.concatenate([features] * len(tables))
    onehot, targets, kernel = gpu_rows(tables)
    units = kernel if hold_out == "kernel" else np.arange(len(rows))
    per_seed, chosen = [], {}
    for seed in seeds:
        predicted = np.empty(len(rows), dtype=np.int64)
        for u in np.unique(units):
            train, test = units != u, units == u
            groups = kernel[train] if hold_out == "kernel" else None
            predict = fit(rows[train], onehot[train], targets[train], groups, seed * 1000 + int(u))
            predicted[test] = predict(rows[test], onehot[test])
            chosen[chosen_name(predict)] = chosen.get(chosen_name(predict), 0) + 1
        per_gpu = [coarsening_speedups(t, predicted[g * kernels : (g + 1) * kernels]) for g, t in enumerate(tables)]
        speedups = [geomean(s) for s in per_gpu]
        per_seed.append({t.gpu: s for t, s in zip(tables, speedups)} | {"mean": float(np.mean(speedups)),
                        "notebook_mean": float(np.mean([s.mean() for s in per_gpu]))})
        print(f"{label} seed {seed}: {per_seed[-1]}", file=sys.stderr)
    return {**{key: summary([s[key] for s in per_seed]) for key in per_seed[0]}, "chosen": chosen}


def coarsening_references(table: Coarsening) -> dict[str, dict[str, float]]:
    """Never coarsening (speedup 1 by definition) and the oracle."""
    return {
        name: {"speedup": geomean(coarsening_speedups(table, p)), "accuracy": float((p == table.oracle).mean())}
        for name, p in (("static", np.zeros(len(table.kernels), dtype=np.int64)), ("oracle", table.oracle))
    }


def vectorize_scores(targets: np.ndarray, families: np.ndarray, predicted: np.ndarray) -> dict:
    """Geometric-mean speedup over the default of one class per kernel (``targets``: [K, C] log
    speedups), per family too, and the share of kernels left at the default."""
    gains = targets[np.arange(len(predicted)), predicted]
    return {"speedup": float(np.exp(gains.mean())), "default_share": float((predicted == 0).mean()),
            "families": {f: float(np.exp(gains[families == f].mean())) for f in sorted(set(families.tolist()))}}


def vectorize_references(targets: np.ndarray, families: np.ndarray) -> dict[str, dict]:
    """The default everywhere (speedup 1 by definition) and the oracle, on the same kernels."""
    return {"default": vectorize_scores(targets, families, np.zeros(len(targets), dtype=np.int64)),
            "oracle": vectorize_scores(targets, families, targets.argmax(1))}


def evaluate_vectorize(targets: np.ndarray, families: np.ndarray, features: np.ndarray, fit: Fit, seeds: list[int],
                       label: str = "") -> dict:
    """Out-of-fold classes for every kernel with whole families held out, per seed (the ``Fit``
    gets the training rows' families, for inner folds that keep them whole too); speedup and
    default share over seeds, each family's speedup per seed, the learners chosen, and each seed's
    class per kernel (``predicted``, for the paired statistics)."""
    no_extras = np.zeros((len(targets), 0))
    per_seed, chosen, classes = [], {}, []
    for seed in seeds:
        predicted = np.empty(len(targets), dtype=np.int64)
        for k, (train, test) in enumerate(group_folds(families, VECTORIZE_SPLITS, seed)):
            predict = fit(features[train], no_extras[train], targets[train], families[train], seed * 100 + k)
            predicted[test] = predict(features[test], no_extras[test])
            chosen[chosen_name(predict)] = chosen.get(chosen_name(predict), 0) + 1
        per_seed.append(vectorize_scores(targets, families, predicted))
        classes.append(predicted.tolist())
        print(f"{label} seed {seed}: speedup {per_seed[-1]['speedup']:.4f}, "
              f"default {per_seed[-1]['default_share']:.2f}", file=sys.stderr)
    return {**{metric: summary([s[metric] for s in per_seed]) for metric in ("speedup", "default_share")},
            "families": {f: [s["families"][f] for s in per_seed] for f in per_seed[0]["families"]}, "chosen": chosen,
            "predicted": classes}


def vectorize_paired(targets: np.ndarray, families: np.ndarray, found: dict[str, dict], ours: str = "ours") -> list[dict]:
    """Paired log-speedup differences (B - A) over loop families, the independent units: each decision
    in ``found`` (name -> ``evaluate_vectorize``'s figures) against ``ours``, and each other against the
    best one that is not ours (``baseline``: ``a`` is that best)."""
    gains = {name: np.exp(targets[np.arange(len(targets)), np.asarray(entry["predicted"])])
             for name, entry in found.items()}
    others = [name for name in found if name != ours]
    best = max(others, key=lambda name: found[name]["speedup"]["mean"]) if others else None
    return [{"a": a, "b": b, "baseline": a == best, "metric": "speedup",
             **paired(gains[a], gains[b], families, log=True).to_dict()} for a, b in comparisons(list(found), ours, best)]


def leave_groups_out(groups: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """One fold per group, holding it out whole (deterministic: the same for every seed)."""
    return list(LeaveOneGroupOut().split(np.zeros((len(groups), 1)), groups=groups))
