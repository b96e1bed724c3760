"""``results.json`` (every figure, per seed) and ``results.md`` (our figures beside the published ones)."""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

import numpy as np

from mir_export.evaluation.datasets import GPUS, PLATFORMS

# Device-mapping accuracy (%), AMD / NVIDIA, as each paper reports it on these 669 rows.
PUBLISHED_DEVMAP = {
    "Grewe et al.": (73.38, 72.94),
    "DeepTune": (83.68, 80.29),
    "NCC (inst2vec)": (82.79, 81.76),
    "IR2Vec flow-aware": (92.83, 89.69),
    "Perfograph": (94.0, 90.0),
    "MIREncoder": (93.6, 93.7),
}
# Thread coarsening: speedup averaged over the four GPUs.
PUBLISHED_COARSENING = {
    "DeepTune": 1.06, "NCC (inst2vec)": 1.09, "IR2Vec": 1.23, "Perfograph": 1.09, "MIREncoder": 1.24,
}
# Vectorization: speedup over LLVM's cost model on an Intel Skylake server, each paper's own
# measurements on another machine and kernel sample: quoted, never compared as equals.
PUBLISHED_VECTORIZE = {"NeuroVectorizer": 1.22, "MIREncoder": 1.32}
NAMES = {"ours": "ours (this model)", "constant": "best factor on average over the training kernels", "text": "ours, text half only", "graph": "ours, graph half only",
         "runtime": "run-time inputs only", "ir2vec": "IR2Vec flow-aware (rerun)",
         "opcodes": "opcode histogram (log counts)", "tfidf": "TF-IDF bag of statement tokens (SVD)",
         "random": "same architecture, random weights"}


def _figure(value, percent: bool = False) -> str:
    """``mean ± std`` of a summary over seeds, or a single reference value."""
    scale, digits = (100.0, 1) if percent else (1.0, 3)
    if isinstance(value, dict):
        return f"{value['mean'] * scale:.{digits}f} ± {value['std'] * scale:.{digits}f}"
    return f"{value * scale:.{digits}f}"


def devmap_markdown(results: dict) -> str:
    """The table of the platforms run (a run of one platform, ``--platforms amd``, reports that one)."""
    names = [p for p in PLATFORMS if p in results["platforms"]]
    head = ("| | " + " | ".join(f"{p.upper()} accuracy % | {p.upper()} speedup" for p in names) + " |\n|---|"
            + "---:|---:|" * len(names))
    lines = [f"# Device mapping\n\n{_setup(results)}\n", head]

    def row(name: str, figures: list[dict]) -> str:
        cells = [f"{_figure(f['accuracy'], True)} | {_figure(f['speedup'])}" for f in figures]
        return f"| {name} | " + " | ".join(cells) + " |"

    platforms = [results["platforms"][p] for p in names]
    lines += [row("static mapping (AMD: CPU, NVIDIA: GPU)", [p["static"] for p in platforms]),
              row("oracle", [p["oracle"] for p in platforms])]
    for variant in ("stratified", "grouped"):
        for name in platforms[0][variant]:
            lines.append(row(f"{NAMES[name]}, {variant} folds", [p[variant][name] for p in platforms]))
    lines += [f"| {name} (published) | " + " | ".join(f"{figures[PLATFORMS.index(p)]:.2f} | –" for p in names) + " |"
              for name, figures in PUBLISHED_DEVMAP.items()]
    return "\n".join(lines) + "\n\n" + _chosen(results, [p[v] for p in platforms for v in ("stratified", "grouped")]) + _notes(results)


def coarsening_markdown(results: dict) -> str:
    head = "| | " + " | ".join(g.capitalize() for g in GPUS) + " | mean |\n|---|" + "---:|" * (len(GPUS) + 1)
    lines = ["# Thread coarsening (speedup over factor 1, geometric mean per GPU)\n", _setup(results) + "\n",
             "## Strict protocol: leave one kernel out (16 training kernels, never the test kernel on any GPU; "
             "DeepTune's and NCC's)\n", head]
    gpus = [results["gpus"][g] for g in GPUS]
    for name in ("static", "oracle"):
        label = {"static": "never coarsen (factor 1)", "oracle": "oracle"}[name]
        cells = [_figure(g[name]["speedup"]) for g in gpus] + [_figure(float(np.mean([g[name]["speedup"] for g in gpus])))]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    for name, entry in results["strict"].items():
        cells = [_figure(entry[g]) for g in GPUS] + [_figure(entry["mean"])]
        lines.append(f"| {NAMES.get(name, name)} | " + " | ".join(cells) + " |")
    lines += ["", "## Pooled protocol: all 68 kernel x GPU rows, GPU one-hot, leave one row out (IR2Vec's notebook)\n",
              "The last column is the notebook's own statistic, the mean over GPUs of each GPU's arithmetic-mean "
              "speedup: IR2Vec's published 1.238 is that figure (its geometric mean is 1.19).\n",
              "| | " + " | ".join(g.capitalize() for g in GPUS) + " | mean | arithmetic mean (notebook) |\n|---|"
              + "---:|" * (len(GPUS) + 2)]
    for name, entry in results["pooled"].items():
        cells = [_figure(entry[g]) for g in GPUS] + [_figure(entry["mean"]), _figure(entry["notebook_mean"])]
        lines.append(f"| {NAMES.get(name, name)} | " + " | ".join(cells) + " |")
    lines += ["", "## Published (protocols as each paper used them)\n", "| | mean |\n|---|---:|"]
    lines += [f"| {name} | {value:.2f} |" for name, value in PUBLISHED_COARSENING.items()]
    return "\n".join(lines) + "\n\n" + _chosen(results, [results["strict"], results["pooled"]]) + _notes(results)


def vectorize_markdown(results: dict) -> str:
    machine, names = results["machine"], ["constant", *results["features"]]
    label = {**NAMES, "default": "default (LLVM's cost model, no pragma)", "oracle": "oracle (fastest class per kernel)",
             "constant": "best class on average over the training families"}
    lines = ["# Loop vectorization: VF and IF per kernel, speedup over clang -O3 -march=native\n",
             f"Measured on this machine: {machine['cpu_model']} (`{machine['kind']}`), {machine['clang']}; user CPU "
             f"time, median of the runs. {results['kernels']} kernels of {len(results['families'])} loop families "
             f"({len(results['excluded'])} left out, listed in results.json); a pair that failed to build or run "
             f"counts as a {1 / math.exp(results['failed_log_speedup']):.0f}x slowdown. Outer folds: "
             f"{results['outer_splits']} per seed, each holding out whole families; geometric mean over every "
             f"held-out kernel. The model reads `{results['ir']}`"
             + (f", IR2Vec `{results['ir2vec_ir']}`" if results["ir2vec_ir"] != results["ir"] else "") + ".\n",
             _setup(results, "the default") + "\n",
             "| | speedup | kept the default |\n|---|---:|---:|"]
    lines += [f"| {label.get(n, n)} | {_figure(results[n]['speedup'])} | "
              f"{_figure(results[n]['default_share'], True)}% |" for n in ("default", "oracle", *names)]
    stability = results.get("label_stability")
    lines += ["", "Label stability (the first measurement's best pair within "
              f"{stability['tolerance']:.0%} of the re-measurement's best): {stability['label_stability']:.1%} of "
              f"{stability['kernels']} kernels." if stability else
              "Label stability: not measured here (give a re-measurement with --stability)."]
    lines += _vectorize_paired(results.get("paired", []), label)
    lines += ["", "## Per held-out family (geometric mean, mean over seeds)\n",
              "| family | kernels | oracle | " + " | ".join(label.get(n, n) for n in names) + " |\n|---|"
              + "---:|" * (len(names) + 2)]
    for family, count in results["families"].items():
        cells = [_figure(results["oracle"]["families"][family])]
        cells += [_figure(float(np.mean(results[n]["families"][family]))) for n in names]
        lines.append(f"| {family} | {count} | " + " | ".join(cells) + " |")
    lines += ["", "## Published, on another machine (Intel Skylake server, their own measurements): quoted, "
              "not comparable as equals\n", "| | speedup over LLVM |\n|---|---:|"]
    lines += [f"| {name} | {value:.2f} |" for name, value in PUBLISHED_VECTORIZE.items()]
    return "\n".join(lines) + "\n\n" + _chosen(results, [results]) + _notes(results)


def _vectorize_paired(pairs: list[dict], label: dict[str, str]) -> list[str]:
    """The paired table: log-speedup differences in percent, a 95% t interval over loop families."""
    if not pairs:
        return []
    lines = ["", "Paired differences (B - A: log speedup, in %, per kernel averaged over seeds, then per loop "
             "family; 95% t interval over the families, the independent units):\n",
             "| A | B | B - A | interval | B is |", "|---|---|---:|---|---|"]
    for p in pairs:
        best = " (best other)" if p["baseline"] else ""
        lines.append(f"| {label.get(p['a'], p['a'])}{best} | {label.get(p['b'], p['b'])} | {100 * p['difference']:+.2f} "
                     f"| [{100 * p['low']:+.2f}, {100 * p['high']:+.2f}] | {p['verdict']} |")
    return lines


def _setup(results: dict, base: str = "factor 1") -> str:
    selection = results["selection"]
    margin = re.compile(r"(, )?margin=([0-9.]+)(, )?")
    found = [(name, margin.search(name)) for name in selection["learners"]]
    bases = [margin.sub(lambda m: ", " if m[1] and m[3] else "", name) for name, m in found if not m or m[2] == "0.0"]
    margins = sorted({m[2] for _, m in found if m}, key=float)
    among = ", ".join(f"`{name}`" for name in bases)
    return (f"Model `{results['model']}`; seeds {results['seeds']} (mean ± std over seeds). Learner chosen per "
            f"outer training fold by nested cross-validation ({selection['inner']}) among {len(selection['learners'])}: "
            + among + (f", each with a margin on {base} of {', '.join(margins)} (log speedup)" if margins else "")
            + ".")


def _chosen(results: dict, figure_sets: list[dict]) -> str:
    """How often each learner was chosen per feature set, summed over ``figure_sets`` (feature set ->
    figures with ``chosen`` counts)."""
    counts: dict[str, dict[str, int]] = {}
    for figures in figure_sets:
        for name in results["features"]:
            for learner, n in figures.get(name, {}).get("chosen", {}).items():
                counts.setdefault(name, {}).setdefault(learner, 0)
                counts[name][learner] += n
    lines = [f"- {NAMES.get(name, name)}: " + ", ".join(f"`{k}` {v}" for k, v in sorted(c.items(), key=lambda kv: -kv[1]))
             for name, c in counts.items()]
    return "Learners chosen (outer folds, all seeds):\n" + "\n".join(lines) + "\n\n" if lines else ""


def _notes(results: dict) -> str:
    rejected = results.get("ir2vec_rejected", {})
    if not rejected:
        return ""
    files = "\n".join(f"- `{Path(f).name}`: {error.replace(str(Path(f).parent) + '/', '')}"
                      for f, error in sorted(rejected.items()))
    rows = ", ".join(f"{p} {entry['ir2vec_rejected_rows']}" for p, entry in results.get("platforms", {}).items())
    return (f"IR2Vec rejected {len(rejected)} file(s){f' (rows: {rows})' if rows else ''}; "
            f"their rows get an all-zero IR2Vec vector:\n{files}\n")


def task_metrics(results: dict) -> dict:
    """The manifest's ``metrics.tasks.<task>`` of one experiment: our embedding's means over seeds."""
    if results["task"] == "devmap":
        return {
            platform: {
                "accuracy": entry["stratified"]["ours"]["accuracy"]["mean"],
                "speedup": entry["stratified"]["ours"]["speedup"]["mean"],
                "grouped_accuracy": entry["grouped"]["ours"]["accuracy"]["mean"],
                "grouped_speedup": entry["grouped"]["ours"]["speedup"]["mean"],
                "seeds": len(results["seeds"]),
            }
            for platform, entry in results["platforms"].items()
        }
    if results["task"] == "vectorize":
        return vectorize_metrics(results)
    strict = results["strict"]["ours"]
    figures = {gpu: {"speedup": strict[gpu]["mean"]} for gpu in results["gpus"]}
    return {**figures, "mean_speedup": strict["mean"]["mean"],
            "pooled_mean_speedup": results["pooled"]["ours"]["notebook_mean"]["mean"],
            "pooled_geomean_speedup": results["pooled"]["ours"]["mean"]["mean"], "seeds": len(results["seeds"])}


def vectorize_metrics(results: dict) -> dict:
    """The manifest's ``metrics.tasks.vectorize``: ours, each baseline run and the constant class, means over
    seeds, beside LLVM's default (1 by definition: speedups are over it) and the oracle; the labels'
    stability: the share of re-measured kernels whose best pair stays within the tolerance."""
    stability = results.get("label_stability") or {}
    return {"machine": results["machine"]["kind"], "kernels_measured": results["kernels"],
            "families": len(results["families"]), "label_stability": stability.get("label_stability"),
            "label_stability_kernels": stability.get("kernels"), "label_stability_tolerance": stability.get("tolerance"),
            "default_speedup": results["default"]["speedup"],
            "speedup": results["ours"]["speedup"]["mean"], "oracle_speedup": results["oracle"]["speedup"],
            "ir2vec_speedup": results["ir2vec"]["speedup"]["mean"] if "ir2vec" in results else None,
            **{f"{name}_speedup": results[name]["speedup"]["mean"] for name in ("opcodes", "tfidf", "random")
               if name in results},
            "constant_speedup": results["constant"]["speedup"]["mean"], "seeds": len(results["seeds"])}


MARKDOWN = {"devmap": devmap_markdown, "coarsening": coarsening_markdown, "vectorize": vectorize_markdown}


def write_report(results: dict, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    (out / "results.md").write_text(MARKDOWN[results["task"]](results))
