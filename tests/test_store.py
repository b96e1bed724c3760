"""Embeddings kept across runs (``--cache DIR``, ``mir_runtime.store``): the same vectors as a fresh
run, no work for a file embedded before, only the new statements of a changed file encoded, and a
cache that cannot be used is one line and exit code 2."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from models import IR
from mir_runtime import IRParseError
from mir_runtime.model import Model

pytest.importorskip("onnxruntime")
CHANGED = IR.replace("add nsw i32 %v, 1", "mul nsw i32 %v, 3")


def cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mir_runtime.cli", *args], capture_output=True, text=True,
                          timeout=120, env={**os.environ, **(env or {})})


@pytest.fixture()
def files(tmp_path: Path) -> list[Path]:
    out = [tmp_path / "a.ll", tmp_path / "b.ll"]
    out[0].write_text(IR)
    out[1].write_text(CHANGED)
    return out


def _no_reading(model: Model) -> None:
    def refuse(path):
        raise AssertionError(f"{path} was read again")

    model.featurizer.read = refuse


def test_stored_embeddings_are_the_fresh_ones_and_cost_no_reading(model_dir, files, tmp_path) -> None:
    fresh = Model.load(model_dir[2]).embed(files)
    with Model.load(model_dir[2], cache=tmp_path / "cache") as first:
        np.testing.assert_array_equal(first.embed(files), fresh)
    with Model.load(model_dir[2], cache=tmp_path / "cache") as again:
        _no_reading(again)
        np.testing.assert_array_equal(again.embed(files), fresh)
        rows = list(again.iter_embed([*files, files[0]], workers=2))  # answered from the store
        np.testing.assert_array_equal(np.stack([v for _, v in rows]), fresh[[0, 1, 0]])
    with Model.load(model_dir[2], cache=tmp_path / "workers") as model:  # stored by the workers' path
        rows = list(model.iter_embed(files, workers=2))
    with Model.load(model_dir[2], cache=tmp_path / "workers") as again:
        _no_reading(again)
        np.testing.assert_array_equal(again.embed(files), fresh)
        np.testing.assert_array_equal(np.stack([v for _, v in rows]), fresh)


def test_a_bad_file_is_never_stored(model_dir, files, tmp_path) -> None:
    bad = tmp_path / "bad.ll"
    bad.write_text("define i32 @f() {\n  ret i32 %nope\n}\n")
    for _ in range(2):  # the second run finds the good file stored and the bad one still bad
        with Model.load(model_dir[2], cache=tmp_path / "cache") as model:
            rows = list(model.iter_embed([bad, files[0]], workers=2, keep_going=True))
        assert isinstance(rows[0][1], IRParseError) and "bad.ll:2:" in str(rows[0][1])
        np.testing.assert_array_equal(rows[1][1], Model.load(model_dir[2]).embed(files[0]))


def test_a_changed_file_is_embedded_again_encoding_only_its_new_statements(model_dir, files, tmp_path) -> None:
    with Model.load(model_dir[2], cache=tmp_path / "cache") as model:
        model.embed(files[0])
        known = {tuple(ids) for ids in model.featurizer.read(files[0]).ids}
    files[0].write_text(CHANGED)
    with Model.load(model_dir[2], cache=tmp_path / "cache") as model:
        encoded = []
        run = model.backend.run_statements
        model.backend.run_statements = lambda ids: (encoded.extend(map(tuple, ids)), run(ids))[1]
        vector = model.embed(files[0])
        new = {tuple(ids) for ids in model.featurizer.read(files[1]).ids} - known
    np.testing.assert_array_equal(vector, Model.load(model_dir[2]).embed(files[1]))
    assert new and {tuple(t for t in ids if t) for ids in encoded} == new  # padding aside


def test_ir_given_as_text_keeps_its_statement_vectors(model_dir, tmp_path) -> None:
    with Model.load(model_dir[2], cache=tmp_path / "cache") as model:
        first = model.embed_ir(CHANGED)
    with Model.load(model_dir[2], cache=tmp_path / "cache") as model:
        model.backend.run_statements = lambda ids: pytest.fail("a stored statement was encoded again")
        np.testing.assert_array_equal(model.embed_ir(CHANGED), first)


def test_each_precision_keeps_its_own_store_and_threads_share_one(model_dir, files, tmp_path) -> None:
    with Model.load(model_dir[2], cache=tmp_path / "cache") as int8:
        expected = Model.load(model_dir[2]).embed(files[1])
        with ThreadPoolExecutor(4) as pool:
            for vector in pool.map(lambda _: int8.embed(files[1]), range(16)):
                np.testing.assert_array_equal(vector, expected)
    with Model.load(model_dir[2], precision="fp32", cache=tmp_path / "cache") as fp32:
        np.testing.assert_allclose(fp32.embed(files[1]), Model.load(model_dir[2], precision="fp32").embed(files[1]),
                                   rtol=1e-6)
    assert sorted(p.name.split("-")[0] for p in (tmp_path / "cache").glob("*.sqlite")) == ["fp32", "int8"]


def test_cli_embed_and_predict_with_a_cache(model_dir, files, tmp_path) -> None:
    plain = cli("embed", *map(str, files), "--model", str(model_dir[2]), "-o", str(tmp_path / "plain.npy"))
    assert plain.returncode == 0, plain.stderr
    for run in range(2):
        out = tmp_path / f"cached{run}.npy"
        done = cli("embed", *map(str, files), "--model", str(model_dir[2]), "-o", str(out),
                   env={"MIR_CACHE": str(tmp_path / "cache")})
        assert done.returncode == 0, done.stderr
        np.testing.assert_array_equal(np.load(out), np.load(tmp_path / "plain.npy"))
    predict = ("predict", "--task", "toy", "--model", str(model_dir[2]), "--platform", "amd", "--transfer", "10",
               "--wgsize", "64", str(files[0]))
    answers = [cli(*predict), cli(*predict, "--cache", str(tmp_path / "cache")),
               cli(*predict, "--cache", str(tmp_path / "cache"))]
    assert all(a.returncode == 0 for a in answers), [a.stderr for a in answers]
    assert len({json.dumps(json.loads(a.stdout), sort_keys=True) for a in answers}) == 1


def test_predict_opens_only_the_store_of_its_heads_precision(files, tmp_path) -> None:
    """The shipped heads learned from fp32 embeddings, and the CPU embeds at int8 by default:
    predict embeds at fp32 and must not leave an empty int8 store beside it."""
    done = cli("predict", "--task", "devmap", "--platform", "amd", "--transfer", "10", "--wgsize", "64",
               str(files[0]), "--cache", str(tmp_path / "cache"))
    assert done.returncode == 0, done.stderr
    assert [p.name.split("-")[0] for p in (tmp_path / "cache").glob("*.sqlite")] == ["fp32"]
    with Model.load(cache=tmp_path / "api") as model:  # int8, the CPU default: its store opens on first embed
        model.predict("devmap", files[0], "amd", transfer=10, wgsize=64)
        assert [p.name.split("-")[0] for p in (tmp_path / "api").glob("*.sqlite")] == ["fp32"]
        model.embed(files[0])
    assert sorted(p.name.split("-")[0] for p in (tmp_path / "api").glob("*.sqlite")) == ["fp32", "int8"]


def test_processes_share_a_cache(model_dir, files, tmp_path) -> None:
    command = [sys.executable, "-m", "mir_runtime.cli", "embed", *map(str, files), "--model", str(model_dir[2]),
               "--workers", "1", "--cache", str(tmp_path / "cache")]
    runs = [subprocess.Popen([*command, "-o", str(tmp_path / f"{k}.npy")], stderr=subprocess.PIPE, text=True)
            for k in range(3)]
    assert [r.wait(timeout=120) for r in runs] == [0, 0, 0], [r.stderr.read() for r in runs]
    assert np.array_equal(np.load(tmp_path / "0.npy"), np.load(tmp_path / "2.npy"))


def test_an_unusable_cache_is_one_line_and_exit_2(model_dir, files, tmp_path) -> None:
    def refused(cache: Path | str, message: str) -> None:
        done = cli("embed", str(files[0]), "--model", str(model_dir[2]), "--cache", str(cache))
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
        assert message in done.stderr and str(cache) in done.stderr, done.stderr  # "" is in any line

    (tmp_path / "file").write_text("a file")
    refused(tmp_path / "file", "not a directory")
    refused("", "the cache directory is an empty path")
    cache = tmp_path / "cache"
    assert cli("embed", str(files[0]), "--model", str(model_dir[2]), "--cache", str(cache)).returncode == 0
    for database in cache.glob("*.sqlite"):
        database.write_bytes(b"not sqlite " * 400)
    refused(cache, "cannot use this embedding cache (file is not a database")


def test_ray_engine_refuses_a_cache(model_dir, files, tmp_path) -> None:
    done = cli("embed", str(files[0]), "--model", str(model_dir[2]), "--engine", "ray", "-o",
               str(tmp_path / "x.parquet"), "--cache", str(tmp_path / "cache"))
    assert done.returncode == 2 and "--cache serves the local engine" in done.stderr


def test_only_regular_files_the_reader_takes_are_hashed(model_dir, files, tmp_path, monkeypatch) -> None:
    """A pipe would be consumed by hashing, a file over the reader's limit refused after it: neither is hashed."""
    from mir_runtime import store

    fifo = tmp_path / "pipe.ll"
    os.mkfifo(fifo)
    monkeypatch.setattr(store, "MAX_BYTES", files[0].stat().st_size - 1)
    monkeypatch.setattr(store, "file_sha256", lambda path: pytest.fail(f"{path} was hashed"))
    with Model.load(model_dir[2], cache=tmp_path / "cache") as model:
        assert all(model.engine.store.file_at(p) is None for p in (fifo, files[0], tmp_path / "missing.ll"))
