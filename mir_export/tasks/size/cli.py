"""``mir-export downstream size-labels --out DIR``: build the size task's packages and labels.

Long (the packages' builds, then nine compiles of every function): run it niced, in the
background; it resumes where it stopped and logs progress (``DIR/logs`` for the builds, a
progress line a minute for the labels).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

MAX_JOBS = 2  # the recipe's bound: the labels are a background job on a shared machine


def add_command(cmds) -> None:
    """The ``size-labels`` subcommand, under ``mir-export downstream``."""
    cmd = cmds.add_parser("size-labels", help="build the held-out size task: packages, per-function labels, manifest",
                          description="Fetch and build the size task's Debian packages (never in the pre-training "
                                      "corpus) at -O0, cut out every function alone and record its .text bytes "
                                      "under each pipeline; resumable. Unless --no-prepare, first prepares the "
                                      "machine as 'corpus build' does (root: deb-src entry, apt-get, pip).")
    cmd.add_argument("--out", type=Path, required=True, help="task directory (outside the repository)")
    cmd.add_argument("--jobs", type=int, default=MAX_JOBS, choices=range(1, MAX_JOBS + 1),
                     help=f"parallel compiles (at most {MAX_JOBS})")
    cmd.add_argument("--no-prepare", action="store_true",
                     help="skip the deb-src entry, apt-get and pip installs (machine already prepared)")


def run(args: argparse.Namespace) -> int:
    import subprocess

    from mir_export.tasks.size.build import build_task

    try:
        manifest = build_task(args.out, args.jobs, not args.no_prepare, ["mir-export", *sys.argv[1:]])
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        raise SystemExit(f"mir-export downstream size-labels: {exc}") from None
    print(f"size task: {manifest['functions']} functions from {len(manifest['packages'])} packages "
          f"({manifest['dropped']['error']} failed, {manifest['dropped']['repeat']} repeats); "
          f"{args.out / 'size-manifest.json'}")
    return 0

