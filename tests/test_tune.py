"""The passes task kind and ``mir-runtime tune``: a small real passes pack (a ridge head on labels
opt-14 computes here, ``passes_pack``) served by ``predict --task passes`` and ``Model.predict``;
``tune`` never keeps more IR instructions than -Oz, at any budget; a failing pipeline is skipped
with a warning; no opt, or an input opt rejects, is one line and exit 2 with an existing OUT kept."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mir_runtime.ir import read_ir
from mir_runtime.ir.count import count_instructions
from mir_runtime.packs import PackError, read_pack
from passes_pack import PIPELINES, PROGRAMS, build_pack, compile_o0, opt14, passes_entry, with_pipelines, with_ranking

pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")
TRAIN = ("bits.c", "loops.c", "recursion.c", "structs.c", "switch.c")
SWITCH_INVOKE = """
define i32 @f(i32 %x) personality ptr @p {
entry:
  switch i32 %x, label %"other block" [
    i32 0, label %a
    i32 1, label %a
  ]
a:                                                ; preds = %entry, %entry
  %r = invoke i32 @g()
          to label %done unwind label %lp

"other block":
  ret i32 1
done:
  ret i32 %r
lp:
  %l = landingpad { ptr, i32 }
          cleanup
          catch ptr null
  resume { ptr, i32 } %l
}
declare i32 @g()
declare i32 @p(...)
"""
# IR of LLVM 16 and later (a memory attribute) that the reader reads and opt-14 does not
LLVM19_ONLY = """define i32 @f(i32 %n) #0 {
entry:
  %v = add i32 %n, 1
  ret i32 %v
}
attributes #0 = { memory(none) }
"""


@pytest.fixture(scope="module")
def opt() -> str:
    found = opt14()
    if found is None:
        pytest.skip("opt-14 is not installed")
    return found


@pytest.fixture(scope="module")
def modules(tmp_path_factory, opt) -> list[Path]:
    out = tmp_path_factory.mktemp("o0")
    try:
        return [compile_o0(PROGRAMS / name, out / f"{name}.ll") for name in (*TRAIN, "stencil.c")]
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        pytest.skip(f"cannot compile the test programs with clang-14: {exc}")


@pytest.fixture(scope="module")
def pack(model_dir, modules, tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("packs")
    return build_pack(model_dir[2], modules[: len(TRAIN)], root / "served" / "passes", root / "work")


def runtime(*args: str, env: dict | None = None, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mir_runtime.cli", *args], capture_output=True, timeout=180,
                          env={**os.environ, **(env or {})}, input=stdin)


def oz_count(opt: str, module: Path) -> int:
    done = subprocess.run([opt, "-passes=default<Oz>", "-S", "-o", "-", str(module)], capture_output=True, text=True,
                          check=True)
    return count_instructions(done.stdout)


def one_line(done: subprocess.CompletedProcess) -> str:
    err = done.stderr.decode()
    assert done.returncode == 2 and len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err


# --- the instruction count --------------------------------------------------------------------


def test_count_skips_labels_cases_and_clauses() -> None:
    # switch, a quoted label, an invoke's second line, landingpad clauses: 6 instructions
    assert count_instructions(SWITCH_INVOKE) == 6
    assert count_instructions("declare i32 @g()\n@x = global i32 0\n") == 0
    assert count_instructions(SWITCH_INVOKE + "\n; a comment\n\n") == 6


def test_count_is_the_readers_on_clang_and_opt_output(modules, opt, tmp_path) -> None:
    for module in modules[:3]:
        optimized = tmp_path / module.name
        subprocess.run([opt, "-passes=default<O2>", "-S", "-o", str(optimized), str(module)], check=True)
        for path in (module, optimized):
            assert count_instructions(path.read_text()) == sum(1 for _ in read_ir(path).instructions()), path


# --- the passes kind ------------------------------------------------------------------------------


@pytest.mark.parametrize("change, says", [
    (lambda e: e["pipelines"].pop(0), "default<Oz>"),
    (lambda e: e["pipelines"][1].update(name="oz"), "given twice: oz"),
    (lambda e: e["pipelines"][1].update(llvm="14"), "llvm must be"),
    (lambda e: e["pipelines"][1].update(passes=""), "passes must be"),
])
def test_malformed_pipelines_are_one_line(pack, tmp_path, change, says) -> None:
    raw = json.loads((pack / "task.json").read_text())
    change(raw["task"])
    (tmp_path / "task.json").write_text(json.dumps(raw))
    with pytest.raises(PackError, match=says) as caught:
        read_pack(tmp_path)
    assert "\n" not in str(caught.value)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-2, 20) | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                    max_leaves=8)
PIPELINE = st.fixed_dictionaries({"name": JSON, "passes": st.sampled_from(["default<Oz>", "instcombine"]) | JSON,
                                  "llvm": JSON})


@settings(max_examples=60, deadline=None)
@given(pipelines=st.lists(PIPELINE, max_size=3) | JSON)
def test_any_pipelines_entry_is_read_or_one_line(pipelines) -> None:
    import tempfile

    entry = {**passes_entry(PIPELINES), "pipelines": pipelines}
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "task.json").write_text(json.dumps({
            "format": "mir-task-pack", "format_version": 1, "name": "passes", "task": entry, "base_model": {},
            "files": {"passes.onnx": {"sha256": "0" * 64}}}))
        try:
            task = read_pack(tmp).task
        except PackError as exc:
            assert "\n" not in str(exc) and str(exc).startswith(tmp)
        else:
            assert "default<Oz>" in [p.passes for p in task.pipelines] and len(task.classes) == len(set(task.classes))


def test_predict_passes_json_and_python(pack, model_dir, modules) -> None:
    from mir_runtime.model import Model

    done = runtime("predict", str(modules[-1]), "--task", "passes", "--model", str(model_dir[2]),
                   "--tasks", str(pack.parent))
    assert done.returncode == 0, done.stderr.decode()
    answer = json.loads(done.stdout)
    assert set(answer) == {"file", "task", "decision", "llvm", "pipeline", "gains", "margin", "inputs"}
    assert answer["llvm"] == 14 and list(answer["gains"]) == list(PIPELINES)
    assert answer["decision"] == PIPELINES[answer["pipeline"]]
    # -Oz's own gain is 0; its score is the margin, which another pipeline must pass to be chosen
    scores = answer["gains"] | {"oz": answer["margin"]}
    assert answer["gains"]["oz"] == 0.0 and scores[answer["pipeline"]] == max(scores.values())
    with Model.load(model_dir[2], tasks=[pack]) as model:
        prediction = model.predict("passes", modules[-1])
        assert prediction.gains == answer["gains"] and prediction.ranked()[0] == prediction.pipeline
    text = runtime("predict", str(modules[-1]), "--task", "passes", "--format", "text", "--model", str(model_dir[2]),
                   "--tasks", str(pack.parent))
    assert f"-passes='{answer['decision']}'" in text.stdout.decode()
    listed = runtime("tasks", "--model", str(model_dir[2]), "--tasks", str(pack.parent))
    assert "inline-scalar (LLVM 14): module(cgscc(inline)" in listed.stdout.decode()


def test_a_ranking_output_orders_what_tune_tries(pack, model_dir, modules, tmp_path) -> None:
    from mir_runtime import tune
    from mir_runtime.model import Model

    # the ranking puts the candidates in reverse pack order; the one-shot decision stays the gains'
    scores = [float(-k) for k in range(len(PIPELINES))][::-1]
    ranked_pack = with_ranking(pack, tmp_path / "ranked" / "passes", scores)
    with Model.load(model_dir[2], tasks=[pack]) as model:
        plain = model.predict("passes", modules[-1])
    with Model.load(model_dir[2], tasks=[ranked_pack]) as model:
        prediction = model.predict("passes", modules[-1])
    assert prediction.decision == plain.decision and prediction.gains == plain.gains
    assert [p.name for p in prediction.ranked()] == list(PIPELINES)[::-1]
    assert prediction.to_dict()["ranking"] == dict(zip(PIPELINES, scores)) and "ranking" not in plain.to_dict()
    result = tune(modules[-1], tmp_path / "out.ll", budget=2, model=model_dir[2], tasks=[ranked_pack])
    assert [t.pipeline.name for t in result.trials] == ["oz", *list(PIPELINES)[::-1][:2]]


# --- tune -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("budget", [0, 1, 3])
def test_tune_is_never_worse_than_oz(pack, model_dir, modules, opt, tmp_path, budget) -> None:
    from mir_runtime import tune

    for module in (modules[1], modules[-1]):
        out = tmp_path / f"{module.stem}.{budget}.ll"
        result = tune(module, out, budget=budget, model=model_dir[2], tasks=[pack])
        oz = oz_count(opt, module)
        assert result.oz_instructions == oz and count_instructions(out.read_text()) == result.instructions <= oz
        assert len(result.trials) == budget + 1 and result.trials[0].pipeline.passes == "default<Oz>"
        assert (result.chosen.passes == "default<Oz>") == (budget == 0 or result.instructions == oz)
        read_ir(out)  # the kept IR is whole
        assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no partial file left


def test_tune_keeps_embeddings_in_a_cache(pack, model_dir, modules, tmp_path) -> None:
    from mir_runtime import tune

    first, again = (tune(modules[-1], budget=1, model=model_dir[2], tasks=[pack], cache=tmp_path / "cache")
                    for _ in range(2))
    assert any((tmp_path / "cache").iterdir())
    assert (again.chosen, again.instructions, again.ir) == (first.chosen, first.instructions, first.ir)


def test_tune_cli_stdout_and_json(pack, model_dir, modules, opt) -> None:
    done = runtime("tune", str(modules[-1]), "--budget", "2", "-o", "-", "--format", "json",
                   "--model", str(model_dir[2]), "--tasks", str(pack.parent))
    assert done.returncode == 0, done.stderr.decode()
    report = json.loads(done.stderr.decode().splitlines()[-1])  # the IR has standard output
    assert count_instructions(done.stdout.decode()) == report["instructions"] <= oz_count(opt, modules[-1])
    assert report["opt"].endswith("opt-14") and [t["pipeline"] for t in report["tried"]][0] == "oz"
    piped = runtime("tune", "-", "--budget", "0", "-o", "-", "--model", str(model_dir[2]), "--tasks", str(pack.parent),
                    stdin=modules[-1].read_bytes())
    assert piped.returncode == 0 and piped.stderr.decode().startswith("<stdin>: default<Oz> kept")
    assert count_instructions(piped.stdout.decode()) == oz_count(opt, modules[-1])


def test_tune_out_dir_tunes_every_input_with_one_model(pack, model_dir, modules, opt, tmp_path) -> None:
    bad = tmp_path / "in" / "bad.ll"
    bad.parent.mkdir()
    bad.write_text(LLVM19_ONLY)  # opt-14 rejects it: one line, the others still tuned
    out = tmp_path / "out" / "deeper"
    done = runtime("tune", str(modules[0]), str(bad), str(modules[-1]), "--out-dir", str(out), "--budget", "1",
                   "--format", "json", "--model", str(model_dir[2]), "--tasks", str(pack.parent))
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err
    assert str(bad) in err and "opt-14 cannot optimize it" in err and "1 of 3 inputs failed" in err
    reports = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [r["file"] for r in reports] == [str(modules[0]), str(modules[-1])]
    for module, report in zip((modules[0], modules[-1]), reports):
        kept = out / (module.stem + ".ll")
        assert count_instructions(kept.read_text()) == report["instructions"] <= oz_count(opt, module)
    assert sorted(p.name for p in out.iterdir()) == sorted(m.stem + ".ll" for m in (modules[0], modules[-1]))


def test_tune_many_in_python_loads_the_model_once(pack, model_dir, modules, tmp_path) -> None:
    from mir_runtime.model import Model
    from mir_runtime.tuning import tune_files

    calls = []
    real = Model.load
    Model.load = classmethod(lambda cls, *a, **k: calls.append(1) or real(*a, **k))  # type: ignore[method-assign]
    try:
        results = dict(tune_files(modules[:3], tmp_path, budget=1, model=model_dir[2], tasks=[pack]))
    finally:
        Model.load = real  # type: ignore[method-assign]
    assert len(calls) == 1 and list(results) == [str(m) for m in modules[:3]]
    assert all(r.instructions <= r.oz_instructions for r in results.values())


@pytest.mark.parametrize("case, says", [
    ("clash", "would both be written as"), ("dir-with-o", "need --out-dir DIR"),
    ("both", "give -o OUT (one input) or --out-dir DIR"), ("stdin-dir", "is tuned with -o OUT")])
def test_tune_inputs_and_outputs_are_checked_first(pack, model_dir, modules, tmp_path, case, says) -> None:
    twin = tmp_path / "other" / modules[0].name
    twin.parent.mkdir()
    twin.write_bytes(modules[0].read_bytes())
    args = {"clash": (str(modules[0]), str(twin), "--out-dir", str(tmp_path / "o")),
            "dir-with-o": (str(twin.parent), "-o", str(tmp_path / "o.ll")),
            "both": (str(modules[0]), "-o", str(tmp_path / "o.ll"), "--out-dir", str(tmp_path / "o")),
            "stdin-dir": ("-", "--out-dir", str(tmp_path / "o"))}[case]
    err = one_line(runtime("tune", *args, "--model", str(model_dir[2]), "--tasks", str(pack.parent), stdin=b""))
    assert says in err
    assert not (tmp_path / "o").exists() or not any((tmp_path / "o").iterdir())


def test_failing_pipeline_is_skipped(pack, model_dir, modules, tmp_path, opt) -> None:
    broken = with_pipelines(pack, tmp_path / "broken" / "passes", {**PIPELINES, "o1": "no-such-pass,instcombine"})
    out = tmp_path / "out.ll"
    done = runtime("tune", str(modules[0]), "--budget", str(len(PIPELINES)), "-o", str(out),
                   "--model", str(model_dir[2]), "--tasks", str(broken))
    err = done.stderr.decode()
    assert done.returncode == 0, err
    assert "pipeline o1 failed in opt-14, skipped: unknown pass name 'no-such-pass'" in err
    assert count_instructions(out.read_text()) <= oz_count(opt, modules[0])


def test_an_opt_run_past_the_timeout_is_stopped(pack, model_dir, modules, tmp_path, opt) -> None:
    slow = tmp_path / "slow-opt"  # opt-14, but default<O1> hangs
    slow.write_text(f"""#!/bin/sh
case "$*" in *"default<O1>"*) exec sleep 60;; *"default<Oz>"*) [ -n "$HANG_OZ" ] && exec sleep 60;; esac
exec {opt} "$@"
""")
    slow.chmod(0o755)
    args = ("tune", str(modules[0]), "--budget", str(len(PIPELINES)), "--opt", str(slow), "--timeout", "2",
            "--model", str(model_dir[2]), "--tasks", str(pack.parent))
    done = runtime(*args, "-o", str(tmp_path / "out.ll"))
    err = done.stderr.decode()
    assert done.returncode == 0, err
    assert "pipeline o1 failed in slow-opt, skipped: still running after 2 s, stopped" in err
    assert count_instructions((tmp_path / "out.ll").read_text()) <= oz_count(opt, modules[0])
    hung = one_line(runtime(*args, "-o", str(tmp_path / "other.ll"), env={"HANG_OZ": "1"}))
    assert "cannot optimize it with default<Oz>: still running after 2 s" in hung
    assert "above 0" in one_line(runtime(*args[:-6], "--timeout", "0", "-o", str(tmp_path / "x.ll")))


def test_no_opt_is_one_line(pack, model_dir, modules, tmp_path) -> None:
    args = ("tune", str(modules[0]), "-o", str(tmp_path / "out.ll"), "--model", str(model_dir[2]),
            "--tasks", str(pack.parent))
    assert "no opt found for LLVM 14" in one_line(runtime(*args, env={"PATH": str(tmp_path)}))
    assert "--opt" in one_line(runtime(*args, "--opt", str(tmp_path / "nothing")))
    assert not (tmp_path / "out.ll").exists()


def test_input_opt_rejects_is_one_line_and_out_kept(pack, model_dir, tmp_path) -> None:
    source = tmp_path / "new.ll"
    source.write_text(LLVM19_ONLY)
    read_ir(source)  # the reader takes it; opt-14 does not
    out = tmp_path / "out.ll"
    out.write_text("kept")
    err = one_line(runtime("tune", str(source), "-o", str(out), "--model", str(model_dir[2]),
                           "--tasks", str(pack.parent)))
    assert str(source) in err and "opt-14 cannot optimize it" in err and "error:" in err
    assert out.read_text() == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.ll", "out.ll"]


def test_tune_without_a_passes_task_is_one_line(model_dir, modules, tmp_path) -> None:
    err = one_line(runtime("tune", str(modules[0]), "-o", str(tmp_path / "o.ll"), "--model", str(model_dir[2])))
    assert "no passes task" in err and "--tasks" in err


def test_typed_pointers_of_llvm_10(pack, model_dir, datasets, opt, tmp_path) -> None:
    from mir_runtime import tune

    kernel = sorted((datasets / "devmap" / "kernels_ir").glob("*.ll"))[0]
    assert "float>*" in kernel.read_text()  # typed pointers
    result = tune(kernel, tmp_path / "k.ll", budget=1, model=model_dir[2], tasks=[pack], opt=opt)
    assert result.instructions <= oz_count(opt, kernel)


def test_passes_entry_round_trips() -> None:
    from mir_runtime.tasks import Task

    task = Task.from_manifest("passes", passes_entry(PIPELINES))
    assert Task.from_manifest("passes", task.to_manifest()) == task
    assert task.summary()["pipelines"][0] == {"name": "oz", "passes": "default<Oz>", "llvm": 14}


# --- heads on code counts ----------------------------------------------------------------------------


@pytest.fixture(scope="module", params=["opcodes", "autophase"])
def counts_pack(request, model_dir, modules, tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp(f"counts-{request.param}")
    return build_pack(model_dir[2], modules[: len(TRAIN)], root / "served" / "passes", root / "work",
                      features=request.param)


@pytest.fixture(scope="module")
def no_encoders(model_dir, tmp_path_factory) -> Path:
    """The test model without its encoders and tokenizer: what a head on code counts never reads."""
    import shutil

    out = tmp_path_factory.mktemp("no-encoders") / "model"
    shutil.copytree(model_dir[2], out)
    for path in out.iterdir():
        if path.suffix == ".onnx" or path.name == "tokenizer.json":
            path.unlink()
    return out


def test_a_head_on_code_counts_never_reads_the_encoders(counts_pack, no_encoders, modules, opt, tmp_path) -> None:
    from mir_runtime import tune
    from mir_runtime.model import Model
    from mir_runtime.modeldir import ModelFileError

    features = read_pack(counts_pack).task.features
    done = runtime("predict", str(modules[-1]), "--task", "passes", "--model", str(no_encoders),
                   "--tasks", str(counts_pack))
    assert done.returncode == 0, done.stderr.decode()
    answer = json.loads(done.stdout)
    assert answer["decision"] == PIPELINES[answer["pipeline"]] and list(answer["gains"]) == list(PIPELINES)
    with Model.load(no_encoders, tasks=[counts_pack], lazy=True) as model:
        assert model.predict("passes", modules[-1]).gains == answer["gains"]
        rows = model.embed_for("passes", modules[:2])
        assert rows.shape == (2, {"opcodes": 67, "autophase": 56}[features])
        assert [p.gains for p in model.predict_embeddings("passes", rows, precision="fp32")][1] == \
            model.predict("passes", modules[1]).gains
        with pytest.raises(ModelFileError, match="missing"):  # an embedding needs the encoders
            model.embed(modules[0])
    listed = runtime("tasks", "--model", str(no_encoders), "--tasks", str(counts_pack)).stdout.decode()
    assert f"reads: the module's {features} counts" in listed
    with pytest.raises(ModelFileError, match="missing"):  # loaded eagerly, the encoders are checked at once
        Model.load(no_encoders, tasks=[counts_pack])
    result = tune(modules[-1], tmp_path / "t.ll", budget=2, model=no_encoders, tasks=[counts_pack])
    assert result.instructions <= result.oz_instructions == oz_count(opt, modules[-1])


def test_a_head_on_code_counts_imports_no_graph_builder_or_tokenizer(counts_pack, model_dir, modules) -> None:
    probe = ("import sys; from mir_runtime.model import Model; "
             f"m = Model.load({str(model_dir[2])!r}, tasks=[{str(counts_pack)!r}], lazy=True); "
             f"m.predict('passes', {str(modules[-1])!r}); "
             "print(m.backend._encoders, sorted(k for k in sys.modules if k.split('.')[0] in ('tokenizers', 'torch') "
             "or k in ('mir_runtime.graph', 'mir_runtime.featurizer', 'mir_runtime.engine')))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "[None, None] []", done.stdout + done.stderr


def test_a_head_on_code_counts_refuses_a_module_without_bodies(counts_pack, model_dir, tmp_path) -> None:
    empty = tmp_path / "decl.ll"
    empty.write_text("declare i32 @g()\n")
    err = one_line(runtime("predict", str(empty), "--task", "passes", "--model", str(model_dir[2]),
                           "--tasks", str(counts_pack)))
    assert str(empty) in err and "no function bodies" in err


def test_features_entry_is_checked_and_round_trips() -> None:
    from mir_runtime.code_counts import FEATURES
    from mir_runtime.tasks import FEATURE_SETS, Task

    assert set(FEATURE_SETS) == {"embedding", *FEATURES}
    for features in FEATURE_SETS:
        task = Task.from_manifest("passes", passes_entry(PIPELINES, features=features))
        assert task.features == features and Task.from_manifest("passes", task.to_manifest()) == task
    assert "features" not in Task.from_manifest("passes", passes_entry(PIPELINES)).to_manifest()
    for bad in ("ir2vec", 3, None, ["opcodes"]):
        with pytest.raises(ValueError, match="task.features .* is not one of embedding, opcodes, autophase"):
            Task.from_manifest("passes", {**passes_entry(PIPELINES), "features": bad})
