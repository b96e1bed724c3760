"""``passes judge``: targets, references and decisions checked by hand on tiny labels; the figures
recomputed from the JSON's own decisions; K-sets never worse than -Oz; resumable; portable output;
bad input as one line naming the file (and line) with exit 2. Feature matrices are injected (no
encoder runs here)."""
from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mir_export.evaluation.suite import Context
from mir_export.cli import main
from mir_export.tasks.passes import judge as judge_module
from mir_export.tasks.passes.cli import JUDGE_FEATURES
from mir_export.tasks.passes.task import (LabelFileError, best_single, greedy_set, kept, modules, read_labels,
                                          set_gains, top)

NAMES = ("Oz", "O1", "O2", "O3", "Os", "a", "b", "c")
# per package, modules' counts under NAMES: "a" wins on cm, "b" on mp, "c" on a few; some tie -Oz
TRAIN = {
    "cm": [(100, 120, 110, 130, 100, 80, 100, 100), (50, 60, 55, 65, 50, 40, 50, 45), (70, 80, 70, 90, 70, 56, 70, 70),
           (90, 95, 90, 99, 90, 81, 90, 90)],
    "mp": [(200, 210, 205, 220, 200, 200, 150, 200), (40, 44, 42, 46, 40, 40, 30, 40), (60, 66, 61, 70, 60, 60, 45, 58),
           (80, 82, 81, 88, 80, 80, 64, 80)],
    "gl": [(30, 30, 30, 30, 30, 30, 30, 24), (10, 10, 10, 10, 10, 10, 10, 8)],
}
TEST = {
    "ei": [(100, 100, 100, 100, 100, 90, 100, 100), (60, 66, 60, 60, 60, 60, 50, 60), (0, 0, 0, 0, 0, 0, 0, 0)],
    "kf": [(40, 44, 40, 40, 40, 36, 40, 44), (20, 20, 20, 20, 20, 20, 20, 16)],
}


def _rows(groups: dict[str, list[tuple]], form: str = "O0") -> list[dict]:
    return [{"key": f"{p}/u{k}.c.{form}.ll", "package": p, "form": form, "module": f"{p}/u{k}.c.{form}.ll",
             "input": max(c), "counts": dict(zip(NAMES, c)), "text_bytes": {"Oz": 10 * (k + 1), "a": 8 * (k + 1)},
             "cpu_s": 0.1}
            for p, rows in groups.items() for k, c in enumerate(rows)]


def _write(path: Path, rows: list[dict]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """DATA laid out as 'passes label' leaves it, with a one-line module per row."""
    root = tmp_path / "data"
    for name, rows in (("train", _rows(TRAIN)), ("test", _rows(TEST))):
        _write(root / "labels" / f"{name}.jsonl", rows)
        (root / "labels" / f"manifest-{name}.json").write_text(json.dumps({"labels_sha256": name * 8}))
        for r in rows:
            (root / "ir" / r["module"]).parent.mkdir(parents=True, exist_ok=True)
            (root / "ir" / r["module"]).write_text(f"; {r['key']}\n")
    return root


def _hint(paths, context) -> np.ndarray:
    """A feature that names each module's best pipeline (what a perfect encoder would see)."""
    out = []
    for path in paths:
        key = Path(path).read_text()[2:].strip()
        row = next(r for r in _rows(TRAIN) + _rows(TEST) if r["key"] == key)
        counts = np.maximum(np.array([row["counts"][n] for n in NAMES], float), 1)
        out.append(np.eye(len(NAMES))[int(np.argmax(counts[0] / counts))] * 3 + 0.01 * np.arange(len(NAMES)))
    return np.array(out, np.float32)


def test_the_judge_lists_its_feature_sets_for_the_parser():
    from mir_export.tasks.passes import cli, finetuned

    assert tuple(judge_module.FEATURES) == JUDGE_FEATURES
    assert cli.FINETUNED == finetuned.FINETUNED


def test_targets_floor_zero_counts_at_one_and_oz_comes_first():
    table = modules(_rows(TEST), list(reversed(NAMES)))
    assert table.names[0] == "Oz"
    targets = table.targets()
    assert np.isfinite(targets).all() and (targets[2] == 0).all()  # the module every pipeline empties
    assert targets[0, table.names.index("a")] == pytest.approx(math.log(100 / 90))
    assert list(table.units()[:2]) == ["ei/u0.c", "ei/u1.c"]


def test_references_by_hand():
    targets = modules(_rows(TRAIN), list(NAMES)).targets()
    mean = targets.mean(0)
    assert best_single(targets) == int(mean.argmax()) and NAMES[best_single(targets)] in ("a", "b")
    # the cover: a (4 cm modules) and b (4 mp modules) before c, which only the gl modules need
    first_two = greedy_set(targets, 3)[:2]
    assert sorted(NAMES[i] for i in first_two) == ["a", "b"] and NAMES[greedy_set(targets, 3)[2]] == "c"
    assert greedy_set(targets, 7) == greedy_set(targets, 3)  # nothing else adds: the cover stops
    assert best_single(np.zeros((3, 4))) == 0  # ties keep -Oz
    gains = set_gains(targets, greedy_set(targets, 3))
    assert gains == pytest.approx(targets.max(1))  # these three hold every module's best
    # tune's choice: the largest gain, the first of equals, -Oz unless one gains
    small = np.array([[0.0, 0.1, 0.1, -1.0], [0.0, -0.2, -0.1, 0.0]])
    assert kept(small, [2, 1, 3]).tolist() == [2, 0] and kept(small, np.array([[3, 1], [1, 2]])).tolist() == [1, 0]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.integers(2, 7), st.integers(0, 10_000))
def test_k_sets_are_never_worse_than_oz(rows: int, pipelines: int, seed: int):
    rng = np.random.default_rng(seed)
    targets = rng.normal(0, 0.3, (rows, pipelines))
    targets[:, 0] = 0
    outputs = rng.normal(0, 1, (rows, pipelines))
    for k in (1, 3, 5):
        ranked = top(outputs, k)
        assert (ranked >= 1).all() and ranked.shape == (rows, min(k, pipelines - 1))
        gains = set_gains(targets, ranked)
        assert (gains >= 0).all() and (gains >= targets[np.arange(rows), ranked[:, 0]] - 1e-12).all()
    assert (top(outputs, 2)[:, 0] == outputs[:, 1:].argmax(1) + 1).all()


def test_left_out_rows_are_counted(tmp_path: Path):
    rows = _rows(TRAIN)
    rows[1] = {k: rows[1][k] for k in ("key", "package", "form", "module")} | {"error": "opt failed"}
    del rows[2]["counts"]["c"]
    path = _write(tmp_path / "l.jsonl", rows)
    path.write_text(path.read_text() + '{"key": "cut')
    kept, left = read_labels(path, list(NAMES))
    assert len(kept) == len(rows) - 2 and left == {"error": 1, "missing pipelines": 1, "partial last line": 1}


def test_gzipped_labels_read_as_the_repository_keeps_them(tmp_path: Path):
    import gzip

    path = _write(tmp_path / "l.jsonl", _rows(TRAIN))
    packed = tmp_path / "l.jsonl.gz"
    packed.write_bytes(gzip.compress(path.read_bytes()))
    assert read_labels(packed, None) == read_labels(path, None)
    (tmp_path / "cut.jsonl.gz").write_bytes(packed.read_bytes()[:-9])
    with pytest.raises(LabelFileError, match="cut.jsonl.gz: "):
        read_labels(tmp_path / "cut.jsonl.gz", None)


@pytest.mark.parametrize(("line", "says"), [
    ("not json", ":2: not a JSON line"), ('{"key": "x"}', ":2: no package, form, module"),
    ('{"key": "k", "package": "p", "form": "O0", "module": "m", "counts": {"Oz": -1}}', ":2: count of 'Oz' is -1"),
    ('{"key": "k", "package": "p", "form": "O0", "module": "m"}', ":2: no counts and no error"),
    ('{"key": "k", "package": "p", "form": "O0", "module": "m", "counts": {"Oz": 1}, "text_bytes": {"Oz": 1.5}}',
     ":2: .text bytes of 'Oz' is 1.5"),
    ("[1]", ":2: not a JSON object"),
])
def test_bad_label_lines_name_the_file_and_line(tmp_path: Path, line: str, says: str):
    path = tmp_path / "l.jsonl"
    path.write_text(json.dumps(_rows(TRAIN)[0]) + "\n" + line + "\n" + json.dumps(_rows(TRAIN)[1]) + "\n")
    with pytest.raises(LabelFileError, match=f"l.jsonl{says}"):
        read_labels(path, None)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(max_size=30), max_size=4))
def test_any_label_text_is_labels_or_one_line(tmp_path_factory, lines: list[str]):
    path = tmp_path_factory.mktemp("l") / "l.jsonl"
    path.write_text("\n".join(lines) + "\n")
    try:
        read_labels(path, None)
    except LabelFileError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(str(path))


def _judge(data: Path, tmp_path: Path, *extra: str) -> int:
    return main(["passes", "judge", "--data", str(data), "--cache", str(tmp_path / "cache"),
                 "--out", str(tmp_path / "out" / "judge.json"), "--markdown", str(tmp_path / "out" / "judge.md"),
                 "--features", "none", "opcodes", *extra])


def test_judge_end_to_end_figures_match_its_decisions(data: Path, tmp_path: Path, monkeypatch, capsys):
    monkeypatch.setitem(judge_module.FEATURES, "opcodes", (_hint, "the best pipeline, named"))
    assert _judge(data, tmp_path) == 0
    out = capsys.readouterr().out
    results = json.loads((tmp_path / "out" / "judge.json").read_text())
    assert out == (tmp_path / "out" / "judge.md").read_text() and "| `-Oz` | 1.0000" in out
    assert str(tmp_path) not in json.dumps(results)  # portable: DATA-relative names only
    assert results["inputs"]["train"]["file"] == "labels/train.jsonl"
    assert results["inputs"]["test"]["manifest"]["labels_sha256"] == "test" * 8
    assert results["modules"] == {"train": 10, "test": 5, "packages_in_both_splits": [], "left_out": {
        s: {"error": 0, "missing pipelines": 0, "partial last line": 0} for s in ("train", "test")}}
    counts = {r["key"]: r["counts"] for r in _rows(TEST)}

    def geo(gains: list[float]) -> float:
        return math.exp(sum(gains) / len(gains))

    def gain(key: str, name: str) -> float:
        return math.log(max(counts[key]["Oz"], 1) / max(counts[key][name], 1))

    decisions = results["decisions"]
    assert results["references"]["oracle"]["geomean"] == pytest.approx(
        geo([max(gain(d["key"], n) for n in NAMES) for d in decisions]), abs=1e-5)
    fixed3 = results["references"]["fixed_3"]["pipelines"]
    assert sorted(fixed3[:2]) == ["a", "b"] and fixed3[2] == "c"
    for name, entry in results["features"].items():
        # the ranking learner: margin-free, chosen on what K = 3 keeps, which is never below -Oz
        assert entry["ranking_learner"].endswith("margin=0.0)") and entry["ranking_inner_log_gain"] >= 0
        mine = [d["features"][name] for d in decisions]
        assert entry["one_shot"]["geomean"] == pytest.approx(geo([gain(d["key"], m["one_shot"])
                                                                  for d, m in zip(decisions, mine)]), abs=1e-5)
        for k in (3, 5):
            best = [max(0.0, *(gain(d["key"], n) for n in m["ranked"][:k])) for d, m in zip(decisions, mine)]
            assert entry[f"k{k}"]["geomean"] == pytest.approx(geo(best), abs=1e-5) and min(best) >= 0
            assert [gain(d["key"], m[f"k{k}"]) for d, m in zip(decisions, mine)] == pytest.approx(best)
    # .text bytes: where the kept pipeline's were measured (-Oz: 10 (k + 1), "a": 8 (k + 1))
    for name, entry in results["features"].items():
        for mode in ("one_shot", "k3"):
            measured = [d for d in decisions if d["features"][name][mode] in ("Oz", "a")]
            assert entry[mode]["text_bytes"]["modules"] == len(measured)
            if measured:
                assert entry[mode]["text_bytes"]["geomean"] == pytest.approx(
                    geo([math.log(10 / 8) if d["features"][name][mode] == "a" else 0.0 for d in measured]), abs=1e-5)
    # the named best pipeline is found on held-out modules: one shot takes the oracle's gain
    assert results["features"]["opcodes"]["one_shot"]["geomean"] == pytest.approx(
        results["references"]["oracle"]["geomean"], abs=1e-5)
    assert results["features"]["none"]["one_shot"]["geomean"] <= results["references"]["oracle"]["geomean"]
    pair = next(p for p in results["paired"] if p["mode"] == "one_shot" and p["b"] == "opcodes"
                and p["a"] == "best_fixed")
    assert pair["modules"]["groups"] == 5 and pair["packages"]["groups"] == 2


def test_the_encoders_sets_are_paired_with_random_weights_of_their_shape():
    """Each of the encoder's own sets is paired with the random-weights control as well as with the
    fixed reference and the best other set; the control itself is not paired with itself."""
    rows, packages = 6, np.array(["p", "p", "q", "q", "r", "r"])
    split = type("Split", (), {"test": type("Test", (), {"packages": packages, "__len__": lambda self: rows})()})()
    gains = {name: {mode: np.full(rows, value) + 0.01 * np.arange(rows) for mode in judge_module.MODES}
             for name, value in (("opcodes", 0.02), ("random", 0.01), ("ours", 0.03))}
    refs = {name: np.zeros(rows) for name in ("best_fixed", "fixed_3", "fixed_5")}
    pairs, best = judge_module.compare(gains, refs, split)
    assert best == {mode: "opcodes" for mode in judge_module.MODES}
    against = {(p["mode"], p["b"]): set() for p in pairs}
    for p in pairs:
        against[p["mode"], p["b"]].add(p["a"])
    assert against["k3", "ours"] == {"fixed_3", "opcodes", "random"}
    assert against["k3", "random"] == {"fixed_3", "opcodes"} and against["one_shot", "opcodes"] == {"best_fixed"}
    control = next(p for p in pairs if p["mode"] == "k3" and p["b"] == "ours" and p["a"] == "random")
    assert control["modules"]["difference"] == pytest.approx(0.02, abs=1e-9) and control["packages"]["groups"] == 3


def test_the_docs_table_is_the_judges(data: Path, tmp_path: Path, monkeypatch, capsys):
    """scripts/sync_figures.py writes the judge's main table into docs/evaluation.md's block."""
    from mir_export.tasks.passes.judge_report import summary

    monkeypatch.setitem(judge_module.FEATURES, "opcodes", (_hint, "the best pipeline, named"))
    assert _judge(data, tmp_path) == 0
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "scripts"))
    import sync_figures

    monkeypatch.setattr(sync_figures, "PASSES_JUDGE", tmp_path / "out" / "judge.json")
    block = "<!-- passes judge: scripts/sync_figures.py -->\n<!-- /passes judge -->"
    synced = sync_figures.synced_evaluation(f"# Evaluation\n\n{block}\n\nmore\n")
    table = summary(json.loads((tmp_path / "out" / "judge.json").read_text()))
    assert table in synced and synced.startswith("# Evaluation") and synced.endswith("more\n")
    assert sync_figures.synced_evaluation(synced) == synced  # once is enough
    with pytest.raises(SystemExit):
        sync_figures.synced_evaluation("# no block\n")


def test_a_rerun_reads_the_checkpoint(data: Path, tmp_path: Path, monkeypatch, capsys):
    monkeypatch.setitem(judge_module.FEATURES, "opcodes", (_hint, "the best pipeline, named"))
    assert _judge(data, tmp_path) == 0
    first = (tmp_path / "out" / "judge.json").read_text()

    def refuse(*args, **kwargs):
        raise AssertionError("fitted again")

    monkeypatch.setattr(judge_module, "search", refuse)
    monkeypatch.setitem(judge_module.FEATURES, "opcodes", (refuse, "the best pipeline, named"))
    assert _judge(data, tmp_path) == 0
    assert (tmp_path / "out" / "judge.json").read_text() == first


def test_bytes_of_the_kept_pipelines_reach_the_figures(data: Path, tmp_path: Path, monkeypatch, capsys):
    """``passes bytes`` measures what the decisions keep and the label lacks; the judge merges it."""
    from mir_export.tasks.passes import measure

    monkeypatch.setitem(judge_module.FEATURES, "opcodes", (_hint, "the best pipeline, named"))
    assert _judge(data, tmp_path) == 0
    pipes = tmp_path / "p.tsv"
    pipes.write_text("a\tsroa\nb\tgvn\nc\tinstcombine\n")
    asked: list[tuple[str, tuple[str, ...]]] = []

    def fake(path: Path, form: str, pipelines: dict[str, str]) -> dict[str, int]:
        asked.append((path.name, tuple(sorted(pipelines))))
        return {n: 7 for n in pipelines}

    monkeypatch.setattr(measure, "text_bytes", fake)
    args = ["passes", "bytes", "--data", str(data), "--judge", str(tmp_path / "out" / "judge.json"),
            "--pipelines", str(pipes), "--jobs", "1"]
    assert main(args) == 0
    sidecar = data / "labels" / "test.bytes.jsonl"
    lines = [json.loads(line) for line in sidecar.read_text().splitlines()]
    assert lines and all(not {"Oz", "a"} & set(line["text_bytes"]) for line in lines)  # the labels had those
    assert main(args) == 0 and sidecar.read_text().count("\n") == len(lines)  # nothing left to measure
    assert _judge(data, tmp_path) == 0
    results = json.loads((tmp_path / "out" / "judge.json").read_text())
    for entry in (*results["features"].values(), results["references"]["oracle"]):
        for mode in (("one_shot", "k3") if "one_shot" in entry else (None,)):
            figures = entry[mode] if mode else entry
            assert figures["text_bytes"]["modules"] == len(results["decisions"])
    table = (tmp_path / "out" / "judge.md").read_text().split("Per held-out package (`.text` bytes")[1].split("\n\n")[1]
    packages = sorted(results["references"]["Oz"]["per_package"])
    assert table.splitlines()[0] == "| | " + " | ".join(packages) + " |"
    row = next(line for line in table.splitlines() if line.startswith("| oracle"))
    oracle = results["references"]["oracle"]["text_bytes"]["per_package"]
    assert row.rstrip(" |").split(" | ")[1:] == [f"{oracle[p]:.4f}" for p in packages]


def test_bytes_of_some_feature_sets_only(data: Path, tmp_path: Path, monkeypatch, capsys):
    """``passes bytes --features`` measures the references' and the named sets' pipelines; an unknown set is refused."""
    from mir_export.tasks.passes import measure
    from mir_export.tasks.passes.labels import chosen_pipelines

    monkeypatch.setitem(judge_module.FEATURES, "opcodes", (_hint, "the best pipeline, named"))
    assert _judge(data, tmp_path) == 0
    capsys.readouterr()
    judged = tmp_path / "out" / "judge.json"
    decisions = json.loads(judged.read_text())["decisions"]
    some = chosen_pipelines(decisions, {"none"})
    assert all(some[k] <= v for k, v in chosen_pipelines(decisions).items())
    assert all(set(d["references"].values()) <= some[d["key"]] for d in decisions)
    asked: list[str] = []
    monkeypatch.setattr(measure, "text_bytes", lambda path, form, pipelines: asked.extend(pipelines) or
                        {n: 7 for n in pipelines})
    pipes = tmp_path / "p.tsv"
    pipes.write_text("a\tsroa\nb\tgvn\nc\tinstcombine\n")
    base = ["passes", "bytes", "--data", str(data), "--judge", str(judged), "--pipelines", str(pipes), "--jobs", "1"]
    assert main([*base, "--features", "nothing"]) == 2
    err = capsys.readouterr().err
    assert "--features: nothing not in" in err and len(err.strip().splitlines()) == 1
    assert main([*base, "--features", "none"]) == 0
    assert set(asked) <= {n for names in some.values() for n in names}


def test_a_training_sample_is_one_draw_by_key_for_every_feature_set(data: Path, tmp_path: Path, monkeypatch, capsys):
    from mir_export.tasks.passes.task import sample

    monkeypatch.setitem(judge_module.FEATURES, "opcodes", (_hint, "the best pipeline, named"))
    assert _judge(data, tmp_path, "--train-sample", "10") == 0
    full = json.loads((tmp_path / "out" / "judge.json").read_text())
    rows = _rows(TRAIN)
    assert [r["key"] for r in sample(rows, 10)] == [r["key"] for r in rows]  # all of them, in their order
    six = sample(rows, 6)
    assert len(six) == 6 and {r["key"] for r in six} < {r["key"] for r in sample(rows, 8)}
    assert main(["passes", "judge", "--data", str(data), "--cache", str(tmp_path / "cache"), "--features", "none",
                 "--out", str(tmp_path / "out" / "small.json"), "--train-sample", "6"]) == 2
    assert "at least 10" in capsys.readouterr().err
    assert full["settings"]["train_sample"] == 10 and full["modules"]["train"] == 10


def test_bytes_refuses_a_json_without_decisions(data: Path, tmp_path: Path, capsys):
    bad = tmp_path / "j.json"
    bad.write_text(json.dumps({"pipelines": ["Oz"], "features": {}, "inputs": {"train": {"file": "x", "sha256": "y"}},
                               "settings": {}, "modules": {"train": 1}}))
    assert main(["passes", "bytes", "--data", str(data), "--judge", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "no per-module decisions" in err and len(err.strip().splitlines()) == 1


def test_adding_the_random_set_keeps_the_other_matrices(data: Path, tmp_path: Path, monkeypatch, capsys):
    """The suite keys a matrix by both models; only the random set's depends on the random one."""
    from mir_runtime.model import default_model_dir

    monkeypatch.setitem(judge_module.FEATURES, "opcodes", (_hint, "the best pipeline, named"))
    assert _judge(data, tmp_path) == 0

    def refuse(paths, context):
        raise AssertionError("computed again")

    monkeypatch.setitem(judge_module.FEATURES, "opcodes", (refuse, "the best pipeline, named"))
    monkeypatch.setitem(judge_module.FEATURES, "random", (_hint, "random, named"))
    assert _judge(data, tmp_path, "--features", "none", "opcodes", "random",
                  "--random-model", str(default_model_dir())) == 0


def test_a_package_in_both_splits_is_named(data: Path, tmp_path: Path, capsys):
    rows = _rows(TEST)
    rows[0] = rows[0] | {"package": "cm", "key": "cm/other.c.O0.ll"}
    _write(data / "labels" / "test.jsonl", rows)
    (data / "ir" / "cm" / "other.c.O0.ll").write_text("; cm/other.c.O0.ll\n")
    assert _judge(data, tmp_path, "--features", "none") == 0
    assert "packages in both splits" in capsys.readouterr().err
    assert json.loads((tmp_path / "out" / "judge.json").read_text())["modules"]["packages_in_both_splits"] == ["cm"]


def test_test_packages_split_one_file(data: Path, tmp_path: Path, capsys):
    both = _write(tmp_path / "all.jsonl", _rows(TRAIN) + _rows(TEST))
    assert main(["passes", "judge", "--data", str(data), "--train", str(both), "--test-packages", "ei", "kf",
                 "--cache", str(tmp_path / "c"), "--out", str(tmp_path / "j.json"), "--features", "none"]) == 0
    results = json.loads((tmp_path / "j.json").read_text())
    assert results["modules"]["test"] == 5 and set(results["references"]["Oz"]["per_package"]) == {"ei", "kf"}


@pytest.mark.parametrize(("change", "says"), [
    (lambda d, t: (d / "labels" / "train.jsonl").write_text('{"key": 1}\nno\n'), "train.jsonl:1: no key"),
    (lambda d, t: (d / "labels" / "test.jsonl").unlink(), "test.jsonl: no such file"),
    (lambda d, t: (d / "ir" / "ei" / "u0.c.O0.ll").unlink(), "u0.c.O0.ll: no such module"),
    (lambda d, t: (t / "out" / "judge.json").mkdir(parents=True), "--out"),
    (lambda d, t: _write(d / "labels" / "test.jsonl", _rows(TRAIN)[:1]), "is in train.jsonl too"),
])
def test_bad_input_is_one_line_exit_2(data: Path, tmp_path: Path, capsys, change, says):
    change(data, tmp_path)
    assert _judge(data, tmp_path) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and says in err[0], err


def test_the_runtime_counts_one_reading_any_workers(tmp_path: Path):
    """opcodes and autophase are the runtime's own vectors; one or two workers, the same rows; an
    unreadable module is zeros."""
    from mir_runtime.code_counts import FEATURES as COUNTS
    from mir_runtime.ir import read_ir

    good = tmp_path / "f.ll"
    good.write_text("define i32 @f(i32 %x) {\nentry:\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n")
    other = tmp_path / "g.ll"
    other.write_text("define void @g() {\nentry:\n  ret void\n}\n")
    bad = tmp_path / "bad.ll"
    bad.write_text("define i32 @f( {\n")
    paths = [good, bad, other]
    for name in ("opcodes", "autophase"):
        judge_module._COUNTED.clear()
        alone = judge_module.FEATURES[name][0](paths, Context(Path("m")))
        judge_module._COUNTED.clear()
        two = judge_module.FEATURES[name][0](paths, Context(Path("m"), None, 2))
        assert (alone == two).all() and not alone[1].any()
        assert alone[0] == pytest.approx(COUNTS[name](read_ir(good)))
