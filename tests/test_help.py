"""Both command lines' help speaks to users: every option and command described (with its default,
where it has one), in plain words: no reStructuredText or Markdown markup, no module or source
file names. The walk covers every subcommand, so a new one is checked as it is added."""
from __future__ import annotations

import argparse
import re
from collections.abc import Iterator

import pytest

from mir_export.cli import COMMAND_GROUPS
from mir_export.cli import build_parser as export_parser
from mir_runtime.cli import build_parser as runtime_parser

# backquotes (``x``, `x`), roles (:func:), bold; module names (mir_runtime.pooling) and source paths (mir_export/...)
NOT_PLAIN = re.compile(r"`|:(?:func|class|mod|meth|attr|ref):|\*\*|\bmir_(?:runtime|export)\b")


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):  # aliases name one parser twice
                yield from _parsers(sub)


def _commands(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The subcommand entries ``--help`` lists: in the subparsers action, or moved into groups."""
    return [a for group in parser._action_groups for a in group._group_actions
            if type(a).__name__ == "_ChoicesPseudoAction"] + [
        c for a in parser._actions if isinstance(a, argparse._SubParsersAction) for c in a._choices_actions]


def problems(parser: argparse.ArgumentParser) -> list[str]:
    """One line per fault in ``parser``'s help or any subcommand's."""
    found = []
    for p in _parsers(parser):
        texts = [("description", p.description), ("epilog", p.epilog)]
        texts += [(f"command {c.dest}", c.help) for c in _commands(p)]
        for action in p._actions:
            if isinstance(action, (argparse._HelpAction, argparse._VersionAction)) or action.help == argparse.SUPPRESS:
                continue
            name = action.option_strings[-1] if action.option_strings else action.metavar or action.dest
            if isinstance(action, argparse._SubParsersAction):
                continue
            if not (action.help or "").strip():
                found.append(f"{p.prog} {name}: no help text")
                continue
            texts.append((name, action.help))
            shows_default = action.default not in (None, False) and not action.required and action.option_strings
            if shows_default and "default" not in p._get_formatter()._expand_help(action):
                found.append(f"{p.prog} {name}: its help does not give its default ({action.default!r})")
        found += [f"{p.prog} {where}: markup or a module name ({NOT_PLAIN.search(text)[0]!r}) in {text!r}"
                  for where, text in texts if text and NOT_PLAIN.search(text)]
    return found


@pytest.mark.parametrize("parser", [export_parser, lambda: runtime_parser(["predict"])[0]],
                         ids=["mir-export", "mir-runtime"])
def test_help_texts_are_plain_and_complete(parser) -> None:
    found = problems(parser())
    assert not found, "help texts to fix:\n" + "\n".join(found)


def test_the_checks_catch_what_they_should() -> None:
    parser = argparse.ArgumentParser(prog="x")
    parser.add_argument("--a")
    parser.add_argument("--b", default=3, help="the layout (``mir_runtime.pooling``)")
    assert problems(parser) == ["x --a: no help text", "x --b: its help does not give its default (3)",
                                "x --b: markup or a module name ('`') in 'the layout (``mir_runtime.pooling``)'"]


def test_mir_export_help_groups_every_command() -> None:
    text = export_parser().format_help()
    for title in COMMAND_GROUPS:
        assert f"\n{title}:\n" in text
    assert "other commands:" not in text, "a command outside mir_export.cli.COMMAND_GROUPS: add it to a group"
