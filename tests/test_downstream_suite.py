"""The downstream suite: its quick form never lets an outer test row reach a fit, resumes from its
checkpoint, and its paired statistic calls a win only outside the spread of kernels."""
from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("torch")  # the training side

from mir_export.evaluation import suite  # noqa: E402
from mir_export.evaluation.checkpoint import Checkpoint  # noqa: E402
from mir_export.evaluation.learners import Learner  # noqa: E402
from mir_export.evaluation.paired import paired  # noqa: E402
from mir_export.evaluation.suite import ROWS, Context, Metric, Protocol, Task, run_suite, run_task  # noqa: E402
from mir_export.evaluation.suite_report import suite_markdown  # noqa: E402
from mir_export.evaluation.protocol import leave_groups_out
from mir_export.tasks.devmap.suite import benchmark_suite
from mir_export.tasks.suite_tasks import TASKS


def test_paired_interval_is_over_groups_and_seeds_only_average() -> None:
    groups = np.repeat(np.arange(10), 5)
    a = np.zeros((3, 50))
    assert paired(a, a, groups).verdict == "tie"
    better = paired(a, a + 0.1 + 0.01 * np.random.default_rng(0).standard_normal((3, 50)), groups)
    assert better.verdict == "better" and better.groups == 10 and better.low < 0.1 < better.high
    # one kernel's 5 rows moving together: one unit, not five
    lucky = np.where(groups == 0, 1.0, 0.0)[None, :]
    assert paired(np.zeros((1, 50)), lucky, groups).verdict == "tie"
    speedups = paired(np.full((1, 50), 2.0), np.full((1, 50), 4.0), groups, log=True)
    assert speedups.difference == pytest.approx(np.log(2.0))


def _toy_task(rows: int = 40) -> Task:
    """Labels a feature column decides: a fit that reads it is always right."""
    labels = np.arange(rows) % 2
    groups = np.arange(rows) // 4
    folds = lambda seed: leave_groups_out(groups % 5)  # noqa: E731

    def search(code: bool):
        def fit(features, extras, targets, inner_groups, seed):
            return lambda f, e: (f[:, 0] > 0.5).astype(np.int64) if code else np.zeros(len(f), dtype=np.int64)
        return fit

    return Task("toy", ir=(), extras=np.zeros((rows, 0)), targets=labels, groups=groups,
                metrics=(Metric("accuracy", lambda d: (d == labels).astype(float), percent=True),),
                protocols=(Protocol("groups", folds, search),), references={"oracle": labels})


def test_run_task_scores_every_row_resumes_and_pairs_against_ours(tmp_path) -> None:
    task = _toy_task()
    features = {"runtime": np.zeros((40, 0)), "ours": task.targets[:, None].astype(float)}
    saved = Checkpoint(tmp_path / "checkpoint.jsonl")
    result = run_task(task, features, [0, 1], saved)
    found = result["protocols"]["groups"]
    assert found["features"]["ours"]["accuracy"]["mean"] == 1.0
    assert found["features"]["runtime"]["accuracy"]["mean"] == 0.5
    [pair] = found["paired"]
    assert (pair["a"], pair["b"], pair["verdict"], pair["groups"]) == ("runtime", "ours", "better", 10)
    lines = (tmp_path / "checkpoint.jsonl").read_text().splitlines()
    assert len(lines) == 2 * 2 * 5  # feature sets x seeds x folds
    assert run_task(task, features, [0, 1], saved) == result  # resumed: nothing recomputed
    assert len((tmp_path / "checkpoint.jsonl").read_text().splitlines()) == len(lines)


def test_benchmark_suites_of_devmap_names() -> None:
    assert benchmark_suite("amd-app-sdk-3.0-BinomialOption-binomial_options") == "amd-app-sdk"
    assert benchmark_suite("polybench-gpu-1.0-2mm-mm2_kernel1") == "polybench-gpu"
    assert benchmark_suite("npb-3.3-BT-add") == "npb"


def test_quick_suite_never_fits_on_an_outer_test_row(datasets, model_dir, tmp_path, monkeypatch) -> None:
    """Every fit, inner ones included, sees row ids (the ``row`` feature set) of the outer training
    fold only; every row is tested; the report has each protocol and the per-suite table."""
    current: dict[str, set] = {}
    fits = []
    run_fold = suite.run_fold

    def watched_fold(fit, task, features, inner_groups, train, test, seed):
        current.update(train=set(train.tolist()), test=set(test.tolist()))
        return run_fold(fit, task, features, inner_groups, train, test, seed)

    fit = Learner.fit

    def watched_fit(self, embedding, extras, targets, classes, seed):
        if embedding.shape[1] == 1 and current:
            seen = set(embedding[:, 0].astype(int).tolist())
            assert not seen & current["test"] and seen <= current["train"]
            fits.append(len(seen))
        return fit(self, embedding, extras, targets, classes, seed)

    monkeypatch.setattr(suite, "run_fold", watched_fold)
    monkeypatch.setattr(Learner, "fit", watched_fit)
    tasks = [TASKS[name](datasets, True) for name in ("devmap-amd", "coarsening")]
    results = run_suite(tasks, [ROWS, "runtime", "opcodes"], Context(model_dir[2]), [0], tmp_path, True)
    assert len(fits) > 100
    amd = results["tasks"]["devmap-amd"]
    assert set(amd["protocols"]) == {"stratified", "grouped", "suite"}
    assert set(results["tasks"]["coarsening"]["protocols"]["strict"]["features"]) == {ROWS, "opcodes"}
    assert len(amd["protocols"]["suite"]["features"]["opcodes"]["strata"]["suite"]) == 7
    markdown = suite_markdown(results | {"feature_names": {}})
    assert "Per suite" in markdown and "Per gpu" in markdown and "Paired differences" in markdown
    json.dumps(results)  # results.json is plain JSON


def test_suite_command_refuses_an_unknown_feature_set_in_one_line(tmp_path) -> None:
    done = subprocess.run([sys.executable, "-m", "mir_export.cli", "downstream", "suite", "--model", str(tmp_path),
                           "--out", str(tmp_path / "out"), "--features", "ours,bogus"], capture_output=True, text=True)
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [
        "mir-export downstream suite: --features: unknown ['bogus'] (runtime, opcodes, tfidf, ir2vec, random, ours)"]


def test_random_model_keeps_the_architecture_with_fresh_weights(model_dir, tmp_path) -> None:
    from mir_runtime import Model

    like = model_dir[2]
    subprocess.run([sys.executable, "-m", "mir_export.cli", "random-model", "--like", str(like), "--out",
                    str(tmp_path / "random"), "--seed", "1"], check=True, capture_output=True)
    made = json.loads((tmp_path / "random" / "manifest.json").read_text())
    original = json.loads((like / "manifest.json").read_text())
    assert made["model"] == original["model"] and made["pooling"] == original["pooling"]
    assert made["files"]["statement_encoder.onnx"]["sha256"] != original["files"]["statement_encoder.onnx"]["sha256"]
    assert made["training"]["weights"] == "random initialization, seed 1"
    with Model.load(tmp_path / "random") as model:
        assert model.manifest.embedding_size == original["embedding_size"]
