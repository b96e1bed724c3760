"""``mir-export pretrain prepare|train|evaluate`` and ``mir-export export``: corpus to runtime files."""
from __future__ import annotations

import argparse
import json
from pathlib import Path


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
    train.add_argument("--batch-size", type=int, default=16)
    train.add_argument("--lr", type=float, default=3e-4)
    train.add_argument("--threads", type=int, default=1)
    train.add_argument("--seed", type=int, default=0)
    evaluate = cmds.add_parser("evaluate", help="held-out figures of a run's checkpoint")
    evaluate.add_argument("--data", type=Path, required=True)
    evaluate.add_argument("--run", type=Path, required=True)
    export = sub.add_parser("export", help="a run's checkpoint to the runtime's ONNX files and manifest")
    export.add_argument("--run", type=Path, required=True, help="run directory (checkpoint.pt, pretrain-result.json)")
    export.add_argument("--data", type=Path, required=True, help="the directory holding tokenizer.json")
    export.add_argument("--out", type=Path, default=Path("artifacts"))


def run_export(args: argparse.Namespace) -> int:
    from mir_export.export import export

    result = args.run / "pretrain-result.json"
    extra = {"pretraining": json.loads(result.read_text())} if result.exists() else {}
    manifest = export(args.run / "checkpoint.pt", args.data / "tokenizer.json", args.out, extra)
    print(json.dumps(manifest["files"], indent=2))
    return 0


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
        batch_size=args.batch_size, lr=args.lr, threads=args.threads, seed=args.seed,
    )
    unknown = set(cfg.tasks) - set(pretrain.TASKS)
    if unknown:
        raise SystemExit(f"mir-export pretrain train: unknown task(s) {sorted(unknown)}")
    result = pretrain.train(pretrain_data.load_samples(args.data / "train.pkl"), evaluation, vocab, args.out, cfg)
    print(json.dumps(result["metrics"], indent=2))
    return 0
