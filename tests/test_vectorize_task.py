"""The vectorization task on top of the harness: the targets of the heads from measured folders, the
protocol's report, and the head that export-heads adds to a model directory (served by
``mir-runtime predict --task vectorize``). The IR the model reads: ``test_vectorize_harness``."""
from __future__ import annotations

import csv
import json
import shutil
import subprocess
import sys

import numpy as np
import pytest

from mir_export.cli import main
from mir_export.tasks.vectorize.labels import CLASSES, CONFIGS, FAILED, machine_kind, read_measured
from mir_export.tasks.vectorize.sweep import COLUMNS
from models import IR, TOY_MACHINE
from mir_runtime.modeldir import ModelDirectory
from mir_runtime.packs import load_packs


def write_measured(folder, times: dict[str, list], machine: dict = TOY_MACHINE, columns=COLUMNS) -> None:
    """A ``measure`` folder: per kernel, the median user ms of each of ``CONFIGS`` (None: the run timed out)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "machine.json").write_text(json.dumps(machine))
    with (folder / "results.csv").open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=columns, extrasaction="ignore")
        writer.writeheader()
        for kernel, values in times.items():
            for (vf, il), ms in zip(CONFIGS, values):
                ok = ms is not None
                writer.writerow({"kernel": kernel, "family": kernel.split("_")[0], "VF": vf, "IF": il, "loops": 1,
                                 "status": "ok" if ok else "run timeout", "median_ms": ms if ok else "",
                                 "times_ms": ms if ok else "", "median_user_ms": ms if ok else "",
                                 "user_times_ms": ms if ok else "", "sys_times_ms": 1.0 if ok else ""})


def curve(best: int, gain: float = 2.0, base: float = 100.0) -> list[float]:
    """Every class at ``base`` ms but ``best``, ``gain`` times faster."""
    values = [base] * len(CONFIGS)
    values[best] = base / gain
    return values


# --- targets ---------------------------------------------------------------------------------

def test_targets_are_log_speedups_over_the_default_with_failed_pairs_penalized(tmp_path) -> None:
    failing = curve(3)
    failing[5] = None
    write_measured(tmp_path / "m", {"s1_a.c": curve(3), "s2_b.c": failing, "s2_c.c": curve(0, 1.0)})
    table = read_measured([tmp_path / "m"])
    assert table.kernels == ("s1_a.c", "s2_b.c", "s2_c.c") and table.families.tolist() == ["s1", "s2", "s2"]
    targets = table.log_speedups()
    assert targets.shape == (3, 36) and CLASSES[0] == "default" and len(CLASSES) == 36
    assert (targets[:, 0] == 0).all() and targets[0, 3] == pytest.approx(np.log(2))
    assert targets[1, 5] == FAILED == pytest.approx(np.log(0.1)) and targets[1, 4] == 0.0
    assert targets.argmax(1).tolist() == [3, 3, 0]


def test_unusable_kernels_are_left_out_with_the_reason(tmp_path) -> None:
    no_pairs = [100.0] + [None] * 35
    write_measured(tmp_path / "m", {"s1_a.c": curve(3), "s1_base.c": [None, *curve(3)[1:]], "s1_noloop.c": no_pairs})
    with (tmp_path / "m" / "results.csv").open("a") as f:
        f.write("s1_half.c,s1,0,0,1,ok,100,100,100,100,1\ns1_half.c,s1,1,1")  # the sweep is appending
    table = read_measured([tmp_path / "m"])
    assert table.kernels == ("s1_a.c",)
    assert table.excluded == {"s1_base.c": "baseline run timeout", "s1_noloop.c": "no pair ran (run timeout)",
                              "s1_half.c": "incomplete: 35 of 36 configurations missing"}


def test_a_missing_baseline_or_another_machine_is_a_clear_error(tmp_path) -> None:
    write_measured(tmp_path / "m", {"s1_a.c": curve(3)})
    rows = (tmp_path / "m" / "results.csv").read_text().splitlines()
    (tmp_path / "m" / "results.csv").write_text("\n".join([rows[0], *rows[2:]]) + "\n")
    with pytest.raises(ValueError, match=r"s1_a.c has no baseline row \(VF=0, IF=0\)"):
        read_measured([tmp_path / "m"])
    write_measured(tmp_path / "a", {"s1_a.c": curve(3)})
    write_measured(tmp_path / "b", {"s1_a.c": curve(4), "s2_b.c": curve(5)}, {**TOY_MACHINE, "cpu_model": "Intel Xeon"})
    with pytest.raises(ValueError, match="measured with another cpu_model"):
        read_measured([tmp_path / "a", tmp_path / "b"])
    write_measured(tmp_path / "old", {"s1_a.c": curve(3)}, columns=COLUMNS[:8])
    with pytest.raises(ValueError, match="no median_user_ms column"):
        read_measured([tmp_path / "old"])


def test_a_kernel_measured_twice_comes_from_the_first_folder(tmp_path) -> None:
    write_measured(tmp_path / "a", {"s1_a.c": curve(3)})
    write_measured(tmp_path / "b", {"s1_a.c": curve(4), "s2_b.c": curve(5)})
    table = read_measured([tmp_path / "a", tmp_path / "b"])
    assert table.kernels == ("s1_a.c", "s2_b.c") and table.log_speedups().argmax(1).tolist() == [3, 5]


def test_machine_kind_names_amd_generations_and_others_by_model() -> None:
    assert machine_kind(TOY_MACHINE) == "zen3"
    assert machine_kind({"cpu_model": "AMD EPYC 7B12", "cpu_flags": ["clwb"]}) == "zen2"
    xeon = {"cpu_model": "Intel(R) Xeon(R) Gold 6148 CPU @ 2.40GHz"}
    assert machine_kind(xeon) == "intel-r-xeon-r-gold-6148-cpu-2-40ghz"


# --- protocol, report, head ------------------------------------------------------------------

FAMILIES = ("s1", "s2", "s6", "s7", "s8", "s9")


@pytest.fixture
def measured(tmp_path):
    """Six families of four kernels: in the odd ones VF=4,IF=2 runs twice as fast, in the even ones
    nothing beats the default; the IR says which (a mul or an add), with a per-kernel constant."""
    times, ir = {}, tmp_path / "ir"
    ir.mkdir()
    pair = CLASSES.index("VF=4,IF=2")
    for f, family in enumerate(FAMILIES):
        for k in range(4):
            name = f"{family}_{k}.c"
            times[name] = curve(pair) if f % 2 else curve(pair, 0.5)
            body = IR.replace("add nsw i32 %v, 1", f"{'mul' if f % 2 else 'add'} nsw i32 %v, {k + 2}")
            (ir / name.replace(".c", ".ll")).write_text(body)
    write_measured(tmp_path / "m", times)
    return tmp_path / "m", ir


def test_downstream_vectorize_reports_every_baseline_and_the_manifest_figures(model_dir, measured, tmp_path,
                                                                              monkeypatch) -> None:
    from mir_export.evaluation.report import task_metrics

    monkeypatch.setenv("MIR_CACHE", str(tmp_path / "cache"))
    folder, ir = measured
    out = tmp_path / "out"
    assert main(["downstream", "vectorize", "--model", str(model_dir[2]), "--measured", str(folder), "--ir", str(ir),
                 "--stability", str(folder), "--seeds", "2", "--features", "ours,opcodes,tfidf,random",
                 "--random-model", str(model_dir[2]), "--out", str(out)]) == 0
    results = json.loads((out / "results.json").read_text())
    assert results["kernels"] == 24 and results["families"] == dict.fromkeys(FAMILIES, 4)
    assert results["oracle"]["speedup"] == pytest.approx(np.sqrt(2)) and results["default"]["speedup"] == 1.0
    assert len(results["ours"]["speedup"]["per_seed"]) == 2 and sum(results["ours"]["chosen"].values()) == 12
    assert results["label_stability"]["label_stability"] == 1.0  # the same folder twice
    assert results["random"]["speedup"] == results["ours"]["speedup"]  # the same model given as random weights
    pairs = {(p["a"], p["b"]) for p in results["paired"]}
    assert {("opcodes", "ours"), ("tfidf", "ours"), ("constant", "ours")} <= pairs
    assert all(p["groups"] == 6 and p["low"] <= p["difference"] <= p["high"] for p in results["paired"])
    metrics = task_metrics(results)
    assert {"kernels_measured", "families", "label_stability", "speedup", "oracle_speedup", "ir2vec_speedup",
            "opcodes_speedup", "tfidf_speedup", "random_speedup", "constant_speedup"} <= set(metrics)
    assert metrics["machine"] == "zen3" and metrics["families"] == 6
    markdown = (out / "results.md").read_text()
    assert "24 kernels of 6 loop families" in markdown and "| MIREncoder | 1.32 |" in markdown
    assert "not comparable as equals" in markdown and "| TF-IDF bag of statement tokens (SVD) | ours (this model) |" in markdown


def test_missing_ir_is_one_line_naming_the_command(model_dir, measured, tmp_path) -> None:
    folder, ir = measured
    next(ir.iterdir()).unlink()
    with pytest.raises(SystemExit, match="1 measured kernel.s. have no IR .*mir-export vectorize ir --measured"):
        main(["downstream", "vectorize", "--model", str(model_dir[2]), "--measured", str(folder), "--ir", str(ir),
              "--out", str(tmp_path / "out")])


def test_the_exported_head_equals_the_library_on_held_out_rows(tmp_path) -> None:
    ort = pytest.importorskip("onnxruntime")
    from mir_export.tasks.vectorize.experiment import vectorize_fit

    rng = np.random.default_rng(0)
    families = np.repeat(np.array(FAMILIES), 6)
    good = np.isin(families, FAMILIES[1::2])
    embedding = (np.where(good[:, None], 1.0, -1.0) + rng.normal(0, 0.3, (len(families), 16))).astype(np.float32)
    targets = np.log(rng.uniform(0.6, 1.0, (len(families), len(CLASSES))))
    targets[:, 0] = 0.0
    pair = CLASSES.index("VF=2,IF=2")
    targets[good, pair] = np.log(1.8)
    train = families != "s9"
    chosen = vectorize_fit()(embedding[train], np.zeros((train.sum(), 0)), targets[train], families[train], 0)
    chosen.model.export(tmp_path / "head.onnx")
    session = ort.InferenceSession(str(tmp_path / "head.onnx"), providers=["CPUExecutionProvider"])
    got = session.run(None, {"embedding": embedding[~train]})[0]
    np.testing.assert_allclose(got, chosen.model.predict(embedding[~train], np.zeros(((~train).sum(), 0))), atol=1e-5)
    assert (got.argmax(1) == pair).all()  # the held-out family is one where that pair pays


def test_export_heads_adds_the_vectorize_head_to_a_model_directory(model_dir, measured, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MIR_CACHE", str(tmp_path / "cache"))
    folder, ir = measured
    model = tmp_path / "model"
    shutil.copytree(model_dir[2], model)
    results = tmp_path / "results"
    assert main(["downstream", "vectorize", "--model", str(model), "--measured", str(folder), "--ir", str(ir),
                 "--seeds", "1", "--features", "ours", "--out", str(results)]) == 0
    assert main(["downstream", "export-heads", "--model", str(model), "--out", str(model), "--tasks", "vectorize",
                 "--measured", str(folder), "--ir", str(ir), "--results", str(results / "results.json")]) == 0
    manifest = json.loads((model / "manifest.json").read_text())
    packs = load_packs(ModelDirectory(model))
    assert set(packs) == {"toy", "vectorize"}  # the model's other packs stay
    task, pack = packs["vectorize"].task, packs["vectorize"]
    assert task.selector == "machine" and task.heads == {"zen3": "vectorize-zen3.onnx"} and task.kind == "configuration"
    assert task.inputs == () and task.classes == tuple(CLASSES) and "AMD EPYC" in task.selector_help
    assert pack.sections["learners"]["zen3"]["rows"] == 24 and pack.sections["metrics"]["kernels_measured"] == 24
    assert manifest["metrics"]["tasks"]["vectorize"]["kernels_measured"] == 24
    kernel = ir / "s2_0.ll"  # a family where VF=4,IF=2 pays
    done = subprocess.run([sys.executable, "-m", "mir_runtime.cli", "predict", "--task", "vectorize", str(kernel),
                           "--model", str(model)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    scores, margin = result["scores"], result["margin"]
    assert result["machine"] == "zen3" and result["decision"] == max(scores, key=lambda c: scores[c] + margin * (c == "default"))


def test_export_heads_refuses_vectorize_without_its_measurements(model_dir, tmp_path) -> None:
    with pytest.raises(SystemExit, match="--measured and --ir go with --tasks"):
        main(["downstream", "export-heads", "--model", str(model_dir[2]), "--out", str(tmp_path),
              "--tasks", "vectorize"])
