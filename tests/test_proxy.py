"""The retrieval proxy: its figures on vectors with known answers, and its bad input."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from scipy import sparse

from mir_export import cli
from mir_export.corpus.variant_build import MANIFEST
from mir_export.pretrain.retrieval import ranks, retrieval
from mir_export.corpus.pairs import select_pairs
from mir_export.features.bags import identifier_counts
from mir_export.proxy.vectors import vectors

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def test_perfect_vectors_find_every_target():
    v = np.random.default_rng(0).normal(size=(50, 8))
    got = retrieval(v, v * 3.0, min_candidates=10)  # cosine: the scale does not matter
    assert (got["recall_at_1"], got["mrr"], got["candidates"], got["below_minimum"]) == (1.0, 1.0, 50, False)


def test_a_known_rank_gives_its_recall_and_mrr():
    n = 6
    targets = np.eye(n)
    queries = targets + 2 * np.roll(targets, 1, axis=1)  # query i is nearest target i+1, then its own
    assert ranks(queries, targets).tolist() == [2] * n
    got = retrieval(queries, targets, min_candidates=n)
    assert got["recall_at_1"] == 0.0 and got["mrr"] == 0.5


def test_ties_and_zero_vectors_count_against_the_query():
    same = np.ones((4, 3))
    assert ranks(same, same).tolist() == [4, 4, 4, 4]  # indistinguishable: last, never a hit
    assert ranks(np.zeros((3, 2)), np.zeros((3, 2))).tolist() == [3, 3, 3]


def test_random_vectors_score_near_chance():
    rng = np.random.default_rng(1)
    n = 400
    got = retrieval(rng.normal(size=(n, 64)), rng.normal(size=(n, 64)), min_candidates=n)
    chance_mrr = sum(1 / k for k in range(1, n + 1)) / n  # mean of 1/rank for a uniform rank
    assert got["recall_at_1"] < 0.02 and got["mrr"] == pytest.approx(chance_mrr, abs=0.02)


def test_too_few_candidates_are_reported_not_passed():
    v = np.eye(5)
    got = retrieval(v, v)
    assert got["recall_at_1"] == 1.0 and got["candidates"] == 5 and got["below_minimum"] is True


def test_sparse_rows_rank_as_dense_ones():
    rng = np.random.default_rng(2)
    dense = rng.random((30, 12)) * (rng.random((30, 12)) < 0.3)
    dense[4] = 0  # a failed file: similar to nothing
    queries = dense + 0.1 * rng.random((30, 12)) * (dense > 0)
    np.testing.assert_array_equal(ranks(sparse.csr_matrix(queries), sparse.csr_matrix(dense)), ranks(queries, dense))


IDENTIFIERS = """@g = global i32 0
@"odd name" = global i32 1
declare i32 @puts(ptr)
define i32 @f(i32 %a) {
  %x = load i32, ptr @g
  %y = call i32 @puts(ptr @"odd name")
  %z = call i32 @puts(ptr @g)
  ret i32 %x
}
"""


def test_the_identifier_bag_counts_the_names_the_statements_reference(tmp_path):
    path = tmp_path / "f.ll"
    path.write_text(IDENTIFIERS)
    assert identifier_counts(path) == {"@g": 2, "@puts": 2, '@"odd name"': 1}
    (tmp_path / "bad.ll").write_text("define i32 @f( {")
    assert identifier_counts(tmp_path / "bad.ll") == {}


def test_the_bag_baselines_find_a_function_by_what_it_names(tmp_path):
    """-O0 and -O2 forms of three functions that call different things: each bag finds its pair."""
    files = []
    for name, callee in (("a", "puts"), ("b", "abort"), ("c", "exit")):
        o0 = tmp_path / f"{name}0.ll"
        o0.write_text(f"declare void @{callee}(i32)\ndefine void @{name}(i32 %x) {{\n  %p = alloca i32\n"
                      f"  store i32 %x, ptr %p\n  %v = load i32, ptr %p\n  call void @{callee}(i32 %v)\n  ret void\n}}\n")
        o2 = tmp_path / f"{name}2.ll"
        o2.write_text(f"declare void @{callee}(i32)\ndefine void @{name}(i32 %x) {{\n  call void @{callee}(i32 %x)\n"
                      "  ret void\n}\n")
        files += [o0, o2]
    for method in ("identifiers", "tokens"):
        found, failures = vectors(method, files, ARTIFACTS)
        assert sparse.issparse(found) and failures == {}
        assert ranks(found[0::2], found[1::2]).tolist() == [1, 1, 1], method
    with pytest.raises(ValueError, match="model directory"):
        vectors("tokens", files, None)


UNITS = {False: "u0.o", True: "u18.o"}  # a training unit and a held-out one (corpus.split.held_out_unit)


def _function(name: str, held_out: bool, keys: dict[str, str]) -> dict:
    return {"package": "p", "unit": UNITS[held_out], "name": name, "held_out": held_out,
            "variants": {v: [k, 5] for v, k in keys.items()}}


def _manifest(functions: list[dict]) -> dict:
    return {"units": [{"package": "p", "unit": unit, "variants": {v: f"p/{unit}.{v}.ll" for v in ("clang-13-O0",
                                                                                                    "clang-13-O2")}}
                      for unit in UNITS.values()],
            "functions": functions}


def test_pairs_leave_out_other_split_missing_seen_and_duplicate_functions():
    functions = [
        _function("@train", False, {"clang-13-O0": "t0", "clang-13-O2": "t2"}),
        _function("@ok", True, {"clang-13-O0": "a0", "clang-13-O2": "a2"}),
        _function("@inlined", True, {"clang-13-O0": "b0"}),
        _function("@header", True, {"clang-13-O0": "t0", "clang-13-O2": "c2"}),
        _function("@twin", True, {"clang-13-O0": "d0", "clang-13-O2": "a2"}),
    ]
    pairs, dropped = select_pairs(_manifest(functions), "clang-13-O0", "clang-13-O2")
    assert [p.name for p in pairs] == ["@ok"] and pairs[0].target == "p/u18.o.clang-13-O2.ll"
    assert dropped == {"other_split": 1, "missing_variant": 1, "small": 0, "seen_in_training": 1, "duplicate": 1}
    stale = [dict(f, held_out=not f["held_out"]) for f in functions]  # the split is the unit's, not the row's
    assert select_pairs(_manifest(stale), "clang-13-O0", "clang-13-O2") == (pairs, dropped)
    every, _ = select_pairs(_manifest(functions), "clang-13-O0", "clang-13-O2", held_out=False)
    assert [p.name for p in every] == ["@train", "@ok"]  # @header repeats @train's -O0, @twin @ok's -O2


def _proxy(variants: Path, capsys) -> tuple[int, str]:
    rc = cli.main(["pretrain", "proxy", "--variants", str(variants), "--model", str(ARTIFACTS), "--methods", "opcodes"])
    return rc, capsys.readouterr().err.strip()


def test_a_variants_directory_without_manifest_is_one_line(tmp_path, capsys):
    rc, err = _proxy(tmp_path, capsys)
    assert rc == 2 and len(err.splitlines()) == 1 and str(tmp_path / MANIFEST) in err


def test_a_missing_variant_file_is_one_located_line(tmp_path, capsys):
    manifest = _manifest([_function("@f", True, {"clang-13-O0": "a0", "clang-13-O2": "a2"})])
    (tmp_path / MANIFEST).write_text(json.dumps(manifest))
    rc, err = _proxy(tmp_path, capsys)
    assert rc == 2 and len(err.splitlines()) == 1
    assert str(tmp_path / "ir" / "p" / "u18.o.clang-13-O0.ll") in err and "@f" in err


def test_a_function_row_without_its_unit_is_one_located_line(tmp_path, capsys):
    manifest = _manifest([_function("@f", True, {"clang-13-O0": "a0", "clang-13-O2": "a2"})])
    manifest["units"] = []
    (tmp_path / MANIFEST).write_text(json.dumps(manifest))
    rc, err = _proxy(tmp_path, capsys)
    assert rc == 2 and len(err.splitlines()) == 1 and "function 0 (p/u18.o @f)" in err
