"""The held-out size task: its packages never enter pre-training, its labels are the compiler's
and deterministic, and its rows make a suite task whose references and headroom are right."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from mir_export.corpus.packages import PACKAGES as CORPUS
from mir_export.corpus.pairs import cut_function
from mir_export.corpus.size_recipe import tool, with_attributes
from mir_export.tasks.size.labels import defined_functions, sizes
from mir_export.corpus.size_recipe import PACKAGES, PIPELINES, REFERENCE
from mir_export.tasks.size.task import CLASSES, headroom, load, size_task

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ("clang", "opt", "llc", "llvm-extract", "llvm-size")
needs_llvm = pytest.mark.skipif(any(shutil.which(tool(t)) is None for t in TOOLS), reason="LLVM 14 tools not installed")

SOURCE = """
int table[64];
int sum(int n) { int s = 0; for (int i = 0; i < n; i++) s += table[i & 63] * i; return s; }
static int twice(int x) { return 2 * x; }
int use(int x) { return twice(x) + sum(x); }
"""


def test_packages_never_in_the_pretraining_corpus():
    corpus = {p.name for p in CORPUS}
    manifest = json.loads((ROOT / "artifacts" / "corpus-manifest.json").read_text())
    built = {p["name"] if isinstance(p, dict) else p for p in manifest["packages"]}
    ours = {p.name for p in PACKAGES}
    assert len(ours) >= 4 and not ours & corpus and not ours & built


def test_pipelines_and_reference():
    assert len(PIPELINES) >= 6 and REFERENCE in PIPELINES and CLASSES[0] == REFERENCE


def test_optnone_replaced_and_functions_found():
    text = ('define i32 @f() #0 {\n  ret i32 0\n}\ndefine internal void @"a b"(i32 %x) #1 {\n  ret void\n}\n'
            'attributes #0 = { noinline nounwind optnone uwtable }\nattributes #1 = { nounwind }\n')
    assert defined_functions(text) == ["@f", '@"a b"']
    replaced = with_attributes(text, "minsize optsize")
    assert "optnone" not in replaced and "noinline nounwind minsize optsize uwtable" in replaced
    assert "attributes #1 = { nounwind }" in replaced


@needs_llvm
def test_labels_of_a_function_compiled_here(tmp_path):
    source = tmp_path / "unit.c"
    source.write_text(SOURCE)
    module = tmp_path / "unit.O0.ll"
    subprocess.run([tool("clang"), "-O0", "-S", "-emit-llvm", str(source), "-o", str(module)], check=True)
    assert set(defined_functions(module.read_text())) == {"@sum", "@twice", "@use"}
    cut = cut_function(tool("llvm-extract"), module, "@sum", tmp_path / "sum.ll")
    assert isinstance(cut, Path) and defined_functions(cut.read_text()) == ["@sum"]
    first = sizes(cut)
    assert set(first) == set(PIPELINES) and all(v > 0 for v in first.values())
    assert first["Oz"] <= first["O3"]  # -O3 vectorizes and unrolls the loop
    assert sizes(cut) == first  # deterministic
    assert isinstance(cut_function(tool("llvm-extract"), module, "@missing", tmp_path / "x.ll"), str)


def _labels(directory: Path, rows: int, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    with open(directory / "labels.jsonl", "w") as fh:
        for k in range(rows):
            base = int(rng.integers(20, 400))
            row = {"package": f"p{k % 4}", "unit": f"u{k % 12}.c", "name": f"@f{k}", "module": "m", "file": f"f{k}.ll",
                   "key": str(k), "sizes": {**{p: base + int(rng.integers(-5, 6)) for p in PIPELINES}}}
            fh.write(json.dumps(row) + "\n")
        fh.write(json.dumps({"package": "p0", "unit": "u0.c", "name": "@bad", "module": "m", "error": "llc"}) + "\n")
        fh.write(json.dumps({**row, "name": "@again"}) + "\n")  # a repeat of the last key


def test_task_rows_targets_and_references(tmp_path):
    _labels(tmp_path, 60)
    table, dropped = load(tmp_path)
    assert len(table.files) == 60 and dropped == 0
    task = size_task(tmp_path)
    assert task.targets.shape == (60, len(CLASSES)) and np.allclose(task.targets[:, 0], 0)
    gains = task.scores(task.references["oracle"])["size_gain"]
    assert (gains >= 1).all() and np.allclose(task.scores(task.references["Oz"])["size_gain"], 1)
    room = headroom(task.targets)
    assert room["oracle"] >= room["best_single"] and room["oracle_over_best_single"] >= 1


def test_quick_task_through_the_suite(tmp_path):
    from mir_export.evaluation.checkpoint import Checkpoint
    from mir_export.evaluation.suite import run_task

    _labels(tmp_path, 60)
    task = size_task(tmp_path, quick=True)
    features = {"runtime": np.zeros((60, 0)), "noise": np.random.default_rng(1).normal(size=(60, 4))}
    result = run_task(task, features, [0], Checkpoint(tmp_path / "checkpoint.jsonl"))
    oracle = result["references"]["oracle"]["size_gain"]
    for protocol in ("units", "packages"):
        for name in features:
            assert result["protocols"][protocol]["features"][name]["size_gain"]["mean"] <= oracle + 1e-9


def test_missing_labels_is_one_clear_error(tmp_path):
    with pytest.raises(ValueError, match="labels.jsonl"):
        load(tmp_path)


def test_size_labels_command_fails_in_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    done = subprocess.run(["mir-export", "downstream", "size-labels", "--out", str(blocker / "task"), "--no-prepare"],
                          capture_output=True, text=True)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith("mir-export downstream size-labels:")


def test_registered_in_the_suite_only_where_its_labels_are_named(tmp_path):
    code = "from mir_export.tasks.suite_tasks import TASKS; print(sorted(TASKS))"
    plain = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ, "MIR_SIZE_TASK": ""})
    named = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env={**os.environ, "MIR_SIZE_TASK": str(tmp_path)})
    assert "'size'" not in plain.stdout and "'size'" in named.stdout
