"""The room: how far the per-module best of a pipeline set is beyond its best fixed pipeline.

Per group of modules (a package in one form), with ``-Oz`` = 1 and geometric means over modules of
``count(Oz) / count(p)``: the oracle (each module's best pipeline), the best fixed pipeline (one for
all modules of the group) and the room, oracle / best fixed - 1. A tuner can only win the room:
the best fixed pipeline needs no model.
"""
from __future__ import annotations

import math
from collections import defaultdict

from mir_export.tasks.passes.pipelines import REFERENCE


def _gain(row: dict, name: str) -> float:
    """log(count(Oz) / count(name)) of one labelled module (an empty module counts 1)."""
    counts = row["counts"]
    return math.log(max(counts[REFERENCE], 1) / max(counts[name], 1))


def summarize(rows: list[dict]) -> dict:
    """Oracle, best fixed pipeline (and its name), room and module count of a group of labelled rows."""
    rows = [r for r in rows if "counts" in r]
    if not rows:
        return {"modules": 0}
    names = sorted(set.intersection(*(set(r["counts"]) for r in rows)))
    oracle = sum(max(_gain(r, n) for n in names) for r in rows) / len(rows)
    fixed = {n: sum(_gain(r, n) for r in rows) / len(rows) for n in names}
    best = max(names, key=lambda n: (fixed[n], n == REFERENCE))
    return {"modules": len(rows), "oracle": round(math.exp(oracle), 4), "best_fixed": round(math.exp(fixed[best]), 4),
            "best_fixed_pipeline": best, "room_pct": round(100 * (math.exp(oracle - fixed[best]) - 1), 2),
            "median_input_instructions": sorted(r["input"] for r in rows)[len(rows) // 2],
            "cpu_s_per_module_pipeline": round(sum(r["cpu_s"] for r in rows) / len(rows) / len(names), 3)}


def room_table(rows: list[dict]) -> list[dict]:
    """One summary per (package, form), in first-seen order, then one per form over all packages."""
    groups: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for row in rows:
        groups[(row["package"], row["form"])].append(row)
    table = [{"package": p, "form": f, **summarize(g)} for (p, f), g in groups.items()]
    by_form: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        by_form[row["form"]].append(row)
    table += [{"package": "all", "form": f, **summarize(g)} for f, g in by_form.items()]
    return table


def markdown(table: list[dict]) -> str:
    """The room table as a Markdown table."""
    lines = ["| package | form | modules | median instr. | oracle | best fixed (pipeline) | room |",
             "| --- | --- | ---: | ---: | ---: | --- | ---: |"]
    for r in table:
        if not r.get("modules"):
            lines.append(f"| {r['package']} | {r['form']} | 0 | | | | |")
            continue
        lines.append(f"| {r['package']} | {r['form']} | {r['modules']} | {r['median_input_instructions']} | "
                     f"{r['oracle']:.3f} | {r['best_fixed']:.3f} ({r['best_fixed_pipeline']}) | {r['room_pct']:.1f}% |")
    return "\n".join(lines) + "\n"
