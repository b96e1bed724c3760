"""What ``mir-export pretrain prepare|train|behaviour|evaluate`` do once their arguments are parsed
(``pretrain.cli``): checks that name the bad argument, then the run."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mir_runtime.usage import UsageError

if TYPE_CHECKING:  # torch is imported by the commands that train, not by the CLI's set-up
    from mir_export.pretrain.distill import Distiller


def _data(args: argparse.Namespace) -> tuple[Path, int, list]:
    """``--data``'s tokenizer, its vocabulary size and the held-out samples."""
    from mir_export.pretrain.prepare import load_samples
    from mir_export.pretrain.tokenizer import load_tokenizer

    tokenizer = args.data / "tokenizer.json"
    if not tokenizer.is_file():
        raise UsageError(f"{tokenizer}: missing (--data: a directory written by 'pretrain prepare')")
    vocab = load_tokenizer(tokenizer).get_vocab_size()
    evaluation = load_samples(args.data / "eval.pkl")
    return tokenizer, vocab, evaluation


def run_evaluate(args: argparse.Namespace) -> int:
    """``pretrain evaluate``: the held-out figures of ``--run``'s checkpoint as JSON on stdout."""
    import torch

    from mir_export.pretrain.checkpoints import load_behaviour
    from mir_export.pretrain.config import TrainConfig
    from mir_export.pretrain.model import load_checkpoint
    from mir_export.pretrain.objectives import evaluate

    _, vocab, evaluation = _data(args)
    saved = torch.load(args.run / "checkpoint.pt", weights_only=False)
    model = load_checkpoint(args.run / "checkpoint.pt")
    distiller = None
    if "contrastive_weight" in saved["train_config"]:
        # a contrastive stage's run: only the skills it trained are measured (the other heads
        # never learned), and its teacher term is not pretrain's distill task
        from mir_export.pretrain.contrastive import ContrastiveConfig, skill_weights

        cfg = ContrastiveConfig(**saved["train_config"])
        tasks = tuple(skill_weights(cfg))
    else:
        cfg = TrainConfig(**saved["train_config"])
        tasks = tuple(cfg.tasks)
    if "distill" in tasks:
        distiller = teacher_distiller(Path(cfg.teacher), model.cfg.d_model)
        distiller.load_maps(saved["distiller"])
    behaviour = None
    if "behaviour" in tasks:
        behaviour = behaviour_head(cfg, vocab)
        load_behaviour(args.run / "checkpoint.pt", saved, behaviour)
    print(json.dumps(evaluate(model, evaluation, cfg, tasks, distiller, behaviour), indent=2))
    return 0


def run_train(args: argparse.Namespace) -> int:
    """``pretrain train``: on this process, ``--nproc`` of them, or one of a torchrun group; the
    held-out figures as JSON on stdout (process 0)."""
    from mir_export.pretrain.checkpoints import ResumeError, check_resumable
    from mir_export.pretrain.config import TASKS, TrainConfig
    from mir_export.pretrain.train import LabelledShareError, default_warmup
    from mir_runtime.modeldir import file_sha256

    tokenizer, vocab, evaluation = _data(args)
    cfg = TrainConfig(
        model=args.model, tasks=tuple(args.tasks.split(",")), steps=args.steps, minutes=args.minutes,
        batch_size=args.batch_size, lr=args.lr, threads=args.threads, seed=args.seed, stop_step=args.stop_at,
        warmup=default_warmup(args.steps) if args.warmup is None else args.warmup,
        init=str(args.init.resolve()) if args.init else "", teacher=str(args.teacher.resolve()) if args.teacher else "",
        heads_only=args.heads_only, labelled_share=args.labelled_share,
    )
    if not 0 <= cfg.labelled_share <= 1 or (cfg.labelled_share and "behaviour" not in cfg.tasks):
        raise UsageError("pretrain train: --labelled-share is a share from 0 to 1, for the behaviour task")
    if "behaviour" in cfg.tasks:
        from mir_export.pretrain.behaviour_targets import TARGETS

        if not (args.data / TARGETS).is_file():
            raise UsageError(f"{args.data / TARGETS}: missing (the behaviour task: run 'mir-export pretrain behaviour "
                             f"--data {args.data} --labels LABELS' first)")
        cfg.behaviour_targets = str((args.data / TARGETS).resolve())
    if cfg.heads_only and not cfg.init:
        raise UsageError("pretrain train: --heads-only trains heads on frozen encoders: give --init CHECKPOINT")
    known = TASKS + ("distill", "behaviour")
    unknown = set(cfg.tasks) - set(known)
    if unknown:
        raise UsageError(f"pretrain train: unknown task(s) {sorted(unknown)} (known: {', '.join(known)})")
    sha256 = file_sha256(tokenizer)
    _check_start(args, cfg, sha256)
    problem = _processes_problem(args.nproc, cfg.batch_size)
    if problem:
        raise UsageError(f"pretrain train: {problem}")
    try:
        check_resumable(args.out / "checkpoint.pt", vocab, cfg, sha256)
    except ResumeError as exc:
        raise UsageError(str(exc)) from None
    train_args = (args.data / "train.pkl", evaluation, vocab, args.out, cfg, sha256, args.invocation)
    try:
        if args.nproc > 1:
            from mir_export.pretrain.distributed import launch

            result = launch(args.nproc, train_from, *train_args)[0]
        else:
            result = train_from(*train_args)
    except (ResumeError, LabelledShareError) as exc:  # known once the targets are read
        raise UsageError(str(exc)) from None
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


def _check_start(args: argparse.Namespace, cfg, tokenizer_sha256: str) -> None:
    """--init and --teacher name what exists, and --teacher comes with the distill task and
    tokenizes as --data does (the student reads the teacher's token ids)."""
    from mir_runtime.modeldir import file_sha256

    if args.init is not None and not args.init.is_file():
        raise UsageError(f"{args.init}: no such checkpoint (--init)")
    if ("distill" in cfg.tasks) != (args.teacher is not None):
        raise UsageError("pretrain train: the distill task and --teacher go together")
    if args.teacher is not None:
        tokenizer = args.teacher / "tokenizer.json"
        if not tokenizer.is_file():
            raise UsageError(f"{tokenizer}: missing (--teacher: a model directory)")
        if file_sha256(tokenizer) != tokenizer_sha256:
            raise UsageError(f"{tokenizer}: not the tokenizer of {args.data} (the student must read the teacher's "
                             "token ids): prepare --data with the teacher's tokenizer.json")


def train_from(train_data: Path, evaluation: list, vocab: int, out: Path, cfg, tokenizer_sha256: str | None = None,
               command: str | None = None) -> dict:
    """``train.train`` on the samples of ``train_data``: what each process runs (it reads the
    samples itself rather than receiving them pickled; with the distill task, its own teacher),
    leaving its process group at the end."""
    from mir_export.pretrain import distributed, prepare as pretrain_data
    from mir_export.pretrain.train import train
    from mir_export.pretrain.model import config

    distiller = (teacher_distiller(Path(cfg.teacher), config(cfg.model, vocab).d_model, cfg.seed)
                 if "distill" in cfg.tasks else None)
    behaviour = behaviour_head(cfg, vocab) if "behaviour" in cfg.tasks else None
    try:
        return train(pretrain_data.load_samples(train_data), evaluation, vocab, out, cfg,
                              tokenizer_sha256, command, distiller, behaviour)
    finally:
        distributed.leave()


def teacher_distiller(teacher: Path, width: int, seed: int = 0) -> Distiller:
    """A ``distill.Distiller`` whose teacher is the encoder of model directory ``teacher`` (its
    fp32 ONNX files, sha256-checked). Here, not in ``distill``: the loader
    (``load.pretrained_encoder``) imports ``distill``, to fold a distilled student's maps."""
    from mir_export.pretrain.distill import Distiller
    from mir_export.pretrain.load import pretrained_encoder

    return Distiller(pretrained_encoder(teacher), width, seed)


def behaviour_head(cfg, vocab: int):
    """The ``behaviour`` task's head for ``cfg``'s model, with the targets file ``cfg`` names."""
    from mir_export.pretrain.behaviour_targets import load_targets
    from mir_export.pretrain.behaviour_task import BehaviourHead
    from mir_export.pretrain.model import config

    return BehaviourHead(config(cfg.model, vocab).d_model, load_targets(Path(cfg.behaviour_targets)), cfg.seed)


def run_behaviour(args: argparse.Namespace) -> int:
    """``pretrain behaviour``: the chosen columns and counts as JSON on stdout."""
    from mir_export.pretrain.behaviour_targets import TargetsError, build_targets

    if not (args.data / "train.pkl").is_file():
        raise UsageError(f"{args.data / 'train.pkl'}: missing (--data: a directory written by 'pretrain prepare')")
    try:
        report = build_targets(args.data, args.labels, lambda m: print(m, file=sys.stderr), args.invocation)
    except TargetsError as exc:
        raise UsageError(str(exc)) from None
    print(json.dumps({k: report[k] for k in ("chosen", "functions", "sha256")}, indent=2))
    return 0
