"""``mir-export``: the training side's command line. Each command group's arguments and work live
beside its stage (``corpus.cli``, ``pretrain.cli``, ``proxy.cli``, ``export.cli``, ``tasks.cli``,
``usertask.cli``, ``tasks.vectorize.cli``); this module only puts them together and dispatches."""
from __future__ import annotations

import argparse
import shlex
import sys

from mir_runtime.usage import HelpParser, UsageError, group_commands

TRAIN_EXTRA = "pip install 'mir-runtime[train]'"  # what the training side needs beyond the runtime
EXTRAS = {"task": "tasks"}  # commands that need another extra than [train]: fitting a task needs no torch
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
    from mir_export.corpus import cli as corpus
    from mir_export.export import cli as export
    from mir_export.pretrain import cli as pretrain
    from mir_export.proxy import cli as proxy
    from mir_export.tasks import cli as tasks
    from mir_export.tasks.passes import cli as passes
    from mir_export.tasks.vectorize import cli as vectorize
    from mir_export.usertask import cli as usertask

    from mir_runtime.usage import release

    parser = HelpParser(prog="mir-export", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"%(prog)s {release()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    corpus.add_commands(sub)
    pretraining = pretrain.add_commands(sub)
    proxy.add_command(pretraining)
    pretrain.add_stage_commands(pretraining)
    export.add_commands(sub)
    tasks.add_commands(sub)
    export.add_random_model(sub)
    usertask.add_commands(sub)
    vectorize.add_commands(sub)
    passes.add_commands(sub)
    group_commands(parser, sub, COMMAND_GROUPS)
    return parser


def invocation(argv: list[str]) -> str:
    """The command as it ran, replayable from the working directory, naming none of this machine's
    directories (a manifest ships to every user): its paths relative, or ``~``, ``$TMPDIR``."""
    from mir_runtime.portable import portable_argv

    return shlex.join(["mir-export", *portable_argv(argv)])


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        args = build_parser().parse_args(argv)
        args.invocation = invocation(argv)
        args.argv = list(argv)  # as given, for a command that records its own placeholders
        return _run(args)
    except UsageError as exc:
        print(f"mir-export: {exc}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.split(".")[0] in ("mir_runtime", "mir_export"):
            raise
        extra = EXTRAS.get(_command(argv), "train")
        print(f"mir-export: needs the [{extra}] extra (no module {exc.name!r}): pip install 'mir-runtime[{extra}]'",
              file=sys.stderr)
        return 2


def _command(argv: list[str]) -> str | None:
    return next((a for a in argv if not a.startswith("-")), None)


def _run(args: argparse.Namespace) -> int:
    if args.command == "corpus":
        from mir_export.corpus.cli import run
    elif args.command == "pretrain" and args.pretrain_command == "proxy":
        from mir_export.proxy.cli import run
    elif args.command == "pretrain":
        from mir_export.pretrain.cli import run
    elif args.command in ("export", "export-blocks", "repool", "promote", "whiten", "random-model"):
        from mir_export.export.cli import run
    elif args.command == "downstream":
        from mir_export.tasks.cli import run
    elif args.command == "task":
        from mir_export.usertask.cli import run
    elif args.command == "vectorize":
        from mir_export.tasks.vectorize.cli import run
    elif args.command == "passes":
        from mir_export.tasks.passes.cli import run
    else:
        return 0
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
