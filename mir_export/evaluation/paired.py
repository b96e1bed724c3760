"""A paired statistic for "feature set A beats B" on one task and protocol.

Both feature sets are scored on the same rows, folds and seeds, so each row gives a paired
difference of its per-row value (a right answer, a speedup; for a figure summarized by a
geometric mean, the difference of log speedups). The differences are averaged over seeds per row,
then per group (a kernel: its rows at other data sizes or on other GPUs are not independent), and
the interval is Student's t over those group means: the groups are the independent units, so a
difference inside the spread of kernels is not called a win. Seeds only average out the learners'
randomness; they add no units.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

import numpy as np
from scipy import stats

LEVEL = 0.95


@dataclass(frozen=True)
class Paired:
    """Mean of B - A's per-group paired differences, its ``LEVEL`` interval, and the groups."""

    difference: float
    low: float
    high: float
    groups: int

    @property
    def verdict(self) -> str:
        """``better`` / ``worse`` where the interval excludes 0, else ``tie``."""
        return "better" if self.low > 0 else "worse" if self.high < 0 else "tie"

    def to_dict(self) -> dict:
        return asdict(self) | {"verdict": self.verdict}


def paired(a: np.ndarray, b: np.ndarray, groups: np.ndarray, log: bool = False) -> Paired:
    """How much better ``b`` is than ``a``: both [seeds, rows] of per-row values (``log``: compare
    their logarithms, for ratios such as speedups), rows grouped by ``groups``."""
    if a.shape != b.shape or a.shape[-1] != len(groups):
        raise ValueError(f"paired values of shapes {a.shape} and {b.shape} for {len(groups)} rows")
    difference = (np.log(b) - np.log(a) if log else b - a).mean(axis=0)
    _, index = np.unique(groups, return_inverse=True)
    means = np.bincount(index, weights=difference) / np.bincount(index)
    mean = float(means.mean())
    if len(means) < 2:
        return Paired(mean, mean, mean, len(means))
    half = float(stats.t.ppf(0.5 + LEVEL / 2, len(means) - 1) * means.std(ddof=1) / np.sqrt(len(means)))
    return Paired(mean, mean - half, mean + half, len(means))


def comparisons(names: Sequence[str], ours: str, best: str | None) -> list[tuple[str, str]]:
    """The (A, B) pairs a table reports: every feature set against ``ours`` (B), then the best of
    the others (``best``, A) against each remaining one, so a baseline's lead is tested too."""
    pairs = [(name, ours) for name in names if name != ours] if ours in names else []
    if best is not None:
        pairs += [(best, name) for name in names if name not in (best, ours)]
    return pairs
