"""``mir-export``: the training-side command line."""
from __future__ import annotations

import argparse
import glob
import os
import shlex
import signal
import sys
from pathlib import Path

from mir_runtime.usage import Formatter, HelpParser, UsageError, group_commands

TRAIN_EXTRA = "pip install 'mir-runtime[train]'"  # what the training side needs beyond the runtime
DESCRIPTION = ("The training side of mir: build the IR corpus, pre-train the encoder, export and change model "
               "directories, and score the embedding on the downstream tasks.")
# --help lists the commands by what they work on, in the order of the work
COMMAND_GROUPS = {
    "data": ("corpus", "vectorize", "passes"),
    "pre-training": ("pretrain",),
    "model directory": ("export", "export-blocks", "repool", "promote", "whiten", "random-model", "task"),
    "evaluation": ("downstream",),
}


def build_parser() -> argparse.ArgumentParser:
    from mir_export.corpus.packages import PACKAGES

    parser = HelpParser(prog="mir-export", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    corpus = sub.add_parser("corpus", help="the pre-training IR corpus", formatter_class=Formatter)
    corpus_sub = corpus.add_subparsers(dest="corpus_command", required=True)

    build = corpus_sub.add_parser(
        "build", formatter_class=Formatter, help="fetch, build and harvest IR; write corpus-manifest.json",
        description="Fetch each pinned package's source, build it with clang-14 and keep its IR. Unless "
                    "--no-prepare, it first prepares the machine as root: adds a deb-src entry under "
                    "/etc/apt/sources.list.d, runs apt-get update and apt-get install of the build tools, "
                    "and pip installs Python build tools.")
    build.add_argument("--out", type=Path, required=True, help="corpus directory (outside the repository)")
    build.add_argument("--packages", nargs="+", metavar="NAME",
                       help=f"only these packages (default: all): {', '.join(p.name for p in PACKAGES)}")
    build.add_argument("--jobs", type=int, default=2, help="parallel compiles and readers")
    build.add_argument("--no-prepare", action="store_true",
                       help="skip the deb-src entry, apt-get and pip installs (machine already prepared)")
    build.add_argument("--max-share", type=float, default=0.25,
                       help="cap on one package's share of unique statements")
    build.add_argument("--eval-ir", default=None,
                       help="glob of evaluation IR that must not overlap the corpus; it must match files "
                            "(default: ../shared/datasets/*/kernels_ir/*.ll next to the repository)")
    build.add_argument("--no-eval-check", action="store_true",
                       help="build without the overlap check (no evaluation IR on this machine)")
    variants = corpus_sub.add_parser(
        "variants", formatter_class=Formatter, help="compile sampled units again by other clangs at other levels",
        description="Sample translation units of a built corpus (packages taking turns, held-out units first) "
                    "and compile each again from its build tree with its recorded flags, by every --compilers "
                    "at every --levels; write variants-manifest.json grouping each function's variants. "
                    "Resumable: units already in OUT/units.jsonl are skipped.")
    variants.add_argument("--corpus", type=Path, required=True, help="a directory written by 'corpus build'")
    variants.add_argument("--out", type=Path, required=True, help="variants directory (outside the repository)")
    variants.add_argument("--units", type=int, default=2000, help="translation units to sample")
    variants.add_argument("--max-share", type=float, default=0.25, help="cap on one package's share of the units")
    variants.add_argument("--compilers", nargs="+", default=["clang-13", "clang-19"], metavar="CLANG",
                          help="clang-N drivers (clang++-N for C++)")
    variants.add_argument("--levels", nargs="+", default=["O0", "O1", "O2", "O3", "Os"], metavar="LEVEL",
                          help="optimization levels")
    variants.add_argument("--jobs", type=int, default=1, help="units compiled side by side")
    corpus_sub.add_parser("packages", help="the pinned packages: name, source, version, license",
                          formatter_class=Formatter)

    from mir_export.corpus.behaviour_cli import add_command as add_behaviour_command

    add_behaviour_command(corpus_sub)
    stats = corpus_sub.add_parser("stats", help="modules, functions and statements, by source and language",
                                  formatter_class=Formatter)
    stats.add_argument("corpus", type=Path, help="corpus directory or a corpus-manifest.json")

    from mir_export.pretrain_cli import add_commands as add_pretrain_commands

    add_pretrain_commands(sub)
    from mir_export.downstream_cli import add_commands as add_downstream_commands

    add_downstream_commands(sub)
    fresh = sub.add_parser("random-model", formatter_class=Formatter,
                           help="a model directory's architecture with fresh weights: the baseline without pre-training")
    fresh.add_argument("--like", type=Path, required=True, help="the model directory whose architecture, tokenizer, "
                       "pooling and front end to keep")
    fresh.add_argument("--out", type=Path, required=True, help="the new model directory")
    fresh.add_argument("--seed", type=int, default=0, help="seed of the fresh weights (default 0)")
    from mir_export.usertask.cli import add_commands as add_task_commands

    add_task_commands(sub)
    from mir_export.vectorize.cli import add_commands as add_vectorize_commands

    add_vectorize_commands(sub)
    from mir_export.tasks.passes.cli import add_commands as add_passes_commands

    add_passes_commands(sub)
    group_commands(parser, sub, COMMAND_GROUPS)
    return parser


def _corpus(args: argparse.Namespace) -> int:
    from mir_export.corpus.packages import PACKAGES, by_name

    if args.corpus_command == "stats":
        from mir_export.corpus.stats import print_stats

        return print_stats(args.corpus)
    if args.corpus_command == "packages":
        for p in PACKAGES:
            print(f"{p.name}\t{p.source}\t{p.version}\t{p.license}")
        return 0
    if args.corpus_command == "variants":
        return _variants(args)
    if args.corpus_command == "behaviour":
        from mir_export.corpus.behaviour_cli import run

        return run(args)
    from mir_export.corpus.build import build
    from mir_export.corpus.manifest import default_eval_glob, write_manifest

    try:
        packages = by_name(args.packages)
    except KeyError as exc:
        raise UsageError(f"--packages: {exc.args[0]}") from None
    eval_glob = None
    if not args.no_eval_check:
        eval_glob = args.eval_ir or default_eval_glob()
        if not glob.glob(eval_glob):
            raise UsageError(f"--eval-ir: no file matches {eval_glob!r}, so the overlap check would check nothing "
                             "(give the evaluation IR's glob, or --no-eval-check)")
    records = build(args.out, packages, args.jobs, prepare=not args.no_prepare)
    manifest = write_manifest(args.out, records, jobs=args.jobs, max_share=args.max_share,
                              eval_glob=eval_glob, command=args.invocation)
    print(f"corpus: {manifest['modules']} modules, {manifest['unique_functions']} unique functions, "
          f"{manifest['unique_statements']} unique statements from {len(manifest['packages'])} packages; "
          f"eval overlap: {manifest['eval_check']['overlapping_functions']} functions")
    return 1 if manifest["eval_check"]["overlapping_functions"] else 0


def _variants(args: argparse.Namespace) -> int:
    import shutil

    from mir_export.corpus.variant_build import VariantsError, build_variants

    missing = [c for c in args.compilers if not shutil.which(c)]
    if missing:
        raise UsageError(f"--compilers: {', '.join(missing)} not on PATH (scripts/install.sh installs clang-13 and "
                         "clang-19)")
    if args.units < 1 or args.jobs < 1 or not 0 < args.max_share <= 1:
        raise UsageError("--units and --jobs must be at least 1, --max-share in (0, 1]")
    # a stopped run (a session's end sends SIGTERM) still records its cost: SystemExit runs the finally blocks
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        manifest = build_variants(args.corpus, args.out, args.units, args.max_share, args.jobs,
                                  tuple(args.compilers), tuple(args.levels), command=args.invocation)
    except VariantsError as exc:
        raise UsageError(str(exc)) from None
    split, build = manifest["split"], manifest["build"]
    print(f"variants: {manifest['sampling']['units']} units, {len(manifest['functions'])} functions "
          f"({split['held_out_units']} units, {split['held_out_functions']} functions held out); "
          f"{build['failed_variants']} failed variants; {build['wall_seconds']:.0f} s wall, "
          f"{build['cpu_seconds']:.0f} s CPU")
    return 0


def _random_model(args: argparse.Namespace) -> int:
    from mir_export.random_model import random_model
    from mir_runtime.modeldir import ModelFileError

    try:
        manifest = random_model(args.like, args.out, args.seed, args.invocation)
    except ModelFileError as exc:
        raise UsageError(str(exc)) from None
    print(f"{args.out}: {', '.join(manifest['files'])}")
    return 0


def invocation(argv: list[str]) -> str:
    """The command as it ran, replayable: ``cd CWD && mir-export ARGS``."""
    return f"cd {shlex.quote(os.getcwd())} && {shlex.join(['mir-export', *argv])}"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        args = build_parser().parse_args(argv)
        args.invocation = invocation(argv)
        return _run(args)
    except UsageError as exc:
        print(f"mir-export: {exc}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.split(".")[0] in ("mir_runtime", "mir_export"):
            raise
        print(f"mir-export: needs the [train] extra (no module {exc.name!r}): {TRAIN_EXTRA}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    if args.command == "corpus":
        return _corpus(args)
    if args.command == "pretrain":
        from mir_export.pretrain_cli import run

        return run(args)
    if args.command == "export":
        from mir_export.pretrain_cli import run_export

        return run_export(args)
    if args.command == "export-blocks":
        from mir_export.pretrain_cli import run_export_blocks

        return run_export_blocks(args)
    if args.command == "repool":
        from mir_export.pretrain_cli import run_repool

        return run_repool(args)
    if args.command == "promote":
        from mir_export.pretrain_cli import run_promote

        return run_promote(args)
    if args.command == "whiten":
        from mir_export.pretrain_cli import run_whiten

        return run_whiten(args)
    if args.command == "downstream":
        from mir_export.downstream_cli import run as run_downstream

        return run_downstream(args)
    if args.command == "random-model":
        return _random_model(args)
    if args.command == "task":
        from mir_export.usertask.cli import run as run_task

        return run_task(args)
    if args.command == "vectorize":
        from mir_export.vectorize.cli import run as run_vectorize

        return run_vectorize(args)
    if args.command == "passes":
        from mir_export.tasks.passes.cli import run as run_passes

        return run_passes(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
