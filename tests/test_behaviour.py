"""Compiler-behaviour labels: deterministic, computed with optnone stripped, resumable without
rewriting anything, a bad function recorded rather than fatal, and inputs guarded: never the size
task's packages, never a file of the evaluation data sets, never a corpus built unchecked."""
from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mir_export.corpus import behaviour_build
from mir_export.corpus.behaviour import FEATURES, LABEL_NAMES, RUNS, function_labels, label_vector, read_remarks
from mir_export.corpus.behaviour_build import LABELS, MANIFEST, BehaviourError, build_labels, input_modules
from mir_export.corpus.split import held_out_path
from mir_export.corpus.size_recipe import tool
from mir_export.corpus.size_recipe import PACKAGES as SIZE_PACKAGES

PROGRAMS = Path(__file__).resolve().parent / "programs"
needs_llvm = pytest.mark.skipif(any(shutil.which(tool(t)) is None for t in ("clang", "opt", "llvm-extract")),
                                reason="LLVM 14 tools not installed")
INSTRUCTIONS = FEATURES.index("instructions")


def _compile(program: str, dest: Path) -> Path:
    dest.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([tool("clang"), "-O0", "-S", "-emit-llvm", str(PROGRAMS / program), "-o", str(dest)], check=True)
    return dest


def _unit(split: str, stem: str = "u") -> str:
    """A unit name (below ir/zlib) that falls in ``split``."""
    return next(f"{stem}{k}" for k in range(1000)
                if held_out_path(f"ir/zlib/{stem}{k}.O0.ll") == (split == "held-out"))


def _corpus(root: Path, modules: dict[str, str], eval_glob: str | None = "datasets/*/kernels_ir/*.ll") -> Path:
    """A corpus directory: each ``ir/<path>`` compiled from a test program, and a manifest listing them."""
    corpus = root / "corpus"
    for path, program in modules.items():
        _compile(program, corpus / "ir" / path)
    manifest = {"eval_check": {"glob": eval_glob}, "module_columns": ["path"], "module_rows": [[p] for p in modules]}
    (corpus / "corpus-manifest.json").write_text(json.dumps(manifest))
    return corpus


@pytest.fixture(scope="module")
def loops(tmp_path_factory) -> Path:
    return _compile("loops.c", tmp_path_factory.mktemp("behaviour") / "loops.O0.ll")


@needs_llvm
def test_labels_are_deterministic_and_optnone_is_stripped(loops):
    first = function_labels(loops, "@sum_array")
    assert first == function_labels(loops, "@sum_array")
    assert not first["errors"] and set(first["features"]) == {"O0", *RUNS}
    assert all(len(row) == len(FEATURES) for row in first["features"].values())
    # with optnone kept, opt would leave the function as it is
    assert first["features"]["O2"][INSTRUCTIONS] != first["features"]["O0"][INSTRUCTIONS]
    assert first["features"]["O0"][FEATURES.index("loops")] == 1  # one for loop
    alloca = FEATURES.index("op:alloca")
    assert first["features"]["sroa"][alloca] == 0 < first["features"]["O0"][alloca]
    assert first["remarks"]["loop-vectorize"]["Passed/loop-vectorize/Vectorized"] == 1
    vector = dict(zip(LABEL_NAMES, label_vector(first), strict=True))
    assert not any(math.isnan(v) for v in vector.values()) and vector["O2:Passed/loop-vectorize/Vectorized"] > 0
    assert vector["loop-vectorize:max/VectorizationFactor"] > 0
    assert vector["sroa:op:alloca"] < 0 and vector["gvn:op:alloca"] == 0  # gvn starts from the canonical form


@needs_llvm
def test_a_bad_function_is_recorded_not_fatal(loops):
    assert "doesn't contain function" in function_labels(loops, "@missing")["error"]
    stalled = function_labels(loops, "@sum_array", timeout=1e-4)
    assert stalled["errors"]["canonical"].startswith("timeout")
    assert stalled["errors"]["gvn"] == "no canonical output to start from"
    assert set(stalled["features"]) == {"O0"}
    assert all(math.isnan(v) for v in label_vector(stalled))


@needs_llvm
def test_a_surprise_in_one_function_is_recorded_and_the_run_goes_on(tmp_path, monkeypatch):
    real = behaviour_build.function_labels

    def flaky(module, name, timeout):
        if name == "@main":
            raise MemoryError("out of memory")
        return real(module, name, timeout)

    monkeypatch.setattr(behaviour_build, "function_labels", flaky)  # the workers are forked: they see it
    corpus = _corpus(tmp_path, {f"zlib/{_unit('train')}.O0.ll": "switch.c"})
    manifest = build_labels(corpus, tmp_path / "labels", jobs=1, datasets=tmp_path / "datasets")
    rows = {r["name"]: r for r in map(json.loads, (tmp_path / "labels" / LABELS).read_text().splitlines())}
    assert rows["@main"]["error"] == "MemoryError: out of memory" and manifest["failed_whole"] == 1
    assert manifest["labelled"] == len(rows) > 1 and all("features" in r for n, r in rows.items() if n != "@main")


def test_feature_order_is_the_same_in_every_process():
    """Resumed runs append to one file: a column may not move with the interpreter's hash seed."""
    code = "from mir_export.corpus.behaviour import LABEL_NAMES; print(','.join(LABEL_NAMES))"
    seen = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout.strip() for seed in ("1", "2")}
    assert seen == {",".join(LABEL_NAMES)}


def test_remarks_counted_with_their_factors():
    text = ("--- !Passed\nPass:            loop-vectorize\nName:            Vectorized\nArgs:\n"
            "  - VectorizationFactor: '4'\n  - InterleaveCount: '2'\n...\n"
            "--- !Missed\nPass:            gvn\nName:            LoadClobbered\n...\n")
    assert read_remarks(text) == {"Passed/loop-vectorize/Vectorized": 1, "Missed/gvn/LoadClobbered": 1,
                                  "max/VectorizationFactor": 4, "max/InterleaveCount": 2}


@needs_llvm
def test_resumed_run_writes_nothing_new(tmp_path):
    train, again, held = _unit("train"), _unit("train", "v"), _unit("held-out")
    corpus = _corpus(tmp_path, {f"zlib/{train}.O0.ll": "stencil.c", f"zlib/{again}.O0.ll": "stencil.c",
                                f"zlib/{held}.O0.ll": "switch.c", f"zlib/{train}.O2.ll": "switch.c"})
    out, datasets = tmp_path / "labels", tmp_path / "datasets"
    first = build_labels(corpus, out, jobs=1, limit=2, datasets=datasets)
    assert first["labelled"] == 2 and first["functions"] == 5  # stencil.c's, once; not the held-out unit's
    whole = build_labels(corpus, out, jobs=1, datasets=datasets)
    assert whole["labelled"] == 5 and whole["failed_whole"] == 0 and len(whole["invocations"]) == 2
    assert (out / "bitcode" / "ir" / "zlib" / f"{train}.O0.ll.bc").is_file()  # cut from bitcode
    labels = (out / LABELS).read_bytes()
    rows = [json.loads(line) for line in labels.splitlines()]
    assert len({r["key"] for r in rows}) == 5 and {r["module"] for r in rows} == {f"ir/zlib/{train}.O0.ll"}
    again_run = build_labels(corpus, out, jobs=1, datasets=datasets)
    assert (out / LABELS).read_bytes() == labels and again_run["invocations"][-1]["labelled"] == 0
    manifest = json.loads((out / MANIFEST).read_text())
    assert manifest["features"] == list(FEATURES) and set(manifest["runs"]) == set(RUNS)
    assert "14." in manifest["opt"] and manifest["split"] == "train"
    with pytest.raises(BehaviourError, match="another split"):
        build_labels(corpus, out, split="held-out", jobs=1, datasets=datasets)
    (out / MANIFEST).write_text(json.dumps({**manifest, "features": manifest["features"][::-1]}))
    with pytest.raises(BehaviourError, match="other runs or feature columns"):
        build_labels(corpus, out, jobs=1, datasets=datasets)


@needs_llvm
def test_size_task_packages_and_evaluation_data_are_never_inputs(tmp_path):
    size_package = SIZE_PACKAGES[0].name
    corpus = _corpus(tmp_path / "a", {f"{size_package}/{_unit('train')}.O0.ll": "switch.c"})
    with pytest.raises(BehaviourError, match=f"package {size_package} belongs to the held-out size task"):
        input_modules(corpus, "train", tmp_path / "datasets")
    with pytest.raises(BehaviourError, match="evaluation overlap check"):
        input_modules(_corpus(tmp_path / "b", {f"zlib/{_unit('train')}.O0.ll": "switch.c"}, None), "train",
                      tmp_path / "datasets")
    datasets = tmp_path / "datasets"
    inside = _corpus(datasets, {f"zlib/{_unit('train')}.O0.ll": "switch.c"})
    with pytest.raises(BehaviourError, match="under the evaluation data sets"):
        input_modules(inside, "train", datasets)
    linked = tmp_path / "c" / "corpus"
    (linked / "ir").mkdir(parents=True)
    (linked / "ir" / "zlib").symlink_to(inside / "ir" / "zlib")
    shutil.copy(inside / "corpus-manifest.json", linked)
    with pytest.raises(BehaviourError, match="under the evaluation data sets"):
        input_modules(linked, "train", datasets)
    with pytest.raises(BehaviourError, match="not one of the corpus recipe"):
        input_modules(_corpus(tmp_path / "d", {f"mine/{_unit('train')}.O0.ll": "switch.c"}), "train", datasets)
    with pytest.raises(BehaviourError, match="write the labels elsewhere"):
        build_labels(_corpus(tmp_path / "e", {f"zlib/{_unit('train')}.O0.ll": "switch.c"}), datasets / "out",
                     datasets=datasets)
    assert behaviour_build.default_datasets().name == "datasets"  # the guard's default: where the suite reads


def test_cli_names_a_bad_corpus_in_one_line(tmp_path):
    done = subprocess.run(["mir-export", "corpus", "behaviour", "--corpus", str(tmp_path), "--out",
                           str(tmp_path / "out")], capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "corpus-manifest.json: missing" in done.stderr
