"""The judge's rows: labelled modules, their targets, the fixed references, and the figures of decisions.

A row is one module of ``passes label``'s output; its targets are, per pipeline, log(count(Oz) /
count(p)) of IR instructions, positive where the pipeline leaves fewer. A count of 0 (a module every
pipeline empties) counts as 1, as in the room table, so every target is finite. Left out, and
counted: modules whose labelling failed (``error``), modules without a count for one of the
pipelines, and a partial last line (a labelling run still going or killed). Column 0 is always -Oz.

Decisions follow ``mir-runtime tune``: a one-shot decision is one pipeline; a K-set is K pipelines
other than -Oz, run beside -Oz, the module keeping the smallest, so no K-set is worse than -Oz. The
fixed references are chosen on the training modules alone: the best single pipeline, and the best
fixed K-set, a greedy cover (each step adds the pipeline that most raises the training modules' sum
of their best gain so far, -Oz counting from the start), tried in the order it was built.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import math
import re
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from mir_export.tasks.passes.labels import bytes_path, read_jsonl
from mir_export.tasks.passes.pipelines import REFERENCE

_FORM = re.compile(r"\.(?:O0|O2)\.ll$")


class LabelFileError(ValueError):
    """A labels file the judge cannot read, as one line naming the file (and line)."""


@dataclass(frozen=True)
class Modules:
    """Labelled modules of one split: keys, packages, forms, module paths (relative to DATA/ir),
    [N, P] IR instruction counts under ``names`` (``names[0]`` is -Oz) and [N, P] ``.text`` bytes
    (NaN where not measured: ``passes label --bytes`` names the pipelines measured)."""

    keys: tuple[str, ...]
    packages: np.ndarray
    forms: np.ndarray
    modules: tuple[str, ...]
    names: tuple[str, ...]
    counts: np.ndarray
    text_bytes: np.ndarray

    def __len__(self) -> int:
        return len(self.keys)

    def targets(self) -> np.ndarray:
        """[N, P]: log(count(Oz) / count(p)), counts floored at 1."""
        floored = np.maximum(self.counts, 1.0)
        return np.log(floored[:, :1] / floored)

    def units(self) -> np.ndarray:
        """Per module its source unit: the key without its form (a unit's -O0 and -O2 modules share it)."""
        return np.array([_FORM.sub("", key) for key in self.keys])


def read_labels(path: Path, names: list[str] | None) -> tuple[list[dict], dict[str, int]]:
    """The labelled rows of ``path`` that have a count for every pipeline of ``names`` (None: the
    pipelines every labelled row has), and how many were left out, by reason. Raises
    LabelFileError on a line that is not a label (bad JSON before the last line, missing fields,
    counts that are not non-negative integers, a key given twice). ``.gz``: read gzipped, as the
    repository keeps them."""
    try:
        text = gzip.decompress(path.read_bytes()).decode() if path.suffix == ".gz" else path.read_text()
    except (OSError, EOFError, zlib.error, UnicodeDecodeError) as exc:
        raise LabelFileError(f"{path}: {getattr(exc, 'strerror', None) or exc}") from None
    lines = text.splitlines()
    rows: list[dict] = []
    left = {"error": 0, "missing pipelines": 0, "partial last line": 0}
    seen: set[str] = set()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines) and not text.endswith("\n"):
                left["partial last line"] += 1
                continue
            raise LabelFileError(f"{path}:{number}: not a JSON line") from None
        problem = _problem(row)
        if problem:
            raise LabelFileError(f"{path}:{number}: {problem}")
        if row["key"] in seen:
            raise LabelFileError(f"{path}:{number}: module {row['key']!r} labelled twice")
        seen.add(row["key"])
        if "error" in row:
            left["error"] += 1
            continue
        rows.append(row)
    _merge_bytes(path, rows)
    if names is None:
        common = set.intersection(*(set(r["counts"]) for r in rows)) if rows else set()
        names = sorted(common)
    kept = [r for r in rows if set(names) <= set(r["counts"])]
    left["missing pipelines"] = len(rows) - len(kept)
    return kept, left


def _merge_bytes(path: Path, rows: list[dict]) -> None:
    """The ``.text`` bytes measured after labelling (``passes bytes``: ``labels.bytes_path``), into
    the rows' ``text_bytes``; a line that failed to measure is skipped, a malformed one refused."""
    extra = bytes_path(path)
    by_key = {r["key"]: r for r in rows}
    for number, entry in enumerate(read_jsonl(extra), 1):
        key = entry.get("key") if isinstance(entry, dict) else None
        values = entry.get("text_bytes") if isinstance(entry, dict) else None
        if isinstance(key, str) and "error" in entry:
            continue  # measuring failed: no bytes, as for a label without them
        if not isinstance(key, str) or not isinstance(values, dict) or any(
                isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values.values()):
            raise LabelFileError(f"{extra}: entry {number}: not a {{key, text_bytes}} line of 'mir-export passes bytes'")
        if key in by_key:
            by_key[key].setdefault("text_bytes", {}).update(values)


def _problem(row) -> str | None:
    if not isinstance(row, dict):
        return "not a JSON object"
    missing = [k for k in ("key", "package", "form", "module") if not isinstance(row.get(k), str)]
    if missing:
        return f"no {', '.join(missing)} (a line of 'mir-export passes label')"
    if "error" in row:
        return None
    counts = row.get("counts")
    if not isinstance(counts, dict) or not counts:
        return "no counts and no error"
    for field, values in (("count", counts), (".text bytes", row.get("text_bytes", {}))):
        if not isinstance(values, dict):
            return f"{field} not an object"
        bad = [k for k, v in values.items() if isinstance(v, bool) or not isinstance(v, int) or v < 0]
        if bad:
            return f"{field} of {bad[0]!r} is {values[bad[0]]!r}, not a non-negative integer"
    return None


def modules(rows: list[dict], names: list[str]) -> Modules:
    """The rows as a ``Modules`` table, -Oz first, then ``names`` in their order."""
    order = [REFERENCE, *(n for n in names if n != REFERENCE)]
    shape = (len(rows), len(order))
    return Modules(tuple(r["key"] for r in rows), np.array([r["package"] for r in rows]),
                   np.array([r["form"] for r in rows]), tuple(r["module"] for r in rows), tuple(order),
                   np.array([[r["counts"][n] for n in order] for r in rows], dtype=np.float64).reshape(shape),
                   np.array([[r.get("text_bytes", {}).get(n, np.nan) for n in order] for r in rows],
                            dtype=np.float64).reshape(shape))


def best_single(targets: np.ndarray) -> int:
    """The pipeline of the largest mean gain (ties: -Oz, then the first)."""
    means = targets.mean(0)
    return 0 if means[0] >= means.max() else int(means.argmax())


def greedy_set(targets: np.ndarray, size: int) -> list[int]:
    """Up to ``size`` pipelines other than -Oz, in the order a greedy cover adds them: each raises
    most the sum over modules of max(0, the best gain of the set so far); it stops early when no
    pipeline adds anything."""
    best = np.zeros(len(targets))
    chosen: list[int] = []
    while len(chosen) < size:
        value = np.maximum(targets, best[:, None]).sum(0) - best.sum()
        value[[0, *chosen]] = -np.inf
        pick = int(value.argmax())
        if not value[pick] > 1e-12:
            break
        chosen.append(pick)
        best = np.maximum(best, targets[:, pick])
    return chosen


def kept(targets: np.ndarray, members: np.ndarray) -> np.ndarray:
    """Per module, the pipeline it keeps of ``members`` ([N, K] or [K] pipeline indices) run beside
    -Oz: the one of the largest gain, the first of equals, -Oz unless one gains (as ``tune``)."""
    members = np.asarray(members, dtype=np.int64)
    if members.size == 0:
        return np.zeros(len(targets), dtype=np.int64)
    if members.ndim == 1:
        members = np.broadcast_to(members, (len(targets), len(members)))
    gains = np.take_along_axis(targets, members, 1)
    best = members[np.arange(len(targets)), gains.argmax(1)]
    return np.where(gains.max(1) > 0, best, 0)


def set_gains(targets: np.ndarray, members: np.ndarray) -> np.ndarray:
    """Per module, the gain it keeps with ``members`` beside -Oz (``kept``): never below 0."""
    return targets[np.arange(len(targets)), kept(targets, members)]


def top(outputs: np.ndarray, k: int) -> np.ndarray:
    """[N, k]: per row the k pipelines other than -Oz of the largest predicted gains, largest first
    (ties: the first column), as ``tune`` ranks them."""
    scores = np.array(outputs, dtype=np.float64)[:, 1:]
    order = np.argsort(-scores, axis=1, kind="stable")[:, :k]
    return order + 1


def figure(chosen: np.ndarray, table: Modules) -> dict:
    """Of one pipeline per module (``chosen``): the geometric mean of count(Oz) / count(chosen) over
    the modules, per form and per package too, and of ``.text`` bytes(Oz) / bytes(chosen) over the
    modules where both were measured (``text_bytes``: their number, the figure, per package)."""
    rows = np.arange(len(table))
    gains = table.targets()[rows, chosen]

    def geo(values: np.ndarray, mask: np.ndarray) -> float:
        return round(float(math.exp(values[mask].mean())), 5)

    everything = np.ones(len(gains), dtype=bool)
    measured = np.isfinite(table.text_bytes[:, 0]) & np.isfinite(table.text_bytes[rows, chosen])
    measured &= (table.text_bytes[:, 0] > 0) & (table.text_bytes[rows, chosen] > 0)
    ratios = np.zeros(len(gains))
    ratios[measured] = np.log(table.text_bytes[measured, 0] / table.text_bytes[rows[measured], chosen[measured]])
    text = {"modules": int(measured.sum())}
    if measured.any():
        text |= {"geomean": geo(ratios, measured),
                 "per_package": {p: geo(ratios, measured & (table.packages == p))
                                 for p in sorted(set(table.packages[measured].tolist()))}}
    return {"geomean": geo(gains, everything),
            "per_form": {f: geo(gains, table.forms == f) for f in sorted(set(table.forms.tolist()))},
            "per_package": {p: geo(gains, table.packages == p) for p in sorted(set(table.packages.tolist()))},
            "text_bytes": text}


@dataclass(frozen=True)
class Split:
    """The training and held-out modules, and where their IR is (DATA/ir)."""

    train: Modules
    test: Modules
    ir: Path


def sample(rows: list[dict], size: int) -> list[dict]:
    """The first ``size`` rows in the order of a hash of their keys, in their own order: a draw fixed
    by the keys alone, so the judge and the pack take the same one, and a larger sample holds a
    smaller one."""
    chosen = set(sorted((r["key"] for r in rows), key=lambda k: hashlib.sha256(k.encode()).hexdigest())[:size])
    return [r for r in rows if r["key"] in chosen]


def load_split(ir: Path, train: Path, test: Path | None, test_packages: list[str] | None,
               names: list[str] | None, train_sample: int | None = None) -> tuple[Split, dict]:
    """The judge's modules: ``train`` and ``test`` label files, or (``test`` None) ``train``'s
    modules of ``test_packages`` held out; pipelines ``names`` (None: those every training module
    has); ``train_sample``: only that many training modules (``sample``). Also how many were left
    out, per file and reason. Raises LabelFileError (one line)."""
    train_rows, left_train = read_labels(train, names)
    if names is None:
        names = sorted(set.intersection(*(set(r["counts"]) for r in train_rows))) if train_rows else []
    if REFERENCE not in (names or []):
        raise LabelFileError(f"{train}: no module labelled with every pipeline and -Oz ({REFERENCE})")
    if test is None:
        held = set(test_packages or ())
        unknown = held - {r["package"] for r in train_rows}
        if unknown:
            raise LabelFileError(f"{train}: no labelled module of --test-packages {', '.join(sorted(unknown))}")
        test_rows = [r for r in train_rows if r["package"] in held]
        train_rows = [r for r in train_rows if r["package"] not in held]
        left = {"train": left_train}
    else:
        test_rows, left_test = read_labels(test, names)
        left = {"train": left_train, "test": left_test}
        both = {r["key"] for r in train_rows} & {r["key"] for r in test_rows}
        if both:
            raise LabelFileError(f"{test}: module {sorted(both)[0]!r} is in {train.name} too ({len(both)} shared)")
        shared = sorted({r["package"] for r in train_rows} & {r["package"] for r in test_rows})
        if shared:
            left["packages in both splits"] = shared
    if train_sample is not None:
        train_rows = sample(train_rows, train_sample)
    for rows, path, what in ((train_rows, train, "training"), (test_rows, test or train, "held-out")):
        if not rows:
            raise LabelFileError(f"{path}: no {what} module with a count for every pipeline")
    return Split(modules(train_rows, names), modules(test_rows, names), ir), left
