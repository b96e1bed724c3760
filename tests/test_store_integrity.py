"""The embedding cache never serves bytes it did not write (``mir_runtime.store``): whatever byte of
the database changes on disk, a lookup gives the stored vector, a miss (computed afresh), or one
line saying the cache cannot be used; never another vector."""
from __future__ import annotations

import sqlite3
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mir_runtime.store import SCHEMA, EmbeddingStore, StoreError

SIZE, FILES = 8, 6
KEYS = [f"{k:064x}" for k in range(FILES)]


def _vectors() -> np.ndarray:
    return np.arange(FILES * SIZE, dtype=np.float32).reshape(FILES, SIZE) / 7


def _stored(path: Path) -> None:
    store = EmbeddingStore(path, SIZE, SIZE)
    for key, vector in zip(KEYS, _vectors()):
        store.put_file(key, vector)
    store.put_statements([(1, 2, 3)], _vectors()[:1])
    store.close()  # the write-ahead log goes into the database file


@pytest.fixture(scope="module")
def database(tmp_path_factory) -> bytes:
    path = tmp_path_factory.mktemp("store") / "s.sqlite"
    _stored(path)
    return path.read_bytes()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_a_changed_byte_is_never_served(tmp_path_factory, database, data) -> None:
    at = data.draw(st.integers(0, len(database) - 1))
    flip = data.draw(st.integers(1, 255))
    damaged = bytearray(database)
    damaged[at] ^= flip
    path = tmp_path_factory.mktemp("damaged") / "s.sqlite"
    path.write_bytes(bytes(damaged))
    expected = _vectors()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        try:
            store = EmbeddingStore(path, SIZE, SIZE)
            got = store._get("files", KEYS)
            statement = store.statements([(1, 2, 3)])[0]
            store.close()
        except StoreError as exc:  # SQLite found its own structure broken: one line, naming the file
            assert str(path) in str(exc) and "\n" not in str(exc)
            return
    for k, vector in enumerate(got):
        assert vector is None or np.array_equal(vector, expected[k]), f"byte {at} changed: entry {k} served changed"
    assert statement is None or np.array_equal(statement, expected[0])


def test_a_newline_in_a_damaged_schema_stays_out_of_the_one_line(tmp_path: Path, database: bytes) -> None:
    """A changed byte of an index's name reaches SQLite's message as it is on disk: a newline too."""
    name = b"sqlite_autoindex_files_1"
    at = database.index(name) + len(b"sqlite_autoindex_")
    path = tmp_path / "s.sqlite"
    path.write_bytes(database[:at] + b"\n" + database[at + 1:])
    with pytest.raises(StoreError) as raised:
        store = EmbeddingStore(path, SIZE, SIZE)
        store._get("files", KEYS)
        store.close()
    assert str(path) in str(raised.value) and "\n" not in str(raised.value)


def test_a_damaged_entry_is_dropped_said_once_and_stored_afresh(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    _stored(path)
    with sqlite3.connect(path) as db:  # a vector changed behind the store's back, its checksum not
        blob = bytearray(db.execute("SELECT vector FROM files WHERE sha256 = ?", (KEYS[2],)).fetchone()[0])
        blob[5] ^= 0x7F  # the exponent byte of a float: 3.4e38 where 0.5 was
        db.execute("UPDATE files SET vector = ? WHERE sha256 = ?", (bytes(blob), KEYS[2]))
    store = EmbeddingStore(path, SIZE, SIZE)
    with pytest.warns(RuntimeWarning, match=r"1 damaged files entry .* computed afresh"):
        assert store._get("files", KEYS)[2] is None
    store.put_file(KEYS[2], _vectors()[2])
    np.testing.assert_array_equal(store._get("files", KEYS[2:3])[0], _vectors()[2])
    store.close()


def test_a_cache_of_another_layout_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    with sqlite3.connect(path) as db:  # what the first release wrote: no checksum column
        db.execute("CREATE TABLE files (sha256 TEXT PRIMARY KEY, vector BLOB NOT NULL)")
        db.execute("PRAGMA user_version = 1")
    with pytest.raises(StoreError, match=rf"another layout \(1, this release reads {SCHEMA}\); delete it"):
        EmbeddingStore(path, SIZE, SIZE)


def test_cli_embeds_afresh_what_a_damaged_cache_holds(model_dir, tmp_path: Path) -> None:
    import json
    import subprocess
    import sys

    from models import IR

    source = tmp_path / "a.ll"
    source.write_text(IR)
    cache = tmp_path / "cache"
    run = [sys.executable, "-m", "mir_runtime.cli", "embed", str(source), "--model", str(model_dir[2]), "--cache", str(cache)]
    first = subprocess.run(run, capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    (database,) = cache.glob("*.sqlite")
    with sqlite3.connect(database) as db:
        for table in ("files", "statements"):
            for rowid, blob in db.execute(f"SELECT rowid, vector FROM {table}").fetchall():
                db.execute(f"UPDATE {table} SET vector = ? WHERE rowid = ?", (b"\xff\x7f" + blob[2:], rowid))
    again = subprocess.run(run, capture_output=True, text=True, timeout=120)
    assert again.returncode == 0 and again.stderr.count("\n") == 1 and "damaged" in again.stderr, again.stderr
    assert json.loads(again.stdout) == json.loads(first.stdout)
