"""The committed default model (``artifacts/``): complete, consistent with its manifest, int8 close
to fp32 on real kernels, and serving its tasks end to end through the CLI."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import numpy as np
import pytest

from paths import REPO

pytest.importorskip("onnxruntime")
ARTIFACTS = REPO / "artifacts"


@pytest.fixture(scope="module")
def manifest() -> dict:
    from mir_runtime.modeldir import ModelDirectory

    directory = ModelDirectory(ARTIFACTS)
    directory.verify()  # every file against its sha256
    return json.loads((ARTIFACTS / "manifest.json").read_text())


def test_manifest_records_training_and_metrics(manifest) -> None:
    pretrain = manifest["metrics"]["pretrain"]
    assert set(pretrain) >= {"mlm_accuracy", "gae_auc", "matching_accuracy"}
    assert set(pretrain["gae_auc"]) == {"control", "data", "call"}
    # the shipping bars: a model below them is not shipped
    assert pretrain["mlm_accuracy"] >= 0.80 and pretrain["matching_accuracy"] >= 0.90
    assert min(pretrain["gae_auc"].values()) >= 0.85
    assert manifest["training"]["corpus_manifest"]["sha256"]
    assert manifest["training"]["cost"]["hours"] > 0 and manifest["training"]["commands"]
    devmap = manifest["metrics"]["tasks"]["devmap"]
    assert {"accuracy", "speedup", "grouped_accuracy"} <= set(devmap["amd"]) and "nvidia" in devmap
    coarsening = manifest["metrics"]["tasks"]["coarsening"]
    assert {"fermi", "kepler", "cypress", "tahiti", "mean_speedup", "pooled_mean_speedup"} <= set(coarsening)
    # the shipped tasks are packs on these very encoders; every head names the learner its nested
    # selection chose, per task and platform
    from mir_runtime.modeldir import ModelDirectory
    from mir_runtime.packs import load_packs

    packs = load_packs(ModelDirectory(ARTIFACTS))
    assert set(packs) >= {"devmap", "coarsening", "vectorize", "passes"} and all(p.precision == "fp32" for p in packs.values())
    selected = {name: pack.sections["learners"] for name, pack in packs.items()}
    assert set(selected["devmap"]) == {"amd", "nvidia"} and set(selected["coarsening"]) == {"fermi", "kepler", "cypress", "tahiti"}
    assert set(selected["vectorize"]) == {manifest["metrics"]["tasks"]["vectorize"]["machine"]}
    assert all({"family", "settings"} <= set(entry) for task in selected.values() for entry in task.values())
    assert all(pack.file(f) for pack in packs.values() for f in pack.files)  # every file against its sha256


def test_files_name_no_build_directories(manifest) -> None:
    """The shipped ONNX files were exported without the exporter's stack traces."""
    for name in (n for n in manifest["files"] if n.endswith(".onnx")):
        assert b"pkg.torch.onnx.stack_trace" not in (ARTIFACTS / name).read_bytes(), name


def test_every_onnx_file_is_one_the_lowest_supported_onnxruntime_reads() -> None:
    """ONNX IR version 10 at most: onnx writes its newest (14) by default, which the onnxruntime
    that [cpu] installs refuses."""
    onnx = pytest.importorskip("onnx")
    files = sorted(ARTIFACTS.rglob("*.onnx"))
    assert len(files) >= 10
    for path in files:
        assert onnx.load(str(path), load_external_data=False).ir_version <= 10, path


def test_int8_matches_fp32_on_device_mapping_kernels(datasets) -> None:
    from mir_runtime.model import Model

    files = sorted((datasets / "devmap" / "kernels_ir").glob("*.ll"))[::40]
    fp32 = Model.load(ARTIFACTS, precision="fp32").embed(files)
    int8 = Model.load(ARTIFACTS, precision="int8").embed(files)
    cosine = (fp32 * int8).sum(1) / np.linalg.norm(fp32, axis=1) / np.linalg.norm(int8, axis=1)
    assert cosine.min() >= 0.999, cosine


def test_whitening_removes_the_direction_every_kernel_shares(manifest, datasets) -> None:
    """Raw embeddings of different kernels point almost the same way (median cosine above 0.9);
    whitened by the corpus statistics much less so, so cosine compares what differs (the OpenCL
    kernels keep some of their own common direction: the corpus is mostly C)."""
    from mir_runtime.model import Model

    assert manifest["whitening"]["modules"] >= 1000 and manifest["whitening"]["sample"]["held_out"] > 0
    files = sorted((datasets / "devmap" / "kernels_ir").glob("*.ll"))[::25]
    with Model.load(ARTIFACTS) as model:
        raw = model.embed(files)
        whitened = model.whiten(raw)

    def median_cosine(x: np.ndarray) -> float:
        unit = x / np.linalg.norm(x, axis=1, keepdims=True)
        return float(np.median((unit @ unit.T)[np.triu_indices(len(x), 1)]))

    assert median_cosine(raw) > 0.9 and abs(median_cosine(whitened)) < 0.5  # measured: 0.945 and 0.261 (0.247 before the within-function stage)


@pytest.mark.parametrize(
    ("folder", "options"),
    [("devmap", ["--task", "devmap", "--platform", "nvidia", "--transfer", "65536", "--wgsize", "256"]),
     ("threadcoarsening", ["--task", "coarsening", "--gpu", "tahiti"])],
)
def test_predict_end_to_end(datasets, folder, options) -> None:
    kernel = sorted((datasets / folder / "kernels_ir").glob("*.ll"))[0]
    done = subprocess.run([sys.executable, "-m", "mir_runtime.cli", "predict", *options, str(kernel), "--model", str(ARTIFACTS)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    values = result["probabilities"] if folder == "devmap" else result["scores"]  # coarsening heads score factors
    if folder == "devmap":
        assert abs(sum(values.values()) - 1) < 1e-4
    margin = result.get("margin", 0.0)  # configurations: the default's 0 gain plus the head's margin
    assert result["decision"] == max(values, key=lambda c: values[c] + (margin if c == "1" else 0))
    # predict embeds as the heads learned (fp32 encoders), whatever precision the model embeds at
    from mir_runtime.model import Model

    task, choice = options[1], options[3]
    extras = {"transfer": 65536.0, "wgsize": 256.0} if folder == "devmap" else {}
    with Model.load(ARTIFACTS, precision="fp32") as fp32, Model.load(ARTIFACTS) as default:
        expected = fp32.predict_embeddings(task, fp32.embed(kernel)[None], choice, [extras], precision="fp32")[0]
        assert default.precision == "int8" and default.heads_precision(task) == "fp32"
        assert default.predict(task, kernel, choice, **extras) == expected
    got = expected.probabilities if folder == "devmap" else expected.scores
    assert values == pytest.approx(got, abs=1e-6)


def test_predict_vectorize_answers_the_default_or_a_pragma_pair(manifest, tmp_path) -> None:
    """The shipped vectorize pack on the IR its labels' kernels are read at (clang-19 -O1, loops not
    yet vectorized): the best-scored class, LLVM's default or a (VF, IF) pair; its figures are in
    ``metrics.tasks.vectorize``."""
    import shutil

    from mir_export.tasks.vectorize import build

    if shutil.which("clang-19") is None:
        pytest.skip("clang-19 is not installed")
    figures = manifest["metrics"]["tasks"]["vectorize"]
    assert {"oracle_speedup", "default_speedup", "constant_speedup", "speedup", "ir2vec_speedup"} <= set(figures)
    ir = tmp_path / "loops.ll"
    assert build.compile_ir("clang-19", REPO / "tests" / "programs" / "loops.c", REPO / "tests" / "programs", ir,
                            60).status == build.OK
    done = subprocess.run([sys.executable, "-m", "mir_runtime.cli", "predict", "--task", "vectorize", str(ir),
                           "--model", str(ARTIFACTS)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["machine"] == figures["machine"] and len(result["scores"]) == 36
    scores, margin = result["scores"], result["margin"]  # gains over the default (its own 0), the margin beside
    assert scores["default"] == 0.0 and result["decision"] == max(scores, key=lambda c: scores[c] + margin * (c == "default"))
    assert result["constant"] == "constant: answers the default for every input"  # its one head, as its pack records
    assert re.fullmatch(r"default|VF=\d+,IF=\d+", result["decision"])


@pytest.mark.parametrize(("inputs", "message"), [
    (["--transfer", "-4096", "--wgsize", "64"], "--transfer must be at least 0"),
    (["--transfer", "4096", "--wgsize", "0"], "--wgsize must be at least 1"),
    (["--transfer", "4096", "--wgsize", "1e40"], "--wgsize must be a finite number"),
])
def test_predict_refuses_inputs_outside_their_domain(datasets, inputs, message) -> None:
    """Never a NaN probability: the manifest declares each input's domain."""
    kernel = sorted((datasets / "devmap" / "kernels_ir").glob("*.ll"))[0]
    done = subprocess.run([sys.executable, "-m", "mir_runtime.cli", "predict", "--task", "devmap", "--platform", "amd",
                           *inputs, str(kernel), "--model", str(ARTIFACTS)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and message in done.stderr and done.stderr.count("\n") == 1 and not done.stdout
