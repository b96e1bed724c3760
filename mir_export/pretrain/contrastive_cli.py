"""What ``mir-export pretrain contrastive|pack|split|join|heads`` do once their arguments are parsed
(``pretrain.cli``): the contrastive stage, and what travels to a lent machine and back."""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from mir_runtime.usage import UsageError

if TYPE_CHECKING:  # torch is imported by the commands that train, not by the CLI's set-up
    from mir_export.pretrain.contrastive_data import VariantSamples
    from mir_export.pretrain.model import MIREncoder
    from mir_runtime.modeldir import ModelDirectory


def run_contrastive(args: argparse.Namespace) -> int:
    """``pretrain contrastive``: the held-out figures as JSON on stdout."""
    from mir_export.pretrain import contrastive, contrastive_data
    from mir_export.pretrain.checkpoints import ResumeError
    from mir_export.pretrain.config import TASKS
    from mir_export.pretrain.train import default_warmup
    from mir_export.pretrain.load import fresh_encoder, pretrained_encoder
    from mir_export.corpus.pairs import ProxyError
    from mir_export.pretrain.transfer import TransferError, load_heads
    from mir_runtime.modeldir import TOKENIZER, ModelDirectory, ModelFileError

    _check_device(args.device)
    try:
        directory = ModelDirectory(args.model)
        if args.init == "random" and (args.checkpoint or args.heads):
            raise UsageError("--init random starts from fresh weights: drop --checkpoint and --heads")
        if args.architecture and args.init != "random":
            raise UsageError("--architecture sizes fresh weights: add --init random")
        if args.distill_weight is not None and (args.teacher is None or args.distill_weight <= 0):
            raise UsageError("--distill-weight weighs the --teacher term: a positive weight, with --teacher")
        weights = (args.contrastive_weight, args.mlm_weight, args.gae_weight, args.match_weight)
        if min(weights) < 0 or not (any(weights) or args.teacher):
            raise UsageError("--contrastive-weight, --mlm-weight, --gae-weight and --match-weight: not negative, "
                             "and a term to train (one of them positive, or --teacher)")
        model = (fresh_encoder(args.model, args.seed, args.architecture) if args.init == "random"
                 else pretrained_encoder(args.model, args.checkpoint))
        heads = load_heads(args.heads, model) if args.heads else None
        tokenizer = directory.file(TOKENIZER)
        teacher = _contrastive_teacher(args.teacher, directory) if args.teacher is not None else None
        data = (_packed(args.samples, tokenizer, directory.manifest.promote_allocas) if args.samples else
                contrastive_data.load_or_build(args.variants, tokenizer, args.out, args.max_units, args.jobs,
                                               args.max_file_mb, directory.manifest.promote_allocas))
    except (ModelFileError, ValueError, ProxyError, contrastive_data.DataMismatch, TransferError) as exc:
        raise UsageError(str(exc)) from None
    if len(data.train) < 2:
        raise UsageError(f"{args.variants or args.samples}: {len(data.train)} training functions; in-batch "
                         "negatives need at least 2")
    cfg = contrastive.ContrastiveConfig(
        model=model.cfg.name,
        tasks=tuple(task for task, weight in zip(("contrastive", *TASKS), weights) if weight)
        + (("distill",) if teacher is not None else ()), steps=args.steps,
        minutes=args.minutes, stop_step=args.stop_at, batch_size=args.batch_size,
        statements_per_sample=args.statements, temperature=args.temperature,
        contrastive_weight=args.contrastive_weight, mlm_weight=args.mlm_weight, gae_weight=args.gae_weight,
        match_weight=args.match_weight, lr=args.lr,
        warmup=default_warmup(args.steps) if args.warmup is None else args.warmup,
        max_units=args.max_units, checkpoint_every=args.checkpoint_every, threads=args.threads, seed=args.seed,
        device=args.device,
        pooling=directory.manifest.pooling, promote_allocas=directory.manifest.promote_allocas, teacher=str(args.teacher.resolve()) if teacher is not None else "",
        distill_weight=1.0 if args.distill_weight is None else args.distill_weight,
    )
    weights = (f"random initialization, seed {args.seed}" if args.init == "random"
               else str(args.checkpoint.resolve()) if args.checkpoint else "the model directory's ONNX files")
    start = {"model": str(args.model.resolve()), "weights": weights} | ({"heads": heads} if heads else {})
    try:
        result = contrastive.train(model, data, tokenizer, args.out, cfg, start, args.invocation, teacher)
    except ResumeError as exc:
        raise UsageError(str(exc)) from None
    print(json.dumps({"metrics": result["metrics"], "start_metrics": result["start_metrics"]}, indent=2))
    return 0


def _packed(path: Path, tokenizer: Path, promote_allocas: bool) -> VariantSamples:
    """The groups packed in ``path``, refused unless ``tokenizer`` (--model's) made their token ids
    from modules read by --model's front end (``promote_allocas``)."""
    from mir_export.pretrain.transfer import TransferError, unpack
    from mir_runtime.modeldir import file_sha256

    if not path.is_file():
        raise TransferError(f"{path}: no such file (--samples: a file 'pretrain pack' wrote)")
    data = unpack(path)
    if data.source["tokenizer_sha256"] != file_sha256(tokenizer):
        raise TransferError(f"{path}: packed with another tokenizer than --model's ({tokenizer})")
    if bool(data.source.get("promote_allocas")) != promote_allocas:
        raise TransferError(f"{path}: packed from modules read {'as they are' if promote_allocas else 'promoted'}, "
                            f"--model reads them {'promoted' if promote_allocas else 'as they are'}")
    return data


def run_pack(args: argparse.Namespace) -> int:
    """``pretrain pack``: the packing's summary as JSON on stdout."""
    from mir_export.pretrain import contrastive_data
    from mir_export.pretrain.contrastive import write_export_data
    from mir_export.corpus.pairs import ProxyError
    from mir_export.pretrain.transfer import TransferError, pack
    from mir_runtime.modeldir import TOKENIZER, ModelDirectory, ModelFileError

    try:
        directory = ModelDirectory(args.model)
        tokenizer = directory.file(TOKENIZER)
        data = contrastive_data.load_or_build(args.variants, tokenizer, args.run, args.max_units, args.jobs,
                                              args.max_file_mb, directory.manifest.promote_allocas)
        write_export_data(args.run, data, tokenizer)
        summary = pack(data, args.out, args.max_variants, args.max_nodes, args.seed, args.invocation)
    except (ModelFileError, ValueError, ProxyError, contrastive_data.DataMismatch, TransferError) as exc:
        raise UsageError(str(exc)) from None
    print(json.dumps(summary, indent=2))
    return 0


def run_transfer(args: argparse.Namespace) -> int:
    """``pretrain split``, ``join`` and ``heads``: the files written, one per line."""
    from mir_export.pretrain.transfer import TransferError, join_weights, save_heads, split_weights

    try:
        if args.pretrain_command in ("split", "heads") and not (args.run / "checkpoint.pt").is_file():
            raise TransferError(f"{args.run / 'checkpoint.pt'}: missing (--run: a training run directory)")
        if args.pretrain_command == "split":
            written = split_weights(args.run, args.out, args.part_mb)
        elif args.pretrain_command == "heads":
            written = [save_heads(args.run, args.out)]
        else:
            written = [join_weights(args.parts, args.out)]
    except TransferError as exc:
        raise UsageError(str(exc)) from None
    print("\n".join(map(str, written)))
    return 0


def _check_device(name: str) -> None:
    """Refuse, in words, a device torch cannot name or does not see, before any data is read."""
    import torch

    try:
        device = torch.device(name)
    except RuntimeError:
        raise UsageError(f"--device {name}: not a torch device (cpu, cuda, cuda:1 ...)") from None
    if device.type == "cuda" and not torch.cuda.is_available():
        raise UsageError(f"--device {name}: torch {torch.__version__} sees no CUDA GPU on this machine")
    if device.type not in ("cpu", "cuda"):
        raise UsageError(f"--device {name}: only cpu and cuda are supported")


def _contrastive_teacher(path: Path, student: ModelDirectory) -> MIREncoder:
    """The frozen encoder of model directory ``path``, refused in words unless the ``student``
    directory reads its token ids and pools into its space (the distill term compares the two)."""
    from mir_export.pretrain.load import pretrained_encoder
    from mir_runtime.modeldir import TOKENIZER, ModelDirectory, file_sha256

    teacher = ModelDirectory(path)
    if file_sha256(teacher.file(TOKENIZER)) != file_sha256(student.file(TOKENIZER)):
        raise UsageError(f"{path}: another tokenizer than --model's (the student must read the teacher's token ids)")
    ours, theirs = student.manifest, teacher.manifest
    if (ours.pooling, ours.embedding_size) != (theirs.pooling, theirs.embedding_size):
        raise UsageError(f"{path}: embeds {theirs.embedding_size} values ({theirs.pooling}), --model "
                         f"{ours.embedding_size} ({ours.pooling}): export the student with --teacher-space")
    return pretrained_encoder(path)
