"""What both command lines (``mir-runtime`` and ``mir-export``) share about their usage: the error
for bad arguments found after parsing, and the help formatter. Below every command-line module,
so the subcommand modules import these without importing the command line that gathers them."""
from __future__ import annotations

import argparse
import textwrap


class UsageError(Exception):
    """Bad arguments found after parsing: one line on stderr, exit code 2."""


class Formatter(argparse.HelpFormatter):
    """``--help`` shows each option's default (unless its help already says it, or there is none),
    and never breaks a name such as ``xz-utils`` at its hyphen."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if "default" in text or action.required or any(action.default is v for v in (None, False, argparse.SUPPRESS)):
            return text
        return f"{text} (default: %(default)s)"

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


class HelpParser(argparse.ArgumentParser):
    """A parser whose help is ``Formatter``'s; its subcommands' parsers are of its class, so
    theirs is too."""

    def __init__(self, *args, formatter_class: type[argparse.HelpFormatter] = Formatter, **kwargs) -> None:
        super().__init__(*args, formatter_class=formatter_class, **kwargs)


def group_commands(parser: argparse.ArgumentParser, commands: argparse._SubParsersAction,
                   groups: dict[str, tuple[str, ...]]) -> None:
    """List ``parser``'s subcommands in ``--help`` under titled groups (title -> command names),
    in that order; a command of no group comes last, under "other commands"."""
    actions = {action.dest: action for action in commands._choices_actions}
    listed = {name for names in groups.values() for name in names}
    rest = tuple(name for name in actions if name not in listed)
    for title, names in (*groups.items(), ("other commands", rest)):
        members = [actions[name] for name in names if name in actions]
        if members:
            parser.add_argument_group(title)._group_actions.extend(members)
    commands._choices_actions = []  # listed by the groups instead
    commands.help = f"one of the commands below ({parser.prog} COMMAND --help shows its options)"


class Version(argparse._VersionAction):
    """``--version`` as argparse prints it, the version looked up only when asked
    (``importlib.metadata`` costs every cold start tens of milliseconds)."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        self.version = f"%(prog)s {release()}"
        super().__call__(parser, namespace, values, option_string)


def release() -> str:
    """The installed distribution's version (``--version``), else the source tree's."""
    from importlib import metadata

    try:
        return metadata.version("mir-runtime")
    except metadata.PackageNotFoundError:
        from mir_runtime.version import __version__

        return __version__
