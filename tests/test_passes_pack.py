"""``passes pack``: the judge's choice made a task pack the runtime serves. Tiny IR modules whose
opcodes decide which synthetic pipeline wins, judged on the runtime's code counts (no encoder
runs); the pack's choice, head and provenance; end to end through ``mir-runtime predict`` and
``tune``; bad input as one line naming the file, exit 2, the previous pack left in place."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mir_export.cli import main
from mir_runtime.packs import read_pack

pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")

# "a" wins on modules of multiplications, "b" on modules of additions; -Oz elsewhere
EXTRA = {"a": "function(instcombine)", "b": "function(sroa,simplifycfg)"}
NAMES = ("Oz", "O1", "O2", "O3", "Os", *EXTRA)
TRAIN = {"cm": 6, "mp": 6, "gl": 6}
TEST = {"ei": 3, "kf": 3}
REPO = Path(__file__).resolve().parent.parent


def _module(op: str, size: int) -> str:
    body = "".join(f"  %x{i + 1} = {op} i32 %x{i}, {i + 2}\n" for i in range(size))
    return (f"define i32 @f(i32 %x0) {{\nentry:\n{body}  ret i32 %x{size}\n}}\n"
            f"define i32 @g(i32 %y) {{\nentry:\n  %z = call i32 @f(i32 %y)\n  ret i32 %z\n}}\n")


def _rows(groups: dict[str, int]) -> list[dict]:
    rows = []
    for package, n in groups.items():
        for k in range(n):
            op, size = ("mul", "add", "xor")[k % 3], 3 + k
            oz = 10 + 2 * size
            counts = {n_: oz + 2 for n_ in NAMES} | {"Oz": oz, "Os": oz}
            if op == "mul":
                counts["a"] = oz - 3
            elif op == "add":
                counts["b"] = oz - 4
            rows.append({"key": f"{package}/u{k}.c.O0.ll", "package": package, "form": "O0",
                         "module": f"{package}/u{k}.c.O0.ll", "input": oz, "counts": counts,
                         "text": _module(op, size)})
    return rows


def _write_data(root: Path) -> Path:
    for split, groups in (("train", TRAIN), ("test", TEST)):
        rows = _rows(groups)
        for r in rows:
            (root / "ir" / r["module"]).parent.mkdir(parents=True, exist_ok=True)
            (root / "ir" / r["module"]).write_text(r.pop("text"))
        (root / "labels").mkdir(parents=True, exist_ok=True)
        (root / "labels" / f"{split}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
        (root / "labels" / f"manifest-{split}.json").write_text(json.dumps({  # as 'passes label' writes it
            "command": ["mir-export", "passes", "label", "--data", "DATA", "--split", split],
            "tools": {"opt": "Debian LLVM version 14.0.6"}, "modules": len(rows),
            "packages": [{"name": g, "version": "1.0-1", "license": "MIT", "units": n} for g, n in groups.items()]}))
    (root / "coreset").mkdir()
    (root / "coreset" / "coreset.tsv").write_text(
        "".join(f"{n}\t{p}\n" for n, p in {"Oz": "default<Oz>", "O1": "default<O1>", "O2": "default<O2>",
                                          "O3": "default<O3>", "Os": "default<Os>", **EXTRA}.items()))
    return root


@pytest.fixture(scope="module")
def judged(tmp_path_factory) -> tuple[Path, Path]:
    """DATA and the judge's JSON on the runtime's counts (judged once for every test here)."""
    root = _write_data(tmp_path_factory.mktemp("passes") / "data")
    out = root.parent / "results" / "judge.json"
    assert main(["passes", "judge", "--data", str(root), "--features", "opcodes", "autophase",
                 "--out", str(out)]) == 0
    return root, out


def _pack(data: Path, judge: Path, out: Path, *extra: str) -> int:
    return main(["passes", "pack", "--data", str(data), "--judge", str(judge), "-o", str(out), *extra])


def test_the_pack_ships_the_inner_folds_choice(judged, tmp_path: Path, capsys):
    data, judge = judged
    results = json.loads(judge.read_text())
    inner = {n: results["features"][n]["inner_log_gain"] for n in ("opcodes", "autophase")}
    chosen = max(inner, key=inner.get)
    assert _pack(data, judge, tmp_path / "passes") == 0
    assert "reproduced on 6/6" in capsys.readouterr().out
    pack = read_pack(tmp_path / "passes")
    assert pack.task.kind == "passes" and pack.task.features == chosen
    passes = {n: f"default<{n}>" for n in NAMES[:5]} | EXTRA
    assert [p.to_manifest() for p in pack.task.pipelines] == [
        {"name": n, "passes": passes[n], "llvm": 14} for n in results["pipelines"]]
    assert pack.task.pipelines[0].passes == "default<Oz>"
    provenance = pack.sections["provenance"]
    assert provenance["labels"] == {"file": "labels/train.jsonl", "sha256": results["inputs"]["train"]["sha256"]}
    assert provenance["inner_log_gain"] == inner and provenance["judge_one_shot_agreement"] == "6/6"
    assert provenance["judge_ranking_agreement"] == "6/6"
    recipe = provenance["recipe"]  # how to make it again: the label commands, tools and Debian packages
    assert recipe["train"]["command"].startswith("mir-export passes label --data DATA --split train")
    assert [p["name"] for p in recipe["train"]["packages"]] == list(TRAIN) and "scripts/passes_jobs.sh" in recipe["steps"]
    from mir_export.evaluation.learners import Learner

    assert Learner.from_dict(pack.sections["learners"][""]).name == results["features"][chosen]["learner"]
    text = (tmp_path / "passes" / "task.json").read_text()
    assert str(tmp_path) not in text and str(data) not in text and "DATA" in provenance["command"]
    assert not list(tmp_path.glob(".passes*"))  # nothing left beside


def test_features_force_a_set_and_refuse_what_the_runtime_cannot_compute(judged, tmp_path: Path, capsys):
    data, judge = judged
    assert _pack(data, judge, tmp_path / "forced", "--features", "autophase") == 0
    assert read_pack(tmp_path / "forced").task.features == "autophase"
    capsys.readouterr()
    for name in ("tfidf", "ir2vec", "random", "none"):
        assert _pack(data, judge, tmp_path / name, "--features", name) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "the runtime cannot compute it" in err and not (tmp_path / name).exists()
    assert _pack(data, judge, tmp_path / "ours", "--features", "ours") == 2
    assert "has no learner for it" in capsys.readouterr().err


def test_the_choice_is_the_inner_score_never_the_held_out_figure(judged, tmp_path: Path):
    """The held-out figures of the set of the lower inner score are made the best: it is not shipped."""
    data, judge = judged
    results = json.loads(judge.read_text())
    results["features"]["opcodes"]["inner_log_gain"] = 0.1
    results["features"]["autophase"]["inner_log_gain"] = 0.5
    results["features"]["opcodes"]["one_shot"]["geomean"] = 9.0
    edited = tmp_path / "judge.json"
    edited.write_text(json.dumps(results))
    assert _pack(data, edited, tmp_path / "passes") == 0
    assert read_pack(tmp_path / "passes").task.features == "autophase"


def test_equal_one_shot_scores_are_decided_by_the_ranking_inner_score(judged, tmp_path: Path):
    """-Oz on every inner module for both sets: the better ranking on the inner folds is shipped."""
    data, judge = judged
    results = json.loads(judge.read_text())
    for name, ranking in (("opcodes", 0.01), ("autophase", 0.02)):
        results["features"][name]["inner_log_gain"] = 0.0
        results["features"][name]["ranking_inner_log_gain"] = ranking
    edited = tmp_path / "judge.json"
    edited.write_text(json.dumps(results))
    assert _pack(data, edited, tmp_path / "passes") == 0
    assert read_pack(tmp_path / "passes").task.features == "autophase"


def test_a_ranking_learner_of_its_own_is_the_heads_second_output(judged, tmp_path: Path, capsys):
    """Where the judge ranks with another learner than its one-shot one, the head outputs that
    learner's scores as ``ranking`` and ``tune`` tries the pipelines in their order."""
    from mir_export.evaluation.learners import PASSES_ONE_SHOT, PASSES_RANKERS, Learner, without_margin
    from mir_runtime.model import Model

    data, judge = judged
    results = json.loads(judge.read_text())
    name = max(("opcodes", "autophase"), key=lambda n: results["features"][n]["inner_log_gain"])
    one_shot = next(lr for lr in PASSES_ONE_SHOT if lr.name == results["features"][name]["learner"])
    other = next(lr for lr in PASSES_RANKERS if dict(lr.settings).get("aggregate") == "cover")  # a greedy cover
    results["features"][name]["ranking_learner"] = other.name
    edited = tmp_path / "judge.json"
    edited.write_text(json.dumps(results))
    assert _pack(data, edited, tmp_path / "passes") == 0, capsys.readouterr().err
    pack = read_pack(tmp_path / "passes")
    assert Learner.from_dict(pack.sections["learners"][""]["ranking"]).name == other.name
    module = data / "ir" / "ei" / "u0.c.O0.ll"
    with Model.load(REPO / "artifacts", precision="fp32", tasks=[tmp_path / "passes"], lazy=True) as model:
        prediction = model.predict("passes", module)
    assert set(prediction.ranking) == set(results["pipelines"])
    assert prediction.ranked() == sorted(prediction.candidates, key=lambda p: -prediction.ranking[p.name])
    # one shot -Oz whatever the code: the pack says so, and tune still tries the ranking's first
    results["features"][name]["learner"] = "mean(margin=10.0)"
    edited.write_text(json.dumps(results))
    assert _pack(data, edited, tmp_path / "never") == 0, capsys.readouterr().err
    never = read_pack(tmp_path / "never")
    assert never.task.constant == {"": "Oz"} and "ranking" in never.sections["learners"][""]
    listed = subprocess.run([sys.executable, "-m", "mir_runtime.cli", "tasks", "--tasks", str(tmp_path / "never")],
                            capture_output=True, text=True)
    assert "constant: answers 'Oz' for every input" in listed.stdout, listed.stdout + listed.stderr
    results["features"][name]["learner"] = one_shot.name
    # the same learner but for its margin ranks as the one-shot one does: no second output
    results["features"][name]["ranking_learner"] = without_margin(one_shot).name
    edited.write_text(json.dumps(results))
    assert _pack(data, edited, tmp_path / "same") == 0
    assert "ranking" not in read_pack(tmp_path / "same").sections["learners"][""]


def _one_line(capsys, says: str) -> None:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err and "Traceback" not in err, err


def test_bad_input_is_one_line_exit_2_and_the_previous_pack_stays(judged, tmp_path: Path, capsys):
    data, judge = judged
    out = tmp_path / "passes"
    assert _pack(data, judge, out) == 0
    before = (out / "task.json").read_text()
    capsys.readouterr()
    assert _pack(data, tmp_path / "missing.json", out) == 2
    _one_line(capsys, "missing.json: no such file")
    (tmp_path / "bad.json").write_text("{not json")
    assert _pack(data, tmp_path / "bad.json", out) == 2
    _one_line(capsys, "bad.json:1: not JSON")
    (tmp_path / "empty.json").write_text("{}")
    assert _pack(data, tmp_path / "empty.json", out) == 2
    _one_line(capsys, "empty.json: no pipelines")
    changed = tmp_path / "changed"
    shutil.copytree(data, changed)
    with (changed / "labels" / "train.jsonl").open("a") as f:
        f.write("\n")
    assert _pack(changed, judge, out) == 2
    _one_line(capsys, "train.jsonl: not the labels")
    results = json.loads(judge.read_text())
    results["inputs"]["pipelines"] = None
    results["pipelines"] = [*results["pipelines"], "c"]
    (tmp_path / "nopasses.json").write_text(json.dumps(results))
    assert _pack(data, tmp_path / "nopasses.json", out) == 2
    _one_line(capsys, "no passes for pipeline 'a' (3 of 8 missing)")
    (tmp_path / "file").write_text("x")
    assert _pack(data, judge, tmp_path / "file") == 2
    _one_line(capsys, "exists and is not a task pack")
    assert (out / "task.json").read_text() == before and not list(tmp_path.glob(".passes*"))
    assert _pack(data, judge, out, "--features", "autophase") == 0  # a pack there is replaced whole
    assert read_pack(out).task.features == "autophase" and not list(tmp_path.glob(".passes*"))


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                     max_leaves=8)


# fields of the judge's JSON that the pack reads, each replaced by any JSON value in turn
FIELDS = (("pipelines",), ("features",), ("features", "opcodes"), ("features", "opcodes", "learner"),
          ("features", "opcodes", "inner_log_gain"), ("inputs",), ("inputs", "train"), ("inputs", "train", "file"),
          ("inputs", "pipelines"), ("inputs", "pipelines", "passes"), ("settings", "test_packages"),
          ("settings", "seed"), ("modules", "train"), ("references",))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(FIELDS), _JSON)
def test_any_judge_json_is_a_pack_or_one_line_exit_2(judged, tmp_path: Path, capsys, field: tuple, value):
    data, judge = judged
    results = json.loads(judge.read_text())
    place = results
    for key in field[:-1]:
        place = place[key]
    place[field[-1]] = value
    bad = tmp_path / "judge.json"
    bad.write_text(json.dumps(results))
    shutil.rmtree(tmp_path / "out", ignore_errors=True)
    code = _pack(data, bad, tmp_path / "out")
    err = capsys.readouterr().err
    assert code in (0, 2) and "Traceback" not in err, err
    if code == 2:
        assert err.count("\n") == 1 and not (tmp_path / "out").exists(), err
    else:
        assert read_pack(tmp_path / "out").task.kind == "passes"


def test_end_to_end_predict_and_tune(judged, tmp_path: Path):
    data, judge = judged
    out = tmp_path / "passes"
    assert _pack(data, judge, out) == 0
    module = data / "ir" / "cm" / "u0.c.O0.ll"  # multiplications: "a"'s module
    env = {"PYTHONPATH": str(REPO), "PATH": __import__("os").environ["PATH"]}
    cli = [sys.executable, "-m", "mir_runtime.cli"]
    done = subprocess.run([*cli, "predict", "--tasks", str(out), "--task", "passes", str(module)],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["llvm"] == 14 and answer["decision"] in {p.passes for p in read_pack(out).task.pipelines}
    assert set(answer["gains"]) == set(NAMES) and np.isfinite(list(answer["gains"].values())).all()
    if shutil.which("opt-14") is None:
        pytest.skip("opt-14 is not installed")
    tuned = tmp_path / "tuned.ll"
    done = subprocess.run([*cli, "tune", "--tasks", str(out), "--budget", "2", "-o", str(tuned), str(module)],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert "define" in tuned.read_text()


def test_a_ranking_head_on_the_same_rows_shares_them(tmp_path: Path):
    """Two neighbour heads fitted on the same rows: the pack's ONNX carries the rows and targets
    once, and each output is still its own head's."""
    import onnx
    import onnxruntime as ort

    from mir_export.evaluation.neighbour_heads import NeighbourHead
    from mir_export.tasks.passes.pack import add_ranking, rename_output

    rng = np.random.default_rng(0)
    x, y = rng.normal(size=(40, 6)), rng.normal(size=(40, 4))
    heads = {"one": NeighbourHead.fit(x, y, 3, "min", 0.1), "two": NeighbourHead.fit(x, y, 7, "cover", 0.0)}
    for name, head in heads.items():
        head.export(tmp_path / f"{name}.onnx")
    rename_output(tmp_path / "one.onnx", "scores", "gains")
    add_ranking(tmp_path / "one.onnx", tmp_path / "two.onnx")
    sizes = [t.dims for t in onnx.load(str(tmp_path / "one.onnx")).graph.initializer]
    assert sizes.count([6, 40]) == 1 and sizes.count([40, 4]) == 1
    query = rng.normal(size=(9, 6)).astype(np.float32)
    session = ort.InferenceSession(str(tmp_path / "one.onnx"), providers=["CPUExecutionProvider"])
    gains, ranking = session.run(["gains", "ranking"], {"embedding": query})
    np.testing.assert_allclose(gains, heads["one"].predict(query), atol=1e-5)
    np.testing.assert_allclose(ranking, heads["two"].predict(query), atol=1e-5)


def test_the_finetuned_set_is_judged_resumed_and_never_shipped(tmp_path: Path, monkeypatch, capsys):
    """``--features ... finetuned``: the encoder trained with a head on the training labels decides
    for the held-out modules beside the bags, with no inner score; a re-run reads its checkpoint,
    then its saved weights; the pack ships a set the runtime computes."""
    import mir_export.evaluation.finetune as finetune_module
    from mir_export.evaluation.finetune import FinetuneConfig
    from mir_export.tasks.passes import judge as judge_module

    data = _write_data(tmp_path / "data")
    monkeypatch.setattr(judge_module, "FINETUNE_CONFIG", FinetuneConfig(statements=4, epochs=1, batch_size=6))
    out = tmp_path / "judge.json"
    command = ["passes", "judge", "--data", str(data), "--features", "opcodes", "finetuned", "--out", str(out),
               "--cache", str(tmp_path / "cache")]
    assert main(command) == 0, capsys.readouterr().err
    results = json.loads(out.read_text())
    entry = results["features"]["finetuned"]
    assert entry["inner_log_gain"] is None and entry["learner"].startswith("finetuned(statements=4, epochs=1")
    assert entry["columns"] is None and set(entry) >= {"one_shot", "k3", "k5"}
    assert all(d["features"]["finetuned"]["one_shot"] in NAMES for d in results["decisions"])
    assert "finetuned" not in results["best_baseline"].values()
    assert "step 3/3" in capsys.readouterr().err
    trained = finetune_module.finetune
    calls = []

    def counted(*args, **kwargs):
        calls.append(args[6].max_steps)
        return trained(*args, **kwargs)

    monkeypatch.setattr(finetune_module, "finetune", counted)
    assert main(command) == 0 and calls == [] and json.loads(out.read_text()) == results
    (tmp_path / "cache" / "judge-checkpoint.jsonl").unlink()
    assert main(command) == 0 and calls == [0]  # the saved weights: no step taken
    assert json.loads(out.read_text())["decisions"] == results["decisions"]
    assert _pack(data, out, tmp_path / "passes") == 0, capsys.readouterr().err
    assert read_pack(tmp_path / "passes").sections["metrics"]["features"] == "opcodes"
