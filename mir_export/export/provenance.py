"""What an exported model directory records of how it was made: the commands from a fresh machine
to the run, the runs and model directories it stood on, its cost and hardware."""
from __future__ import annotations

import argparse
import json
from pathlib import Path


def read_json(path: Path) -> dict:
    """The JSON object in ``path``, or an empty one where there is no file."""
    return json.loads(path.read_text()) if path.exists() else {}


def _train_commands(result: dict) -> list[str]:
    """The training commands of a run's ``pretrain-result.json``, one per invocation (a resumed run
    replays each invocation's settings; runs made before commands were recorded fall back to the
    command their settings imply)."""
    cfg = result["train_config"]
    return [run.get("command") or (
        f"mir-export pretrain train --data DATA --out RUN --model {cfg['model']} --tasks {','.join(cfg['tasks'])} "
        f"--steps {run.get('steps', cfg['steps'])} --minutes {run.get('minutes', cfg['minutes']):g} "
        f"--stop-at {run.get('stop_step', cfg.get('stop_step', 0))} --batch-size {cfg['batch_size']} "
        f"--lr {run.get('lr', cfg['lr']):g} --threads {cfg['threads']} --seed {cfg['seed']}"
        + (f" --nproc {run['processes']}" if run.get("processes", 1) > 1 else ""))
        for run in result["training"].get("invocations") or [{}]]


def lineage(result: dict, seen: frozenset[Path] = frozenset()) -> dict:
    """What a run stood on, so that a student's manifest says how to make it from scratch: the
    run whose checkpoint it started from (``init`` of ``pretrain train --init``, ``start`` of a
    contrastive run's ``--checkpoint``: that run's commands and, in turn, its lineage), the model
    directory whose ONNX weights it started from, or fresh weights; and the model directory it
    learned from (``teacher``: its manifest's training section). A run directory or manifest no
    longer found is named as ``missing``; ``seen``: the run directories already followed."""
    from mir_runtime.modeldir import file_sha256

    def run_of(checkpoint: Path) -> dict:
        found = checkpoint.parent / "pretrain-result.json"
        if not (checkpoint.is_file() and found.is_file()):
            return {"checkpoint": str(checkpoint), "missing": str(found)}
        earlier = json.loads(found.read_text())
        followed = {"checkpoint": str(checkpoint), "checkpoint_sha256": file_sha256(checkpoint),
                    "commands": _train_commands(earlier)}
        run = checkpoint.parent.resolve()
        return followed | ({"lineage": lineage(earlier, seen | {run})} if run not in seen else {})

    def directory(path: str) -> dict:
        manifest = Path(path) / "manifest.json"
        if not manifest.is_file():
            return {"model": path, "missing": str(manifest)}
        return {"model": path, "manifest_sha256": file_sha256(manifest),
                "training": read_json(manifest).get("training", {})}

    cfg, start = result["train_config"], result["training"].get("start") or {}
    out: dict = {}
    if cfg.get("init"):
        out["init"] = run_of(Path(cfg["init"]))
    weights = start.get("weights", "")
    if weights.startswith("random"):
        out["start"] = {"model": start.get("model"), "weights": weights}
    elif weights.endswith(".pt"):
        out["start"] = run_of(Path(weights))
    elif start.get("model"):
        out["start"] = directory(start["model"]) | {"weights": weights}
        if start.get("heads"):
            out["start"]["heads"] = start["heads"] | {"run": run_of(Path(start["heads"]["checkpoint"]))}
    if cfg.get("teacher"):
        out["teacher"] = directory(cfg["teacher"])
    return out


def _behaviour_commands(data: Path, cfg: dict) -> list[str]:
    """For a run with the behaviour task: the commands that labelled the corpus (each label
    directory's invocations) and made the targets (``pretrain behaviour``), in order."""
    from mir_export.pretrain.behaviour_targets import REPORT
    from mir_export.corpus.behaviour_build import MANIFEST

    if "behaviour" not in cfg.get("tasks", ()):
        return []
    report = read_json(data / REPORT)
    labelled = [run.get("command") for labels in report.get("labels", [])
                for run in read_json(Path(labels) / MANIFEST).get("invocations", [])]
    return [c for c in dict.fromkeys(labelled) if c] + ([report["command"]] if report.get("command") else [])


def provenance(args: argparse.Namespace, corpus: Path) -> dict:
    """How the exported model was made: held-out metrics, data, the commands that ran and the runs
    and models they stood on (``lineage``), cost, hardware."""
    from mir_export.pretrain.checkpoints import machine
    from mir_runtime.modeldir import file_sha256

    result = json.loads((args.run / "pretrain-result.json").read_text())
    cfg = result["train_config"]
    data = {name: read_json(args.data / name) for name in ("data-report.json", "tokenizer-report.json")
            if (args.data / name).exists()}
    data.get("data-report.json", {}).pop("failures", None)
    training = result["training"]
    contrastive = "pooling" in cfg  # a 'pretrain contrastive' run, whatever its terms: its data are the variants
    packed = training.get("data", {}).get("pack", {}).get("command")  # trained on 'pretrain pack''s file
    prepare = ([packed] if packed else []) if contrastive else [
        data.get("data-report.json", {}).pop("command", None)
        or "mir-export pretrain prepare --corpus CORPUS --out DATA --workers 2"]
    return {
        "metrics": {"pretrain": {k: result["metrics"][k] for k in ("mlm_accuracy", "gae_auc", "matching_accuracy",
                                                                   "behaviour_skill", "behaviour_r2_median",
                                                                   "behaviour_functions")
                                 if k in result["metrics"]} | {"eval_functions": result["metrics"]["eval_functions"]}},
        "training": {
            "corpus_manifest": {"path": str(corpus), "sha256": file_sha256(corpus)},
            "checkpoint_sha256": file_sha256(args.run / "checkpoint.pt"),  # fine-tuning starts from it
            "commands": [
                "bash scripts/install.sh",
                read_json(corpus).get("command") or "mir-export corpus build --out CORPUS",
                *prepare,
                *_behaviour_commands(args.data, cfg),
                *_train_commands(result),
                args.invocation,
            ],
            "lineage": lineage(result),
            "cost": {
                "hours": round(training["seconds"] / 3600, 3),
                "steps": training["step"],
                "statements": training["statements"],
                "tokens": training["tokens"],
                "graphs": training["graphs"],
                "hardware": result.get("hardware") or machine(),
            },
            "train_config": cfg,
            "data": data,
        },
    }
