"""Heads that answer one class whatever their input are found from the head file and said: the
rule is sound (a head it calls constant answers that class on any embedding), the shipped
vectorize head is one, and ``tasks`` and ``predict`` say so; the coarsening heads, one file for
every GPU, need no ``--gpu``."""
from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mir_export.evaluation.neighbour_heads import NeighbourHead
from mir_export.evaluation.constancy import constant_class
from mir_runtime.model import default_model_dir

ort = pytest.importorskip("onnxruntime")
SHIPPED = default_model_dir()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), rows=st.integers(3, 12), classes=st.integers(2, 5), k=st.sampled_from([1, 2, 3, None]),
       aggregate=st.sampled_from(["mean", "min"]), margin=st.sampled_from([0.0, 0.1, 0.5, 2.0]),
       spread=st.sampled_from([0.05, 0.5, 2.0]))
def test_a_head_called_constant_answers_that_class_on_any_embedding(tmp_path_factory, seed, rows, classes, k,
                                                                    aggregate, margin, spread) -> None:
    rng = np.random.default_rng(seed)
    embedding = rng.normal(size=(rows, 6)).astype(np.float32)
    targets = rng.normal(0, spread, size=(rows, classes))
    targets[:, 0] = 0.0  # log speedups over the default
    head = NeighbourHead.fit(embedding, targets, k, aggregate, margin)
    path = tmp_path_factory.mktemp("h") / "head.onnx"
    head.export(path)
    found = constant_class(path)
    if k is None:  # every row a neighbour: one curve whatever the embedding
        assert found == int(head.predict(embedding[:1])[0].argmax())
    if found is not None:
        probes = np.concatenate([embedding, rng.normal(0, 3, size=(200, 6)).astype(np.float32)])
        scores = ort.InferenceSession(str(path)).run(None, {"embedding": probes})[0]
        assert (scores.argmax(1) == found).all()


def test_a_head_of_another_form_is_never_called_constant() -> None:
    assert constant_class(SHIPPED / "tasks" / "devmap" / "devmap-amd.onnx") is None
    assert constant_class(SHIPPED / "tasks" / "coarsening" / "coarsening-fermi.onnx") is None  # a gain can clear its margin
    assert constant_class(SHIPPED / "tasks" / "vectorize" / "vectorize-intel-r-xeon-r-processor.onnx") == 0


def runtime(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mir_runtime.cli", *args, "--model", str(SHIPPED)], capture_output=True,
                          text=True, timeout=300)


def test_tasks_says_which_heads_are_constant_or_shared() -> None:
    listed = {t["task"]: t for t in json.loads(runtime("tasks", "--format", "json").stdout)}
    assert listed["vectorize"]["constant"] == {"intel-r-xeon-r-processor": "constant: answers the default for every input"}
    assert "constant" not in listed["coarsening"] and "--gpu is optional" in listed["coarsening"]["same_head"]
    assert "constant" not in listed["devmap"] and "same_head" not in listed["devmap"]
    text = runtime("tasks").stdout
    assert "constant: answers the default for every input" in text and "(optional: one head for every gpu)" in text


def test_coarsening_needs_no_gpu_and_its_scores_are_gains_with_the_margin_beside(datasets) -> None:
    kernel = sorted((datasets / "threadcoarsening" / "kernels_ir").glob("*.ll"))[0]
    without = runtime("predict", "--task", "coarsening", str(kernel))
    assert without.returncode == 0, without.stderr
    answer = json.loads(without.stdout)
    assert "gpu" not in answer and answer["scores"]["1"] == 0.0 and answer["margin"] == pytest.approx(0.2)
    best = max(answer["scores"], key=answer["scores"].get)
    assert answer["decision"] == (best if answer["scores"][best] > answer["margin"] else "1")
    given = json.loads(runtime("predict", "--task", "coarsening", "--gpu", "tahiti", str(kernel)).stdout)
    assert given["gpu"] == "tahiti" and given["scores"] == answer["scores"]
