"""``mir-export pretrain prepare|train|evaluate`` and ``mir-export export``: corpus to runtime files."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path


PARITY_FUNCTIONS = 200  # held-out functions on which export compares onnxruntime with torch


def add_commands(sub) -> None:
    pre = sub.add_parser("pretrain", help="tokenizer, samples and pre-training of the encoder")
    cmds = pre.add_subparsers(dest="pretrain_command", required=True)
    prep = cmds.add_parser("prepare", help="train the tokenizer and featurize the corpus into shards")
    prep.add_argument("--corpus", type=Path, required=True, help="a directory written by 'corpus build'")
    prep.add_argument("--out", type=Path, required=True, help="data directory (tokenizer.json, train.pkl, eval.pkl)")
    prep.add_argument("--workers", type=int, default=2)
    train = cmds.add_parser("train", help="pre-train (resumes from OUT/checkpoint.pt)")
    train.add_argument("--data", type=Path, required=True, help="the directory 'prepare' wrote")
    train.add_argument("--out", type=Path, required=True, help="run directory: checkpoint, logs, result")
    train.add_argument("--model", default="small", choices=("small", "paper", "tiny"))
    train.add_argument("--tasks", default="mlm,gae,match", help="comma-separated: mlm, gae, match")
    train.add_argument("--steps", type=int, default=2000)
    train.add_argument("--minutes", type=float, default=0.0, help="stop after this much training time")
    train.add_argument("--stop-at", type=int, default=0, metavar="STEP",
                       help="stop at this step, the learning-rate schedule still spanning --steps")
    train.add_argument("--batch-size", type=int, default=16)
    train.add_argument("--lr", type=float, default=3e-4)
    train.add_argument("--threads", type=int, default=1, help="torch threads per process")
    train.add_argument("--nproc", type=int, default=1, metavar="N",
                       help="data-parallel processes on this machine (DistributedDataParallel, gloo); the global "
                       "batch stays --batch-size, split between them. Across machines: run under torchrun instead")
    train.add_argument("--seed", type=int, default=0)
    evaluate = cmds.add_parser("evaluate", help="held-out figures of a run's checkpoint")
    evaluate.add_argument("--data", type=Path, required=True)
    evaluate.add_argument("--run", type=Path, required=True)
    export = sub.add_parser("export", help="a run's checkpoint to the runtime's ONNX files and manifest")
    export.add_argument("--run", type=Path, required=True, help="run directory (checkpoint.pt, pretrain-result.json)")
    export.add_argument("--data", type=Path, required=True, help="the directory holding tokenizer.json")
    export.add_argument("--out", type=Path, default=Path("artifacts"))
    export.add_argument("--corpus-manifest", type=Path, default=Path("artifacts/corpus-manifest.json"),
                        help="the corpus manifest of the data (its sha256 goes into the model manifest)")


def run_export(args: argparse.Namespace) -> int:
    import random

    from mir_export.export import export, parity, update_manifest
    from mir_export.model import load_checkpoint
    from mir_export.pretrain_data import load_samples

    manifest = export(args.run / "checkpoint.pt", args.data / "tokenizer.json", args.out, provenance(args))
    held_out = load_samples(args.data / "eval.pkl")
    checked = random.Random(0).sample(held_out, min(PARITY_FUNCTIONS, len(held_out)))
    figures = parity(args.out, load_checkpoint(args.run / "checkpoint.pt"), checked)
    manifest = update_manifest(args.out, [], parity=figures)
    print(json.dumps({"files": manifest["files"], "parity": figures}, indent=2))
    return 0


def provenance(args: argparse.Namespace) -> dict:
    """How the exported model was made: held-out metrics, data, commands, cost, hardware."""
    from mir_export.pretrain import machine
    from mir_runtime.modeldir import file_sha256

    result = json.loads((args.run / "pretrain-result.json").read_text())
    cfg = result["train_config"]
    corpus = args.corpus_manifest
    data = {name: json.loads((args.data / name).read_text()) for name in ("data-report.json", "tokenizer-report.json")
            if (args.data / name).exists()}
    data.get("data-report.json", {}).pop("failures", None)
    training = result["training"]
    # A resumed run replays each invocation's settings (older runs recorded only the last).
    invocations = training.get("invocations") or [{}]
    train = [(f"mir-export pretrain train --data DATA --out RUN --model {cfg['model']} --tasks {','.join(cfg['tasks'])} "
              f"--steps {run.get('steps', cfg['steps'])} --minutes {run.get('minutes', cfg['minutes']):g} "
              f"--stop-at {run.get('stop_step', cfg.get('stop_step', 0))} --batch-size {cfg['batch_size']} "
              f"--lr {run.get('lr', cfg['lr']):g} --threads {cfg['threads']} --seed {cfg['seed']}"
              + (f" --nproc {run['processes']}" if run.get("processes", 1) > 1 else ""))
             for run in invocations]
    return {
        "metrics": {"pretrain": {k: result["metrics"][k] for k in ("mlm_accuracy", "gae_auc", "matching_accuracy")
                                 if k in result["metrics"]} | {"eval_functions": result["metrics"]["eval_functions"]}},
        "training": {
            "corpus_manifest": {"path": str(corpus), "sha256": file_sha256(corpus)} if corpus.exists() else None,
            "checkpoint_sha256": file_sha256(args.run / "checkpoint.pt"),  # fine-tuning starts from it
            "commands": [
                "bash scripts/install.sh",
                "mir-export corpus build --out CORPUS",
                "mir-export pretrain prepare --corpus CORPUS --out DATA --workers 2",
                *train,
                "mir-export export --run RUN --data DATA --out artifacts",
            ],
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


def run(args: argparse.Namespace) -> int:
    from mir_export import pretrain, pretrain_data
    from mir_export.tokenizer import load_tokenizer

    if args.pretrain_command == "prepare":
        report = pretrain_data.prepare(args.corpus, args.out, args.workers)
        print(json.dumps({k: v for k, v in report.items() if k != "failures"}, indent=2))
        return 1 if report["failures"] else 0
    vocab = load_tokenizer(args.data / "tokenizer.json").get_vocab_size()
    evaluation = pretrain_data.load_samples(args.data / "eval.pkl")
    if args.pretrain_command == "evaluate":
        import torch

        from mir_export.model import load_checkpoint

        saved = torch.load(args.run / "checkpoint.pt", weights_only=False)
        cfg = pretrain.TrainConfig(**saved["train_config"])
        model = load_checkpoint(args.run / "checkpoint.pt")
        print(json.dumps(pretrain.evaluate(model, evaluation, cfg, tuple(cfg.tasks)), indent=2))
        return 0
    cfg = pretrain.TrainConfig(
        model=args.model, tasks=tuple(args.tasks.split(",")), steps=args.steps, minutes=args.minutes,
        batch_size=args.batch_size, lr=args.lr, threads=args.threads, seed=args.seed, stop_step=args.stop_at,
    )
    unknown = set(cfg.tasks) - set(pretrain.TASKS)
    if unknown:
        raise SystemExit(f"mir-export pretrain train: unknown task(s) {sorted(unknown)}")
    problem = _processes_problem(args.nproc, cfg.batch_size)
    if problem:
        print(f"mir-export pretrain train: {problem}", file=sys.stderr)
        return 2
    train_args = (args.data / "train.pkl", evaluation, vocab, args.out, cfg)
    if args.nproc > 1:
        from mir_export.distributed import launch

        result = launch(args.nproc, train_from, *train_args)[0]
    else:
        result = train_from(*train_args)
    if "metrics" in result:  # process 0 of a torchrun group, or the only one
        print(json.dumps(result["metrics"], indent=2))
    return 0


def _processes_problem(nproc: int, batch_size: int) -> str | None:
    """What is wrong with ``--nproc`` and ``--batch-size`` (torchrun's ``WORLD_SIZE`` included)."""
    under_torchrun = int(os.environ.get("WORLD_SIZE", "1")) > 1
    if nproc < 1 or (nproc > 1 and under_torchrun):
        return "--nproc must be at least 1, and under torchrun it is torchrun's --nproc-per-node"
    processes = int(os.environ["WORLD_SIZE"]) if under_torchrun else nproc
    if batch_size % processes or batch_size // processes < 2:
        return f"--batch-size {batch_size} must be a multiple of the {processes} processes, at least 2 samples each"
    return None


def train_from(train_data: Path, evaluation: list, vocab: int, out: Path, cfg) -> dict:
    """``pretrain.train`` on the samples of ``train_data``: what each process runs (it reads the
    samples itself rather than receiving them pickled), leaving its process group at the end."""
    from mir_export import distributed, pretrain, pretrain_data

    try:
        return pretrain.train(pretrain_data.load_samples(train_data), evaluation, vocab, out, cfg)
    finally:
        distributed.leave()
