"""``mir-export corpus behaviour``: the compiler-behaviour labels of a built corpus's functions.

Long (a dozen opt runs per function): run it in the background; it is niced, resumes where it
stopped, and logs progress (a line a minute on stderr, a line per function in OUT/behaviour.log).
"""
from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path

from mir_runtime.usage import Formatter, UsageError


def add_command(cmds) -> None:
    """The ``behaviour`` subcommand, under ``mir-export corpus``."""
    from mir_export.corpus.behaviour import RUNS, TIMEOUT_S
    from mir_export.corpus.behaviour_build import NICE, SPLITS

    description = (
        "Cut every function of the corpus's -O0 modules of one split out alone (each statement hash once), strip "
        f"clang's optnone, run opt-14's fixed set of passes and pipelines ({', '.join(RUNS)}) and record, per run, "
        "the function's static features read by the project's reader and the optimization remarks. Writes "
        "OUT/behaviour.jsonl (one row per function), OUT/behaviour-manifest.json and OUT/behaviour.log. Resumable: "
        "functions already in behaviour.jsonl are skipped. The size task's packages and the evaluation data sets "
        "are refused as inputs.")
    cmd = cmds.add_parser("behaviour", formatter_class=Formatter, description=description,
                          help="per function: how opt's passes and pipelines change it (pre-training labels)")
    cmd.add_argument("--corpus", type=Path, required=True, help="a directory written by 'corpus build'")
    cmd.add_argument("--out", type=Path, required=True, help="labels directory (outside the repository)")
    cmd.add_argument("--split", choices=SPLITS, default="train",
                     help="the corpus split to label; held-out labels only measure the task, never train it")
    cmd.add_argument("--jobs", type=int, default=2, help="functions labelled side by side (processes)")
    cmd.add_argument("--limit", type=int, default=None,
                     help="label at most this many new functions in this run (default: all)")
    cmd.add_argument("--timeout", type=float, default=TIMEOUT_S, help="seconds one opt run may take")
    cmd.add_argument("--nice", type=int, default=NICE, help="niceness added to the worker processes")


def run(args: argparse.Namespace) -> int:
    from mir_export.corpus.behaviour_build import BehaviourError, build_labels

    if args.jobs < 1 or (args.limit is not None and args.limit < 0) or args.timeout <= 0 or args.nice < 0:
        raise UsageError("--jobs must be at least 1, --limit and --nice at least 0, --timeout above 0")
    # a stopped run (SIGTERM) still writes its manifest: SystemExit runs the finally blocks
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        manifest = build_labels(args.corpus, args.out, args.split, args.jobs, args.limit, args.timeout, args.nice,
                                command=args.invocation)
    except BehaviourError as exc:
        raise UsageError(str(exc)) from None
    print(f"behaviour labels: {manifest['labelled']} of {manifest['functions']} functions labelled "
          f"({manifest['failed_whole']} failed whole; failed runs: {manifest['failed_runs'] or 'none'}); "
          f"{args.out / 'behaviour.jsonl'}")
    return 0
