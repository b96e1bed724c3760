"""``mir-export pretrain``: its commands and their arguments. What they do: ``pretrain.commands``
(prepare, train, behaviour, evaluate), ``pretrain.contrastive_cli`` (the contrastive stage and
what travels to a lent machine); ``pretrain proxy`` is ``mir_export.proxy.cli``'s."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from mir_runtime.usage import Formatter

ARCHITECTURES = ("small", "compact", "compact-deep", "paper", "tiny")  # mir_export.pretrain.model.SIZES (torch not imported here)


def add_commands(sub) -> argparse._SubParsersAction:
    """``pretrain`` with its first commands, ``prepare`` to ``evaluate``; returns its subparsers, which
    ``proxy`` (``mir_export.proxy.cli``) and then ``add_stage_commands`` extend."""
    pre = sub.add_parser("pretrain", help="tokenizer, samples and pre-training of the encoder", formatter_class=Formatter)
    cmds = pre.add_subparsers(dest="pretrain_command", required=True)
    prep = cmds.add_parser("prepare", help="train the tokenizer and featurize the corpus into shards",
                           formatter_class=Formatter)
    prep.add_argument("--corpus", type=Path, required=True, help="a directory written by 'corpus build'")
    prep.add_argument("--out", type=Path, required=True,
                      help="data directory (tokenizer.json, train.pkl, eval.pkl); a tokenizer.json already "
                           "there is reused (said on stderr): delete it to train a new one")
    prep.add_argument("--workers", type=int, default=2, help="processes")
    train = cmds.add_parser("train", help="pre-train (resumes from OUT/checkpoint.pt)", formatter_class=Formatter)
    train.add_argument("--data", type=Path, required=True, help="the directory 'prepare' wrote")
    train.add_argument("--out", type=Path, required=True, help="run directory: checkpoint, logs, result")
    train.add_argument("--model", default="small", choices=ARCHITECTURES, help="model size")
    train.add_argument("--tasks", default="mlm,gae,match",
                       help="comma-separated: mlm, gae, match, distill, behaviour (the compiler's behaviour: "
                            "the targets 'pretrain behaviour' wrote into --data)")
    train.add_argument("--init", type=Path, default=None, metavar="CHECKPOINT",
                       help="start a new run from this checkpoint's weights (a run of the same --model)")
    train.add_argument("--heads-only", action="store_true",
                       help="with --init: train the pre-training heads alone, the encoders frozen and without "
                            "dropout; warms the fresh heads of a start from ONNX weights ('pretrain contrastive "
                            "--steps 0') before a stage trains the encoders ('pretrain contrastive --checkpoint')")
    train.add_argument("--teacher", type=Path, default=None, metavar="MODEL_DIR",
                       help="the model directory that the distill task reproduces (its tokenizer must be --data's)")
    _schedule_arguments(train, steps=2000)
    train.add_argument("--batch-size", type=int, default=16, help="functions per step")
    train.add_argument("--labelled-share", type=float, default=0.0, metavar="F",
                       help="the behaviour task: draw this share of each batch from the functions that have "
                            "behaviour targets (default 0: uniformly from all)")
    train.add_argument("--lr", type=float, default=3e-4, help="peak learning rate")
    train.add_argument("--threads", type=int, default=1, help="torch threads per process")
    train.add_argument("--nproc", type=int, default=1, metavar="N",
                       help="data-parallel processes on this machine (DistributedDataParallel, gloo); the global "
                       "batch stays --batch-size, split between them. Across machines: run under torchrun instead")
    train.add_argument("--seed", type=int, default=0, help="sampling, masking and initialization")
    behave = cmds.add_parser("behaviour", formatter_class=Formatter,
                             help="the behaviour task's targets: compiler-behaviour labels joined to --data's "
                                  "functions, columns chosen on folds of the training packages",
                             description="Joins the labels of 'mir-export corpus behaviour' to the functions of a "
                                         "'pretrain prepare' directory by key, chooses the label columns on grouped "
                                         "folds by package of the training split's labels, standardizes them, and "
                                         "writes DATA/behaviour-targets.npz and DATA/behaviour-report.json (made "
                                         "again each time; run it again as labelling goes on, before a new run).")
    behave.add_argument("--data", type=Path, required=True, help="the directory 'prepare' wrote")
    behave.add_argument("--labels", type=Path, nargs="+", required=True,
                        help="label directories: one of the training split (chooses and scales the columns), and "
                             "optionally one of the held-out split (measured by 'pretrain evaluate', never trained on)")
    evaluate = cmds.add_parser("evaluate", help="held-out figures of a run's checkpoint", formatter_class=Formatter)
    evaluate.add_argument("--data", type=Path, required=True,
                          help="the directory 'prepare' wrote (its held-out samples)")
    evaluate.add_argument("--run", type=Path, required=True, help="the run directory holding checkpoint.pt")
    return cmds


def add_stage_commands(cmds) -> None:
    """The contrastive stage and what travels to a lent machine: ``contrastive``, ``pack``,
    ``split``, ``join`` and ``heads``."""
    _add_contrastive(cmds)
    pack = cmds.add_parser("pack", formatter_class=Formatter,
                           help="the contrastive stage's training groups in one compressed file, to train where "
                                "the variants build is not (a lent GPU: 'pretrain contrastive --samples')",
                           description="Featurizes the variants as 'pretrain contrastive' does (kept in --run, "
                                       "which then serves as export's --data: tokenizer and held-out samples) and "
                                       "writes the training groups, cut to fit a transfer, to --out.")
    pack.add_argument("--variants", type=Path, required=True, help="a directory written by 'corpus variants'")
    pack.add_argument("--model", type=Path, required=True, help="the model directory whose tokenizer reads them")
    pack.add_argument("--run", type=Path, required=True, help="directory for the featurized samples (reused)")
    pack.add_argument("--out", type=Path, required=True, help="the packed file to write (.npz.xz)")
    pack.add_argument("--max-variants", type=int, default=4, help="distinct variants kept per function (0: all)")
    pack.add_argument("--max-nodes", type=int, default=2048, help="leave out variants of larger graphs (0: none)")
    pack.add_argument("--seed", type=int, default=0, help="which variants are kept")
    _featurize_arguments(pack)
    split = cmds.add_parser("split", formatter_class=Formatter,
                            help="a run's weights (no optimizer) in parts small enough to bring back from a lent "
                                 "machine; 'pretrain join' makes them a checkpoint that export reads")
    split.add_argument("--run", type=Path, required=True, help="run directory holding checkpoint.pt")
    split.add_argument("--out", type=Path, required=True, help="directory for weights-partK.pt")
    split.add_argument("--part-mb", type=float, default=12.0, help="tensors per part, MiB at most")
    join = cmds.add_parser("join", formatter_class=Formatter,
                           help="the parts 'pretrain split' wrote into a run directory that export reads (it "
                                "cannot resume: no optimizer state)")
    join.add_argument("--parts", type=Path, required=True, help="the directory holding weights-partK.pt")
    join.add_argument("--out", type=Path, required=True, help="run directory to write")
    heads = cmds.add_parser("heads", formatter_class=Formatter,
                            help="a run's pre-training heads alone (2 MB for small), to carry to a lent machine "
                                 "where 'pretrain contrastive --heads' lays them over --model's ONNX encoders")
    heads.add_argument("--run", type=Path, required=True,
                       help="run directory holding checkpoint.pt ('pretrain train --heads-only' on --model's encoders)")
    heads.add_argument("--out", type=Path, required=True, help="the file to write (.pt)")


def _add_contrastive(cmds) -> None:
    con = cmds.add_parser("contrastive", formatter_class=Formatter,
                          help="second stage: InfoNCE on the pooled function embedding across compile variants "
                               "(resumes from OUT/checkpoint.pt)",
                          description="Trains the encoders of --model so that a function's embedding (pooled as "
                                      "the model directory says) finds the same source function in another variant "
                                      "among the batch. Training units only (the split by "
                                      "source unit); held-out figures in OUT/pretrain-result.json. Then: mir-export "
                                      "export --run OUT --data OUT --corpus-manifest VARIANTS/variants-manifest.json "
                                      "--pooling POOLING --out MODEL (with --samples, --data is the pack's --run: "
                                      "a packed file holds no held-out functions).")
    source = con.add_mutually_exclusive_group(required=True)
    source.add_argument("--variants", type=Path, help="a directory written by 'corpus variants'")
    source.add_argument("--samples", type=Path, metavar="PACKED",
                        help="train on the groups 'pretrain pack' wrote instead (a machine without the build)")
    con.add_argument("--model", type=Path, required=True,
                     help="the model directory to start from: tokenizer, pooling, and (without --checkpoint) the "
                          "weights of its fp32 ONNX encoders")
    start = con.add_mutually_exclusive_group()
    start.add_argument("--checkpoint", type=Path, default=None,
                       help="start from this pre-training checkpoint's weights instead (the one --model was exported "
                            "from: its MLM head is trained)")
    start.add_argument("--heads", type=Path, default=None,
                       help="--model's ONNX encoders with these heads ('pretrain heads' of a --heads-only run "
                            "on them): that run's start, in a file small enough to carry")
    con.add_argument("--init", choices=("model", "random"), default="model",
                     help="random: fresh weights (seeded by --seed) of --model's architecture, the baseline without "
                          "pre-training; with --steps 0 a run directory to export as it is")
    con.add_argument("--architecture", choices=ARCHITECTURES, default=None,
                     help="with --init random: fresh weights of this size instead of --model's (its tokenizer kept)")
    con.add_argument("--out", type=Path, required=True,
                     help="run directory (outside the repository): samples, checkpoint, log, result")
    _schedule_arguments(con, steps=1000)
    con.add_argument("--batch-size", type=int, default=32, help="functions per step, each the others' negatives")
    con.add_argument("--statements", type=int, default=32, help="statements drawn per function and view")
    con.add_argument("--temperature", type=float, default=0.05, help="InfoNCE temperature")
    con.add_argument("--contrastive-weight", type=float, default=1.0,
                     help="weight of InfoNCE (0: none, the ablation: the skills and the teacher term alone at "
                          "equal budget)")
    con.add_argument("--mlm-weight", type=float, default=0.1, help="weight of the MLM regularizer (0: none)")
    con.add_argument("--gae-weight", type=float, default=0.0,
                     help="weight of graph auto-encoding on the first views (0: none); its head should be trained: "
                          "--checkpoint a run of 'pretrain train --heads-only', or --heads")
    con.add_argument("--match-weight", type=float, default=0.0,
                     help="weight of IR-graph matching on the first views (0: none), as --gae-weight")
    con.add_argument("--teacher", type=Path, default=None, metavar="MODEL_DIR",
                     help="keep the pooled embedding near this model directory's (a distilled student's teacher: "
                          "--model exported with --teacher-space, the same tokenizer and layout)")
    con.add_argument("--distill-weight", type=float, default=None, help="weight of the --teacher term (default 1)")
    con.add_argument("--lr", type=float, default=1e-4, help="peak learning rate")
    con.add_argument("--checkpoint-every", type=int, default=50, metavar="STEPS", help="checkpoint interval")
    con.add_argument("--threads", type=int, default=1, help="torch threads")
    con.add_argument("--device", default="cpu", help="torch device to train on: cpu, or cuda where a GPU is "
                     "present (each step's views then go through each branch in one batch)")
    _featurize_arguments(con)
    con.add_argument("--seed", type=int, default=0, help="sampling, statement draws, masking and dropout")


def _featurize_arguments(parser: argparse.ArgumentParser) -> None:
    """--max-units, --jobs and --max-file-mb: which variants are featurized, and by how many processes."""
    parser.add_argument("--max-units", type=int, default=0, help="at most this many units of each split (0: all)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes featurizing the variants (first run only)")
    parser.add_argument("--max-file-mb", type=float, default=4.0,
                        help="leave out variant files above this size (0: none): amalgamations cost hours to featurize")


def _schedule_arguments(parser: argparse.ArgumentParser, steps: int) -> None:
    """--steps, --minutes, --stop-at and --warmup: a resumable run's schedule and budget."""
    parser.add_argument("--steps", type=int, default=steps, help="length of the learning-rate schedule")
    parser.add_argument("--minutes", type=float, default=0.0,
                        help="stop when the run's training time reaches this many minutes, counted over all "
                             "invocations of a resumed run (0: no limit)")
    parser.add_argument("--stop-at", type=int, default=0, metavar="STEP",
                        help="stop at this step, the learning-rate schedule still spanning --steps (0: --steps)")
    parser.add_argument("--warmup", type=int, default=None, metavar="STEPS",
                        help="linear learning-rate warm-up (default: min(200, steps / 10))")


def run(args: argparse.Namespace) -> int:
    """``mir-export pretrain COMMAND`` by ``args.pretrain_command`` (``proxy`` is dispatched to its package)."""
    from mir_export.pretrain import commands, contrastive_cli

    if args.pretrain_command == "prepare":
        from mir_export.pretrain.prepare import prepare

        report = prepare(args.corpus, args.out, args.workers, command=args.invocation)
        print(json.dumps({k: v for k, v in report.items() if k != "failures"}, indent=2))
        return 1 if report["failures"] else 0
    if args.pretrain_command == "contrastive":
        return contrastive_cli.run_contrastive(args)
    if args.pretrain_command == "pack":
        return contrastive_cli.run_pack(args)
    if args.pretrain_command in ("split", "join", "heads"):
        return contrastive_cli.run_transfer(args)
    if args.pretrain_command == "behaviour":
        return commands.run_behaviour(args)
    if args.pretrain_command == "evaluate":
        return commands.run_evaluate(args)
    return commands.run_train(args)
