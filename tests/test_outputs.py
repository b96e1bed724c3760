"""Outputs appear whole or not at all (``mir_runtime.outputs``): whatever a run had written when it
failed, an existing output of any format stays byte for byte as it was, and nothing else is left
in its directory; a run that finishes leaves exactly its output."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mir_runtime import outputs

SIZE = 4
FORMATS = (".npy", ".jsonl", ".parquet")


class Stop(Exception):
    """The run failed (a bad file, Ctrl-C ...) after some rows."""


def _vectors(rows: int) -> list[np.ndarray]:
    return [np.full(SIZE, k + 0.5, dtype=np.float32) for k in range(rows)]


def _write(path: Path, rows: int, fail_after: int | None) -> None:
    """Write ``rows`` rows to ``path`` as ``embed`` does, failing after ``fail_after`` of them."""
    vectors = _vectors(rows)
    if path.suffix == ".parquet":
        pytest.importorskip("pyarrow")
        from mir_runtime.parquet import rows_table, write_parquet

        def tables():
            for k, vector in enumerate(vectors):
                if k == fail_after:
                    raise Stop
                yield rows_table([{"path": f"f{k}.ll", "sha256": "0" * 64, "embedding": vector, "error": None}], SIZE)
            if fail_after is not None and fail_after >= rows:
                raise Stop

        write_parquet(tables(), path, SIZE)
        return
    output = outputs.open_output(path, rows, SIZE)
    try:
        for k, vector in enumerate(vectors):
            if k == fail_after:
                raise Stop
            output.write(f"f{k}.ll", vector)
        if fail_after is not None:
            raise Stop
    except BaseException:
        output.abort()
        raise
    output.finish()


def _read(path: Path) -> np.ndarray:
    if path.suffix == ".npy":
        return np.load(path)
    if path.suffix == ".jsonl":
        return np.array([json.loads(line)["embedding"] for line in path.read_text().splitlines()], dtype=np.float32)
    import pyarrow.parquet as pq

    return np.array(pq.read_table(path, page_checksum_verification=True).column("embedding").to_pylist(), dtype=np.float32)


@pytest.fixture(params=[True, False], ids=["unnamed", "named"])
def partial_kind(request, monkeypatch):
    """Both ways of writing beside: an unnamed file (Linux O_TMPFILE) and the named ``.NAME.partial``."""
    if not request.param:
        monkeypatch.setattr(outputs, "_unnamed", lambda directory: None)
    return request.param


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(FORMATS), st.binary(max_size=64), st.integers(0, 6), st.integers(0, 7))
def test_a_failed_run_leaves_an_existing_output_as_it_was(tmp_path_factory, partial_kind, suffix, before, rows,
                                                          fail_after) -> None:
    directory = tmp_path_factory.mktemp("out")
    out = directory / f"e{suffix}"
    out.write_bytes(before)
    with pytest.raises(Stop):
        _write(out, rows, fail_after)
    assert out.read_bytes() == before
    assert sorted(p.name for p in directory.iterdir()) == [out.name]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(FORMATS), st.booleans(), st.integers(0, 6))
def test_a_finished_run_leaves_exactly_its_output(tmp_path_factory, partial_kind, suffix, existed, rows) -> None:
    directory = tmp_path_factory.mktemp("out")
    out = directory / f"e{suffix}"
    if existed:
        out.write_text("an earlier run's\n")
    _write(out, rows, None)
    assert sorted(p.name for p in directory.iterdir()) == [out.name]
    got = _read(out)
    assert got.shape[0] == rows
    if rows:
        np.testing.assert_array_equal(got, np.stack(_vectors(rows)))


def test_a_stale_named_partial_of_a_killed_run_is_replaced(tmp_path: Path) -> None:
    """After a SIGKILL on a file system without unnamed files, the next run to the output clears the leftover."""
    out = tmp_path / "e.npy"
    (tmp_path / ".e.npy.partial").write_bytes(b"left by a killed run")
    _write(out, 2, None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.npy"]


def test_write_beside_puts_the_text_in_place_whole(tmp_path: Path, partial_kind) -> None:
    target = tmp_path / "e.failed.jsonl"
    target.write_text("old\n")
    outputs.write_beside(target, "new\n")
    assert target.read_text() == "new\n" and [p.name for p in tmp_path.iterdir()] == [target.name]


def test_a_damaged_parquet_output_is_refused_never_read_as_other_numbers(tmp_path: Path) -> None:
    """Our Parquet output has a checksum on every page: a byte flipped anywhere before the footer
    makes a checking reader refuse the file (or read the very same rows: a byte it does not use)."""
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "e.parquet"
    _write(out, 6, None)
    expected = _read(out)
    data = out.read_bytes()
    footer = len(data) - 8 - int.from_bytes(data[-8:-4], "little")
    damaged = tmp_path / "d.parquet"
    refused = 0
    places = range(4, footer, max(1, (footer - 4) // 80))  # 80 places across the row groups
    for at in places:
        flipped = bytearray(data)
        flipped[at] ^= 0xFF
        damaged.write_bytes(bytes(flipped))
        try:
            got = _read(damaged)
        except Exception:  # pyarrow's several kinds: a failed checksum, a header it cannot decode
            refused += 1
            continue
        np.testing.assert_array_equal(got, expected, err_msg=f"byte {at} flipped was read as other numbers")
    assert refused > len(places) // 2
