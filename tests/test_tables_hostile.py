"""Hostile tables for ``task fit``, as properties: a header naming a column twice, a row with more
or fewer fields than its header (an unquoted ``1,807,992``) is refused with the table and line;
a UTF-8 byte-order mark is read, not part of the first name; a well-formed table's values land in
their own columns."""
from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mir_export.usertask.table import TableError, read_table

NAMES = st.text("abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=8).filter(
    lambda n: n not in ("file", "target"))
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _text(header: list[str], rows: list[list[str]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def _rows(count: int, extras: list[str]) -> list[list[str]]:
    return [[f"k{i}.ll", "GPU" if i % 2 else "CPU", *(str(1000 * i + j) for j, _ in enumerate(extras))]
            for i in range(count)]


@SETTINGS
@given(extras=st.lists(NAMES, min_size=1, max_size=4, unique=True), twice=st.integers(0, 10), count=st.integers(2, 12))
def test_a_column_named_twice_is_refused_with_the_table_and_line(tmp_path, extras, twice, count) -> None:
    header = ["file", "target", *extras]
    header.append(header[twice % len(header)])  # a second column of one name
    table = tmp_path / "t.csv"
    table.write_text(_text(header, [row + ["1"] for row in _rows(count, extras)]))
    with pytest.raises(TableError, match=rf"^{table}:1: two columns are named '{header[-1]}'"):
        read_table(table, "classification", inputs=extras)


@SETTINGS
@given(extras=st.lists(NAMES, min_size=1, max_size=3, unique=True), count=st.integers(2, 12),
       bad=st.integers(0, 11), change=st.sampled_from([-1, 1, 2]))
def test_a_row_of_more_or_fewer_fields_than_its_header_is_refused_with_its_line(tmp_path, extras, count, bad,
                                                                                change) -> None:
    rows = _rows(count, extras)
    row = rows[bad % count]
    rows[bad % count] = row[:change] if change < 0 else row + ["807"] * change  # 1,807 unquoted: one field more
    table = tmp_path / "t.csv"
    table.write_text(_text(["file", "target", *extras], rows))
    line = bad % count + 2
    with pytest.raises(TableError, match=rf"^{table}:{line}: \d+ fields where the header has {len(extras) + 2}"):
        read_table(table, "classification", inputs=extras)


def test_an_unquoted_thousands_separator_is_refused_not_shifted(tmp_path) -> None:
    table = tmp_path / "t.csv"
    table.write_text("file,transfer,target\n" + "".join(f"k{i}.ll,{i},{'GPU' if i % 2 else 'CPU'}\n" for i in range(11))
                     + "k9.ll,1,807,992,GPU\n")
    with pytest.raises(TableError, match=rf"^{table}:13: 5 fields where the header has 3 \(a value holding a comma"):
        read_table(table, "classification", inputs=["transfer"])


@SETTINGS
@given(extras=st.lists(NAMES, min_size=0, max_size=3, unique=True), count=st.integers(2, 12), bom=st.booleans(),
       crlf=st.booleans())
def test_values_land_in_their_columns_with_or_without_a_byte_order_mark(tmp_path, extras, count, bom, crlf) -> None:
    text = _text(["file", "target", *extras], _rows(count, extras))
    table = tmp_path / "t.csv"
    table.write_bytes(("\ufeff" if bom else "").encode() + (text.replace("\n", "\r\n") if crlf else text).encode())
    read = read_table(table, "classification", inputs=extras)
    assert [f.name for f in read.files] == [f"k{i}.ll" for i in range(count)]
    assert read.extras.tolist() == [[1000.0 * i + j for j, _ in enumerate(extras)] for i in range(count)]
    assert [read.classes[t] for t in read.targets] == ["GPU" if i % 2 else "CPU" for i in range(count)]
    assert read.lines.tolist() == list(range(2, count + 2))


def test_a_byte_order_mark_is_not_part_of_the_first_name(tmp_path) -> None:
    table = tmp_path / "excel.csv"
    table.write_bytes("\ufefffile,target\r\na.ll,CPU\r\nb.ll,GPU\r\n".encode())
    assert [f.name for f in read_table(table, "classification").files] == ["a.ll", "b.ll"]


def test_parquet_columns_named_twice_are_refused(tmp_path) -> None:
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    table = tmp_path / "t.parquet"
    pq.write_table(pa.table([["a.ll", "b.ll"], ["CPU", "GPU"], ["1", "2"]], names=["file", "target", "file"]), table)
    with pytest.raises(TableError, match=rf"^{table}: two columns are named 'file'"):
        read_table(table, "classification")


def test_a_broken_row_is_refused_with_exit_2_and_one_line(tmp_path, capsys) -> None:
    from mir_export.cli import main

    table = tmp_path / "t.csv"
    table.write_text("file,target,target\na.ll,CPU,GPU\n")
    assert main(["task", "fit", str(table), "--name", "t", "--out", str(tmp_path / "pack")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{table}:1: two columns are named 'target'" in err and "Traceback" not in err
    assert not (tmp_path / "pack").exists()
