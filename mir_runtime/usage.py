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
