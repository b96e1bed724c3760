"""``mir-export``'s command line: defaults shown, bad arguments refused in one line, provenance as it ran."""
from __future__ import annotations

import json
import shlex
import os
import subprocess
import sys

import pytest

from mir_export.cli import build_parser, invocation, main
from mir_export.corpus.packages import PACKAGES
from mir_runtime.portable import portable_argv


def test_help_shows_defaults(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["pretrain", "train", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "(default: 2000)" in text and "(default: 0.0003)" in text and "min(200, steps / 10)" in text


def test_corpus_packages_are_listed(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["corpus", "build", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert all(p.name in text for p in PACKAGES) and "apt-get" in text
    assert main(["corpus", "packages"]) == 0
    assert [line.split("\t")[0] for line in capsys.readouterr().out.splitlines()] == [p.name for p in PACKAGES]


def test_corpus_build_refuses_before_building(tmp_path, capsys) -> None:
    assert main(["corpus", "build", "--out", str(tmp_path / "c"), "--packages", "zlib", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nope" in err and "zlib, bzip2" in err
    assert main(["corpus", "build", "--out", str(tmp_path / "c"), "--eval-ir", str(tmp_path / "*.ll")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no file matches" in err and "--no-eval-check" in err
    assert not (tmp_path / "c").exists()


def test_export_needs_out_and_a_known_corpus(tmp_path, capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        build_parser().parse_args(["export", "--run", "r", "--data", "d"])
    assert exc.value.code == 2 and "--out" in capsys.readouterr().err
    assert main(["export", "--run", str(tmp_path), "--data", str(tmp_path), "--out", str(tmp_path / "m")]) == 2
    assert "checkpoint.pt: missing" in capsys.readouterr().err
    for name in ("checkpoint.pt", "tokenizer.json", "eval.pkl"):
        (tmp_path / name).write_bytes(b"")
    (tmp_path / "pretrain-result.json").write_text(json.dumps({"train_config": {"tasks": ["mlm", "gae"]}}))
    assert main(["export", "--run", str(tmp_path), "--data", str(tmp_path), "--out", str(tmp_path / "m"),
                 "--teacher-space"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--teacher-space needs a distilled run (its tasks: mlm, gae)" in err


def test_provenance_records_the_commands_that_ran(tmp_path) -> None:
    from mir_export.export.commands import corpus_manifest
    from mir_export.export.provenance import provenance

    corpus, data, run = tmp_path / "corpus", tmp_path / "data", tmp_path / "run"
    for d in (corpus, data, run):
        d.mkdir()
    (corpus / "corpus-manifest.json").write_text(json.dumps({"command": "cd /x && mir-export corpus build --out c"}))
    (data / "data-report.json").write_text(json.dumps({"corpus": str(corpus), "command": "cd /x && mir-export pretrain prepare"}))
    train = [{"from_step": 0, "steps": 9, "command": "cd /x && mir-export pretrain train --steps 9"}]
    cfg = {"model": "tiny", "tasks": ["mlm"], "steps": 9, "minutes": 0, "batch_size": 4, "lr": 1e-3, "threads": 1, "seed": 0}
    (run / "checkpoint.pt").write_bytes(b"weights")
    (run / "pretrain-result.json").write_text(json.dumps({
        "train_config": cfg, "metrics": {"mlm_accuracy": 0.5, "eval_functions": 3},
        "training": {"invocations": train, "seconds": 1.0, "step": 9, "statements": 1, "tokens": 1, "graphs": 1}}))
    args = build_parser().parse_args(["export", "--run", str(run), "--data", str(data), "--out", str(tmp_path / "m")])
    args.invocation = invocation(["export", "--run", str(run), "--data", str(data), "--out", str(tmp_path / "m")])
    found = provenance(args, corpus_manifest(args))["training"]
    assert found["corpus_manifest"]["path"] == str(corpus / "corpus-manifest.json")
    assert found["commands"][1:] == ["cd /x && mir-export corpus build --out c", "cd /x && mir-export pretrain prepare",
                                     train[0]["command"], shlex.join(["mir-export", "export", *portable_argv(
                                         ["--run", str(run), "--data", str(data), "--out", str(tmp_path / "m")])])]
    assert str(tmp_path) not in found["commands"][-1]


def test_lineage_follows_the_runs_and_the_teacher_a_student_stood_on(tmp_path) -> None:
    from mir_export.export.provenance import lineage

    teacher, first, second = tmp_path / "teacher", tmp_path / "first", tmp_path / "second"
    for d in (teacher, first, second):
        d.mkdir()
    (teacher / "manifest.json").write_text(json.dumps({"training": {"commands": ["make the teacher"]}}))

    def result(commands: list[str], **cfg) -> dict:
        return {"train_config": {"tasks": ["mlm"], **cfg},
                "training": {"invocations": [{"command": c} for c in commands]}}

    (first / "checkpoint.pt").write_bytes(b"w")
    (first / "pretrain-result.json").write_text(json.dumps(result(["train first"], init=str(first / "checkpoint.pt"))))
    student = result(["distil"], init=str(first / "checkpoint.pt"), teacher=str(teacher))
    found = lineage(student)
    assert found["init"]["commands"] == ["train first"] and found["init"]["checkpoint_sha256"]
    assert "lineage" not in found["init"]["lineage"]["init"]  # a run that names itself is followed once
    assert found["teacher"]["training"] == {"commands": ["make the teacher"]} and found["teacher"]["manifest_sha256"]

    def started(weights: str) -> dict:
        return result(["contrast"]) | {"training": {"start": {"model": str(second), "weights": weights}}}

    assert lineage(started(str(first / "checkpoint.pt")))["start"]["commands"] == ["train first"]
    assert lineage(started("the model directory's ONNX files"))["start"]["missing"] == str(second / "manifest.json")


def test_distillation_needs_a_teacher_that_tokenizes_as_the_data(tmp_path, capsys) -> None:
    pytest.importorskip("torch")
    import pickle

    data, teacher = tmp_path / "data", tmp_path / "teacher"
    for directory, vocab in ((data, "a"), (teacher, "b")):
        directory.mkdir()
        (directory / "tokenizer.json").write_text(json.dumps({"model": {"vocab": {vocab: 0}}}))
    (data / "eval.pkl").write_bytes(pickle.dumps([]))
    train = ["pretrain", "train", "--data", str(data), "--out", str(tmp_path / "r")]
    with pytest.MonkeyPatch.context() as patch:  # the tokenizer file is only hashed before these checks
        patch.setattr("mir_export.pretrain.tokenizer.load_tokenizer", lambda path: type("T", (), {"get_vocab_size": lambda _: 9})())
        assert main(train + ["--tasks", "distill"]) == 2
        assert "the distill task and --teacher go together" in capsys.readouterr().err
        assert main(train + ["--tasks", "distill", "--teacher", str(teacher)]) == 2
        assert "not the tokenizer of" in capsys.readouterr().err
        assert main(train + ["--init", str(tmp_path / "none.pt")]) == 2
        assert "no such checkpoint (--init)" in capsys.readouterr().err
        assert main(train + ["--heads-only"]) == 2
        assert "--heads-only trains heads on frozen encoders: give --init" in capsys.readouterr().err


def test_without_the_train_extra_one_line_names_it(tmp_path) -> None:
    """A runtime-only install: torch cannot be imported."""
    (tmp_path / "torch.py").write_text("raise ModuleNotFoundError(\"No module named 'torch'\", name='torch')\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-m", "mir_export.cli", "pretrain", "train", "--data", str(tmp_path),
                           "--out", str(tmp_path / "r")], capture_output=True, text=True, env=env)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "[train]" in done.stderr and "torch" in done.stderr and "Traceback" not in done.stderr


def test_export_blocks_completes_an_older_model_directory(tmp_path, capsys) -> None:
    """A directory exported without the block files gets them back from its graph encoder's
    weights (a trained-like model: an untrained one's zero biases are folded away by the
    exporter), byte for byte what ``export`` wrote, listed in its manifest; a directory that is
    not a model is one line."""
    pytest.importorskip("torch")
    from mir_runtime import parse_ir
    from mir_runtime.modeldir import GRAPH_LAYER, GRAPH_NODES
    from mir_runtime.statements import statements
    from models import IR, fixed_tokenizer, trained_like

    _, directory = trained_like(fixed_tokenizer(statements(parse_ir(IR))), tmp_path)
    exported = {name: (directory / name).read_bytes() for name in (GRAPH_NODES, GRAPH_LAYER)}
    manifest = json.loads((directory / "manifest.json").read_text())
    for name in exported:  # as a directory exported before the block files
        (directory / name).unlink()
        del manifest["files"][name]
    (directory / "manifest.json").write_text(json.dumps(manifest))
    assert main(["export-blocks", "--model", str(directory)]) == 0
    manifest = json.loads((directory / "manifest.json").read_text())
    assert {GRAPH_NODES, GRAPH_LAYER} <= set(manifest["files"])
    assert all((directory / name).read_bytes() == data for name, data in exported.items())
    capsys.readouterr()
    assert main(["export-blocks", "--model", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "manifest.json" in err


def test_usage_errors_are_one_line_under_python_m(tmp_path) -> None:
    """``python -m mir_export.cli`` raises the package module's UsageError, not ``__main__``'s."""
    done = subprocess.run([sys.executable, "-m", "mir_export.cli", "export-blocks", "--model", str(tmp_path)],
                          capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_repool_sets_the_layout_and_drops_the_heads_of_the_old_one(model_dir, tmp_path, capsys) -> None:
    import shutil

    import numpy as np

    from models import IR
    from mir_runtime import Model

    directory = tmp_path / "model"
    shutil.copytree(model_dir[2], directory)
    before = Model.load(directory, precision="fp32").embed_ir(IR)
    assert main(["repool", "--model", str(directory), "--pooling", "mean"]) == 0
    assert "task packs toy, vectorize dropped" in capsys.readouterr().out
    manifest = json.loads((directory / "manifest.json").read_text())
    assert manifest["pooling"] == "mean" and manifest["embedding_size"] == 64 and not (directory / "tasks").exists()
    assert manifest["training"]["commands"][-1] == "mir-export repool --model model --pooling mean"
    with Model.load(directory, precision="fp32") as model:
        after = model.embed_ir(IR)
        assert not model.tasks
    np.testing.assert_array_equal(after, np.concatenate([before[:32], before[64:96]]))  # mean, graph
    assert main(["repool", "--model", str(tmp_path), "--pooling", "mean"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "manifest.json" in err


def test_promote_switches_the_front_end_and_drops_the_heads_it_changes(model_dir, tmp_path, capsys) -> None:
    import shutil

    from mir_runtime import Model

    directory = tmp_path / "model"
    shutil.copytree(model_dir[2], directory)
    assert main(["promote", "--model", str(directory)]) == 0
    assert "promote_allocas on; task packs toy, vectorize dropped" in capsys.readouterr().out
    manifest = json.loads((directory / "manifest.json").read_text())
    assert manifest["promote_allocas"] is True and not (directory / "tasks").exists()
    assert manifest["training"]["commands"][-1] == "mir-export promote --model model"
    with Model.load(directory) as model:
        assert model.featurizer.promote_allocas and not model.tasks
    assert main(["promote", "--model", str(directory)]) == 0  # already so: nothing changes
    assert capsys.readouterr().out.strip().endswith("unchanged")
    assert main(["promote", "--model", str(directory), "--off"]) == 0
    assert json.loads((directory / "manifest.json").read_text())["promote_allocas"] is False
    assert main(["promote", "--model", str(tmp_path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
