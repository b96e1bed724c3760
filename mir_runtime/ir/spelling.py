r"""Quoted strings and names spelled as LLVM prints them, so that one module reads alike whatever its form.

A ``.bc`` file is read as the text ``llvm-dis`` prints, and LLVM's printer spells every string
(``c"..."``, a quoted name, a metadata string, an attribute) with each byte that is not printable
ASCII, and each ``"`` and ``\``, as ``\XX`` (upper-case hex), and a name that needs no quotes
without them (``@"abc"`` is ``@abc``; ``@a$b`` is ``@"a$b"``). A hand-written or other tool's
``.ll`` may spell the same module otherwise (``@"glöbål"``, ``\c3``, ``\41``); the statements,
the graph and so the embedding would then differ from its ``.bc``'s (cosine 0.967 for non-ASCII
global names). ``canonical`` respells such text as LLVM would print it. It never adds or removes a
line (a raw newline inside a string stays), so error lines keep their numbers; comments are left
as written.
"""
from __future__ import annotations

import re

# what the printer leaves unquoted: a name of letters, digits, '-', '.' and '_' not starting with a digit
_PLAIN_NAME = re.compile(r"[-a-zA-Z._][-a-zA-Z._0-9]*")
# text that may be spelled otherwise than LLVM prints it: where none is, the text is left alone at C speed
_MAYBE = re.compile(
    r"\\(?![0-9A-F]{2})|\\(?:[2-6][0-9A-F]|7[0-9A-E])"  # a stray or lower-case escape; an escaped printable
    r'|[@%$]"[-a-zA-Z._][-a-zA-Z._0-9]*"'  # a name quoted without need
    r"|[@%$][-a-zA-Z._0-9]*\$"  # a name with a '$', which the printer quotes
    r"|[\x00-\x08\x0b-\x1f\x7f]"  # a control byte (in a string, the printer escapes it)
    r'|"[^"\n]*\t'  # a tab in a string (elsewhere it is a space)
)
_TOKEN = re.compile(r';[^\n]*|([@%$]?)"([^"]*)"|([@%$])([-a-zA-Z$._0-9]*\$[-a-zA-Z$._0-9]*)')
_HEX = "0123456789ABCDEF"


def canonical(text: str) -> str:
    """``text`` with its strings and names spelled as LLVM's printer spells them (module docstring)."""
    if text.isascii() and _MAYBE.search(text) is None:
        return text
    return _TOKEN.sub(_respell, text)


def _respell(match: re.Match) -> str:
    whole = match.group()
    if whole[0] == ";":
        return whole
    if match.group(3) is not None:  # an unquoted name holding '$'
        prefix, body = match.group(3), match.group(4)
        return f'{prefix}"{escape(body.encode())}"'
    prefix, body = match.group(1), match.group(2)
    raw = unescape(body)
    if prefix and _plain(raw):
        return prefix + raw.decode()
    # a raw newline stays one, so the lines keep their numbers; an escaped one stays ``\0A``
    return prefix + '"' + "\n".join(escape(unescape(piece)) for piece in body.split("\n")) + '"'


def _plain(name: bytes) -> bool:
    return bool(name) and _PLAIN_NAME.fullmatch(name.decode("latin-1")) is not None


def unescape(body: str) -> bytes:
    r"""The bytes a string's text stands for, as LLVM's lexer reads it: ``\\`` is one backslash,
    ``\XX`` (hex, either case) one byte, any other backslash itself; characters are UTF-8."""
    if "\\" not in body:
        return body.encode("utf-8", "surrogateescape")
    out = bytearray()
    k, end = 0, len(body)
    while k < end:
        char = body[k]
        if char == "\\" and k + 1 < end and body[k + 1] == "\\":
            out.append(0x5C)
            k += 2
        elif char == "\\" and k + 2 < end + 1 and _is_hex(body[k + 1 : k + 3]):
            out.append(int(body[k + 1 : k + 3], 16))
            k += 3
        else:
            out += char.encode("utf-8", "surrogateescape")
            k += 1
    return bytes(out)


def _is_hex(pair: str) -> bool:
    return len(pair) == 2 and all(c in "0123456789abcdefABCDEF" for c in pair)


def escape(data: bytes) -> str:
    r"""LLVM's ``printEscapedString``: printable ASCII but ``"`` and ``\`` as is, every other byte
    ``\XX`` (a newline too: ``canonical`` keeps a raw one by escaping the pieces between them)."""
    return "".join(chr(b) if 0x20 <= b < 0x7F and b not in (0x22, 0x5C)
                   else f"\\{_HEX[b >> 4]}{_HEX[b & 15]}" for b in data)
