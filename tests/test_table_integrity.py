"""A damaged Parquet table is one clean line naming it (``mir_export.usertask.table``): pages are
read with their checksums verified, and pyarrow's message is shown without control bytes."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
from mir_export.usertask.table import TableError, read_table  # noqa: E402


def _table(path: Path) -> bytes:
    rows = 40
    table = pa.table({"file": [f"k{k}.ll" for k in range(rows)], "device": ["CPU", "GPU"] * (rows // 2),
                      "transfer": [float(1000 + k) for k in range(rows)]})
    pq.write_table(table, path, write_page_checksum=True, compression="none")
    return path.read_bytes()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_a_damaged_page_is_one_clean_line_never_other_numbers(tmp_path_factory, data) -> None:
    directory = tmp_path_factory.mktemp("table")
    path = directory / "t.parquet"
    good = _table(path)
    footer = len(good) - 8 - int.from_bytes(good[-8:-4], "little")
    at = data.draw(st.integers(4, footer - 1))
    damaged = bytearray(good)
    damaged[at] ^= data.draw(st.integers(1, 255))
    path.write_bytes(bytes(damaged))
    try:
        pq.read_table(path, page_checksum_verification=True)
    except Exception:
        pass
    else:  # a byte the reader does not use (a statistic, padding): the same rows come back
        assert pq.read_table(path).to_pylist() == pq.read_table(pa.BufferReader(good)).to_pylist()
        return
    with pytest.raises(TableError) as caught:
        read_table(path, "classification", target="device", inputs=["transfer"])
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    assert all(c >= " " and c != "\x7f" for c in message)


def test_a_file_of_control_bytes_is_named_in_one_printable_line(tmp_path: Path) -> None:
    path = tmp_path / "t.parquet"
    path.write_bytes(b"PAR1\x1b[31m\x00\x07garbage\nPAR1")
    with pytest.raises(TableError) as caught:
        read_table(path, "classification", target="device")
    assert "\n" not in str(caught.value) and "\x1b" not in str(caught.value) and str(path) in str(caught.value)
