"""``mir-export export``, ``export-blocks``, ``repool``, ``promote``, ``whiten`` and ``random-model``:
the commands that write and change model directories (what they do: ``export.commands``)."""
from __future__ import annotations

import argparse
from pathlib import Path

from mir_runtime.usage import Formatter


def add_commands(sub) -> None:
    """``export`` to ``whiten``, in the order of ``mir-export --help``."""
    from mir_export.export.whitening import MAX_FUNCTIONS, MAX_MODULES
    from mir_runtime.pooling import MEAN_MAX_SIZE, POOLINGS

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


def add_random_model(sub) -> None:
    """``random-model``, listed after ``downstream`` in the parser (``--help`` groups it with these)."""
    fresh = sub.add_parser("random-model", formatter_class=Formatter,
                           help="a model directory's architecture with fresh weights: the baseline without pre-training")
    fresh.add_argument("--like", type=Path, required=True, help="the model directory whose architecture, tokenizer, "
                       "pooling and front end to keep")
    fresh.add_argument("--out", type=Path, required=True, help="the new model directory")
    fresh.add_argument("--seed", type=int, default=0, help="seed of the fresh weights (default 0)")


def run(args: argparse.Namespace) -> int:
    """One of this package's commands, by ``args.command``."""
    from mir_export.export import commands

    return {"export": commands.run_export, "export-blocks": commands.run_export_blocks, "repool": commands.run_repool,
            "promote": commands.run_promote, "whiten": commands.run_whiten,
            "random-model": commands.run_random_model}[args.command](args)
