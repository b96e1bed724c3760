"""``mir-export pretrain prepare|train|evaluate`` and ``mir-export export``: corpus to runtime files."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mir_runtime.usage import Formatter, UsageError

if TYPE_CHECKING:  # torch is imported by the commands that train, not by the CLI's set-up
    from mir_export.pretrain.contrastive_data import VariantSamples
    from mir_export.pretrain.distill import Distiller
    from mir_export.pretrain.model import MIREncoder
    from mir_runtime.modeldir import ModelDirectory


ARCHITECTURES = ("small", "compact", "compact-deep", "paper", "tiny")  # mir_export.pretrain.model.SIZES (torch not imported here)
PARITY_FUNCTIONS = 200  # held-out functions on which export compares onnxruntime with torch


def add_commands(sub) -> None:
    from mir_export.proxy import METHODS
    from mir_export.export.whitening import MAX_FUNCTIONS, MAX_MODULES
    from mir_runtime.pooling import MEAN_MAX_SIZE, POOLINGS

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
    proxy = cmds.add_parser("proxy", formatter_class=Formatter,
                            help="retrieval proxy: find a function's -O2 variant from its -O0 one (and across clangs)",
                            description="Recall@1 and MRR, by cosine similarity, of finding each held-out function's "
                                        "target variant from its query variant among all candidates, for the model "
                                        "and baselines that learn nothing. Exit status 1 when the "
                                        "headline task has fewer than --min-candidates candidates.")
    proxy.add_argument("--variants", type=Path, required=True, help="a directory written by 'corpus variants'")
    proxy.add_argument("--model", type=Path, required=True, help="model directory (artifacts: the shipped model)")
    proxy.add_argument("--out", type=Path, default=None, help="JSON file to write (default: stdout only)")
    proxy.add_argument("--split", choices=("held-out", "all"), default="held-out",
                       help="held-out functions only, or every function (not the bar's figure: the encoder may "
                            "have trained on them)")
    proxy.add_argument("--methods", default=",".join(METHODS),
                       help=f"comma-separated: {', '.join(METHODS)} (whitened: ours after the model's whitening, "
                            "'mir-export whiten'; identifiers and tokens: TF-IDF bags of the names the statements "
                            "reference and of the tokenizer's tokens, baselines that learn nothing)")
    proxy.add_argument("--min-candidates", type=int, default=1000, help="fewer candidates fail the run")
    proxy.add_argument("--jobs", type=int, default=1, help="parallel function extractions and embedding processes")
    proxy.add_argument("--record", action="store_true",
                       help="write the headline figures into --model's manifest.json (metrics.pretrain."
                            "variant_recall_at_1, variant_mrr, variant_proxy); held-out split and the minimum only")
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
    export = sub.add_parser("export", help="a run's checkpoint to the runtime's ONNX files and manifest",
                            formatter_class=Formatter)
    export.add_argument("--run", type=Path, required=True, help="run directory (checkpoint.pt, pretrain-result.json)")
    export.add_argument("--data", type=Path, required=True, help="the directory holding tokenizer.json")
    export.add_argument("--out", type=Path, required=True, help="model directory to write (not artifacts/: that "
                                                                   "is the shipped model)")
    export.add_argument("--corpus-manifest", type=Path, default=None,
                        help="the corpus manifest of the data, its sha256 goes into the model manifest "
                             "(default: corpus-manifest.json of the corpus 'prepare' read)")
    export.add_argument("--pooling", choices=POOLINGS, default=None,
                        help="the file embedding's layout: how statement and graph vectors pool into one "
                             "(default: the one a 'contrastive' "
                             f"run trained, else {MEAN_MAX_SIZE})")
    export.add_argument("--teacher-space", action="store_true",
                        help="a distilled run: fold its maps into the teacher's space into the encoders, whose "
                             "vectors then have the teacher's width and basis")
    blocks = sub.add_parser("export-blocks", formatter_class=Formatter,
                            help="add the block files (big graphs in bounded memory) to a model directory "
                                 "exported without them, from its fp32 graph encoder's weights")
    blocks.add_argument("--model", type=Path, required=True, help="the model directory to complete")
    repool = sub.add_parser("repool", formatter_class=Formatter,
                            help="set a model directory's embedding layout; its task packs (tasks/), "
                                 "trained on the old layout, are removed: export them again "
                                 "('mir-export downstream export-heads')")
    repool.add_argument("--model", type=Path, required=True, help="the model directory to change")
    repool.add_argument("--pooling", choices=POOLINGS, required=True, help="the new layout")
    promote = sub.add_parser("promote", formatter_class=Formatter,
                             help="make a model directory read each module with its -O0 locals promoted to SSA "
                                  "values first, as LLVM's mem2reg does (the manifest's promote_allocas); its task packs "
                                  "(tasks/), trained on the other front end's "
                                  "embeddings, are removed: export them again "
                                  "('mir-export downstream export-heads')")
    promote.add_argument("--model", type=Path, required=True, help="the model directory to change")
    promote.add_argument("--off", action="store_true", help="read modules as they are instead")
    whiten = sub.add_parser("whiten", formatter_class=Formatter,
                            help="add a whitening of the embedding for similarity search ('mir-runtime embed "
                                 "--whiten'), fitted on a sample of a corpus's training modules; then, with "
                                 "--variants, its second stage: what a function keeps across compile variants")
    whiten.add_argument("--model", type=Path, required=True, help="the model directory to complete")
    source = whiten.add_mutually_exclusive_group(required=True)
    source.add_argument("--corpus", type=Path, help="a directory written by 'corpus build': the corpus stage "
                        "(replaces the whole whitening)")
    source.add_argument("--variants", type=Path, help="a directory written by 'corpus variants': the within-function "
                        "stage over the model's corpus stage (its training-split functions only)")
    whiten.add_argument("--modules", type=int, default=MAX_MODULES, help="training modules sampled for the corpus stage")
    whiten.add_argument("--functions", type=int, default=MAX_FUNCTIONS,
                        help="training functions sampled for the within-function stage")
    whiten.add_argument("--seed", type=int, default=0, help="draws the sample")
    whiten.add_argument("--jobs", type=int, default=2, help="processes embedding the files (and llvm-extract runs "
                        "cutting out the functions)")


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


def trained_pooling(run: Path) -> str:
    """The layout a run trained the pooled embedding in (a 'contrastive' run records it), else
    the default: exporting a contrastive run in another layout would ship vectors it never shaped."""
    from mir_runtime.pooling import MEAN_MAX_SIZE

    return json.loads((run / "pretrain-result.json").read_text())["train_config"].get("pooling", MEAN_MAX_SIZE)


def trained_promoted(run: Path) -> bool:
    """Whether a run's samples were read with their locals promoted (a 'contrastive' run from a
    model whose manifest says promote_allocas): its export must read modules so too."""
    return bool(json.loads((run / "pretrain-result.json").read_text())["train_config"].get("promote_allocas"))


def run_export(args: argparse.Namespace) -> int:
    import random

    from mir_export.export.encoders import export, exported_model, parity, update_manifest
    from mir_export.pretrain.prepare import load_samples

    for needed in (args.run / "checkpoint.pt", args.run / "pretrain-result.json", args.data / "tokenizer.json",
                   args.data / "eval.pkl"):
        if not needed.is_file():
            raise UsageError(f"{needed}: missing (--run: a 'pretrain train' directory, --data: a 'prepare' one)")
    tasks = _json(args.run / "pretrain-result.json").get("train_config", {}).get("tasks", [])
    if args.teacher_space and "distill" not in tasks:
        raise UsageError(f"{args.run}: --teacher-space needs a distilled run (its tasks: {', '.join(tasks) or 'none'})")
    held_out = load_samples(args.data / "eval.pkl")
    if not held_out:  # a run on packed samples has none: its held-out side stayed with the pack's run directory
        raise UsageError(f"{args.data / 'eval.pkl'}: no held-out functions to check the export against "
                         "(for a run on --samples, --data is the --run directory of 'pretrain pack')")
    extra = provenance(args, corpus_manifest(args)) | ({"promote_allocas": True} if trained_promoted(args.run) else {})
    manifest = export(args.run / "checkpoint.pt", args.data / "tokenizer.json", args.out, extra,
                      args.pooling or trained_pooling(args.run), args.teacher_space)
    checked = random.Random(0).sample(held_out, min(PARITY_FUNCTIONS, len(held_out)))
    figures = parity(args.out, exported_model(args.run / "checkpoint.pt", args.teacher_space), checked)
    manifest = update_manifest(args.out, [], parity=figures)
    print(json.dumps({"files": manifest["files"], "parity": figures}, indent=2))
    return 0


def run_export_blocks(args: argparse.Namespace) -> int:
    """``graph_nodes.onnx`` and ``graph_layer.onnx`` (and ``graph_readout.onnx`` for a model with
    readouts) from the weights of ``--model``'s ``graph_encoder.onnx`` (sha256-checked), listed
    in its manifest."""
    from mir_export.pretrain.onnx_weights import encoder_from_onnx
    from mir_export.export.encoders import export_graph_blocks, update_manifest
    from mir_runtime.modeldir import ModelFileError

    try:
        model = encoder_from_onnx(args.model)
    except ModelFileError as exc:
        raise UsageError(str(exc)) from None
    files = export_graph_blocks(model, args.model)
    commands = _json(args.model / "manifest.json").get("training", {}).get("commands", [])
    update_manifest(args.model, files,
                    training={"commands": _recorded(commands, f"mir-export export-blocks --model {args.model.name}")})
    print(f"{args.model}: wrote {', '.join(files)}")
    return 0


def run_repool(args: argparse.Namespace) -> int:
    """``pooling`` and ``embedding_size`` of ``--model``'s manifest set to ``--pooling``'s; the
    task packs, whose heads take embeddings of the old size, are dropped."""
    from mir_runtime.pooling import embedding_size

    def change(raw: dict, manifest) -> str:
        raw["pooling"], raw["embedding_size"] = args.pooling, embedding_size(args.pooling, manifest.vector_size)
        return f"pooling {args.pooling}, embedding_size {raw['embedding_size']}"

    return _change_embedding(args.model, change, f"mir-export repool --model {args.model.name} --pooling {args.pooling}")


def run_promote(args: argparse.Namespace) -> int:
    """``promote_allocas`` of ``--model``'s manifest set (``--off``: cleared); the task packs, whose heads
    learned from embeddings of the other front end, are dropped (unless
    the flag was already so)."""
    wanted = not args.off

    def change(raw: dict, manifest) -> str | None:
        if manifest.promote_allocas == wanted:
            return None
        raw["promote_allocas"] = wanted
        return f"promote_allocas {'on' if wanted else 'off'}"

    return _change_embedding(args.model, change,
                          f"mir-export promote --model {args.model.name}" + (" --off" if args.off else ""))


def _change_embedding(model: Path, change, command: str) -> int:
    """``change(raw manifest, parsed manifest)`` applied to ``model``'s manifest (it returns what it
    did, or None for nothing), then its task packs dropped with the task
    metrics (they learned from embeddings the change makes different), and ``command`` recorded."""
    import shutil

    from mir_runtime.modeldir import ModelDirectory, ModelFileError
    from mir_runtime.packs import MODEL_TASKS

    try:
        manifest = ModelDirectory(model).manifest
    except ModelFileError as exc:
        raise UsageError(str(exc)) from None
    path = model / "manifest.json"
    raw = _json(path)
    done = change(raw, manifest)
    if done is None:
        print(f"{model}: unchanged")
        return 0
    packs = model / MODEL_TASKS
    heads = sorted(p.name for p in packs.iterdir() if p.is_dir()) if packs.is_dir() else []
    if heads:
        shutil.rmtree(packs)
    raw.get("metrics", {}).pop("tasks", None)
    training = raw.setdefault("training", {})
    training["commands"] = _recorded(training.get("commands", []), command)
    path.write_text(json.dumps(raw, indent=2) + "\n")
    print(f"{model}: {done}" + (f"; task packs {', '.join(heads)} dropped (export them again)" if heads else ""))
    return 0


def run_whiten(args: argparse.Namespace) -> int:
    """``--model``'s whitening (``mir_export.export.whitening``): the corpus stage from ``--corpus``'s
    training modules, or the within-function stage from ``--variants``; written into the
    directory with a ``whitening`` section and the command in its manifest."""
    from mir_runtime.modeldir import ModelDirectory, ModelFileError

    if args.modules < 2 or args.functions < 2 or args.jobs < 1:
        raise UsageError("--modules and --functions must be at least 2 and --jobs at least 1")
    try:
        ModelDirectory(args.model)
    except ModelFileError as exc:
        raise UsageError(str(exc)) from None
    return _whiten_within(args) if args.variants is not None else _whiten_corpus(args)


def _whiten_corpus(args: argparse.Namespace) -> int:
    from mir_export.export.encoders import update_manifest
    from mir_export.export.whitening import training_modules, write_whitening
    from mir_runtime.modeldir import MANIFEST, WHITENING, file_sha256

    if not (args.corpus / "ir").is_dir():
        raise UsageError(f"--corpus {args.corpus}: no ir/ directory (not written by 'mir-export corpus build')")
    paths, counts = training_modules(args.corpus, args.modules, args.seed)
    if len(paths) < 2:
        raise UsageError(f"--corpus {args.corpus}: {len(paths)} training modules; the statistics need at least 2")
    corpus_manifest = args.corpus / "corpus-manifest.json"
    section = write_whitening(args.model, paths, args.jobs) | {"sample": counts, "corpus_manifest_sha256": (
        file_sha256(corpus_manifest) if corpus_manifest.is_file() else None)}
    raw = _json(args.model / MANIFEST)
    commands = _recorded(raw.get("training", {}).get("commands", []),
                         f"mir-export whiten --model {args.model.name} --corpus CORPUS --modules {args.modules} "
                         f"--seed {args.seed}")  # replaces both stages' commands: the file has one stage now
    update_manifest(args.model, [WHITENING], replace=("whitening",), whitening=section,
                    training={"commands": commands})
    print(f"{args.model}: {WHITENING} from {len(paths)} training modules (shrinkage {section['shrinkage']:.4f})")
    return 0


def _whiten_within(args: argparse.Namespace) -> int:
    from mir_export.corpus.variant_build import MANIFEST as VARIANTS_MANIFEST
    from mir_export.export.encoders import update_manifest
    from mir_export.corpus.pairs import ProxyError
    from mir_export.export.whitening import write_within_stage
    from mir_runtime.modeldir import MANIFEST, WHITENING, file_sha256

    raw = _json(args.model / MANIFEST)
    if "whitening" not in raw or not (args.model / WHITENING).is_file():
        raise UsageError(f"--model {args.model}: no whitening to add a stage to (run 'mir-export whiten --corpus' first)")
    try:
        stage = write_within_stage(args.model, args.variants, args.functions, args.seed, args.jobs)
    except (ProxyError, ValueError) as exc:
        raise UsageError(f"--variants {args.variants}: {exc}") from None
    stage["variants_manifest_sha256"] = file_sha256(args.variants / VARIANTS_MANIFEST)
    command = (f"mir-export whiten --model {args.model.name} --variants VARIANTS --functions {args.functions} "
               f"--seed {args.seed}")
    commands = _recorded(raw.get("training", {}).get("commands", []), command, words=5)
    update_manifest(args.model, [WHITENING], replace=("whitening",), whitening=raw["whitening"] | {"variants": stage},
                    training={"commands": commands})
    print(f"{args.model}: {WHITENING} with a within-function stage from {stage['files']} files of "
          f"{stage['sampled']} training functions (shrinkage {stage['shrinkage']:.4f})")
    return 0


def _recorded(commands: list[str], command: str, words: int = 2) -> list[str]:
    """``training.commands`` with ``command`` last, in place of an earlier run of the same
    subcommand, its first ``words`` words alike (recorded with the model directory's name: the
    commands' placeholder style)."""
    subcommand = " ".join(command.split()[:words]) + " "
    return [c for c in commands if not c.startswith(subcommand)] + [command]


def corpus_manifest(args: argparse.Namespace) -> Path:
    """``--corpus-manifest``, else the manifest of the corpus that ``prepare`` read into ``--data``."""
    from mir_export.corpus.manifest import MANIFEST

    path = args.corpus_manifest
    if path is None:
        corpus = _json(args.data / "data-report.json").get("corpus")
        if corpus is None:
            raise UsageError(f"{args.data}: data-report.json does not say which corpus 'prepare' read; "
                             "give --corpus-manifest")
        path = Path(corpus) / MANIFEST
    if not path.is_file():
        raise UsageError(f"{path}: no corpus manifest there; give --corpus-manifest")
    return path.resolve()


def _json(path: Path) -> dict:
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
                "training": _json(manifest).get("training", {})}

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
    report = _json(data / REPORT)
    labelled = [run.get("command") for labels in report.get("labels", [])
                for run in _json(Path(labels) / MANIFEST).get("invocations", [])]
    return [c for c in dict.fromkeys(labelled) if c] + ([report["command"]] if report.get("command") else [])


def provenance(args: argparse.Namespace, corpus: Path) -> dict:
    """How the exported model was made: held-out metrics, data, the commands that ran and the runs
    and models they stood on (``lineage``), cost, hardware."""
    from mir_export.pretrain.train import machine
    from mir_runtime.modeldir import file_sha256

    result = json.loads((args.run / "pretrain-result.json").read_text())
    cfg = result["train_config"]
    data = {name: _json(args.data / name) for name in ("data-report.json", "tokenizer-report.json")
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
                _json(corpus).get("command") or "mir-export corpus build --out CORPUS",
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


def run(args: argparse.Namespace) -> int:
    from mir_export.pretrain import prepare as pretrain_data, train as pretrain
    from mir_export.pretrain.tokenizer import load_tokenizer
    from mir_runtime.modeldir import file_sha256

    if args.pretrain_command == "prepare":
        report = pretrain_data.prepare(args.corpus, args.out, args.workers, command=args.invocation)
        print(json.dumps({k: v for k, v in report.items() if k != "failures"}, indent=2))
        return 1 if report["failures"] else 0
    if args.pretrain_command == "proxy":
        return run_proxy_command(args)
    if args.pretrain_command == "contrastive":
        return run_contrastive(args)
    if args.pretrain_command == "pack":
        return run_pack(args)
    if args.pretrain_command in ("split", "join", "heads"):
        return run_transfer(args)
    if args.pretrain_command == "behaviour":
        return run_behaviour(args)
    tokenizer = args.data / "tokenizer.json"
    if not tokenizer.is_file():
        raise UsageError(f"{tokenizer}: missing (--data: a directory written by 'pretrain prepare')")
    vocab = load_tokenizer(tokenizer).get_vocab_size()
    evaluation = pretrain_data.load_samples(args.data / "eval.pkl")
    if args.pretrain_command == "evaluate":
        import torch

        from mir_export.pretrain.model import load_checkpoint

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
            cfg = pretrain.TrainConfig(**saved["train_config"])
            tasks = tuple(cfg.tasks)
        if "distill" in tasks:
            distiller = teacher_distiller(Path(cfg.teacher), model.cfg.d_model)
            distiller.load_maps(saved["distiller"])
        behaviour = None
        if "behaviour" in tasks:
            behaviour = behaviour_head(cfg, vocab)
            pretrain.load_behaviour(args.run / "checkpoint.pt", saved, behaviour)
        print(json.dumps(pretrain.evaluate(model, evaluation, cfg, tasks, distiller, behaviour), indent=2))
        return 0
    cfg = pretrain.TrainConfig(
        model=args.model, tasks=tuple(args.tasks.split(",")), steps=args.steps, minutes=args.minutes,
        batch_size=args.batch_size, lr=args.lr, threads=args.threads, seed=args.seed, stop_step=args.stop_at,
        warmup=pretrain.default_warmup(args.steps) if args.warmup is None else args.warmup,
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
    known = pretrain.TASKS + ("distill", "behaviour")
    unknown = set(cfg.tasks) - set(known)
    if unknown:
        raise UsageError(f"pretrain train: unknown task(s) {sorted(unknown)} (known: {', '.join(known)})")
    sha256 = file_sha256(tokenizer)
    _check_start(args, cfg, sha256)
    problem = _processes_problem(args.nproc, cfg.batch_size)
    if problem:
        raise UsageError(f"pretrain train: {problem}")
    try:
        pretrain.check_resumable(args.out / "checkpoint.pt", vocab, cfg, sha256)
    except pretrain.ResumeError as exc:
        raise UsageError(str(exc)) from None
    train_args = (args.data / "train.pkl", evaluation, vocab, args.out, cfg, sha256, args.invocation)
    try:
        if args.nproc > 1:
            from mir_export.pretrain.distributed import launch

            result = launch(args.nproc, train_from, *train_args)[0]
        else:
            result = train_from(*train_args)
    except (pretrain.ResumeError, pretrain.LabelledShareError) as exc:  # known once the targets are read
        raise UsageError(str(exc)) from None
    if "metrics" in result:  # process 0 of a torchrun group, or the only one
        print(json.dumps(result["metrics"], indent=2))
    return 0


def run_proxy_command(args: argparse.Namespace) -> int:
    """``pretrain proxy``: the figures as JSON on stdout (and ``--out``); 1 when below the minimum."""
    from mir_export.proxy import METHODS
    from mir_export.corpus.pairs import ProxyError
    from mir_export.proxy.run import run_proxy

    methods = tuple(m for m in args.methods.split(",") if m)
    unknown = set(methods) - set(METHODS)
    if unknown or not methods:
        raise UsageError(f"--methods: unknown {sorted(unknown)} (known: {', '.join(METHODS)})")
    if {"ours", "whitened"} & set(methods) and not (args.model / "manifest.json").is_file():
        raise UsageError(f"{args.model / 'manifest.json'}: missing (--model: a model directory)")
    if args.record and (args.split != "held-out" or "ours" not in methods):
        raise UsageError("--record: only the bar's figure is recorded: --split held-out and 'ours' in --methods")
    try:
        result = run_proxy(args.variants, args.model, methods, args.split == "held-out", args.min_candidates,
                           args.jobs)
    except ProxyError as exc:
        raise UsageError(str(exc)) from None
    if args.record and result["below_minimum"]:
        raise UsageError(f"--record: only the bar's figure is recorded: at least {args.min_candidates} candidates "
                         f"(got {result['candidates']})")
    text = json.dumps(result | {"command": args.invocation}, indent=2)
    if args.record:
        record_proxy(args.model, result, args.invocation)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n")
    print(text)
    if result["below_minimum"]:
        print(f"mir-export: {result['candidates']} candidates, below the minimum of {args.min_candidates}: these "
              "figures are not the bar's", file=sys.stderr)
        return 1
    return 0


OURS = ("ours", "whitened")  # the model's own figures; the other methods are baselines


def record_proxy(model: Path, result: dict, command: str | None) -> None:
    """The proxy's headline figures into ``model``'s manifest, with what they were measured on."""
    from mir_export.corpus.variant_build import MANIFEST
    from mir_export.export.encoders import update_manifest
    from mir_export.proxy.run import HEADLINE
    from mir_runtime.modeldir import file_sha256

    variants = Path(result["variants"])
    methods = result["tasks"][HEADLINE]["methods"]
    proxy = {"task": HEADLINE, "candidates": result["candidates"], "variants_manifest_sha256":
             file_sha256(variants / MANIFEST), "baselines": {m: f for m, f in methods.items() if m not in OURS},
             "command": command}
    figures = {"variant_recall_at_1": result["recall_at_1"], "variant_mrr": result["mrr"], "variant_proxy": proxy}
    whitened = methods.get("whitened", {})
    if "recall_at_1" in whitened:  # the embedding for similarity search ('embed --whiten'), beside the raw one
        figures |= {"variant_recall_at_1_whitened": whitened["recall_at_1"], "variant_mrr_whitened": whitened["mrr"]}
    pretrain = json.loads((model / "manifest.json").read_text()).get("metrics", {}).get("pretrain", {})
    stale = ("variant_recall_at_1_whitened", "variant_mrr_whitened")  # a model without a whitening now
    update_manifest(model, [], metrics={"pretrain": {k: v for k, v in pretrain.items() if k not in stale} | figures})


def run_contrastive(args: argparse.Namespace) -> int:
    """``pretrain contrastive``: the held-out figures as JSON on stdout."""
    from mir_export.pretrain import contrastive, contrastive_data, train as pretrain
    from mir_export.evaluation.finetune import fresh_encoder, pretrained_encoder
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
        tasks=tuple(task for task, weight in zip(("contrastive", *pretrain.TASKS), weights) if weight)
        + (("distill",) if teacher is not None else ()), steps=args.steps,
        minutes=args.minutes, stop_step=args.stop_at, batch_size=args.batch_size,
        statements_per_sample=args.statements, temperature=args.temperature,
        contrastive_weight=args.contrastive_weight, mlm_weight=args.mlm_weight, gae_weight=args.gae_weight,
        match_weight=args.match_weight, lr=args.lr,
        warmup=pretrain.default_warmup(args.steps) if args.warmup is None else args.warmup,
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
    except pretrain.ResumeError as exc:
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
    from mir_export.evaluation.finetune import pretrained_encoder
    from mir_runtime.modeldir import TOKENIZER, ModelDirectory, file_sha256

    teacher = ModelDirectory(path)
    if file_sha256(teacher.file(TOKENIZER)) != file_sha256(student.file(TOKENIZER)):
        raise UsageError(f"{path}: another tokenizer than --model's (the student must read the teacher's token ids)")
    ours, theirs = student.manifest, teacher.manifest
    if (ours.pooling, ours.embedding_size) != (theirs.pooling, theirs.embedding_size):
        raise UsageError(f"{path}: embeds {theirs.embedding_size} values ({theirs.pooling}), --model "
                         f"{ours.embedding_size} ({ours.pooling}): export the student with --teacher-space")
    return pretrained_encoder(path)


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
    """``pretrain.train`` on the samples of ``train_data``: what each process runs (it reads the
    samples itself rather than receiving them pickled; with the distill task, its own teacher),
    leaving its process group at the end."""
    from mir_export.pretrain import distributed, prepare as pretrain_data, train as pretrain
    from mir_export.pretrain.model import config

    distiller = (teacher_distiller(Path(cfg.teacher), config(cfg.model, vocab).d_model, cfg.seed)
                 if "distill" in cfg.tasks else None)
    behaviour = behaviour_head(cfg, vocab) if "behaviour" in cfg.tasks else None
    try:
        return pretrain.train(pretrain_data.load_samples(train_data), evaluation, vocab, out, cfg,
                              tokenizer_sha256, command, distiller, behaviour)
    finally:
        distributed.leave()


def teacher_distiller(teacher: Path, width: int, seed: int = 0) -> Distiller:
    """A ``distill.Distiller`` whose teacher is the encoder of model directory ``teacher`` (its
    fp32 ONNX files, sha256-checked). Here, not in ``distill``: the loader lives in
    ``downstream.finetune``, which reaches ``distill`` through the export."""
    from mir_export.pretrain.distill import Distiller
    from mir_export.evaluation.finetune import pretrained_encoder

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
