"""Your own task: ``mir-export task fit`` from a table to a task pack, served by ``mir-runtime
predict --tasks``, ``$MIR_TASKS`` and ``Model.load(tasks=...)``; bad tables are one line and exit 2
with nothing written; a pack for another model, or changed, is refused."""
from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from mir_export.cli import main
from mir_export.usertask import fit_task, read_table
from mir_export.usertask.fitting import log_speedups
from mir_runtime.model import Model
from mir_runtime.packs import PackError
from mir_runtime.tasks import Task

pytest.importorskip("onnxruntime")


@pytest.fixture(scope="module")
def kernels(datasets) -> list[Path]:
    return sorted((datasets / "devmap" / "kernels_ir").glob("*.ll"))[:24]


def _write(path: Path, header: list[str], rows: list[list]) -> Path:
    with open(path, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows(rows)
    return path


@pytest.fixture()
def table(tmp_path, kernels) -> Path:
    """24 kernels: a class, a number, a run-time input and a group of two kernels each."""
    rows = [[str(k), "GPU" if i % 2 else "CPU", 1000 * (i + 1), 0.1 * i - 1, f"p{i // 2}", "amd" if i < 12 else "nvidia"]
            for i, k in enumerate(kernels)]
    return _write(tmp_path / "kernels.csv", ["file", "device", "transfer", "ratio", "program", "platform"], rows)


def runtime(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mir_runtime.cli", *args], capture_output=True, text=True, timeout=180,
                          env={**os.environ, **(env or {})})


def test_classification_fits_reports_and_serves(model_dir, table, tmp_path, kernels, capsys) -> None:
    pack = tmp_path / "packs" / "device"
    assert main(["task", "fit", str(table), "--name", "device", "--target", "device", "--inputs", "transfer",
                 "--group", "program", "--folds", "3", "--model", str(model_dir[2]), "--out", str(pack)]) == 0
    printed = capsys.readouterr().out
    assert "opcode histogram" in printed and "run-time inputs alone" in printed and "ours vs histogram" in printed
    assert {p.name for p in pack.iterdir()} == {"task.json", "device.onnx", "report.md"}
    served = runtime("predict", str(kernels[0]), "--task", "device", "--transfer", "5000", "--model", str(model_dir[2]),
                     "--tasks", str(pack.parent))
    assert served.returncode == 0, served.stderr
    answer = json.loads(served.stdout)
    assert answer["decision"] in ("CPU", "GPU") and set(answer["probabilities"]) == {"CPU", "GPU"}
    listed = runtime("tasks", "--model", str(model_dir[2]), "--format", "json", env={"MIR_TASKS": str(pack)})
    assert "device" in [t["task"] for t in json.loads(listed.stdout)]
    with Model.load(model_dir[2], tasks=[pack]) as model:  # the Python API, the same answer
        assert model.predict("device", kernels[0], transfer=5000).probabilities == answer["probabilities"]


def test_regression_in_three_lines_of_python(model_dir, table, tmp_path, kernels) -> None:
    rows = read_table(table, "regression", target="ratio", selector="platform")
    with Model.load(model_dir[2], precision="fp32") as model:
        embeddings = model.embed(rows.files)
    fitted = fit_task(rows, embeddings, "ratio", model_dir[2], folds=3, baselines=False)
    pack = fitted.save(tmp_path / "ratio")
    assert set(fitted.task.heads) == {"amd", "nvidia"} and fitted.task.kind == "regression"
    with Model.load(model_dir[2], tasks=[pack]) as model:
        answer = model.predict("ratio", kernels[0], "nvidia").to_dict()
    assert set(answer) == {"task", "platform", "value"} and np.isfinite(answer["value"])


def test_configuration_keeps_the_default_unless_a_gain_is_predicted(model_dir, tmp_path, kernels) -> None:
    rng = np.random.default_rng(0)
    rows = []
    for i, kernel in enumerate(kernels[:12]):
        for gpu in ("a", "b"):
            for config, time in (("1", 10.0), ("2", 10.0 * (0.5 if i % 3 == 0 else 1.5)), ("4", 12.0)):
                if not (config == "4" and i % 4 == 0):  # some files were not measured at 4
                    rows.append([str(kernel), config, time * rng.uniform(0.95, 1.05), gpu])
    path = _write(tmp_path / "configs.csv", ["file", "config", "runtime", "gpu"], rows)
    out = tmp_path / "coarsen"
    assert main(["task", "fit", str(path), "--name", "coarsen", "--kind", "configuration", "--selector", "gpu",
                 "--share-selector", "--folds", "loo", "--model", str(model_dir[2]), "--out", str(out)]) == 0
    report = json.loads((out / "task.json").read_text())
    assert report["task"]["classes"] == ["1", "2", "4"] and set(report["task"]["selector"]["choices"]) == {"a", "b"}
    assert report["metrics"]["all"]["oracle"]["speedup"] > 1
    with Model.load(model_dir[2], tasks=[out]) as model:
        answer = model.predict("coarsen", kernels[0], gpu="a")
    assert answer.decision in ("1", "2", "4") and set(answer.scores) == {"1", "2", "4"}


def test_an_unmeasured_configuration_counts_as_the_largest_below_or_a_failure() -> None:
    runtimes = np.array([[2.0, 1.0, np.nan], [2.0, np.nan, 4.0]])
    numeric = log_speedups(runtimes, ("1", "2", "4"))
    assert numeric[0, 2] == pytest.approx(np.log(2)) and numeric[1, 1] == pytest.approx(0.0)
    named = log_speedups(runtimes, ("none", "fast", "slow"))
    assert named[0, 2] == pytest.approx(np.log(0.1)) and named[1, 1] == pytest.approx(np.log(0.1))


@pytest.mark.parametrize(("edit", "message"), [
    (lambda rows: rows[:9], "9 rows; a task needs at least 10"),
    (lambda rows: [r[:2] + ["1e999" if k == 3 else r[2]] + r[3:] for k, r in enumerate(rows)], "not a finite number"),
    (lambda rows: [r[:1] + ["GPU" if k else "CPU"] + r[2:] for k, r in enumerate(rows)], "class 'CPU' has 1 rows"),
    (lambda rows: [r[:2] + ["nan" if k == 5 else r[2]] + r[3:] for k, r in enumerate(rows)], "transfer is 'nan'"),
    (lambda rows: [[r[0] + ".gone" if k == 2 else r[0]] + r[1:] for k, r in enumerate(rows)], "no such IR file"),
])
def test_bad_tables_are_one_line_and_nothing_is_written(model_dir, table, tmp_path, edit, message, capsys) -> None:
    with open(table) as f:
        header, *rows = list(csv.reader(f))
    _write(table, header, edit(rows))
    out = tmp_path / "pack"
    assert main(["task", "fit", str(table), "--name", "t", "--target", "device", "--inputs", "transfer",
                 "--folds", "3", "--model", str(model_dir[2]), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and str(table) in err
    assert not out.exists()


def test_table_problems_name_the_column_and_the_kind(table, tmp_path) -> None:
    from mir_export.usertask import TableError

    with pytest.raises(TableError, match=r"no column 'speed' \(columns: file, device"):
        read_table(table, "classification", target="speed")
    with pytest.raises(TableError, match=r"kernels.csv:2: device 'CPU' is not a number"):
        read_table(table, "regression", target="device")
    keep = read_table(table, "classification", target="device", inputs=["transfer"])
    assert len(keep.subset(np.arange(len(keep)) < 5)) == 5


def test_missing_files_are_dropped_with_keep_going(model_dir, table, tmp_path, capsys) -> None:
    with open(table) as f:
        header, *rows = list(csv.reader(f))
    rows.append(["gone.ll", "CPU", "1", "0", "p99", "amd"])
    _write(table, header, rows)
    assert main(["task", "fit", str(table), "--name", "t", "--target", "device", "--folds", "3", "--no-baselines",
                 "--keep-going", "--model", str(model_dir[2]), "--out", str(tmp_path / "t")]) == 0
    assert "1 rows dropped" in capsys.readouterr().err


@pytest.fixture()
def pack(model_dir, table, tmp_path) -> Path:
    rows = read_table(table, "classification", target="device")
    with Model.load(model_dir[2], precision="fp32") as model:
        embeddings = model.embed(rows.files)
    return fit_task(rows, embeddings, "device", model_dir[2], folds=3, baselines=False).save(tmp_path / "device")


def test_a_pack_for_another_model_or_changed_is_refused(model_dir, pack, tmp_path, kernels) -> None:
    meta = json.loads((pack / "task.json").read_text())
    other = tmp_path / "other"
    shutil.copytree(pack, other)
    meta["base_model"]["sha256"]["graph_encoder.onnx"] = "0" * 64
    (other / "task.json").write_text(json.dumps(meta))
    with pytest.raises(PackError, match="was made for another model \\(its graph_encoder.onnx differ"):
        Model.load(model_dir[2], tasks=[other])
    done = runtime("predict", str(kernels[0]), "--task", "device", "--model", str(model_dir[2]), "--tasks", str(other))
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "made for another model" in done.stderr
    with open(pack / "device.onnx", "ab") as f:
        f.write(b"\0")
    with Model.load(model_dir[2], tasks=[pack]) as model, pytest.raises(PackError, match="the pack changed"):
        model.predict("device", kernels[0])
    with pytest.raises(PackError, match="already served from"):
        Model.load(model_dir[2], tasks=[pack, pack])


def test_heads_are_read_by_output_name() -> None:
    from mir_runtime.model import _head_output

    class Session:  # skl2onnx's order: the label first, then the probabilities
        def get_outputs(self):
            return [type("O", (), {"name": n}) for n in ("label", "probabilities")]

        def run(self, names, feed):
            assert names == ["probabilities"]
            return [np.array([[0.25, 0.75]], dtype=np.float32)]

    task = Task("t", "", None, "", {"": "t.onnx"}, (), ("keep", "change"))
    kind, values, ranking = _head_output(Session(), {}, task, "t.onnx")
    assert kind == "probabilities" and values.tolist() == [[0.25, 0.75]] and ranking is None
