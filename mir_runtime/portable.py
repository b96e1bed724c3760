"""Paths in recorded commands and manifests written so that they name no directory of the machine
that wrote them: a manifest ships to every user, and a ``cd`` into the writer's home directory
tells them nothing they can use while it tells everyone about that machine.

A path is written relative to ``base`` (the directory commands are replayed from: the working
directory, or the repository) when the two share their top directory, as ``~/...`` below the home
directory and ``$TMPDIR/...`` below the temporary one; system paths (``/usr/bin/clang-14``) and
relative ones stay. ``same`` names other spellings of ``base`` (another checkout of the repository).
"""
from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

# an absolute path inside a text: a '/' that starts a token (not 'files/s', not 'http://')
_ABSOLUTE = re.compile(r"(?<![\w.:/~$<>%-])/[\w.+@-]+(?:/[\w.+@,=-]*)*")
_CD = re.compile(r"^cd (?:\.|'\.') && ")


def _private_roots() -> list[tuple[str, str]]:
    """(directory, placeholder) of the places that are this machine's own."""
    roots = [(tempfile.gettempdir(), "$TMPDIR"), ("/tmp", "$TMPDIR")]
    home = os.path.expanduser("~")
    if home not in ("/", "~"):
        roots.append((home, "~"))
    return roots


def portable_path(path: str, base: str | os.PathLike, same: Iterable[str | os.PathLike] = ()) -> str:
    """``path`` as written from ``base`` without naming this machine's directories (module docstring)."""
    if not path.startswith("/"):
        return path
    base = os.path.normpath(os.fspath(base))
    clean = os.path.normpath(path)
    for other in (os.path.normpath(os.fspath(s)) for s in same):
        if clean == other or clean.startswith(other + "/"):
            return os.path.relpath(clean, other) + ("/" if path.endswith("/") and clean != other else "")
    top = base.split("/")[1:2]
    if top and top != [""] and clean.split("/")[1:2] == top:
        return os.path.relpath(clean, base) + ("/" if path.endswith("/") else "")
    for root, placeholder in _private_roots():
        root = os.path.normpath(root)
        if clean == root or clean.startswith(root + "/"):
            return placeholder + clean[len(root):]
    return path


def portable_text(text: str, base: str | os.PathLike, same: Iterable[str | os.PathLike] = ()) -> str:
    """``text`` (a command, a note) with each absolute path in it made portable; a leading
    ``cd . && `` that this leaves is dropped."""
    same = list(same)
    out = _ABSOLUTE.sub(lambda m: portable_path(m.group(), base, same), text)
    return _CD.sub("", out)


def portable_json(value: Any, base: str | os.PathLike, same: Iterable[str | os.PathLike] = ()) -> Any:
    """``value`` (parsed JSON) with every string in it made portable (``portable_text``)."""
    same = list(same)
    if isinstance(value, str):
        return portable_text(value, base, same)
    if isinstance(value, list):
        return [portable_json(v, base, same) for v in value]
    if isinstance(value, dict):
        return {portable_text(k, base, same): portable_json(v, base, same) for k, v in value.items()}
    return value


def portable_argv(argv: Iterable[str], base: str | os.PathLike | None = None) -> list[str]:
    """Command-line words with their paths (``PATH``, ``--opt=PATH``) portable from ``base``
    (default: the working directory)."""
    base = os.getcwd() if base is None else base
    out = []
    for word in argv:
        option, eq, value = word.partition("=") if word.startswith("--") else ("", "", word)
        out.append(option + eq + portable_path(value, base) if value.startswith("/") else word)
    return out


def is_private(text: str) -> bool:
    """Whether ``text`` names a directory below the home or temporary directory, or below the top
    directory of ``Path.cwd()`` (what ``portable_text`` rewrites)."""
    return portable_text(text, Path.cwd()) != text
