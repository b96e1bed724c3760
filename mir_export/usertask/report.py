"""A fitted task's report as Markdown: each head's figures per feature set, and the paired comparisons."""
from __future__ import annotations

METRICS = {"classification": ("accuracy",), "regression": ("rmse", "r2", "spearman"),
           "configuration": ("speedup", "default_share")}
NAMES = {"ours": "ours (the frozen embedding)", "histogram": "opcode histogram", "inputs": "run-time inputs alone",
         "constant": "no code (commonest class, mean value or best single configuration)", "oracle": "oracle"}


def markdown(report: dict) -> str:
    """The report ``fit_task`` made, as a short Markdown page."""
    metrics = METRICS[report["kind"]]
    lines = [f"# Task {report['task']} ({report['kind']})", "",
             f"{report['rows']} rows from `{report['table']}`; seeds {', '.join(map(str, report['seeds']))}.",
             f"Protocol: {report['protocol']}.", ""]
    for head, entry in report["heads"].items():
        lines += [f"## {head} ({entry['rows']} rows)", "", "| features | " + " | ".join(metrics) + " |",
                  "|---|" + "---:|" * len(metrics)]
        for name in (n for n in NAMES if n in entry):
            cells = [f"{entry[name][m]['mean']:.4f} ± {entry[name][m]['std']:.4f}" if isinstance(entry[name].get(m), dict)
                     else f"{entry[name][m]:.4f}" if m in entry[name] else "" for m in metrics]
            lines.append(f"| {NAMES[name]} | " + " | ".join(cells) + " |")
        lines.append("")
        comparisons = report["comparisons"].get(head, {})
        if comparisons:
            lines += ["Paired, per group, 95% interval of ours minus the other (per-row score: "
                      + {"classification": "right or wrong", "regression": "minus the squared error",
                         "configuration": "log speedup"}[report["kind"]] + "):", ""]
            lines += [f"- {pair}: {c['difference']:+.4f} [{c['low']:+.4f}, {c['high']:+.4f}] over {c['groups']} "
                      f"groups: {c['verdict']}" for pair, c in comparisons.items()]
            lines.append("")
    return "\n".join(lines)
