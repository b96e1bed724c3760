"""One output row per input file, ``path, sha256, embedding, error``: the unit of the batch
engines (local and Ray), so that a bad file costs its own row and never the others'.

A failed row keeps its path and the one-line error the command line prints (``file:line:col:
message``); its sha256 and embedding are null. The sha256 is that of the file's bytes, so a
table of millions of rows can be joined back to content, deduplicated or updated incrementally.
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

import numpy as np

from mir_runtime.errors import IRParseError
from mir_runtime.modeldir import file_sha256

if TYPE_CHECKING:
    from mir_runtime.model import Model

IR_SUFFIXES = (".ll", ".bc")


class Row(TypedDict):
    path: str
    sha256: str | None
    embedding: np.ndarray | None  # float32 [D]
    error: str | None


NO_IR_FILES = "no .ll or .bc files under the given paths"  # what ``embed`` says when ``ir_files`` finds none


def ir_files(paths: Iterable[str | os.PathLike]) -> list[str]:
    """The files named in ``paths`` and the ``.ll``/``.bc`` files below the directories among
    them (recursively, sorted), each once, in the order given. A named file is kept whatever
    its name, and a missing one too: it becomes an error row, not a silent omission."""
    found: dict[str, None] = {}
    for path in paths:
        if os.path.isdir(path):
            below = (p for p in Path(path).rglob("*") if p.suffix in IR_SUFFIXES and p.is_file())
            found.update(dict.fromkeys(sorted(str(p) for p in below)))
        else:
            found[str(path)] = None
    return list(found)


def row(path: str, result: "np.ndarray | IRParseError") -> Row:
    """The row of one file from what ``Model.iter_embed(..., keep_going=True)`` gave for it: its
    embedding, or the reader's located error."""
    if isinstance(result, IRParseError):
        return Row(path=path, sha256=None, embedding=None, error=str(result))
    return Row(path=path, sha256=file_sha256(Path(path)), embedding=result, error=None)


def embed_rows(model: "Model", paths: Iterable[str], workers: int = 1) -> Iterator[Row]:
    """The rows of ``paths`` in input order, embedded by ``model`` (``workers`` processes)."""
    for path, result in model.iter_embed(paths, workers=workers, keep_going=True):
        yield row(path, result)
