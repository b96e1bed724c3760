"""The user-facing runtime: ``Model`` (embed, predict, tasks) and ``mir-runtime embed / predict /
tasks / info`` end to end, with a tiny exported model and a toy task head."""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from models import IR
from paths import SHIPPED
from mir_runtime import IRParseError
from mir_runtime.model import Model
from mir_runtime.tasks import TaskError

pytest.importorskip("onnxruntime")
BAD = "define i32 @f() {\n  ret i32 %nope\n}\n"


def cli(*args: str, env: dict | None = None, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mir_runtime.cli", *args], capture_output=True, text=True,
                          timeout=120, env={**os.environ, **(env or {})}, input=stdin)


@pytest.fixture(scope="module")
def model(model_dir) -> Model:
    return Model.load(model_dir[2])


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, Path]:
    out = {"a": tmp_path / "a.ll", "b": tmp_path / "b.ll", "bad": tmp_path / "bad.ll"}
    out["a"].write_text(IR)
    out["b"].write_text(IR.replace("add nsw i32 %v, 1", "mul nsw i32 %v, 3"))
    out["bad"].write_text(BAD)
    return out


def test_embed_files_and_strings_agree(model, files) -> None:
    one = model.embed(files["a"])
    many = model.embed([files["a"], str(files["b"])])
    assert one.shape == (model.embedding_size,) and many.shape == (2, model.embedding_size)
    assert many.dtype == np.float32
    np.testing.assert_allclose(many[0], one, rtol=1e-6)
    np.testing.assert_allclose(model.embed_ir([IR])[0], one, rtol=1e-6)
    assert not np.allclose(many[0], many[1])
    assert model.embed([]).shape == (0, model.embedding_size)


def test_embedding_is_thread_safe(model, files) -> None:
    expected = model.embed(files["b"])
    with ThreadPoolExecutor(4) as pool:
        for got in pool.map(lambda _: model.embed(files["b"]), range(16)):
            np.testing.assert_allclose(got, expected, rtol=1e-6)


def test_predict_uses_the_chosen_head_and_inputs(model, files) -> None:
    amd = model.predict("toy", files["a"], "amd", transfer=1e6, wgsize=256)
    nvidia = model.predict("toy", files["a"], "NVIDIA", transfer=1e6, wgsize=256)
    assert amd.decision in ("CPU", "GPU") and set(amd.probabilities) == {"CPU", "GPU"}
    assert abs(sum(amd.probabilities.values()) - 1) < 1e-5
    assert amd.probabilities != nvidia.probabilities  # two heads
    assert amd.to_dict()["platform"] == "amd"
    rows = model.predict_embeddings("toy", model.embed_for("toy", [files["a"], files["a"]]), "amd",
                                    [{"transfer": 1e6, "wgsize": 256}, {"transfer": 1.0, "wgsize": 1}], precision="fp32")
    assert rows[0] == amd and rows[1].probabilities != amd.probabilities
    assert model.predict("toy", files["a"], platform="amd", transfer=1e6, wgsize=256) == amd  # the selector by name


def test_predict_embeddings_refuses_another_precision(model, files) -> None:
    assert model.precision == "int8"  # the CPU default; the toy heads learned from fp32
    with pytest.raises(TaskError, match="learned from fp32 embeddings, not int8: make them with embed_for"):
        model.predict_embeddings("toy", model.embed(files["a"]), "amd", [{"transfer": 1, "wgsize": 1}],
                                 precision=model.precision)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda m, f: m.predict("nope", f), "unknown task 'nope'"),
        (lambda m, f: m.predict("toy", f, transfer=1, wgsize=1), r"needs choice \(its platform\): amd, nvidia"),
        (lambda m, f: m.predict("toy", f, "intel", transfer=1, wgsize=1), "unknown platform 'intel'"),
        (lambda m, f: m.predict("toy", f, "amd", transfer=1), r"needs wgsize \(run-time inputs\)"),
        (lambda m, f: m.predict("toy", f, "amd", transfer=1, wgsize=1, wg=2), "takes no input wg"),
        (lambda m, f: m.predict("toy", f, "amd", transfer=float("nan"), wgsize=1), "finite"),
    ],
)
def test_task_errors_are_clear(model, files, call, message) -> None:
    with pytest.raises(TaskError, match=message):
        call(model, files["a"])


def test_bad_ir_names_file_and_line(model, files) -> None:
    with pytest.raises(IRParseError, match=r"bad\.ll:2:"):
        model.embed(files["bad"])


def test_tasks_describe_inputs(model) -> None:
    summary = model.task("toy").summary()
    assert summary["platform"] == ["amd", "nvidia"] and set(summary["inputs"]) == {"transfer", "wgsize"}


# --- the command line ---------------------------------------------------------------------


def test_cli_embed_npy_in_input_order(model, model_dir, files, tmp_path) -> None:
    out = tmp_path / "e.npy"
    done = cli("embed", str(files["b"]), str(files["a"]), "-o", str(out), "--model", str(model_dir[2]))
    assert done.returncode == 0, done.stderr
    array = np.load(out)
    assert array.shape == (2, model.embedding_size) and array.dtype == np.float32
    np.testing.assert_allclose(array[1], model.embed(files["a"]), rtol=1e-5)


def test_cli_embed_jsonl_and_bad_files(model_dir, files, tmp_path) -> None:
    out = tmp_path / "e.jsonl"
    done = cli("embed", str(files["a"]), str(files["bad"]), "-o", str(out), "--model", str(model_dir[2]))
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "bad.ll:2:" in done.stderr and "not written" in done.stderr
    assert not out.exists() and list(tmp_path.glob(".*")) == []  # no output, no partial file
    good = cli("embed", str(files["a"]), "-o", str(out), "--model", str(model_dir[2]))
    assert good.returncode == 0 and [json.loads(line)["file"] for line in out.read_text().splitlines()] == [str(files["a"])]
    npy = cli("embed", str(files["a"]), str(files["bad"]), "-o", str(tmp_path / "e.npy"), "--model", str(model_dir[2]))
    assert npy.returncode == 2 and not (tmp_path / "e.npy").exists() and "not written" in npy.stderr


def test_an_output_that_cannot_be_written_is_one_error_naming_it(tmp_path, monkeypatch) -> None:
    """A full disk (or a file system that refuses the file): ``OutputError`` naming the output,
    which the command line prints on one line (exit 2); no partial ``.npy`` is left behind."""
    import errno
    import io

    from mir_runtime import outputs

    class Full(io.BufferedWriter):
        def write(self, data) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(outputs, "open", lambda path, mode, **kw: Full(io.FileIO(path, "w")), raising=False)
    with pytest.raises(outputs.OutputError, match=r"x\.npy: cannot write \(No space left on device\)"):
        outputs.open_output(tmp_path / "x.npy", 2, 4)
    assert list(tmp_path.iterdir()) == []
    rows = outputs.open_output(tmp_path / "x.jsonl", 2, 4)
    with pytest.raises(outputs.OutputError, match=r"x\.jsonl: cannot write"):
        rows.write("a.ll", np.zeros(4, dtype=np.float32))
        rows.finish()  # the text is buffered: the disk may refuse it only here
    assert list(tmp_path.iterdir()) == []


def test_cli_predict_json_and_text(model_dir, files) -> None:
    args = ("predict", "--task", "toy", "--platform", "amd", "--transfer", "1000", "--wgsize", "64", str(files["a"]),
            "--model", str(model_dir[2]))
    done = cli(*args)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["decision"] in ("CPU", "GPU") and result["platform"] == "amd" and result["inputs"]["wgsize"] == 64
    text = cli(*args, "--format", "text")
    assert text.returncode == 0 and text.stdout.startswith(f"{files['a']}: {result['decision']} (toy, platform amd")


def test_cli_reads_standard_input_as_dash(model, model_dir, files) -> None:
    """``clang ... -o - | mir-runtime embed -``: the same vector as the file's, the row and messages
    naming ``<stdin>``; ``-`` beside other inputs is refused before any work."""
    done = cli("embed", "-", "--model", str(model_dir[2]), stdin=IR)
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout)
    assert row["file"] == "<stdin>"
    np.testing.assert_allclose(row["embedding"], model.embed(files["a"]), rtol=1e-5)
    args = ("predict", "--task", "toy", "--platform", "amd", "--transfer", "1000", "--wgsize", "64", "--model",
            str(model_dir[2]))
    from_file, from_stdin = cli(*args, str(files["a"])), cli(*args, "-", stdin=IR)
    assert from_stdin.returncode == 0, from_stdin.stderr
    assert json.loads(from_stdin.stdout) == {**json.loads(from_file.stdout), "file": "<stdin>"}
    bad = cli("embed", "-", "--model", str(model_dir[2]), stdin=BAD)
    assert bad.returncode == 2 and bad.stderr == "<stdin>:2:1: use of undefined value %nope\n"
    both = cli("embed", str(files["a"]), "-", "--model", str(model_dir[2]), stdin=IR)
    assert both.returncode == 2 and both.stdout == ""
    assert both.stderr == "mir-runtime embed: '-' (standard input) must be the only input\n"


def test_cli_embeds_the_ir_files_below_a_directory(model, model_dir, files, tmp_path) -> None:
    """A directory is its .ll/.bc files, recursively and sorted, in rows that name them; .npy, whose
    rows name no file, and a directory without IR are refused with one line."""
    tree = tmp_path / "tree"
    (tree / "sub").mkdir(parents=True)
    (tree / "z.ll").write_text(IR)
    (tree / "sub" / "a.ll").write_text(IR.replace("add nsw i32 %v, 1", "mul nsw i32 %v, 3"))
    (tree / "notes.txt").write_text("not IR")
    done = cli("embed", str(tree), "--model", str(model_dir[2]))
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["file"] for r in rows] == [str(tree / "sub" / "a.ll"), str(tree / "z.ll")]
    np.testing.assert_allclose(rows[0]["embedding"], model.embed(files["b"]), rtol=1e-5)
    npy = cli("embed", str(tree), "-o", str(tmp_path / "e.npy"), "--model", str(model_dir[2]))
    assert npy.returncode == 2 and npy.stderr.count("\n") == 1 and "not .npy" in npy.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    none = cli("embed", str(empty), "--model", str(model_dir[2]))
    assert none.returncode == 2 and none.stderr == "mir-runtime embed: no .ll or .bc files under the given paths\n"


def test_cli_predict_vectorize_names_a_pair_or_the_default(model_dir, files) -> None:
    """The vectorize head as export-heads describes it: one machine, no run-time inputs, scores of
    the default and the 35 (VF, IF) pairs; the decision is the best score, the default's margin added."""
    args = ("predict", "--task", "vectorize", str(files["a"]), "--model", str(model_dir[2]))
    done = cli(*args)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    scores = result["scores"]
    assert result["machine"] == "zen3" and result["inputs"] == {} and len(scores) == 36
    assert list(scores)[:2] == ["default", "VF=1,IF=1"] and "VF=64,IF=16" in scores
    # the candidates' predicted log speedups over the default (its own 0), the margin beside them
    assert scores["default"] == 0.0 and isinstance(result["margin"], float)
    assert result["decision"] == max(scores, key=lambda c: scores[c] + (result["margin"] if c == "default" else 0))
    text = cli(*args, "--format", "text")
    assert text.returncode == 0
    assert text.stdout.startswith(f"{files['a']}: {result['decision']} (vectorize, machine zen3")
    listed = {t["task"]: t for t in json.loads(cli("tasks", "--model", str(model_dir[2]), "--format", "json").stdout)}
    assert listed["vectorize"]["machine"] == ["zen3"] and listed["vectorize"]["inputs"] == {}
    assert listed["vectorize"]["classes"][0] == "default"


@pytest.mark.parametrize(
    ("extra", "message"),
    [(("--platform", "amd", "--transfer", "1"), "needs --wgsize"),
     (("--platform", "arm", "--transfer", "1", "--wgsize", "1"), "unknown platform"),
     (("--platform", "amd", "--transfer", "1", "--wgsize", "1", "--machine", "zen3"), "task toy takes no --machine")],
)
def test_cli_predict_errors_are_one_line(model_dir, files, extra, message) -> None:
    done = cli("predict", "--task", "toy", *extra, str(files["a"]), env={"MIR_MODEL": str(model_dir[2])})
    assert done.returncode == 2 and message in done.stderr and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_predict_refuses_a_module_without_function_bodies(model, model_dir, tmp_path) -> None:
    empty = tmp_path / "decls.ll"
    empty.write_text("; only declarations\n@g = global i32 5\ndeclare i32 @puts(ptr)\n")
    assert model.embed(empty).shape == (model.embedding_size,)  # a vector, as IR2Vec gives one
    with pytest.raises(IRParseError, match="decls.ll:1:1: no function bodies: nothing for task toy to decide on"):
        model.predict("toy", empty, "amd", transfer=1, wgsize=1)
    args = ("predict", "--task", "toy", "--platform", "amd", "--transfer", "1", "--wgsize", "1")
    for given, stdin, name in ((str(empty), None, str(empty)), ("-", empty.read_text(), "<stdin>")):
        done = cli(*args, given, env={"MIR_MODEL": str(model_dir[2])}, stdin=stdin)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr == f"{name}:1:1: no function bodies: nothing for task toy to decide on\n"


def test_cli_tasks_and_info(model_dir, tmp_path) -> None:
    tasks = cli("tasks", "--model", str(model_dir[2]), "--format", "json")
    assert tasks.returncode == 0 and json.loads(tasks.stdout)[0]["task"] == "toy"
    info = cli("info", "--model", str(model_dir[2]))
    assert info.returncode == 0, info.stderr
    data = json.loads(info.stdout)
    assert data["providers"] == ["CPUExecutionProvider"] and data["files"]["tokenizer.json"]["check"] == "ok"
    assert data["tasks"]["toy"]["files"]["toy-amd.onnx"]["check"] == "ok"
    assert data["pooling"] == "mean-max-size" and data["embedding_size"] == 3 * 32 + 2
    broken = tmp_path / "broken"
    shutil.copytree(model_dir[2], broken)
    with open(broken / "tasks" / "toy" / "toy-nvidia.onnx", "ab") as f:
        f.write(b"\0")
    bad = cli("info", "--model", str(broken))
    assert bad.returncode == 2 and "toy-nvidia.onnx: sha256" in bad.stderr and bad.stderr.count("\n") == 1


# --- streaming, workers, outputs --------------------


def test_iter_embed_streams_in_input_order_with_workers(model, files) -> None:
    paths = [files["b"], files["a"], files["b"]]
    expected = model.embed(paths)
    rows = list(model.iter_embed(paths, workers=2))
    assert [p for p, _ in rows] == [str(p) for p in paths]
    np.testing.assert_allclose(np.stack([v for _, v in rows]), expected, rtol=1e-6)
    with pytest.raises(IRParseError, match=r"bad\.ll:2:"):
        list(model.iter_embed([files["a"], files["bad"]], workers=2))
    kept = list(model.iter_embed([files["bad"], files["a"]], workers=2, keep_going=True))
    assert isinstance(kept[0][1], IRParseError) and kept[1][0] == str(files["a"])


def _workers_of(parent: int) -> list[int]:
    """The spawned worker processes among ``parent``'s children (not multiprocessing's resource tracker)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue
        if ppid == parent and b"spawn_main" in command:
            found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the workers through /proc")
@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2 if hasattr(os, "sched_getaffinity") else False,
                    reason="--workers is capped to the usable cores: one core starts no worker process")
def test_cli_names_the_file_when_a_worker_process_dies(model_dir, files, tmp_path) -> None:
    """A worker killed (or out of memory) is one line naming the file it had in flight, exit code 1."""
    stuck = tmp_path / "stuck.ll"
    os.mkfifo(stuck)  # no writer: the worker that opens it waits until it is killed
    command = [sys.executable, "-m", "mir_runtime.cli", "embed", str(stuck), str(files["a"]), "-o",
               str(tmp_path / "e.npy"), "--workers", "2", "--model", str(model_dir[2])]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(600):
            workers = _workers_of(process.pid)
            if len(workers) == 2:
                break
            time.sleep(0.1)
        assert len(workers) == 2, "the workers did not start"
        time.sleep(1.0)  # a worker is blocked on the pipe by now
        for pid in workers:  # the pool ends the other worker itself once one dies: it may be gone already
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        _, stderr = process.communicate(timeout=120)
    finally:
        process.kill()
    assert process.returncode == 1
    assert stderr.count("\n") == 1 and "stuck.ll: a worker process ended abruptly" in stderr, stderr
    assert not (tmp_path / "e.npy").exists()


def test_model_closes_and_is_a_context_manager(model_dir, files) -> None:
    with Model.load(model_dir[2]) as model:
        model.embed(files["a"])
    assert model.backend._encoders == [None, None] and model.engine.pool is None


def test_cli_embed_keep_going_writes_good_rows_and_the_failures(model, model_dir, files, tmp_path) -> None:
    out = tmp_path / "e.npy"
    inputs = [str(files["a"]), str(files["bad"]), str(files["b"])]
    done = cli("embed", *inputs, "-o", str(out), "--keep-going", "--workers", "2", "--model", str(model_dir[2]))
    assert done.returncode == 0 and "Traceback" not in done.stderr  # it wrote the rows it could
    assert done.stderr.splitlines()[-1] == f"mir-runtime embed: 1 of 3 inputs failed, listed in {tmp_path / 'e.failed.jsonl'}"
    np.testing.assert_allclose(np.load(out), model.embed([files["a"], files["b"]]), rtol=1e-5)
    failed = [json.loads(line) for line in (tmp_path / "e.failed.jsonl").read_text().splitlines()]
    assert [f["file"] for f in failed] == [str(files["bad"])]
    assert failed[0]["error"].startswith(f"{files['bad']}:2:") and "undefined value %nope" in failed[0]["error"]
    again = cli("embed", str(files["a"]), "-o", str(out), "--keep-going", "--model", str(model_dir[2]))
    assert again.returncode == 0 and not (tmp_path / "e.failed.jsonl").exists()


def test_cli_embed_keep_going_fails_only_when_nothing_was_embedded(model_dir, files, tmp_path) -> None:
    some = cli("embed", str(files["bad"]), str(files["a"]), "--keep-going", "--model", str(model_dir[2]))
    assert some.returncode == 0 and len(some.stdout.splitlines()) == 1
    assert some.stderr.splitlines()[-1] == "mir-runtime embed: 1 of 2 inputs failed"
    none = cli("embed", str(files["bad"]), "-o", str(tmp_path / "e.jsonl"), "--keep-going", "--model", str(model_dir[2]))
    assert none.returncode == 2 and none.stderr.splitlines()[-1].startswith("mir-runtime embed: 1 of 1 inputs failed")


def test_cli_predict_refuses_a_precision_its_heads_did_not_learn_from(files) -> None:
    """The shipped heads learned from fp32 embeddings: predict embeds at fp32, and says so rather
    than ignore --precision int8."""
    args = ("predict", "--task", "devmap", "--platform", "amd", "--transfer", "1000", "--wgsize", "64", "--model",
            str(SHIPPED), str(files["a"]))
    refused = cli(*args, "--precision", "int8")
    assert refused.returncode == 2 and refused.stderr == (
        "mir-runtime predict: --precision int8: task devmap's heads learned from fp32 embeddings, so predict embeds "
        "at fp32 (leave --precision out)\n")
    assert cli(*args, "--precision", "fp32").stdout == cli(*args).stdout != ""


@pytest.mark.parametrize(("output", "message"), [("/nonexistent/x.npy", "no directory /nonexistent"),
                                                 ("{tmp}/x.csv", "must end in .npy or .jsonl"),
                                                 ("{tmp}", "must end in")])
def test_cli_embed_checks_the_output_before_any_work(model_dir, files, tmp_path, output, message) -> None:
    done = cli("embed", str(files["a"]), "-o", output.format(tmp=tmp_path), "--model", str(tmp_path / "no-model"))
    assert done.returncode == 2 and message in done.stderr and done.stderr.count("\n") == 1


@pytest.mark.parametrize(("option", "value", "code", "message"), [
    ("--threads", "0", 2, "--threads must be at least 1, not 0"),
    ("--workers", "-3", 2, "--workers must be at least 1, not -3"),
    ("--threads", "100000", 0, "--threads 100000 capped to the"),
    ("--workers", "100000", 0, "--workers 100000 capped to the"),
])
def test_cli_threads_and_workers_are_checked(model_dir, files, option, value, code, message) -> None:
    done = cli("embed", str(files["a"]), option, value, "--model", str(model_dir[2]))
    assert done.returncode == code and message in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize(("transfer", "wgsize", "message"), [
    ("1", "1e40", "--wgsize must be a finite number"), ("inf", "1", "--transfer must be a finite number"),
])
def test_cli_predict_inputs_outside_float32_are_refused(model_dir, files, transfer, wgsize, message) -> None:
    done = cli("predict", "--task", "toy", "--platform", "amd", "--transfer", transfer, "--wgsize", wgsize,
               str(files["a"]), "--model", str(model_dir[2]))
    assert done.returncode == 2 and message in done.stderr and done.stderr.count("\n") == 1


def test_a_model_without_heads_says_how_to_add_them(model_dir, files, tmp_path) -> None:
    """A freshly exported model: ``tasks`` and ``predict`` name ``task fit`` (``predict``
    with the task options of the shipped model was argparse's 'unrecognized arguments')."""
    fresh = tmp_path / "fresh"
    shutil.copytree(model_dir[2], fresh)
    shutil.rmtree(fresh / "tasks")
    tasks = cli("tasks", "--model", str(fresh))
    assert tasks.returncode == 0 and tasks.stdout == "" and "no task heads" in tasks.stderr
    assert "mir-export task fit" in tasks.stderr and tasks.stderr.count("\n") == 1
    done = cli("predict", "--task", "devmap", "--platform", "amd", "--transfer", "1", "--wgsize", "1", str(files["a"]),
               "--model", str(fresh))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "no task heads" in done.stderr and "task fit" in done.stderr and "unrecognized" not in done.stderr
