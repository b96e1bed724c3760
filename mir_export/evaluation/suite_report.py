"""``results.md`` of a suite run: per task and protocol, every feature set's figures, the figures
per stratum (GPU, held-out suite), the paired statistics and the time each feature set took."""
from __future__ import annotations

import json
from pathlib import Path

from mir_export.evaluation.paired import LEVEL

PROTOCOLS = {"stratified": "stratified folds", "grouped": "stratified folds grouped by kernel",
             "suite": "leave one benchmark suite out", "strict": "strict: one kernel out, all its GPUs",
             "pooled": "pooled: one (kernel, GPU) row out"}


def _value(figure: float, percent: bool) -> str:
    return f"{figure * 100:.1f}" if percent else f"{figure:.3f}"


def _cell(summary: dict, percent: bool) -> str:
    return f"{_value(summary['mean'], percent)} ± {_value(summary['std'], percent)}"


def _name(results: dict, feature: str) -> str:
    return results["feature_names"].get(feature, feature)


def task_tables(results: dict, task: str) -> str:
    """The figures of one task: a table per protocol, and one per stratum (GPU, held-out suite)."""
    entry = results["tasks"][task]
    metrics = entry["metrics"]
    lines = [f"## {task}\n", f"{entry['description']}; {entry['rows']} rows, {entry['groups']} kernels. "
             f"Learner search: {entry['search']}\n",
             "References: " + "; ".join(f"{name} " + ", ".join(f"{m} {_value(v, metrics[m]['percent'])}"
                                                            for m, v in figures.items())
                                        for name, figures in entry["references"].items()) + ".\n"]
    for protocol, found in entry["protocols"].items():
        lines.append(f"### {PROTOCOLS.get(protocol, protocol)}\n")
        head = [f"{m} %" if metrics[m]["percent"] else m for m in metrics]
        lines += ["| features | " + " | ".join(head) + " |", "|---|" + "---:|" * len(head)]
        lines += [f"| {_name(results, feature)} | " + " | ".join(_cell(figures[m], metrics[m]["percent"]) for m in metrics)
                  + " |" for feature, figures in found["features"].items()]
        for stratum in found["strata"]:
            labels = sorted(next(iter(found["features"].values()))["strata"][stratum])
            lines += ["", f"Per {stratum} ({' / '.join(metrics)}, mean over seeds):\n",
                      "| features | " + " | ".join(labels) + " |", "|---|" + "---:|" * len(labels)]
            lines += [f"| {_name(results, feature)} | " + " | ".join(
                " / ".join(_value(figures["strata"][stratum][label][m]["mean"], metrics[m]["percent"]) for m in metrics)
                for label in labels) + " |" for feature, figures in found["features"].items()]
        lines += ["", _paired(results, found["paired"], metrics), ""]
    return "\n".join(lines)


def _paired(results: dict, pairs: list[dict], metrics: dict) -> str:
    if not pairs:
        return ""
    lines = [f"Paired differences (B - A; per-row, averaged over seeds, then per kernel; {LEVEL:.0%} t interval "
             "over kernels; speedups summarized by a geometric mean compared as log ratios):\n",
             "| A | B | metric | B - A | interval | B is |", "|---|---|---|---:|---|---|"]
    for p in pairs:
        percent = metrics[p["metric"]]["percent"]
        best = " (best baseline)" if p["baseline"] else ""
        lines.append(f"| {_name(results, p['a'])}{best} | {_name(results, p['b'])} | {p['metric']} | "
                     f"{_value(p['difference'], percent)} | [{_value(p['low'], percent)}, {_value(p['high'], percent)}] | "
                     f"{p['verdict']} |")
    return "\n".join(lines)


def time_table(results: dict) -> str:
    """Seconds per feature set and task: computing the features (once; cached after), and the outer
    folds (learner search included)."""
    tasks = list(results["tasks"])
    lines = ["## Time (seconds: features + outer folds, learner search included)\n",
             "| features | " + " | ".join(tasks) + " | all |", "|---|" + "---:|" * (len(tasks) + 1)]
    for feature in results["features"]:
        cells, total = [], 0.0
        for task in tasks:
            entry = results["tasks"][task]
            if feature not in entry["feature_seconds"]:
                cells.append("–")  # does not apply (no run-time inputs)
                continue
            folds = sum(p["features"][feature]["seconds"] for p in entry["protocols"].values()
                        if feature in p["features"])
            made = entry["feature_seconds"].get(feature)
            total += folds + (made or 0.0)
            cells.append(f"{'?' if made is None else f'{made:.0f}'} + {folds:.0f}")
        lines.append(f"| {_name(results, feature)} | " + " | ".join(cells) + f" | {total:.0f} |")
    return "\n".join(lines) + "\n\n(? : features computed by an earlier run, time not recorded)\n"


def summary_table(results: dict) -> str:
    """One line per feature set: each task's first metric under each of its protocols (mean over seeds)."""
    tasks = results["tasks"]
    heads = [f"{t} {next(iter(tasks[t]['metrics']))} ({' / '.join(tasks[t]['protocols'])})"
             for t in tasks]
    lines = ["## Summary\n", "| features | " + " | ".join(heads) + " |", "|---|" + "---:|" * len(tasks)]
    for feature in results["features"]:
        cells = []
        for entry in tasks.values():
            metric, spec = next(iter(entry["metrics"].items()))
            found = [p["features"][feature][metric]["mean"] for p in entry["protocols"].values() if feature in p["features"]]
            cells.append(" / ".join(_value(v, spec["percent"]) for v in found) or "–")
        lines.append(f"| {_name(results, feature)} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def suite_markdown(results: dict) -> str:
    head = (f"# Downstream suite{' (quick form)' if results['quick'] else ''}\n\nModel `{results['model']}`"
            + (f", random weights `{results['random_model']}`" if results["random_model"] else "")
            + f"; seeds {results['seeds']} (mean ± std over seeds). Every feature set through the same learner "
              "search on the same outer folds; the learner chosen on inner folds of each outer training fold.\n")
    return "\n".join([head, summary_table(results), *(task_tables(results, t) for t in results["tasks"]),
                      time_table(results)])


def write_suite(results: dict, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    (out / "results.md").write_text(suite_markdown(results))
