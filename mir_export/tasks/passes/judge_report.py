"""The judge's Markdown: the held-out figures, per package, and the paired intervals, from its JSON alone."""
from __future__ import annotations

from mir_export.tasks.passes.judge import BUDGETS, MODES

LABELS = {"Oz": "`-Oz`", "oracle": "oracle (each module's best pipeline)",
          "best_fixed": "best fixed pipeline of the training modules",
          "held_out_best": "best single pipeline of the held-out modules (a bound: chosen on them)", **{f"fixed_{k}": f"best fixed {k}-set"
                                                                         for k in BUDGETS}}
HEADS = {"one_shot": "one shot", **{f"k{k}": f"K = {k}" for k in BUDGETS}}


def _name(results: dict, name: str) -> str:
    if name in LABELS:
        return LABELS[name]
    entry = results["features"].get(name)
    return f"{entry['description']}" if entry else name


def _ref_row(results: dict, name: str) -> str:
    ref = results["references"][name]
    shown = f" (`{'`, `'.join(ref['pipelines'])}`)" if name != "Oz" and ref["pipelines"] else ""
    cells = {"Oz": ["1.0000"] * len(MODES), "oracle": [f"{ref['geomean']:.4f}"] * len(MODES),
             "best_fixed": [f"{ref['geomean']:.4f}", "", ""],
             "held_out_best": [f"{ref['geomean']:.4f}", "", ""]}.get(name)
    if cells is None:  # a fixed K-set: its K column
        cells = ["" if mode != f"k{name.split('_')[1]}" else f"{ref['geomean']:.4f}" for mode in MODES]
    return f"| {LABELS[name]}{shown} | " + " | ".join(cells) + " |"


def markdown(results: dict) -> str:
    """The judge's tables, in the style of docs/evaluation.md."""
    return "\n".join([summary(results), "", _per_package(results), "", _text_bytes(results), "", _paired(results)]) + "\n"


def summary(results: dict) -> str:
    """What docs/evaluation.md shows of the judge: how it ran and its main table."""
    counts = results["modules"]
    lines = [f"Held-out modules: {counts['test']} of {len(results['references']['Oz']['per_package'])} packages; "
             f"training modules: {counts['train']}; {len(results['pipelines'])} pipelines. IR instructions, geometric "
             "mean over held-out modules of count(Oz) / count(chosen) (`-Oz` = 1); K = 3, 5: the K pipelines "
             "the ranking learner puts first run beside `-Oz`, the module keeping the smallest. Learners chosen on "
             f"{results['inner_folds']['splits']} inner folds of the training modules (keeping "
             f"{results['inner_folds']['keep_whole']} whole). Held-out room (oracle / best fixed - 1): "
             f"{results['room_pct']:.2f}% (over the held-out modules' own best pipeline: "
             f"{results['room_over_held_out_best_pct']:.2f}%).", "",
             "| | " + " | ".join(HEADS[m] for m in MODES) + " | learner (one shot; ranking) |",
             "|---|" + "---:|" * len(MODES) + "---|"]
    lines += [_ref_row(results, name) + " |" for name in results["references"]]
    for name, entry in results["features"].items():
        lines.append(f"| {_name(results, name)} | " + " | ".join(f"{entry[m]['geomean']:.4f}" for m in MODES)
                     + f" | `{entry['learner']}`; `{entry.get('ranking_learner', entry['learner'])}` |")
    return "\n".join(lines)


def _per_package(results: dict) -> str:
    refs, features = results["references"], results["features"]
    packages = list(refs["Oz"]["per_package"])
    lines = ["Per held-out package and form (one shot; the 3-set beside -Oz):", "",
             "| | " + " | ".join(packages) + " | " + " | ".join(refs["Oz"]["per_form"]) + " |",
             "|---|" + "---:|" * (len(packages) + len(refs["Oz"]["per_form"]))]
    rows = _reference_rows(results) + [(_name(results, n), e["one_shot"]) for n, e in features.items()]
    for label, figure in rows:
        lines.append(f"| {label} | " + " | ".join(f"{figure['per_package'][p]:.4f}" for p in packages) + " | "
                     + " | ".join(f"{v:.4f}" for v in figure["per_form"].values()) + " |")
    return "\n".join(lines)


def _reference_rows(results: dict) -> list[tuple[str, dict]]:
    """The per-package tables' first rows: the oracle, the best fixed pipeline, the fixed 3-set."""
    return [(LABELS[n], results["references"][n]) for n in ("oracle", "best_fixed", "fixed_3")]


def _text_bytes(results: dict) -> str:
    """``.text`` bytes(Oz) / bytes(kept), over the held-out modules where both were measured."""
    def cell(figure: dict) -> str:
        text = figure["text_bytes"]
        return f"{text['geomean']:.4f} ({text['modules']})" if text["modules"] else "– (0)"

    lines = ["`.text` bytes of `llc -filetype=obj`, geometric mean of bytes(Oz) / bytes(kept) over the held-out "
             "modules whose labels measured both (their number in brackets; `passes bytes` measures the kept "
             "pipelines'):", "",
             "| | " + " | ".join(HEADS[m] for m in MODES) + " |", "|---|" + "---:|" * len(MODES)]
    refs = results["references"]
    for name in ("oracle", "best_fixed", *(f"fixed_{k}" for k in BUDGETS)):
        cells = [cell(refs[name]) if name in ("oracle", "best_fixed") and m == "one_shot" or name == f"fixed_{m[1:]}"
                 else "" for m in MODES]
        lines.append(f"| {LABELS[name]} | " + " | ".join(cells) + " |")
    for name, entry in results["features"].items():
        lines.append(f"| {_name(results, name)} | " + " | ".join(cell(entry[m]) for m in MODES) + " |")
    return "\n".join(lines + ["", _text_bytes_per_package(results)])


def _text_bytes_per_package(results: dict) -> str:
    """The same ratio per held-out package: the references, then each feature set one shot and at
    K = 3 (a package none of whose modules was measured: a dash)."""
    packages = list(results["references"]["Oz"]["per_package"])
    rows = _reference_rows(results) + [(f"{_name(results, name)}, {HEADS[m]}", entry[m])
                                       for name, entry in results["features"].items() for m in ("one_shot", "k3")]
    lines = ["Per held-out package (`.text` bytes, as above):", "",
             "| | " + " | ".join(packages) + " |", "|---|" + "---:|" * len(packages)]
    for label, figure in rows:
        have = figure["text_bytes"].get("per_package", {})
        lines.append(f"| {label} | " + " | ".join(f"{have[p]:.4f}" if p in have else "–" for p in packages) + " |")
    return "\n".join(lines)


def _paired(results: dict) -> str:
    lines = ["Paired differences (B - A: log gain in %, 95% t intervals over held-out modules and over packages):", "",
             "| mode | A | B | B - A | over modules | over packages |", "|---|---|---|---:|---|---|"]
    for p in results["paired"]:
        m, g = p["modules"], p["packages"]
        lines.append(f"| {HEADS[p['mode']]} | {_name(results, p['a'])} | {_name(results, p['b'])} | "
                     f"{100 * m['difference']:+.2f} | [{100 * m['low']:+.2f}, {100 * m['high']:+.2f}] {m['verdict']} | "
                     f"[{100 * g['low']:+.2f}, {100 * g['high']:+.2f}] {g['verdict']} ({g['groups']}) |")
    return "\n".join(lines)
