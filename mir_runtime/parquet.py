"""Embedding rows as Arrow tables and one Parquet file, the same for every engine.

Columns: ``path`` (string), ``sha256`` (string), ``embedding`` (fixed-size list of float32,
the model's embedding size), ``error`` (string); a failed file's row has a null sha256 and
embedding and its one-line error. pyarrow comes with the ``[ray]`` extra only, so the ``[cpu]``
install stays small; without it, Parquet output says which extra to install.
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from mir_runtime.outputs import Beside, writing

if TYPE_CHECKING:
    from mir_runtime.rows import Row

INSTALL_HINT = "pip install 'mir-runtime[ray]'"


class MissingExtraError(RuntimeError):
    """An optional dependency that the asked-for output or engine needs is not installed."""


def load_pyarrow():
    try:
        import pyarrow
        import pyarrow.parquet  # noqa: F401  (the writer below)
    except ImportError:
        raise MissingExtraError(f"Parquet output needs pyarrow: {INSTALL_HINT}") from None
    return pyarrow


def schema(embedding_size: int):
    pa = load_pyarrow()
    return pa.schema([("path", pa.string()), ("sha256", pa.string()),
                      ("embedding", pa.list_(pa.float32(), embedding_size)), ("error", pa.string())])


def rows_table(rows: Sequence["Row"], embedding_size: int):
    """An Arrow table of ``rows`` in the module's schema (what each Ray actor returns, too)."""
    pa = load_pyarrow()
    vectors = np.zeros((len(rows), embedding_size), dtype=np.float32)
    failed = np.array([row["embedding"] is None for row in rows], dtype=bool)
    for k, row in enumerate(rows):
        if row["embedding"] is not None:
            vectors[k] = row["embedding"]
    embedding = pa.FixedSizeListArray.from_arrays(pa.array(vectors.reshape(-1)), embedding_size,
                                                  mask=pa.array(failed))
    columns = [pa.array([row[name] for row in rows], pa.string()) for name in ("path", "sha256")]
    return pa.Table.from_arrays([*columns, embedding, pa.array([row["error"] for row in rows], pa.string())],
                                schema=schema(embedding_size))


def write_parquet(tables: Iterable, out: str | os.PathLike, embedding_size: int) -> None:
    """Stream ``tables`` (in the module's schema) into one Parquet file, a row group each, so
    memory stays that of one batch whatever the number of files; the file appears only when
    complete (``outputs.Beside``: an earlier one stays as it was until then), with a checksum
    on every page so that a reader can tell a damaged file (``page_checksum_verification``)."""
    pa = load_pyarrow()
    file = Beside(Path(out))
    writer = None
    try:
        with writing(out):  # the writer's errors (a full disk ...) name the output; the rows' are theirs
            writer = pa.parquet.ParquetWriter(file.stream, schema(embedding_size), write_page_checksum=True)
        try:
            for table in tables:
                with writing(out):
                    writer.write_table(table)
        finally:
            if hasattr(tables, "close"):
                tables.close()  # its worker processes end now, not when it is collected
        with writing(out):
            writer.close()
    except BaseException:
        if writer is not None:
            with suppress(Exception):
                writer.close()
        file.discard()
        raise
    file.commit()
