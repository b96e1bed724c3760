"""Nested model selection: an inner cross-validation on the training rows picks the learner.

``nested_fit(learners, ...)`` is a ``protocol.Fit``: given only an outer fold's training rows, it
scores every learner by out-of-fold predictions of an inner cross-validation over those rows,
keeps the best (ties: the first in grid order), refits it on all of them and returns its
predictor. The outer test rows are never passed in, so no choice can see them; the reported
figure is the outer folds'. Learners that differ only in their margin share one fit per inner
fold: a margin moves the decision, not the model; a vote's inner output is the mean of its
members' (soft voting fits each member as it is fitted alone).
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from sklearn.model_selection import GroupKFold, KFold, LeaveOneGroupOut, LeaveOneOut, StratifiedGroupKFold, StratifiedKFold

from mir_export.evaluation.learners import Fitted, Learner, margin_of, parts

INNER_SPLITS = 3  # inner folds for device mapping (about 540 training rows)
POOLED_INNER_SPLITS = 5  # inner folds for pooled coarsening (67 training rows)
FAMILY_INNER_SPLITS = 5  # inner folds for vectorization (the training folds' 15-18 loop families)

# (inner targets, inner groups or None, seed) -> inner (train, test) folds
Splitter = Callable[[np.ndarray, np.ndarray | None, int], list[tuple[np.ndarray, np.ndarray]]]
# (targets of scored rows, decisions) -> per-row score, higher is better (the mean is the learner's)
Score = Callable[[np.ndarray, np.ndarray], np.ndarray]


def classification_splitter(targets: np.ndarray, groups: np.ndarray | None, seed: int) -> list:
    """Stratified folds, or stratified folds that keep each group whole (as the outer protocol)."""
    x = np.zeros((len(targets), 1))
    if groups is None:
        return list(StratifiedKFold(INNER_SPLITS, shuffle=True, random_state=seed).split(x, targets))
    return list(StratifiedGroupKFold(INNER_SPLITS, shuffle=True, random_state=seed).split(x, targets, groups))


def leave_one_out(targets: np.ndarray, groups: np.ndarray | None, seed: int) -> list:
    """One row out at a time, or with ``groups`` one group (a kernel and all its GPUs' rows)."""
    if groups is None:
        return list(LeaveOneOut().split(targets))
    return list(LeaveOneGroupOut().split(np.zeros((len(targets), 1)), groups=groups))


def row_folds(targets: np.ndarray, groups: np.ndarray | None, seed: int) -> list:
    return list(KFold(POOLED_INNER_SPLITS, shuffle=True, random_state=seed).split(targets))


def group_folds(groups: np.ndarray, splits: int, seed: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """``splits`` folds (fewer when there are fewer groups) that keep each group whole, groups dealt
    to folds in an order shuffled by ``seed``."""
    count = len(set(groups.tolist()))
    if count < 2:
        raise ValueError(f"grouped folds need rows of at least 2 groups (loop families), not {count}")
    splitter = GroupKFold(min(splits, count), shuffle=True, random_state=seed)
    return list(splitter.split(np.zeros((len(groups), 1)), groups=groups))


def family_folds(targets: np.ndarray, groups: np.ndarray | None, seed: int) -> list:
    """The vectorization task's inner folds: the training rows' loop families, each kept whole."""
    if groups is None:
        raise ValueError("family folds need each row's loop family")
    return group_folds(groups, FAMILY_INNER_SPLITS, seed)


def accuracy(labels: np.ndarray, decisions: np.ndarray) -> np.ndarray:
    """Per row: 1 if right (the mean is the accuracy)."""
    return (labels == decisions).astype(np.float64)


def mean_log_speedup(log_speedups: np.ndarray, decisions: np.ndarray) -> np.ndarray:
    """Per row: log speedup of its decision (targets: [N, C]; the mean is the log of the geometric mean)."""
    return log_speedups[np.arange(len(decisions)), decisions]


def decide(outputs: np.ndarray, margin: float) -> np.ndarray:
    """Arg-max of probabilities or scores, after adding ``margin`` to class 0's (factor 1, or
    vectorization's default)."""
    shifted = np.array(outputs, dtype=np.float64)
    shifted[:, 0] += margin
    return shifted.argmax(1)


@dataclass
class Chosen:
    """The selected learner refitted on all training rows; called like a ``protocol.Predictor``."""

    learner: Learner
    model: Fitted
    inner_scores: dict[str, float]

    def __call__(self, embedding: np.ndarray, extras: np.ndarray) -> np.ndarray:
        return self.model.predict(embedding, extras).argmax(1)


def inner_scores(learners: tuple[Learner, ...], embedding: np.ndarray, extras: np.ndarray, targets: np.ndarray,
                 classes: int, folds: list, score: Score, seed: int,
                 decision: Callable[[np.ndarray, float], np.ndarray] | None = None,
                 ) -> tuple[np.ndarray, dict[Learner, np.ndarray]]:
    """The rows ``folds`` test, in order, and each learner's per-row scores on them (out-of-fold
    predictions); ``decision``: outputs and margin to what ``score`` reads (default ``decide``; a
    regressor of one number scores its values)."""
    decision = decision or decide
    bases = list(dict.fromkeys(base for learner in learners for base in parts(learner)))
    outputs = {base: np.zeros((len(targets), classes)) for base in bases}
    scored = np.zeros(len(targets), dtype=bool)
    for k, (train, test) in enumerate(folds):
        scored[test] = True
        for base in bases:
            model = base.fit(embedding[train], extras[train], targets[train], classes, seed * 1000 + k)
            outputs[base][test] = model.predict(embedding[test], extras[test])
    return np.flatnonzero(scored), {
        learner: score(targets[scored], decision(np.mean([outputs[b][scored] for b in parts(learner)], 0),
                                                 margin_of(learner)))
        for learner in learners}


def choose(learners: tuple[Learner, ...], scores: dict[Learner, np.ndarray], cautious: bool,
           reference: Learner | None = None, groups: np.ndarray | None = None, each_clears: bool = False) -> Learner:
    """The best mean inner score (first of equals: grid order); ``cautious``: the one-standard-error
    rule (Breiman et al. 1984; Hastie et al., ESL 7.10): the most conservative learner (largest
    margin, then simplest family, as ``learners`` are ordered by ``caution``) whose mean is within
    one standard error of the best's. With a few rows the best inner mean is optimistic, and for
    coarsening a wrong factor costs far more than a right one gains. ``reference`` (one of
    ``learners``): the default to beat; the best is taken instead only when its advantage over the
    reference exceeds one standard error of their paired per-row differences, so that a lucky
    inner split does not swap a sound default for a worse learner. ``groups`` (of the scored rows):
    the units the inner folds hold out whole (loop families); the cautious rule's standard error
    is then taken over them (``_error``), since rows of one group succeed or fail together. (The
    reference rule still pairs per-row differences: grouped device mapping's recorded figures
    come from it.) ``each_clears`` (with ``reference``): every learner is held to the reference
    alone, the best mean taken among those whose advantage over it exceeds one standard error of
    their own paired differences (over ``groups`` where given), the reference when none does. The
    one-standard-error band is the best learner's: one learner that wins big on a single group
    widens it until it holds the default, and vetoes a learner that gains a little on every group;
    held to the default each on its own, the second is taken and the first is not."""
    means = {learner: float(values.mean()) for learner, values in scores.items()}
    if reference is not None and each_clears:
        clear = [learner for learner in learners
                 if means[learner] - means[reference] > _error(scores[learner] - scores[reference], groups)]
        return max(clear, key=lambda learner: means[learner]) if clear else reference
    best = max(learners, key=lambda learner: means[learner])
    if reference is not None:
        return best if means[best] - means[reference] > _error(scores[best] - scores[reference]) else reference
    if not cautious:
        return best
    band = _error(scores[best], groups)
    return min((learner for learner in learners if means[learner] >= means[best] - band), key=caution)


def _error(values: np.ndarray, groups: np.ndarray | None = None) -> float:
    """The standard error of the mean of ``values`` (0 for fewer than two); with ``groups``, the
    cluster-robust one (Liang and Zeger 1986, with the G / (G - 1) correction): rows of one group
    are not independent, so their deviations from the mean are summed within the group first.
    Per-row errors of 20 kernels from one loop family would count as 20 observations where the
    held-out unit is one family, and make the band far too narrow."""
    if groups is None:
        return float(values.std(ddof=1) / np.sqrt(len(values))) if len(values) > 1 else 0.0
    distinct, index = np.unique(groups, return_inverse=True)
    count = len(distinct)
    if count < 2:
        return 0.0
    sums = np.bincount(index, weights=values - values.mean())
    return float(np.sqrt((sums**2).sum() * count / (count - 1)) / len(values))


def caution(learner: Learner) -> tuple:
    """Sort key, most conservative first: the largest margin, then the simplest family, then the
    smoothest settings (more neighbours, their worst case before their mean, their curves on every
    GPU before this GPU's alone, more regularization)."""
    order = ("mean", "knn", "ridge")
    settings = dict(learner.settings)
    family = order.index(learner.family) if learner.family in order else len(order)
    return (-margin_of(learner), family, -float(settings.get("k", 0)), settings.get("aggregate") != "min",
            settings.get("scope") == "same", -float(settings.get("alpha", 0)))


def nested_fit(learners: tuple[Learner, ...], classes: int, splitter: Splitter, score: Score, label: str = "",
               cautious: bool = False, reference: Learner | None = None,
               decision: Callable[[np.ndarray, float], np.ndarray] | None = None, each_clears: bool = False):
    """A ``protocol.Fit`` that chooses among ``learners`` by inner cross-validation (``cautious``:
    by the one-standard-error rule; ``reference``: the default to beat, ``each_clears``: each
    learner held to it alone; see ``choose``; ``decision``: see ``inner_scores``)."""

    def fit(embedding: np.ndarray, extras: np.ndarray, targets: np.ndarray, groups: np.ndarray | None,
            seed: int) -> Chosen:
        folds = splitter(targets if targets.ndim == 1 else np.zeros(len(targets)), groups, seed)
        scored, per_row = inner_scores(learners, embedding, extras, targets, classes, folds, score, seed, decision)
        scores = {learner: float(values.mean()) for learner, values in per_row.items()}
        best = choose(learners, per_row, cautious, reference, None if groups is None else groups[scored], each_clears)
        model = best.fit(embedding, extras, targets, classes, seed)
        if label:
            print(f"{label}: chose {best.name} (inner {scores[best]:.4f})", file=sys.stderr)
        return Chosen(best, model, {learner.name: value for learner, value in scores.items()})

    return fit

