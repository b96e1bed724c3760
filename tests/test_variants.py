"""Compile variants of the corpus's units: grouping by function, sampling, resuming, bad input."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mir_export import cli
from mir_export.corpus import split as corpus_split_rule
from mir_export.corpus.build import COMMANDS, OPENCL_FLAGS
from mir_export.corpus.variant_build import INVOCATIONS, JOURNAL, MANIFEST, build_variants, is_held_out, sample
from mir_export.corpus.variants import Unit, compile_unit
from mir_export.corpus.pairs import select_pairs

CLANGS = ("clang-13", "clang-19")
TWO_FUNCTIONS = "int sq(int x) { return x * x; }\nint add3(int a, int b, int c) { return sq(a) + b + c; }\n"


def _corpus(tmp_path: Path) -> Path:
    """A corpus as 'corpus build' leaves it: a build tree, the -O0 IR and the compile record."""
    tree = tmp_path / "src" / "pkg" / "tree"
    tree.mkdir(parents=True)
    (tree / "a.c").write_text(TWO_FUNCTIONS)
    ir = tmp_path / "ir" / "pkg"
    ir.mkdir(parents=True)
    (ir / "a.o.O0.ll").write_text("; the corpus's own IR\n")
    (ir / COMMANDS).write_text(json.dumps({"unit": "a.o", "kind": "cc", "cwd": str(tree), "source": "a.c",
                                           "flags": ["-DUNUSED=1"]}) + "\n")
    return tmp_path


@pytest.mark.skipif(any(shutil.which(c) is None for c in CLANGS), reason="clang-13 or clang-19 not installed")
def test_variants_of_one_function_are_grouped_under_its_key(tmp_path):
    corpus, out = _corpus(tmp_path / "corpus"), tmp_path / "variants"
    manifest = build_variants(corpus, out, 10, max_share=1.0, compilers=CLANGS, levels=("O0", "O2"),
                              log=lambda _: None)
    expected = {"clang-13-O0", "clang-13-O2", "clang-19-O0", "clang-19-O2"}
    functions = {(f["package"], f["unit"], f["name"]): f for f in manifest["functions"]}
    assert set(functions) == {("pkg", "a.o", "@sq"), ("pkg", "a.o", "@add3")}
    for f in functions.values():
        assert set(f["variants"]) == expected
        key, statements = f["variants"]["clang-13-O0"]
        assert len(key) == 32 and statements >= 2
    unit = manifest["units"][0]
    assert not unit["errors"] and set(unit["variants"]) == expected
    assert all((out / "ir" / path).is_file() for path in unit["variants"].values())
    assert manifest["build"]["cpu_seconds"] >= 0 and manifest["split"]["held_out_units"] == is_held_out(
        Unit("pkg", "a.o", "cc", "", "", ()))
    # resuming compiles nothing again
    again = build_variants(corpus, out, 10, max_share=1.0, compilers=CLANGS, levels=("O0", "O2"), log=lambda _: None)
    assert len((out / JOURNAL).read_text().splitlines()) == 1
    assert again["functions"] == manifest["functions"]
    assert again["sampling"]["complete"] and json.loads((out / MANIFEST).read_text()) == again


def test_sampling_spreads_packages_caps_them_and_takes_held_out_units_first():
    units = [Unit(p, f"u{k}.o", "cc", "", "", ()) for p, n in (("big", 200), ("small", 3)) for k in range(n)]
    chosen = sample(units, 20, max_share=0.5)
    assert [u.package for u in chosen[:6]] == ["big", "small"] * 3
    assert sum(u.package == "big" for u in chosen) == 10 and len(chosen) == 13  # capped at ceil(0.5 * 20)
    big = [is_held_out(u) for u in chosen if u.package == "big"]
    assert big == sorted(big, reverse=True) and any(big)  # held out first (200 units: some are)
    assert sample(units, 20, max_share=0.5) == chosen  # deterministic


def test_a_corpus_without_compile_records_is_one_line(tmp_path, capsys):
    (tmp_path / "ir" / "pkg").mkdir(parents=True)
    assert cli.main(["corpus", "variants", "--corpus", str(tmp_path), "--out", str(tmp_path / "v"),
                     "--compilers", "sh"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(tmp_path / "ir") in err and COMMANDS in err
    assert not (tmp_path / "v" / MANIFEST).exists()


@pytest.mark.skipif(any(shutil.which(c) is None for c in CLANGS), reason="clang-13 or clang-19 not installed")
def test_openmp_units_compile_by_every_clang_and_failed_units_are_tried_again(tmp_path):
    corpus, out = _corpus(tmp_path / "corpus"), tmp_path / "variants"
    tree = corpus / "src" / "pkg" / "tree"
    (corpus / "ir" / "pkg" / COMMANDS).write_text(json.dumps(
        {"unit": "a.o", "kind": "cc", "cwd": str(tree), "source": "a.c", "flags": ["-fopenmp"]}) + "\n")
    (tree / "a.c").unlink()  # every variant fails
    first = build_variants(corpus, out, 10, max_share=1.0, compilers=CLANGS, levels=("O2",), log=lambda _: None)
    assert not first["units"][0]["variants"] and len(first["units"][0]["errors"]) == 2
    (tree / "a.c").write_text("#include <omp.h>\nint threads(int *a, int n) {\n#pragma omp parallel for\n"
                              "  for (int i = 0; i < n; i++) a[i] = omp_get_thread_num();\n  return n; }\n")
    again = build_variants(corpus, out, 10, max_share=1.0, compilers=CLANGS, levels=("O2",), log=lambda _: None)
    assert not again["units"][0]["errors"], again["units"][0]["errors"]  # omp.h found for both clangs
    assert set(again["units"][0]["variants"]) == {"clang-13-O2", "clang-19-O2"}
    assert len((out / JOURNAL).read_text().splitlines()) == 2


def test_a_stopped_run_records_its_cost_and_a_manifest_of_what_it_finished(tmp_path):
    corpus, out, bin_ = _corpus(tmp_path / "corpus"), tmp_path / "variants", tmp_path / "bin"
    bin_.mkdir()
    started = tmp_path / "started"
    (bin_ / "clang-13").write_text(f"#!/bin/sh\ntouch {started}\nsleep 2\nexit 1\n")  # stopped mid-unit
    (bin_ / "clang-13").chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_}:{os.environ['PATH']}"}
    run = subprocess.Popen([sys.executable, "-m", "mir_export.cli", "corpus", "variants", "--corpus", str(corpus),
                            "--out", str(out), "--compilers", "clang-13", "--levels", "O0", "O2"], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not started.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    run.send_signal(signal.SIGTERM)
    assert run.wait(timeout=30) == 143
    recorded = json.loads((out / INVOCATIONS).read_text())
    assert recorded["wall_seconds"] > 0 and recorded["units"] == 1
    manifest = json.loads((out / MANIFEST).read_text())  # usable before the build ends: the units finished
    assert manifest["sampling"]["complete"] is False and manifest["units"] == [] and manifest["functions"] == []


@pytest.mark.skipif(any(shutil.which(c) is None for c in CLANGS), reason="clang-13 or clang-19 not installed")
def test_opencl_variants_keep_the_kernels_and_their_callees(tmp_path):
    (tmp_path / "k.cl").write_text("int helper(int x) { return x * 3 + 1; }\n"
                                   "__kernel void m00000_k(__global int *a) { a[get_global_id(0)] = helper(a[0]); }\n"
                                   "__kernel void other(__global int *a) { a[0] = 1; }\n")
    unit = Unit("hashcat", "OpenCL/k.cl", "opencl", str(tmp_path), "k.cl", tuple(OPENCL_FLAGS))
    got = compile_unit(unit, tmp_path / "ir", CLANGS, ("O0", "O2"))
    assert not got["errors"]
    assert set(got["functions"]["@m00000_k"]) == {"clang-13-O0", "clang-13-O2", "clang-19-O0", "clang-19-O2"}
    assert "@other" not in got["functions"] and set(got["functions"]["@helper"]) >= {"clang-13-O0", "clang-19-O0"}


def test_the_split_is_the_pretraining_split_and_holds_out_whole_units(tmp_path):
    units = [Unit("pkg", f"src/u{k}.o", "cc", "", "", ()) for k in range(400)]
    for level in ("O0", "O2"):  # every corpus module of a unit on its unit's side
        corpus_split = [corpus_split_rule.is_held_out(tmp_path, tmp_path / "ir" / "pkg" / f"{u.unit}.{level}.ll")
                        for u in units]
        assert [is_held_out(u) for u in units] == corpus_split and 0 < sum(corpus_split) < 60
    assert all(corpus_split_rule.held_out_path(f"ir/pkg/{u.unit}.O0.ll") == corpus_split_rule.held_out_path(
        f"ir/pkg/{u.unit}.O2.ll") == corpus_split_rule.held_out_unit("pkg", u.unit) for u in units)


def test_the_proxy_never_scores_a_unit_on_both_sides():
    """Every variant of a unit in one split: no held-out pair's unit has a function in training."""
    units = [f"u{k}.o" for k in range(60)]
    variants = ("clang-13-O0", "clang-13-O2", "clang-19-O2")
    manifest = {"units": [{"package": "p", "unit": u, "variants": {v: f"p/{u}.{v}.ll" for v in variants}}
                          for u in units],
                "functions": [{"package": "p", "unit": u, "name": f"@f{k}", "held_out": False,
                               "variants": {v: [f"{u}/{k}/{v}", 5] for v in variants}}
                              for u in units for k in range(2)]}
    held = {p.unit for p in select_pairs(manifest, "clang-13-O0", "clang-13-O2")[0]}
    trained = {u for u in units if not corpus_split_rule.held_out_unit("p", u)}
    assert held and not held & trained and held | trained == set(units)
