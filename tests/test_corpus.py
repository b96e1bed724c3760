"""The pre-training corpus recipe: wrapper flags, dedup and capping, manifest totals, the sample."""
from __future__ import annotations

import hashlib
import io
import json
import shutil
from pathlib import Path

import pytest

from mir_export.corpus import manifest as mf
from mir_export.corpus import wrapper
from mir_export.corpus.packages import PACKAGES, by_name
from mir_export.corpus.stats import print_stats
from mir_runtime import read_ir
from mir_runtime.statements import statements

SAMPLE = Path(__file__).parent / "data" / "corpus_sample"


# --- the wrapper -------------------------------------------------------------------------------

def test_split_args_strips_output_and_dependency_flags():
    args = ["-DHAVE_CONFIG_H", "-I", "inc", "-Isrc", "-g", "-O3", "-fopenmp", "-MD", "-MP", "-MF", ".deps/a.Tpo",
            "-Wp,-MD,.a.o.d",
            "-MT", "a.o", "-c", "src/a.c", "-o", "obj/a.o", "-Werror", "-Wall"]
    flags, sources, output = wrapper.split_args(args)
    assert sources == ["src/a.c"] and output == "obj/a.o"
    assert flags == ["-DHAVE_CONFIG_H", "-I", "inc", "-Isrc", "-fopenmp", "-Wall"]


def test_split_args_ignores_link_and_preprocess_runs():
    assert wrapper.split_args(["-E", "a.c"]) == ([], [], None)
    assert wrapper.split_args(["-MM", "a.c"]) == ([], [], None)
    flags, sources, output = wrapper.split_args(["-o", "prog", "a.o", "b.o", "-L.", "-lz", "-Wl,-E", "-shared"])
    assert sources == [] and flags == [] and output == "prog"


def test_split_args_languages_and_joined_output():
    flags, sources, output = wrapper.split_args(["-c", "x.cpp", "y.cc", "z.S", "-oout.o", "-MFdep.d", "-std=c++17"])
    assert sources == ["x.cpp", "y.cc"] and output == "out.o" and flags == ["-std=c++17"]
    assert wrapper.source_language("a.c") == "c" and wrapper.source_language("a.cxx") == "c++"
    assert wrapper.source_language("a.s") is None


def test_ir_path_follows_the_object_inside_the_build_root(tmp_path):
    root = tmp_path / "tree"
    got = wrapper.ir_path(tmp_path / "ir", root, str(root / "src/k.c"), str(root / "obj/sgemm_k.o"), 1, "O2")
    assert got == tmp_path / "ir" / "obj" / "sgemm_k.o.O2.ll"
    # several sources in one command: each is named after its own source
    got = wrapper.ir_path(tmp_path / "ir", root, str(root / "a.c"), str(root / "prog"), 2, "O0")
    assert got == tmp_path / "ir" / "a.c.O0.ll"


def test_libtool_static_twin_is_skipped(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert not wrapper.is_libtool_twin("x.o")
    (tmp_path / ".libs").mkdir()
    (tmp_path / ".libs" / "x.o").write_bytes(b"")
    assert wrapper.is_libtool_twin("x.o") and not wrapper.is_libtool_twin(".libs/x.o")


@pytest.mark.skipif(shutil.which("clang-14") is None, reason="clang-14 not installed")
def test_wrapper_compiles_and_writes_both_levels(tmp_path, monkeypatch):
    (tmp_path / "a.c").write_text("int sq(int x) { return x * x; }\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MIR_IR_DIR", str(tmp_path / "ir"))
    monkeypatch.setenv("MIR_BUILD_ROOT", str(tmp_path))
    assert wrapper.main(["cc", "-c", "a.c", "-o", "a.o", "-MD", "-MF", "a.d", "-g"]) == 0
    assert (tmp_path / "a.o").exists()
    for level in ("O0", "O2"):
        module = read_ir(tmp_path / "ir" / f"a.o.{level}.ll")
        assert [f.name for f in module.functions if not f.is_declaration] == ["@sq"]
    # a failing real compile keeps its status and writes no IR
    (tmp_path / "bad.c").write_text("int f( {\n")
    assert wrapper.main(["cc", "-c", "bad.c", "-o", "bad.o"]) != 0
    assert not list((tmp_path / "ir").glob("bad*"))


# --- dedup, capping, eval check ----------------------------------------------------------------

def _module(pkg: str, path: str, funcs: list[tuple[str, int]], sha: str | None = None) -> dict:
    return {"package": pkg, "path": f"{pkg}/{path}", "sha256": sha or f"{pkg}/{path}", "language": "c",
            "openmp": False, "functions": list(funcs)}


def test_select_dedups_functions_first_occurrence_wins():
    mods = [_module("a", "1.ll", [("f", 10), ("g", 5)]), _module("a", "2.ll", [("f", 10), ("h", 3)]),
            _module("b", "1.ll", [("g", 5), ("k", 7)])]
    kept, excluded = mf.select(mods, set(), max_share=1.0)
    assert not excluded
    assert [(m["unique_functions"], m["unique_statements"]) for m in kept] == [(2, 15), (1, 3), (1, 7)]


def test_select_drops_duplicate_unreadable_and_eval_modules():
    mods = [_module("a", "1.ll", [("f", 1)], sha="S"), _module("a", "2.ll", [("g", 1)], sha="S"),
            _module("a", "3.ll", [("evalfn", 4)]), {**_module("a", "4.ll", []), "error": "x.ll:3:1: bad"}]
    kept, excluded = mf.select(mods, {"evalfn"}, max_share=1.0)
    assert [m["path"] for m in kept] == ["a/1.ll"]
    assert {e["path"]: e["reason"] for e in excluded} == {
        "a/2.ll": "duplicate-module", "a/3.ll": "eval-overlap", "a/4.ll": "read-error"}


def test_package_cap_limits_the_dominant_package():
    sizes = {"big": 1000, "p1": 10, "p2": 10, "p3": 10, "p4": 10, "p5": 10}
    cap = mf.package_cap(sizes, 0.25)
    capped = {k: min(v, cap) for k, v in sizes.items()}
    assert cap == pytest.approx(0.25 * sum(capped.values()), abs=1)
    assert mf.package_cap({"a": 5, "b": 5}, 0.25) == float("inf")  # share unreachable with 2 packages
    mods = [_module("big", f"{i}.ll", [(f"b{i}", 100)]) for i in range(10)]
    mods += [_module(f"p{i}", "m.ll", [(f"p{i}", 10)]) for i in range(1, 6)]
    kept, excluded = mf.select(mods, set(), max_share=0.25)
    big = sum(m["unique_statements"] for m in kept if m["package"] == "big")
    assert big <= cap + 100 and {e["reason"] for e in excluded} == {"package-cap"}


# --- the manifest ------------------------------------------------------------------------------

IR_F = """source_filename = "{src}"
define i32 @{name}(i32 %x) {{
entry:
  %y = mul i32 %x, {k}
  ret i32 %y
}}
"""


def _write_corpus(root: Path) -> list[dict]:
    files = {"p/a.o.O0.ll": IR_F.format(src="a.c", name="f", k=3),
             "p/b.o.O0.ll": IR_F.format(src="b.cpp", name="g", k=3),  # same body as @f: not unique
             "q/k.cl.O0.ll": IR_F.format(src="k.cl", name="h", k=5),
             "q/e.o.O0.ll": IR_F.format(src="e.c", name="e", k=7)}  # the evaluation set has this one
    for rel, text in files.items():
        (root / "ir" / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / "ir" / rel).write_text(text)
    (root / "eval").mkdir()
    (root / "eval" / "kernel.ll").write_text(IR_F.format(src="x.cl", name="kern", k=7))
    return [{"name": "p", "source": "debian", "version": "1.0", "license": "MIT", "seconds": 1.5, "ir_files": 2},
            {"name": "q", "source": "pypi", "version": "2.0", "license": "ISC", "seconds": 2.0, "ir_files": 2}]


def test_manifest_totals_match_rows_and_packages(tmp_path):
    records = _write_corpus(tmp_path)
    m = mf.write_manifest(tmp_path, records, jobs=2, max_share=1.0, eval_glob=str(tmp_path / "eval" / "*.ll"))
    on_disk = json.loads((tmp_path / mf.MANIFEST).read_text())
    assert on_disk["modules"] == m["modules"] == 3
    assert (m["functions"], m["unique_functions"], m["statements"], m["unique_statements"]) == (3, 2, 6, 4)
    assert m["eval_check"] | {"glob": None} == {"glob": None, "eval_files": 1, "eval_functions": 1,
                                                  "overlapping_functions": 0, "excluded_modules": ["q/e.o.O0.ll"]}
    assert [(p["name"], p["version"], p["license"], p["modules"], p["statements"]) for p in m["packages"]] == [
        ("p", "1.0", "MIT", 2, 4), ("q", "2.0", "ISC", 1, 2)]
    rows = [dict(zip(m["module_columns"], r)) for r in on_disk["module_rows"]]
    for key in mf.COUNTS[1:]:
        assert sum(r[key] for r in rows) == m[key]
    sha = hashlib.sha256((tmp_path / "ir" / "p/a.o.O0.ll").read_bytes()).hexdigest()
    assert rows[0]["sha256"] == sha
    assert {r["language"] for r in rows} == {"c", "c++", "opencl"}
    assert m["build"]["seconds"] == 3.5 and m["build"]["machine"]["cores"] >= 1
    out = io.StringIO()
    assert print_stats(tmp_path, out=out) == 0
    assert "opencl" in out.getvalue() and "pypi" in out.getvalue()


def test_package_list_is_pinned_and_licensed():
    assert len(PACKAGES) >= 12 and len({p.name for p in PACKAGES}) == len(PACKAGES)
    assert all(p.version and p.license and p.steps and p.source in ("debian", "pypi") for p in PACKAGES)
    assert {"openmp", "opencl"} <= {t for p in PACKAGES for t in p.tags}
    assert [p.name for p in by_name(["zlib", "bzip2"])] == ["zlib", "bzip2"]  # recipe order, not argument order
    with pytest.raises(KeyError):
        by_name(["rodinia"])


# --- the committed sample ----------------------------------------------------------------------

def _sample_index() -> dict:
    return json.loads((SAMPLE / "sample.json").read_text())


def test_sample_is_small_and_licensed():
    index = _sample_index()
    files = sorted(SAMPLE.rglob("*.ll"))
    assert 24 <= len(files) == len(index["modules"])
    assert sum(f.stat().st_size for f in SAMPLE.rglob("*")) < 2_000_000
    licenses = {p["name"]: p["license"] for p in index["packages"]}
    for mod in index["modules"]:
        assert licenses[mod["package"]]
        assert hashlib.sha256((SAMPLE / mod["path"]).read_bytes()).hexdigest() == mod["sha256"]


@pytest.mark.parametrize("path", sorted(p.relative_to(SAMPLE).as_posix() for p in SAMPLE.rglob("*.ll")))
def test_sample_module_is_read_by_the_ir_reader(path):
    module = read_ir(SAMPLE / path)
    assert any(not f.is_declaration for f in module.functions)
    assert statements(module)
