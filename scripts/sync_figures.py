"""The headline figures from one source, the suite's results (``results/suite/results.json``,
written by ``mir-export downstream suite``), into the model's manifest (what ``mir-runtime info``
prints) and the PyPI description (``docs/pypi.md``); the README's tables come from the same file
(``results/suite/results.md``). The pass-pipeline judge's main table, where its results are
(``results/passes/judge.json``, written by ``mir-export passes judge``), into docs/evaluation.md.
``tests/test_figures.py`` checks that all of them agree.

    python scripts/sync_figures.py [--check]
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SUITE = REPO / "results" / "suite" / "results.json"
MANIFEST = REPO / "artifacts" / "manifest.json"
PYPI = REPO / "docs" / "pypi.md"
PASSES_JUDGE = REPO / "results" / "passes" / "judge.json"
EVALUATION = REPO / "docs" / "evaluation.md"
_JUDGE_TABLE = re.compile(r"(<!-- passes judge: scripts/sync_figures.py -->\n)(?:.*?\n)?(<!-- /passes judge -->)", re.S)
PLATFORMS = {"amd": "devmap-amd", "nvidia": "devmap-nvidia"}
_PYPI_FIGURES = re.compile(r"(<!-- figures: scripts/sync_figures.py -->\n)(?:.*?\n)?(<!-- /figures -->)", re.S)


def _mean(task: dict, protocol: str, feature: str, metric: str) -> float:
    return task["protocols"][protocol]["features"][feature][metric]["mean"]


def figures(suite: dict | None = None) -> dict:
    """The manifest's ``metrics.tasks`` figures of device mapping and thread coarsening, from the suite."""
    suite = suite if suite is not None else json.loads(SUITE.read_text())
    tasks = suite["tasks"]
    out: dict = {"devmap": {}, "coarsening": {}}
    for platform, name in PLATFORMS.items():
        task = tasks[name]
        out["devmap"][platform] = {
            "accuracy": _mean(task, "stratified", "ours", "accuracy"),
            "speedup": _mean(task, "stratified", "ours", "speedup"),
            "grouped_accuracy": _mean(task, "grouped", "ours", "accuracy"),
            "grouped_speedup": _mean(task, "grouped", "ours", "speedup"),
            "suite_accuracy": _mean(task, "suite", "ours", "accuracy"),
            "suite_speedup": _mean(task, "suite", "ours", "speedup"),
            "seeds": len(suite["seeds"]),
        }
    coarsening = tasks["coarsening"]["protocols"]
    for gpu, entry in coarsening["strict"]["features"]["ours"]["strata"]["gpu"].items():
        out["coarsening"][gpu] = {"speedup": entry["speedup"]["mean"]}
    out["coarsening"]["mean_speedup"] = coarsening["strict"]["features"]["ours"]["speedup"]["mean"]
    out["coarsening"]["pooled_geomean_speedup"] = coarsening["pooled"]["features"]["ours"]["speedup"]["mean"]
    return out


def pypi_text(suite: dict | None = None) -> str:
    """The PyPI description's paragraph of figures."""
    suite = suite if suite is not None else json.loads(SUITE.read_text())
    tasks = suite["tasks"]

    def grouped(feature: str) -> list[str]:
        return [f"{100 * _mean(tasks[name], 'grouped', feature, 'accuracy'):.1f}%" for name in PLATFORMS.values()]

    ours, ir2vec, runtime = grouped("ours"), grouped("ir2vec"), grouped("runtime")
    return (f"Out-of-fold device-mapping accuracy (nested cross-validation, 10 folds, grouped by kernel so the\n"
            f"test kernels are unseen; seeds 0-{len(suite['seeds']) - 1}): AMD {ours[0]}, NVIDIA {ours[1]}; IR2Vec "
            f"{ir2vec[0]} and {ir2vec[1]} on the same\nfolds, the run-time inputs alone {runtime[0]} and {runtime[1]}.")


def synced_manifest(text: str) -> str:
    manifest = json.loads(text)
    for task, values in figures().items():
        manifest["metrics"]["tasks"].setdefault(task, {}).update(values)
        manifest["metrics"]["tasks"][task]["source"] = str(SUITE.relative_to(REPO))
    return json.dumps(manifest, indent=2) + "\n"


def synced_pypi(text: str) -> str:
    if not _PYPI_FIGURES.search(text):
        raise SystemExit(f"{PYPI}: no <!-- figures: scripts/sync_figures.py --> ... <!-- /figures --> block")
    return _PYPI_FIGURES.sub(lambda m: m.group(1) + pypi_text() + "\n" + m.group(2), text)


def judge_text(results: dict | None = None) -> str:
    """docs/evaluation.md's table of the pass-pipeline judge (``judge_report.summary``)."""
    from mir_export.tasks.passes.judge_report import summary

    return summary(results if results is not None else json.loads(PASSES_JUDGE.read_text()))


def synced_evaluation(text: str) -> str:
    if not PASSES_JUDGE.is_file():
        return text
    if not _JUDGE_TABLE.search(text):
        raise SystemExit(f"{EVALUATION}: no <!-- passes judge: scripts/sync_figures.py --> ... <!-- /passes judge --> block")
    return _JUDGE_TABLE.sub(lambda m: m.group(1) + judge_text() + "\n" + m.group(2), text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="say which files differ from the suite; exit 1 if any")
    args = parser.parse_args(argv)
    stale = []
    for path, sync in ((MANIFEST, synced_manifest), (PYPI, synced_pypi), (EVALUATION, synced_evaluation)):
        text = path.read_text(encoding="utf-8")
        new = sync(text)
        if new != text:
            stale.append(str(path.relative_to(REPO)))
            if not args.check:
                path.write_text(new, encoding="utf-8")
    print("\n".join(stale) or "in sync")
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
