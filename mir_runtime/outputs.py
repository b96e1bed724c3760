"""Where ``mir-runtime embed`` writes its rows, one row at a time, so memory stays flat.

``.jsonl`` (and stdout): a line ``{"file": ..., "embedding": [...]}`` per file as soon as it is
embedded. ``.npy``: float32 ``[files, size]`` in input order, streamed into a hidden partial file
beside the output and renamed into place by ``finish()``: an output either is complete or is not
there. A new format is one more class with ``write``/``finish``/``abort`` and a line in ``open_output``.
A file that cannot be written (a full disk, a read-only or special file system that ``output_problem``
could not foresee) is an ``OutputError`` naming it.
"""
from __future__ import annotations

import json
import os
import sys
from contextlib import contextmanager, nullcontext, suppress
from pathlib import Path
from typing import IO, Protocol

import numpy as np

SUFFIXES = (".npy", ".jsonl")


class OutputError(Exception):
    """The output file could not be written; the message names it."""


@contextmanager
def writing(path: Path):
    """File-system errors while writing ``path`` as an ``OutputError``."""
    try:
        yield
    except OSError as exc:
        raise OutputError(f"{path}: cannot write ({exc.strerror or exc})") from None


class Output(Protocol):
    def write(self, path: str, vector: np.ndarray) -> None: ...

    def finish(self) -> None:
        """Every row is written: make the output whole."""

    def abort(self) -> None:
        """The run failed: leave no partial array behind."""


def output_problem(path: Path) -> str | None:
    """Why ``path`` cannot be an output (checked before any work), or ``None``."""
    if path.suffix not in SUFFIXES:
        return f"{path}: output must end in {' or '.join(SUFFIXES)}"
    parent = path.parent
    if not parent.is_dir():
        return f"{path}: no directory {parent}"
    if path.is_dir():
        return f"{path}: is a directory"
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return f"{path}: not writable"
    return None


def failures_path(path: Path) -> Path:
    """Where ``embed --keep-going`` lists the inputs that failed: ``x.failed.jsonl`` beside ``x.npy``."""
    return path.with_suffix(".failed.jsonl")


class JsonLines:
    def __init__(self, stream: IO[str], path: Path | None = None) -> None:
        self.stream = stream
        self.path = path  # the file's, where it is ours; None: stdout, whose closed pipe is the reader's choice

    def write(self, path: str, vector: np.ndarray) -> None:
        line = json.dumps({"file": path, "embedding": [round(float(x), 7) for x in vector]}) + "\n"
        with writing(self.path) if self.path is not None else nullcontext():
            self.stream.write(line)
            self.stream.flush()

    def finish(self) -> None:
        if self.path is not None:
            with writing(self.path):
                self.stream.close()

    def abort(self) -> None:  # rows already written stand on their own
        if self.path is not None:
            with suppress(OSError):
                self.stream.close()


class NpyRows:
    """A ``.npy`` of ``rows`` float32 rows, written row by row; fewer rows (failed inputs left out)
    are fine: ``finish`` rewrites the header, which keeps its length."""

    def __init__(self, path: Path, rows: int, size: int) -> None:
        self.path = path
        self.partial = path.with_name(f".{path.name}.partial")
        self.size = size
        self.rows = 0
        with writing(path):
            self.stream = open(self.partial, "wb")
        self.header = _npy_header(rows, size)
        try:
            self._write(self.header)
        except OutputError:
            self.abort()
            raise

    def _write(self, data: bytes) -> None:
        with writing(self.path):
            self.stream.write(data)

    def write(self, path: str, vector: np.ndarray) -> None:
        self._write(np.ascontiguousarray(vector, dtype="<f4").tobytes())
        self.rows += 1

    def finish(self) -> None:
        try:
            with writing(self.path):
                self.stream.seek(0)
                self.stream.write(_npy_header(self.rows, self.size, len(self.header)))
                self.stream.close()
                os.replace(self.partial, self.path)
        except OutputError:
            self.abort()
            raise

    def abort(self) -> None:
        with suppress(OSError):
            self.stream.close()
        with suppress(OSError):
            self.partial.unlink(missing_ok=True)


def _npy_header(rows: int, size: int, length: int | None = None) -> bytes:
    """The .npy (format 1.0) header of a C-order little-endian float32 [rows, size] array, padded
    with spaces to ``length`` bytes (default: the next multiple of 64)."""
    text = repr({"descr": "<f4", "fortran_order": False, "shape": (rows, size)})
    length = length or -(-(10 + len(text) + 1) // 64) * 64
    text = text.ljust(length - 10 - 1) + "\n"
    return b"\x93NUMPY\x01\x00" + (length - 10).to_bytes(2, "little") + text.encode("latin1")


def open_output(path: Path | None, rows: int, size: int) -> Output:
    """The output for ``path`` (``None``: JSON lines on stdout); ``rows``: how many inputs."""
    if path is None:
        return JsonLines(sys.stdout)
    if path.suffix == ".npy":
        return NpyRows(path, rows, size)
    with writing(path):
        return JsonLines(open(path, "w", encoding="utf-8"), path)
