"""Tokens of LLVM's textual IR.

One compiled regular expression splits an instruction into ``(leading_space, token)`` pairs with
``findall``; the leading space is kept so that any token range can be turned back into the exact
source text (constants and types are reported as LLVM printed them, never re-rendered).
"""
from __future__ import annotations

import re

_NAME = r'(?:[-a-zA-Z$._][-a-zA-Z$._0-9]*|\d+|"[^"]*")'
_LOCAL_NAME = rf"%{_NAME}"  # a local value, block or named type: ``%5``, ``%call.i``, ``%struct.S``

TOKEN_RE = re.compile(
    r"(\s*)("
    r'c?"[^"]*"'  # string, c-string
    rf"|{_LOCAL_NAME}|@{_NAME}|\${_NAME}"  # local, global, comdat
    r'|!"[^"]*"|![-a-zA-Z$._0-9\\]*'  # metadata string, id, name, node introducer
    r"|#\d+"  # attribute group
    r"|0x[KLMHR]?[0-9A-Fa-f]+"  # hexadecimal float
    r"|[-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?"  # integer or decimal float
    r"|[a-zA-Z_][a-zA-Z0-9_.]*"  # keyword, type, opcode
    r"|\.\.\."
    r"|[()\[\]{}<>,=*:|]"
    r"|\S)"  # anything else: reported as unexpected by the parser
)

Token = tuple  # (leading whitespace, token text)


def tokenize(text: str) -> list[tuple[str, str]]:
    """Split ``text`` into ``(whitespace, token)`` pairs; trailing whitespace is dropped."""
    return TOKEN_RE.findall(text)


_NAME_SPLIT = re.compile(f"({_LOCAL_NAME})")


def split_names(text: str) -> list[str] | None:
    """``text`` cut at its local names: literal text at even indices, the names at odd ones; None
    for text with a double quote. Only without quotes is every match of the name pattern a token
    of its own (a ``%`` may sit inside ``c"%d"`` or a quoted name), so two texts with equal
    literal pieces lex to the same tokens but for those names (the reader's shapes and the
    statements' cache rest on this)."""
    if '"' in text:
        return None
    return _NAME_SPLIT.split(text)


def join(tokens: list[tuple[str, str]], start: int, end: int) -> str:
    """The source text of ``tokens[start:end]`` as written, without leading whitespace."""
    if start >= end:
        return ""
    parts = [tokens[start][1]]
    for ws, tok in tokens[start + 1 : end]:
        parts.append(ws)
        parts.append(tok)
    return "".join(parts)


def strip_comment(line: str) -> str:
    """Drop a ``;`` comment that is not inside a string."""
    pos = line.find(";")
    if pos < 0:
        return line
    if '"' not in line[:pos]:
        return line[:pos]
    in_string = False
    for i, ch in enumerate(line):
        if ch == '"':
            in_string = not in_string
        elif ch == ";" and not in_string:
            return line[:i]
    return line


_BRACKET = re.compile(r"[][(){}<>]")


def bracket_depth(line: str) -> int:
    """Net count of unclosed brackets in ``line`` outside strings (negative if over-closed)."""
    if _BRACKET.search(line) is None:  # two lines in three
        return 0
    if '"' in line:
        line = re.sub(r'"[^"]*"', "", line)
    return (
        line.count("(") + line.count("[") + line.count("{") + line.count("<")
        - line.count(")") - line.count("]") - line.count("}") - line.count(">")
    )
