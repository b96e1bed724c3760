"""``mir-runtime embed ... -o OUT.parquet``: a local Ray cluster of 2 CPUs writes the local
engine's rows bit for bit (int8, shipped model), a bad file keeps its row and its error, and a
missing extra is one line. One Ray cluster for the module (it takes ~15 s to start); the command
line joins it with ``--address``."""
from __future__ import annotations

import hashlib
import logging
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from mir_runtime.cli import main
from mir_runtime.rows import ir_files
from paths import shipped_embedding_size

BAD = "define i32 @f(i32 %a) {\n  %x = add i32 %a, 1\n  ret i32 %y\n}\n"
FILES = 100


def embed(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mir_runtime.cli", "embed", *args], capture_output=True,
                          text=True, timeout=600)


@pytest.fixture(scope="module")
def inputs(datasets, tmp_path_factory) -> Path:
    """A directory of 99 device-mapping kernels (links, not copies) and one bad file, last."""
    directory = tmp_path_factory.mktemp("ir")
    for path in sorted((datasets / "devmap" / "kernels_ir").glob("*.ll"))[: FILES - 1]:
        (directory / path.name).symlink_to(path)
    (directory / "zz-bad.ll").write_text(BAD)
    return directory


@pytest.fixture(scope="module")
def cluster():
    """The address of a local Ray cluster of 2 CPUs, started once for the module."""
    ray = pytest.importorskip("ray", reason="the [ray] extra is not installed")
    pytest.importorskip("ray.data", reason="the [ray] extra is not installed")
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    yield ray.get_runtime_context().gcs_address
    ray.shutdown()


@pytest.mark.slow  # a Ray cluster started: 1 minute
def test_ray_engine_equals_local_engine_bit_for_bit(cluster, inputs, tmp_path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    local, distributed = tmp_path / "local.parquet", tmp_path / "ray.parquet"
    runs = [embed(str(inputs), "-o", str(local), "--workers", "2"),  # the local engine's worker processes
            embed("--engine", "ray", "--address", cluster, "--actors", "2", "--batch-size", "8", str(inputs),
                  "-o", str(distributed))]
    bad = inputs / "zz-bad.ll"
    for done in runs:
        assert done.returncode == 2, done.stderr  # one bad input
        assert f"{bad}:3:1: use of undefined value %y\n" in done.stderr and "Traceback" not in done.stderr
    table = pq.read_table(local)
    assert table.num_rows == FILES and table.equals(pq.read_table(distributed))  # same bytes, same order
    assert table.schema.field("embedding").type.list_size == shipped_embedding_size()
    rows = table.to_pylist()
    assert [r["path"] for r in rows] == ir_files([inputs])
    assert rows[-1] == {"path": str(bad), "sha256": None, "embedding": None,
                        "error": f"{bad}:3:1: use of undefined value %y"}
    first = Path(rows[0]["path"])
    assert rows[0]["error"] is None and rows[0]["sha256"] == hashlib.sha256(first.read_bytes()).hexdigest()
    from mir_runtime.model import Model

    expected = Model.load(threads=1).embed(first)
    assert np.array_equal(np.array(rows[0]["embedding"], dtype=np.float32), expected)


def test_ir_files_lists_directories_and_keeps_named_files(tmp_path) -> None:
    (tmp_path / "d" / "e").mkdir(parents=True)
    for name in ("d/b.ll", "d/e/a.bc", "d/notes.txt", "x.txt"):
        (tmp_path / name).write_text("")
    found = ir_files([tmp_path / "x.txt", tmp_path / "d", tmp_path / "d" / "b.ll", tmp_path / "missing.ll"])
    assert found == [str(tmp_path / p) for p in ("x.txt", "d/b.ll", "d/e/a.bc", "missing.ll")]


@pytest.mark.parametrize("blocked, engine, message", [
    ("ray", "ray", "the Ray engine needs Ray Data: pip install 'mir-runtime[ray]'"),
    ("pyarrow", "local", "Parquet output needs pyarrow: pip install 'mir-runtime[ray]'"),
])
def test_a_missing_extra_is_one_line(monkeypatch, capsys, tmp_path, blocked, engine, message) -> None:
    monkeypatch.setitem(sys.modules, blocked, None)  # as if not installed: importing it fails
    (tmp_path / "a.ll").write_text(BAD)
    assert main(["embed", "--engine", engine, str(tmp_path / "a.ll"), "-o", str(tmp_path / "a.parquet")]) == 2
    assert capsys.readouterr().err == f"mir-runtime embed: {message}\n"
    assert not os.path.exists(tmp_path / "a.parquet")


def test_the_ray_engine_writes_parquet_only_and_needs_files(capsys, tmp_path) -> None:
    assert main(["embed", "--engine", "ray", str(tmp_path), "-o", str(tmp_path / "a.npy")]) == 2
    assert capsys.readouterr().err == "mir-runtime embed: --engine ray writes a table: give -o OUT.parquet\n"
    assert main(["embed", str(tmp_path), "-o", str(tmp_path / "a.parquet")]) == 2  # an empty directory
    assert capsys.readouterr().err == "mir-runtime embed: no .ll or .bc files under the given paths\n"


def test_an_unreachable_ray_address_is_one_line(capsys, tmp_path) -> None:
    """Ray itself retries an address nobody answers on for minutes; the command says so at once."""
    pytest.importorskip("ray.data", reason="the [ray] extra is not installed")
    import socket

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    (tmp_path / "a.ll").write_text(BAD)
    assert main(["embed", "--engine", "ray", "--address", f"127.0.0.1:{port}", str(tmp_path / "a.ll"),
                 "-o", str(tmp_path / "a.parquet")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mir-runtime embed: no Ray cluster answers at 127.0.0.1:{port} (") and err.count("\n") == 1
