"""The embedding's whitening for similarity search: its statistics, its ONNX form against numpy on
unseen rows, the command that adds it to a model directory, and the runtime's use of it."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("sklearn")

from mir_export.cli import main  # noqa: E402
from mir_export.export.whitening import (corpus_stage, fit_whitening, fit_within, training_modules,  # noqa: E402
                                  variant_functions, whitening_model)
from models import IR, LOOP  # noqa: E402


def _correlated(rows: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.normal(size=(rows, 6)) @ np.random.default_rng(99).normal(size=(6, 6)) + 5.0


def test_whitened_rows_have_the_estimated_covariance_as_identity() -> None:
    from sklearn.covariance import LedoitWolf

    x = _correlated(400, 0)
    mean, matrix, shrinkage = fit_whitening(x)
    estimate = LedoitWolf().fit(x)
    np.testing.assert_allclose(mean, x.mean(0))
    np.testing.assert_allclose(matrix.T @ estimate.covariance_ @ matrix, np.eye(6), atol=1e-8)
    assert shrinkage == pytest.approx(estimate.shrinkage_)
    with pytest.raises(ValueError, match="at least 2"):
        fit_whitening(x[:1])


def test_the_onnx_form_equals_numpy_on_unseen_rows() -> None:
    ort = pytest.importorskip("onnxruntime")
    mean, matrix, _ = fit_whitening(_correlated(300, 1))
    session = ort.InferenceSession(whitening_model(mean, matrix).SerializeToString(), providers=["CPUExecutionProvider"])
    unseen = _correlated(7, 2).astype(np.float32)
    got = session.run(None, {"embedding": unseen})[0]
    np.testing.assert_allclose(got, (unseen - mean) @ matrix, rtol=1e-4, atol=1e-4)


def test_the_within_stage_whitens_each_group_around_its_own_mean() -> None:
    from sklearn.covariance import LedoitWolf

    rng = np.random.default_rng(3)
    groups = np.repeat(np.arange(300), 3)
    mixing = np.random.default_rng(98).normal(size=(6, 6))
    x = 10 * rng.normal(size=(300, 6))[groups] + rng.normal(size=(900, 6)) @ mixing  # far centres, correlated spread
    matrix, shrinkage = fit_within(x, groups)
    deviations = x - np.stack([x[groups == g].mean(0) for g in range(300)])[groups]
    estimate = LedoitWolf(assume_centered=True).fit(deviations)
    np.testing.assert_allclose(matrix.T @ estimate.covariance_ @ matrix, np.eye(6), atol=1e-8)
    assert shrinkage == pytest.approx(estimate.shrinkage_)
    lone = fit_within(np.vstack([x, 50 * np.ones((1, 6))]), np.append(groups, 999))  # a group of one says nothing
    np.testing.assert_allclose(lone[0], matrix)
    with pytest.raises(ValueError, match="at least 2 groups"):
        fit_within(x[:4], [0, 0, 1, 2])


def test_the_two_stage_onnx_form_equals_numpy_and_keeps_its_corpus_stage(tmp_path) -> None:
    ort = pytest.importorskip("onnxruntime")
    import onnx

    mean, matrix, _ = fit_whitening(_correlated(300, 1))
    within = np.random.default_rng(4).normal(size=(6, 6))
    model = whitening_model(mean, matrix, within)
    session = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    unseen = _correlated(7, 2).astype(np.float32)
    np.testing.assert_allclose(session.run(None, {"embedding": unseen})[0], (unseen - mean) @ matrix @ within,
                               rtol=1e-4, atol=1e-3)
    onnx.save(model, str(tmp_path / "w.onnx"))
    got_mean, got_matrix = corpus_stage(tmp_path / "w.onnx")
    np.testing.assert_allclose(got_mean, mean, rtol=1e-6)
    np.testing.assert_allclose(got_matrix, matrix, rtol=1e-6)


TRAINING_UNITS, HELD_OUT_UNIT = ("u0.o", "u1.o", "u2.o"), "u18.o"  # corpus.split.held_out_unit


def _variants_manifest(functions: list[tuple[str, str, dict]]) -> dict:
    levels = ("clang-13-O0", "clang-13-O2")
    return {"command": "mir-export corpus variants --corpus C --out V", "corpus": "/nonexistent",
            "units": [{"package": "p", "unit": u, "variants": {v: f"p/{u}.{v}.ll" for v in levels}}
                      for u in (*TRAINING_UNITS, HELD_OUT_UNIT)],
            "functions": [{"package": "p", "unit": unit, "name": name, "variants": keys}
                          for unit, name, keys in functions]}


def test_the_within_stage_samples_training_functions_the_proxy_never_scores(tmp_path) -> None:
    from mir_export.corpus.variant_build import MANIFEST

    functions = [("u0.o", "@f", {"clang-13-O0": ["a0", 9], "clang-13-O2": ["a2", 5]}),
                 ("u0.o", "@inlined", {"clang-13-O0": ["b0", 9]}),
                 ("u1.o", "@tiny", {"clang-13-O0": ["c0", 9], "clang-13-O2": ["c2", 1]}),
                 ("u1.o", "@header", {"clang-13-O0": ["h0", 9], "clang-13-O2": ["h2", 5]}),
                 ("u2.o", "@g", {"clang-13-O0": ["g0", 9], "clang-13-O2": ["g2", 5]}),
                 (HELD_OUT_UNIT, "@header", {"clang-13-O0": ["h0", 9], "clang-13-O2": ["x2", 5]}),
                 (HELD_OUT_UNIT, "@held", {"clang-13-O0": ["y0", 9], "clang-13-O2": ["y2", 5]})]
    (tmp_path / MANIFEST).write_text(json.dumps(_variants_manifest(functions)))
    rows, counts = variant_functions(tmp_path)
    assert sorted(rows) == [(0, "p/u0.o.clang-13-O0.ll", "@f"), (0, "p/u0.o.clang-13-O2.ll", "@f"),
                            (4, "p/u2.o.clang-13-O0.ll", "@g"), (4, "p/u2.o.clang-13-O2.ll", "@g")]
    assert counts | {"recipe": None} == {"functions": 7, "usable": 2, "sampled": 2, "files": 4, "seed": 0, "recipe": None}
    assert counts["recipe"] == ["mir-export corpus variants --corpus C --out V"]
    one, _ = variant_functions(tmp_path, limit=1, seed=5)
    assert len(one) == 2 and one == variant_functions(tmp_path, limit=1, seed=5)[0]


def _corpus(root: Path, modules: int) -> Path:
    """A corpus directory as 'corpus build' lays it out: ir/PKG/UNIT.O0.ll, no manifest."""
    (root / "ir" / "pkg").mkdir(parents=True)
    for k in range(modules):
        text = (LOOP if k % 2 else IR).replace(" 1\n", f" {k + 2}\n")
        (root / "ir" / "pkg" / f"unit{k}.O0.ll").write_text(text)
    return root


def test_the_held_out_units_never_give_statistics(tmp_path) -> None:
    from mir_export.corpus.split import is_held_out

    corpus = _corpus(tmp_path / "corpus", 60)
    chosen, counts = training_modules(corpus, limit=1000)
    assert counts["held_out"] >= 1 and not any(is_held_out(corpus, p) for p in chosen)
    assert counts["sampled"] == len(chosen) == counts["corpus_modules"] - counts["held_out"]
    assert training_modules(corpus, limit=5, seed=3)[0] == training_modules(corpus, limit=5, seed=3)[0]


def _runtime(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mir_runtime.cli", *args], capture_output=True, text=True, timeout=120)


def test_whiten_adds_the_file_and_embed_writes_whitened_rows(model_dir, tmp_path, monkeypatch, capsys) -> None:
    from mir_runtime import Model
    from mir_runtime.modeldir import ModelFileError

    monkeypatch.setenv("MIR_CACHE", str(tmp_path / "cache"))
    directory = tmp_path / "model"
    shutil.copytree(model_dir[2], directory)
    source = tmp_path / "loop.ll"
    source.write_text(LOOP)
    done = _runtime("embed", "--model", str(directory), "--whiten", str(source))
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "no whitening" in done.stderr
    with Model.load(directory) as model, pytest.raises(ModelFileError, match="mir-export whiten"):
        model.whiten(np.zeros(model.embedding_size, dtype=np.float32))

    assert main(["whiten", "--model", str(directory), "--corpus", str(_corpus(tmp_path / "corpus", 40)),
                 "--modules", "30", "--jobs", "1"]) == 0
    manifest = json.loads((directory / "manifest.json").read_text())
    assert manifest["whitening"]["sample"]["sampled"] == manifest["whitening"]["modules"] == 30
    assert "whitening.onnx" in manifest["files"]
    assert manifest["training"]["commands"][-1] == "mir-export whiten --model model --corpus CORPUS --modules 30 --seed 0"
    capsys.readouterr()

    with Model.load(directory) as model:
        raw = model.embed(source)
        whitened = model.whiten(np.stack([raw, raw]))
        np.testing.assert_array_equal(model.whiten(raw), whitened[0])
        with pytest.raises(ValueError, match="expected"):
            model.whiten(raw[:-1])
    done = _runtime("embed", "--model", str(directory), "--whiten", str(source))
    assert done.returncode == 0, done.stderr
    np.testing.assert_allclose(json.loads(done.stdout)["embedding"], whitened[0], rtol=1e-5, atol=1e-5)
    done = _runtime("embed", "--model", str(directory), "--whiten", str(source), "-o", str(tmp_path / "e.parquet"))
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "--whiten writes .npy" in done.stderr


def test_whiten_refuses_a_directory_that_is_no_corpus(model_dir, tmp_path, capsys) -> None:
    assert main(["whiten", "--model", str(model_dir[2]), "--corpus", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no ir/ directory" in err


def _variants(root: Path) -> Path:
    """A variants build of three training units, two functions each, as 'corpus variants' lays it
    out (the files llvm-extract cuts functions from)."""
    from mir_export.corpus.variant_build import MANIFEST

    functions = []
    for k, unit in enumerate(TRAINING_UNITS):
        for level, step in (("clang-13-O0", k + 1), ("clang-13-O2", k + 7)):
            path = root / "ir" / "p" / f"{unit}.{level}.ll"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(IR.replace("add nsw i32 %v, 1", f"add nsw i32 %v, {step}") + LOOP.replace("fmul", "fadd" if k else "fmul"))
        functions += [(unit, "@f", {"clang-13-O0": [f"f{k}0", 9], "clang-13-O2": [f"f{k}2", 9]}),
                      (unit, "@k", {"clang-13-O0": [f"k{k}0", 9], "clang-13-O2": [f"k{k}2", 9]})]
    (root / MANIFEST).write_text(json.dumps(_variants_manifest(functions)))
    return root


def test_whiten_variants_adds_the_within_stage_over_the_corpus_stage(model_dir, tmp_path, monkeypatch, capsys) -> None:
    from mir_export.corpus.variants import llvm_tool
    from mir_runtime import Model

    if llvm_tool("llvm-extract", 13) is None:
        pytest.skip("no llvm-extract of LLVM >= 13 (scripts/install.sh installs it)")
    monkeypatch.setenv("MIR_CACHE", str(tmp_path / "cache"))
    directory = tmp_path / "model"
    shutil.copytree(model_dir[2], directory)
    variants = _variants(tmp_path / "variants")
    assert main(["whiten", "--model", str(directory), "--variants", str(variants)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "run 'mir-export whiten --corpus' first" in err

    assert main(["whiten", "--model", str(directory), "--corpus", str(_corpus(tmp_path / "corpus", 40)),
                 "--modules", "30", "--jobs", "1"]) == 0
    source = tmp_path / "loop.ll"
    source.write_text(LOOP)
    with Model.load(directory) as model:
        raw = model.embed(source)
        one_stage = model.whiten(raw)
    assert main(["whiten", "--model", str(directory), "--variants", str(variants), "--functions", "5", "--jobs", "1"]) == 0
    manifest = json.loads((directory / "manifest.json").read_text())
    stage = manifest["whitening"]["variants"]
    assert (stage["sampled"], stage["files"], stage["extract_failed"]) == (5, 10, 0)
    assert manifest["whitening"]["modules"] == 30  # the corpus stage's section stays
    assert manifest["training"]["commands"][-2:] == [
        "mir-export whiten --model model --corpus CORPUS --modules 30 --seed 0",
        "mir-export whiten --model model --variants VARIANTS --functions 5 --seed 0"]
    with Model.load(directory) as model:
        mean, matrix = corpus_stage(directory / "whitening.onnx")
        np.testing.assert_allclose((raw - mean) @ matrix, one_stage, rtol=1e-4, atol=1e-4)
        assert not np.allclose(model.whiten(raw), one_stage)

    capsys.readouterr()
    assert main(["whiten", "--model", str(directory), "--variants", str(tmp_path)]) == 2  # no variants manifest
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "variants-manifest.json: missing" in err

    assert main(["whiten", "--model", str(directory), "--corpus", str(tmp_path / "corpus"), "--modules", "30",
                 "--jobs", "1"]) == 0  # the corpus stage again: one stage, as the commands now say
    manifest = json.loads((directory / "manifest.json").read_text())
    assert "variants" not in manifest["whitening"]
    assert [c for c in manifest["training"]["commands"] if "whiten" in c] == [
        "mir-export whiten --model model --corpus CORPUS --modules 30 --seed 0"]
    with Model.load(directory) as model:
        np.testing.assert_allclose(model.whiten(raw), one_stage, rtol=1e-5, atol=1e-5)
