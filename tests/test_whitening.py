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
from mir_export.whitening import fit_whitening, training_modules, whitening_model  # noqa: E402
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


def _corpus(root: Path, modules: int) -> Path:
    """A corpus directory as 'corpus build' lays it out: ir/PKG/UNIT.O0.ll, no manifest."""
    (root / "ir" / "pkg").mkdir(parents=True)
    for k in range(modules):
        text = (LOOP if k % 2 else IR).replace(" 1\n", f" {k + 2}\n")
        (root / "ir" / "pkg" / f"unit{k}.O0.ll").write_text(text)
    return root


def test_the_held_out_units_never_give_statistics(tmp_path) -> None:
    from mir_export.pretrain_data import is_held_out

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
