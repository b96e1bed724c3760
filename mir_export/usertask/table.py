"""A user's labelled table, read and checked before anything is embedded or fitted.

One row per IR file (a configuration table: per file and configuration), CSV or Parquet:
``file`` (an IR path, relative to the table's folder unless absolute) and the target, plus
optional run-time inputs (numbers), a ``group`` (rows of one program kept in one fold) and a
``selector`` (one head per value, such as ``platform``). Three kinds of target:

- ``classification``: a class label per row;
- ``regression``: a number per row;
- ``configuration``: ``config`` and ``runtime`` columns, a row per (file, configuration) measured;
  repeated measurements of one pair are summarized by their median.

Every problem is a ``TableError``: one line naming the table (and the line, for a bad value).
"""
from __future__ import annotations

import csv
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from mir_runtime.errors import shown

KINDS = ("classification", "regression", "configuration")
MIN_ROWS = 10  # fewer labelled files than this give no fold a test worth scoring


class TableError(ValueError):
    """A table that cannot be a task's training data."""


@dataclass(frozen=True)
class TaskTable:
    """The checked rows of one task: per file (a configuration table: per file and selector value)."""

    path: Path
    kind: str
    files: list[Path]  # one per row
    inputs: tuple[str, ...]  # the run-time inputs' names, in head order
    extras: np.ndarray  # float64 [N, K]
    groups: np.ndarray | None  # object [N]: the program of each row
    selector: str | None
    choices: np.ndarray | None  # object [N]: each row's selector value
    classes: tuple[str, ...]  # classification: the labels; configuration: the configurations, default first
    targets: np.ndarray  # classification: int [N]; regression: float [N]; configuration: float [N, C] runtimes (NaN: not measured)
    lines: np.ndarray  # int [N]: the table line of each row (for messages)
    target: str  # the target column's name (regression: the value's unit unless given)

    def __len__(self) -> int:
        return len(self.files)

    def subset(self, keep: np.ndarray) -> TaskTable:
        """The rows where ``keep`` is true (a boolean mask)."""
        pick = np.flatnonzero(keep)
        return TaskTable(self.path, self.kind, [self.files[k] for k in pick], self.inputs, self.extras[pick],
                         None if self.groups is None else self.groups[pick], self.selector,
                         None if self.choices is None else self.choices[pick], self.classes, self.targets[pick],
                         self.lines[pick], self.target)


def _records(path: Path) -> tuple[list[str], list[tuple[int, dict]]]:
    """The column names and (line, row) pairs of a CSV or Parquet table: two columns of one name,
    or a row with more or fewer fields than the header, are refused (the second column would win,
    or a number written with thousands separators would shift the row's values into the next
    columns); a UTF-8 byte-order mark (Excel's "CSV UTF-8") is read, not part of the first name."""
    if not path.is_file():
        raise TableError(f"{path}: no such table")
    if path.suffix == ".parquet":
        return _parquet_records(path)
    try:
        with open(path, newline="", encoding="utf-8-sig") as f:
            reader = csv.reader(f)
            columns = next(reader, [])
            _unique(path, 1, columns)
            rows = []
            for fields in reader:
                if not fields:
                    continue  # a blank line
                if len(fields) != len(columns):
                    raise TableError(f"{path}:{reader.line_num}: {len(fields)} fields where the header has "
                                     f"{len(columns)} (a value holding a comma must be quoted)")
                rows.append((reader.line_num, dict(zip(columns, fields))))
    except UnicodeDecodeError:
        raise TableError(f"{path}: not UTF-8 text (a CSV table, or a .parquet file)") from None
    except (OSError, csv.Error) as exc:
        raise TableError(f"{path}: cannot read as CSV ({exc})") from None
    return columns, rows


def _parquet_records(path: Path) -> tuple[list[str], list[tuple[int, dict]]]:
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise TableError(f"{path}: reading Parquet needs pyarrow (pip install pyarrow), or give a CSV") from None
    try:
        columns = list(pq.read_schema(path).names)
        _unique(path, 0, columns)
        data = pq.read_table(path, page_checksum_verification=True)  # a damaged page is refused
    except TableError:
        raise
    except Exception as exc:  # pyarrow raises several kinds for a file that is not Parquet
        raise TableError(f"{path}: not a readable Parquet table ({shown(str(exc))})") from None
    rows = data.to_pylist()
    return columns, [(k + 1, {c: "" if v is None else str(v) for c, v in row.items()}) for k, row in enumerate(rows)]


def _unique(path: Path, line: int, columns: list[str]) -> None:
    """Refuse a header naming one column twice (which of the two a row's value came from would be a guess)."""
    seen: set[str] = set()
    for name in columns:
        if name in seen:
            where = f"{path}:{line}" if line else str(path)
            raise TableError(f"{where}: two columns are named {name!r}: rename one")
        seen.add(name)


def _number(path: Path, line: int, column: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise TableError(f"{path}:{line}: {column} {text!r} is not a number") from None
    if not math.isfinite(value):
        raise TableError(f"{path}:{line}: {column} is {text!r}, not a finite number")
    return value


def read_table(path: str | os.PathLike, kind: str, target: str = "target", inputs: Sequence[str] = (),
               group: str | None = None, selector: str | None = None, config: str = "config",
               runtime: str = "runtime", default: str | None = None, file_column: str = "file") -> TaskTable:
    """The checked rows of ``path`` for a task of ``kind`` (see the module docstring); ``default``:
    a configuration table's configuration to keep unless another is predicted faster (default:
    the first one in the table)."""
    path = Path(path)
    if kind not in KINDS:
        raise TableError(f"{path}: kind {kind!r} is not one of {', '.join(KINDS)}")
    columns, rows = _records(path)
    wanted = [file_column, *inputs, *([group] if group else []), *([selector] if selector else [])]
    wanted += [config, runtime] if kind == "configuration" else [target]
    missing = [c for c in dict.fromkeys(wanted) if c not in columns]
    if missing:
        raise TableError(f"{path}: no column {', '.join(repr(c) for c in missing)} (columns: {', '.join(columns)})")
    if not rows:
        raise TableError(f"{path}: no rows")
    for line, row in rows:
        for column in wanted:
            if not (row.get(column) or "").strip():
                raise TableError(f"{path}:{line}: {column} is empty")
    root = path.parent

    def file_of(row: dict) -> Path:
        name = Path(row[file_column].strip())
        return name if name.is_absolute() else root / name

    def extras_of(line: int, row: dict) -> list[float]:
        values = [_number(path, line, c, row[c]) for c in inputs]
        negative = [c for c, v in zip(inputs, values) if v < 0]
        if negative:
            raise TableError(f"{path}:{line}: {negative[0]} is negative: run-time inputs are sizes or counts "
                             "(heads read log(1 + x))")
        return values

    if kind == "configuration":
        return _configurations(path, rows, file_of, extras_of, tuple(inputs), group, selector, config, runtime, default)
    if kind == "regression":
        labels = np.array([_number(path, line, target, row[target]) for line, row in rows])
        classes: tuple[str, ...] = ()
    else:
        text = [row[target].strip() for _, row in rows]
        classes = tuple(sorted(set(text)))
        if len(classes) < 2:
            raise TableError(f"{path}: {target} has one class ({classes[0]!r}): nothing to decide")
        labels = np.array([classes.index(t) for t in text])
    return TaskTable(path, kind, [file_of(row) for _, row in rows], tuple(inputs),
                     np.array([extras_of(line, row) for line, row in rows], dtype=np.float64).reshape(len(rows), -1),
                     np.array([row[group].strip() for _, row in rows], dtype=object) if group else None, selector,
                     np.array([row[selector].strip().lower() for _, row in rows], dtype=object) if selector else None,
                     classes, labels, np.array([line for line, _ in rows]), target)


def _configurations(path: Path, rows, file_of, extras_of, inputs: tuple[str, ...], group: str | None,
                    selector: str | None, config: str, runtime: str, default: str | None) -> TaskTable:
    """One row per (file, selector value): each configuration's median runtime (NaN: not measured)."""
    configs = list(dict.fromkeys(row[config].strip() for _, row in rows))
    if default is not None and default not in configs:
        raise TableError(f"{path}: default configuration {default!r} is not in column {config} "
                         f"({', '.join(configs[:8])}{' ...' if len(configs) > 8 else ''})")
    if len(configs) < 2:
        raise TableError(f"{path}: {config} has one configuration ({configs[0]!r}): nothing to choose")
    order = [default or configs[0], *(c for c in configs if c != (default or configs[0]))]
    units: dict[tuple, dict] = {}
    for line, row in rows:
        key = (str(file_of(row)), row[selector].strip().lower() if selector else "")
        value = _number(path, line, runtime, row[runtime])
        if value <= 0:
            raise TableError(f"{path}:{line}: {runtime} must be positive, not {row[runtime]!r}")
        unit = units.setdefault(key, {"line": line, "row": row, "times": {}, "extras": extras_of(line, row)})
        if extras_of(line, row) != unit["extras"] or (group and row[group].strip() != unit["row"][group].strip()):
            raise TableError(f"{path}:{line}: {', '.join(inputs) or group} differ from line {unit['line']} of the "
                             "same file: one file's run-time inputs and group are the same for every configuration")
        unit["times"].setdefault(row[config].strip(), []).append(value)
    runtimes = np.full((len(units), len(order)), np.nan)
    for k, unit in enumerate(units.values()):
        if order[0] not in unit["times"]:
            raise TableError(f"{path}:{unit['line']}: {unit['row']['file']} has no {order[0]!r} row: every file needs "
                             "the default configuration measured")
        for c, name in enumerate(order):
            if name in unit["times"]:
                runtimes[k, c] = float(np.median(unit["times"][name]))
    kept = list(units.values())
    return TaskTable(path, "configuration", [file_of(u["row"]) for u in kept], inputs,
                     np.array([u["extras"] for u in kept], dtype=np.float64).reshape(len(kept), -1),
                     np.array([u["row"][group].strip() for u in kept], dtype=object) if group else None, selector,
                     np.array([u["row"][selector].strip().lower() for u in kept], dtype=object) if selector else None,
                     tuple(order), runtimes, np.array([u["line"] for u in kept]), runtime)
