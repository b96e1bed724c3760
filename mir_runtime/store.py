"""Embeddings kept across runs (``--cache DIR``): a tuner embeds the same project again and again.

A file's embedding depends on its bytes and the model alone, and a statement's vector on its
token ids and the statement encoder alone, so both can outlive the process that made them. On
package code the statement encoder is most of ``embed``'s time (300 -O2 corpus modules: 15.5 of
27.7 CPU seconds, 15,113 distinct statements), and an unchanged file needs nothing but its
sha256. An ``EmbeddingStore`` is one SQLite database (the standard library's; several processes
may share it: write-ahead log, a busy timeout) holding two tables, ``files`` (sha256 of the
bytes -> embedding) and ``statements`` (token ids -> vector). Its name is a digest of everything
the vectors depend on (the sha256 of the tokenizer and encoder files, precision, device, pooling,
the runtime's and onnxruntime's versions), so another model, precision or release never reads
another's vectors; it simply starts a database of its own. Nothing is evicted: delete the
directory to reclaim the space (1.5 MB held the 752 statements and 80 files of 80 device-mapping kernels).

Every entry carries a CRC-32 of its key and vector, checked on every read: an entry whose bytes
changed on disk (a flipped bit, a hand edit, a torn write on a failing disk) is never served; it is
dropped, said once in one line, and its vector computed afresh. A database of another layout
(``SCHEMA``, also SQLite's ``user_version``) is refused in one line rather than misread; the
layout is part of the name, so a new release starts a database of its own beside an old one.
"""
from __future__ import annotations

import hashlib
import json
import os
import threading
import warnings
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from mir_runtime.backend import OnnxBackend, installed_distributions
from mir_runtime.ir.reader import MAX_BYTES
from mir_runtime.modeldir import TOKENIZER, ModelDirectory, file_sha256
from mir_runtime.version import __version__

SCHEMA = 2  # the tables' layout (2: a checksum per entry); part of the database's name and its user_version
BUSY_SECONDS = 60  # how long a write waits for another process's
LOOKUP_CHUNK = 500  # keys per query (SQLite's oldest limit on a statement's parameters is 999)


def checksum(key: str | bytes, blob: bytes) -> int:
    """CRC-32 of an entry's key and vector bytes: a changed vector, or one moved to another key, fails it."""
    return zlib.crc32(blob, zlib.crc32(key.encode() if isinstance(key, str) else bytes(key)))


class StoreError(RuntimeError):
    """A cache directory or database that cannot be used (one line, naming it)."""


def identity(directory: ModelDirectory, backend: OnnxBackend) -> dict[str, object]:
    """What the stored vectors depend on, besides a file's bytes or a statement's token ids."""
    from importlib import metadata  # here: a cold start without --cache need not import it
    manifest = directory.manifest
    files = (TOKENIZER, *backend.files, *backend.block_files)
    return {
        "schema": SCHEMA,
        "files": {name: manifest.files[name].sha256 for name in files if name in manifest.files},
        "precision": backend.precision,
        "device": backend.device,
        "pooling": manifest.pooling,
        "max_tokens": manifest.max_tokens,
        "promote_allocas": manifest.promote_allocas,
        "mir_runtime": __version__,
        "onnxruntime": [f"{dist} {metadata.version(dist)}" for dist in installed_distributions()],
    }


class EmbeddingStore:
    """File embeddings and statement vectors of one model, precision and release, on disk."""

    def __init__(self, path: Path, vector_size: int, embedding_size: int) -> None:
        try:
            import sqlite3
        except ImportError:
            raise StoreError("this Python has no sqlite3 module: --cache needs it") from None
        self.path = path
        self._error = sqlite3.Error
        self._sizes = {"statements": vector_size, "files": embedding_size}
        self._lock = threading.Lock()  # one connection, shared by the engine's threads
        with self._failures():
            self._db = sqlite3.connect(path, timeout=BUSY_SECONDS, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")  # a crash may lose the last writes, never corrupt
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            tables = self._db.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]
            if version != SCHEMA and (version or tables):
                raise StoreError(f"{path}: an embedding cache of another layout ({version}, this release reads "
                                 f"{SCHEMA}); delete it")
            for table, key in (("statements", "ids BLOB"), ("files", "sha256 TEXT")):
                # rowid tables: a vector of 1 to 3 kB would take an overflow page of its own in a
                # WITHOUT ROWID table (four times the space)
                self._db.execute(f"CREATE TABLE IF NOT EXISTS {table} ({key} PRIMARY KEY, vector BLOB NOT NULL, "
                                 "checksum INTEGER NOT NULL)")
            self._db.execute(f"PRAGMA user_version = {SCHEMA}")
        self.damaged = 0  # entries found changed on disk (and dropped) by this process

    @classmethod
    def open(cls, cache: str | os.PathLike, directory: ModelDirectory, backend: OnnxBackend) -> EmbeddingStore:
        """The store of this model directory and backend under ``cache`` (created if need be)."""
        if not str(cache):
            raise StoreError("the cache directory is an empty path")
        root = Path(cache)
        if root.exists() and not root.is_dir():
            raise StoreError(f"{cache}: not a directory (--cache names a directory)")
        try:
            root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"{cache}: cannot create the cache directory ({exc.strerror or exc})") from None
        digest = hashlib.sha256(json.dumps(identity(directory, backend), sort_keys=True).encode()).hexdigest()
        manifest = directory.manifest
        return cls(root / f"{backend.precision}-{digest[:20]}.sqlite", manifest.vector_size, manifest.embedding_size)

    def statements(self, keys: Sequence[tuple[int, ...]]) -> list[np.ndarray | None]:
        """The stored vector of each statement's token ids, or ``None``."""
        return self._get("statements", [np.asarray(k, dtype=np.int32).tobytes() for k in keys])

    def put_statements(self, keys: Sequence[tuple[int, ...]], vectors: np.ndarray) -> None:
        self._put("statements", [np.asarray(k, dtype=np.int32).tobytes() for k in keys], vectors)

    def file_at(self, path: str | os.PathLike) -> np.ndarray | None:
        """The stored embedding of the file's current bytes, or ``None``. Only a regular file the
        reader takes is hashed: a pipe would be consumed, and a file over the reader's limit is
        refused by it without being read."""
        try:
            if not os.path.isfile(path) or os.path.getsize(path) > MAX_BYTES:
                return None
            return self._get("files", [file_sha256(Path(path))])[0]
        except (OSError, ValueError):
            return None  # unreadable, or not a path the system takes: reading it says why

    def put_file(self, sha256: str | None, vector: np.ndarray) -> None:
        """Keep the embedding of the file whose bytes have this sha256 (``None``: not read from a file)."""
        if sha256 is not None:
            self._put("files", [sha256], vector[None, :])

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _get(self, table: str, keys: list) -> list[np.ndarray | None]:
        key = "ids" if table == "statements" else "sha256"
        found: dict = {}
        with self._lock, self._failures():
            for start in range(0, len(keys), LOOKUP_CHUNK):
                chunk = keys[start : start + LOOKUP_CHUNK]
                marks = ",".join("?" * len(chunk))
                found.update((k, (v, c)) for k, v, c in self._db.execute(
                    f"SELECT {key}, vector, checksum FROM {table} WHERE {key} IN ({marks})", chunk))
        out: list[np.ndarray | None] = []
        damaged = []
        for k in keys:
            vector = self._vector(table, k, *found[k]) if k in found else None
            if vector is None and k in found:
                damaged.append(k)
            out.append(vector)
        if damaged:
            self._drop(table, key, damaged)
        return out

    def _put(self, table: str, keys: list, vectors: np.ndarray) -> None:
        rows = []
        for k, v in zip(keys, vectors):
            blob = np.ascontiguousarray(v, dtype="<f4").tobytes()
            rows.append((k, blob, checksum(k, blob)))
        with self._lock, self._failures():
            with self._db:  # one transaction
                self._db.execute("BEGIN IMMEDIATE")
                self._db.executemany(f"INSERT OR IGNORE INTO {table} VALUES (?, ?, ?)", rows)

    def _vector(self, table: str, key, blob, stored) -> np.ndarray | None:
        """The vector of an entry, or ``None`` where its bytes are not those written (wrong size or type, checksum)."""
        if not isinstance(blob, bytes) or len(blob) != 4 * self._sizes[table] or stored != checksum(key, blob):
            return None
        return np.frombuffer(blob, dtype="<f4").astype(np.float32)

    def _drop(self, table: str, key: str, keys: list) -> None:
        """Delete entries found damaged, so that their fresh vectors are stored in their place; said once."""
        with self._lock, self._failures():
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.executemany(f"DELETE FROM {table} WHERE {key} = ?", [(k,) for k in keys])
        if not self.damaged:
            warnings.warn(f"{self.path}: {len(keys)} damaged {table} entr{'y' if len(keys) == 1 else 'ies'} of the "
                          "embedding cache (bytes changed on disk) dropped and computed afresh", RuntimeWarning,
                          stacklevel=2)
        self.damaged += len(keys)

    @contextmanager
    def _failures(self) -> Iterator[None]:
        """SQLite's errors (locked past the timeout, disk full, not a database, a damaged schema whose text no
        longer decodes) as one-line ``StoreError``s."""
        try:
            yield
        except (self._error, UnicodeDecodeError) as exc:
            # a damaged schema's names reach SQLite's message as they are on disk, newlines and all
            reason = " ".join(str(exc).split())
            raise StoreError(f"{self.path}: cannot use this embedding cache ({reason}; delete it if it is "
                             "corrupted)") from None
