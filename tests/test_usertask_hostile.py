"""``mir-export task fit`` on what it cannot do: an ``--out`` or ``--cache`` it cannot write, an
input named like an option of ``predict``, a class too small for the inner folds: one line, exit 2,
before the fit, never a traceback. And the rule for tables of many rows, as properties."""
from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mir_export.cli import main
from mir_export.usertask.fitting import (
    FIT_ROWS, LARGE_CLASSIFIERS, LARGE_REGRESSORS, LARGE_ROWS, MIN_CLASS_ROWS, _head_files, _protocol, draw,
)


def _table(path: Path, kernels: list[Path], labels: list[str]) -> Path:
    with open(path, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["file", "target", "transfer"])
        writer.writerows([str(k), label, 100 * (i + 1)] for i, (k, label) in enumerate(zip(kernels, labels)))
    return path


@pytest.fixture(scope="module")
def kernels(datasets) -> list[Path]:
    return sorted((datasets / "devmap" / "kernels_ir").glob("*.ll"))[:12]


def _refused(capsys, argv: list[str], *needles: str) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for needle in needles:
        assert needle in err, err


def test_an_out_that_is_a_file_is_refused_before_the_table_is_read(tmp_path, capsys) -> None:
    out = tmp_path / "pack"
    out.write_text("")
    _refused(capsys, ["task", "fit", str(tmp_path / "absent.csv"), "--name", "t", "--out", str(out)],
             f"--out {out}: a file, not a directory for the pack")
    _refused(capsys, ["task", "fit", str(tmp_path / "absent.csv"), "--name", "t", "--out", str(out / "sub")],
             f"{out} is a file")


@pytest.mark.skipif(not hasattr(__import__("os"), "geteuid") or __import__("os").geteuid() == 0,
                    reason="root writes anywhere")
def test_an_unwritable_out_is_refused(tmp_path, capsys) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    _refused(capsys, ["task", "fit", str(tmp_path / "absent.csv"), "--name", "t", "--out", str(locked / "pack")],
             "is not writable")


@pytest.mark.parametrize("name", ["threads", "model", "tasks", "format", "a b", "-x"])
def test_an_input_named_like_an_option_of_predict_is_refused(tmp_path, capsys, name) -> None:
    _refused(capsys, ["task", "fit", str(tmp_path / "absent.csv"), "--name", "t", "--inputs", f"transfer,{name}",
                      "--out", str(tmp_path / "pack")], "--inputs")
    assert not (tmp_path / "pack").exists()


def test_an_unusable_cache_is_one_line_before_any_file_is_embedded(tmp_path, capsys, kernels) -> None:
    table = _table(tmp_path / "t.csv", kernels, ["CPU", "GPU"] * 6)
    cache = tmp_path / "cache"
    cache.write_text("a file, not a directory")
    _refused(capsys, ["task", "fit", str(table), "--name", "t", "--out", str(tmp_path / "pack"), "--cache", str(cache)],
             f"{cache}: not a directory")
    assert not (tmp_path / "pack").exists()


def test_a_class_too_small_for_the_inner_folds_is_one_line(tmp_path, capsys, kernels) -> None:
    table = _table(tmp_path / "t.csv", kernels, ["CPU"] * 10 + ["GPU"] * 2)
    _refused(capsys, ["task", "fit", str(table), "--name", "t", "--inputs", "transfer", "--folds", "2", "--out",
                      str(tmp_path / "pack"), "--no-baselines"], f"{table}: class 'GPU' has 2 rows")
    assert not (tmp_path / "pack").exists()


@given(keys=st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=6, unique=True))
def test_head_files_stay_inside_the_pack_and_are_distinct(keys) -> None:
    files = _head_files("task", keys)
    assert len(set(files.values())) == len(keys)
    assert all("/" not in f and "\\" not in f and ".." not in f.removesuffix(".onnx") for f in files.values())


@settings(max_examples=50, deadline=None)
@given(counts=st.lists(st.integers(1, 3000), min_size=2, max_size=4), rows=st.integers(50, 2000), seed=st.integers(0, 9))
def test_a_draw_keeps_every_class_and_at_most_its_share(counts, rows, seed) -> None:
    targets = np.repeat(np.arange(len(counts)), counts)
    pick = draw(targets, rows, seed, stratified=True)
    assert (np.diff(pick) > 0).all() and pick.max() < len(targets)
    kept = np.bincount(targets[pick], minlength=len(counts))
    assert all(k >= min(c, MIN_CLASS_ROWS) for k, c in zip(kept, counts))
    if len(targets) <= rows:
        assert len(pick) == len(targets)
    else:
        assert len(pick) <= rows + MIN_CLASS_ROWS * len(counts)
    assert (draw(targets, rows, seed, stratified=True) == pick).all()  # by seed: the same rows again


def test_many_rows_take_the_large_grids_and_few_the_full_ones() -> None:
    big = _protocol("classification", 5, 2, False, True, LARGE_ROWS + 1)
    assert big.large and set(big.learners) <= set(LARGE_CLASSIFIERS)
    assert set(_protocol("regression", 5, 1, False, True, LARGE_ROWS + 1).learners) <= set(LARGE_REGRESSORS)
    small = _protocol("classification", 5, 2, False, True, LARGE_ROWS)
    assert not small.large and len(small.learners) > len(LARGE_CLASSIFIERS)
    assert not _protocol("configuration", 5, 3, False, False, 10 * LARGE_ROWS).large  # rows per file: never many
    assert FIT_ROWS < LARGE_ROWS
