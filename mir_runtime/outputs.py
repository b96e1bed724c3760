"""Where ``mir-runtime embed`` writes its rows, one row at a time, so memory stays flat.

Every output file appears whole or not at all, and a failed or interrupted run leaves an existing
one as it was: rows go to a ``Beside`` file in the output's directory, which ``finish()`` puts in
place by a rename. On Linux that file has no name until then (``O_TMPFILE``, linked at the end):
a run killed outright, even by SIGKILL, leaves nothing behind. Where the file system cannot make
one, it is the hidden ``.NAME.partial`` beside the output, removed on any failure or signal the
process lives through, and replaced by the next run to the same output after a SIGKILL.

``.jsonl``: a line ``{"file": ..., "embedding": [...]}`` per file (on stdout, as soon as each is
embedded). ``.npy``: float32 ``[files, size]`` in input order. A new format is one more class with
``write``/``finish``/``abort`` and a line in ``open_output``. A file that cannot be written (a full
disk, a read-only or special file system that ``output_problem`` could not foresee) is an
``OutputError`` naming it.
"""
from __future__ import annotations

import errno
import io
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


class Beside:
    """A file written beside ``path`` that becomes ``path`` only on ``commit`` (module docstring);
    ``stream``: binary, or text (UTF-8) with ``text``."""

    def __init__(self, path: Path, text: bool = False) -> None:
        self.path = Path(path)
        self.partial = self.path.with_name(f".{self.path.name}.partial")
        with writing(self.path):
            fd = _unnamed(self.path.parent)
            self.named = fd is None
            if fd is None:
                fd = os.open(self.partial, os.O_RDWR | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0), 0o666)
            raw = open(fd, "w+b")
        self.stream: IO = io.TextIOWrapper(raw, encoding="utf-8", newline="\n") if text else raw
        self._raw = raw

    def commit(self) -> None:
        """Put the whole file in place of ``path`` (an ``OutputError`` if that fails, and nothing left)."""
        try:
            with writing(self.path):
                self.stream.flush()
                if not self.named:
                    self.partial.unlink(missing_ok=True)  # a killed earlier run's
                    _link(self._raw, self.partial)
                self.stream.close()
                os.replace(self.partial, self.path)
        except BaseException:
            self.discard()
            raise

    def discard(self) -> None:
        """Leave nothing: the output stays as it was before the run."""
        with suppress(OSError, ValueError):
            self.stream.close()
        with suppress(OSError):
            if self.named or self.partial.exists():
                self.partial.unlink(missing_ok=True)


def _unnamed(directory: Path) -> int | None:
    """A file descriptor of a new file in ``directory`` that has no name yet (Linux ``O_TMPFILE``),
    or ``None`` where the system or file system has none."""
    flag = getattr(os, "O_TMPFILE", None)
    if flag is None or not Path("/proc/self/fd").is_dir():
        return None
    try:
        return os.open(directory, flag | os.O_RDWR | getattr(os, "O_CLOEXEC", 0), 0o666)
    except OSError as exc:
        if exc.errno in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL, errno.ENOENT):
            return None  # no O_TMPFILE on this file system (or kernel)
        raise


def _link(stream: IO, name: Path) -> None:
    """Give the unnamed file of ``stream`` the name ``name`` (``linkat`` through ``/proc/self/fd``)."""
    directory = os.open(name.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.link(f"/proc/self/fd/{stream.fileno()}", name.name, dst_dir_fd=directory, follow_symlinks=True)
    finally:
        os.close(directory)


class Output(Protocol):
    def write(self, path: str, vector: np.ndarray) -> None: ...

    def finish(self) -> None:
        """Every row is written: make the output whole."""

    def abort(self) -> None:
        """The run failed: leave no partial output behind, and an earlier one as it was."""


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
    """JSON lines on ``stream`` (stdout, written as they come), or into a ``Beside`` file."""

    def __init__(self, stream: IO[str] | None = None, path: Path | None = None) -> None:
        self.path = path  # None: stdout, whose closed pipe is the reader's choice
        self.file = Beside(path, text=True) if path is not None else None
        chosen = self.file.stream if self.file is not None else stream
        if chosen is None:
            raise ValueError("JsonLines needs a stream or a path")
        self.stream: IO = chosen

    def write(self, path: str, vector: np.ndarray) -> None:
        line = json.dumps({"file": path, "embedding": [round(float(x), 7) for x in vector]}) + "\n"
        with writing(self.path) if self.path is not None else nullcontext():
            self.stream.write(line)
            if self.file is None:
                self.stream.flush()

    def finish(self) -> None:
        if self.file is not None:
            self.file.commit()

    def abort(self) -> None:
        if self.file is not None:
            self.file.discard()


class NpyRows:
    """A ``.npy`` of ``rows`` float32 rows, written row by row; fewer rows (failed inputs left out)
    are fine: ``finish`` rewrites the header, which keeps its length."""

    def __init__(self, path: Path, rows: int, size: int) -> None:
        self.path = path
        self.size = size
        self.rows = 0
        self.file = Beside(path)
        self.stream = self.file.stream
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
        except OutputError:
            self.abort()
            raise
        self.file.commit()

    def abort(self) -> None:
        self.file.discard()


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
    return JsonLines(path=path)


def write_beside(path: Path, text: str) -> None:
    """``path`` holding ``text`` (UTF-8), put in place whole (a ``Beside`` file)."""
    file = Beside(path, text=True)
    try:
        with writing(path):
            file.stream.write(text)
    except BaseException:
        file.discard()
        raise
    file.commit()
