"""What a measured ``results.csv`` says: status counts, the oracle's speedup over the baseline,
how much repeated runs of one binary spread, and how stable labels are between two measurements.

Stability is defined so: a kernel's label is stable when the pair that was fastest
in the first measurement is, in the second, within 3% of the second's fastest pair."""
from __future__ import annotations

import csv
import math
import re
import statistics
from collections import Counter
from pathlib import Path

from mir_export.tasks.vectorize.sweep import BASELINE

Config = tuple[int, int]


METRICS = {"wall": ("median_ms", "times_ms"), "user": ("median_user_ms", "user_times_ms")}


def load(csv_path: Path, metric: str = "wall") -> dict[str, dict[Config, dict]]:
    """kernel -> (VF, IF) -> {status, family, median (float or None), times (list of ms)}, for the
    printed wall-clock times (``wall``) or the processes' user CPU times (``user``)."""
    median_col, times_col = METRICS[metric]
    kernels: dict[str, dict[Config, dict]] = {}
    with csv_path.open(newline="") as f:
        for r in csv.DictReader(f):
            if None in r.values():  # a line cut short: the sweep is appending it
                continue
            kernels.setdefault(r["kernel"], {})[(int(r["VF"]), int(r["IF"]))] = {
                "status": r["status"], "family": r["family"],
                "median": float(r[median_col]) if r.get(median_col) else None,
                "times": [float(t) for t in (r.get(times_col) or "").split(";") if t]}
    return kernels


def seconds_per_kernel(log_path: Path) -> list[float]:
    """Each measured kernel's wall-clock seconds (build and runs), from ``measure.log``."""
    if not log_path.exists():
        return []
    return [float(m.group(1)) for m in re.finditer(r"\] \S+: ([0-9.]+) s;", log_path.read_text())]


def best_pair(configs: dict[Config, dict]) -> Config | None:
    """The fastest measured pair (the baseline is not a pair); ties go to the smaller (VF, IF)."""
    timed = [(c["median"], k) for k, c in configs.items() if k != BASELINE and c["median"]]
    return min(timed)[1] if timed else None


def geomean(values: list[float]) -> float | None:
    return math.exp(statistics.fmean(map(math.log, values))) if values else None


def summarize(kernels: dict[str, dict[Config, dict]]) -> dict:
    """Counts, the oracle's geometric-mean speedup, the label histogram and the run-to-run spread
    ((max - min) / median of one binary's runs, over every configuration with 2+ runs)."""
    statuses = Counter(c["status"] for configs in kernels.values() for c in configs.values())
    speedups, labels, spreads, base_spreads = [], Counter(), [], []
    for configs in kernels.values():
        base, best = configs.get(BASELINE), best_pair(configs)
        if base and base["median"] and best:
            speedups.append(base["median"] / configs[best]["median"])
            labels[best] += 1
        for key, c in configs.items():
            if len(c["times"]) >= 2 and c["median"]:
                spread = (max(c["times"]) - min(c["times"])) / c["median"]
                (base_spreads if key == BASELINE else spreads).append(spread)
    oracle = geomean(speedups)
    return {"kernels": len(kernels), "families": len({c["family"] for cs in kernels.values() for c in cs.values()}),
            "statuses": dict(statuses),
            "oracle_speedup": round(oracle, 4) if oracle else None,
            "kernels_faster_than_baseline": sum(s > 1 for s in speedups),
            "labels": {f"VF{v}_IF{i}": n for (v, i), n in labels.most_common(8)},
            "run_spread_median": _round(statistics.median(spreads)) if spreads else None,
            "run_spread_p90": _round(_quantile(spreads, 0.9)),
            "baseline_spread_median": _round(statistics.median(base_spreads)) if base_spreads else None}


def compare(first: dict[str, dict[Config, dict]], second: dict[str, dict[Config, dict]],
            tolerance: float = 0.03) -> dict:
    """Label stability between two measurements of the same kernels; what trusting the first label
    costs in the second (its time over the second's best, geometric mean); how far the same
    configuration's medians moved (|second / first - 1|, median and 90th percentile)."""
    stable, shared, moved, loss = 0, 0, [], []
    for kernel in sorted(set(first) & set(second)):
        a, b = first[kernel], second[kernel]
        label, best = best_pair(a), best_pair(b)
        if label is None or best is None or not b.get(label, {}).get("median"):
            continue
        shared += 1
        stable += b[label]["median"] <= (1 + tolerance) * b[best]["median"]
        loss.append(b[label]["median"] / b[best]["median"])
        moved += [abs(b[k]["median"] / a[k]["median"] - 1) for k in a
                  if a[k]["median"] and b.get(k, {}).get("median")]
    return {"kernels": shared, "label_stability": round(stable / shared, 4) if shared else None,
            "tolerance": tolerance, "label_loss_geomean": _round(geomean(loss)),
            "median_moved_median": _round(statistics.median(moved)) if moved else None,
            "median_moved_p90": _round(_quantile(moved, 0.9))}


def _quantile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)
