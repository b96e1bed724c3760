"""``mir-runtime graph`` and ``statements`` end to end: outputs, exit codes, one-line errors."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

GOOD = "define i32 @f(i32 %a) {\n  %x = add i32 %a, 1\n  ret i32 %x\n}\n"
BAD = "define i32 @f(i32 %a) {\n  %x = add i32 %a, 1\n  ret i32 %y\n}\n"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mir_runtime.cli", *args], capture_output=True, text=True, timeout=120,
                          input=stdin)


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, Path]:
    out = {}
    for name, text in (("good", GOOD), ("other", GOOD.replace("@f", "@g")), ("bad", BAD)):
        out[name] = tmp_path / f"{name}.ll"
        out[name].write_text(text)
    return out


def test_graph_to_stdout(files) -> None:
    done = run("graph", str(files["good"]))
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [n["text"] for n in data["nodes"]][:3] == ["[external]", "add", "ret"]
    assert {"source", "target", "flow", "position", "key"} <= set(data["links"][0])


def test_graph_many_files_to_a_directory(files, tmp_path: Path) -> None:
    nx = pytest.importorskip("networkx")  # networkx-json needs it; the runtime-only install lacks it
    out = tmp_path / "graphs"
    done = run("graph", str(files["good"]), str(files["other"]), "--out-dir", str(out), "--format", "networkx-json")
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in out.iterdir()) == ["good.json", "other.json"]
    graph = nx.node_link_graph(json.loads((out / "other.json").read_text()), edges="edges")
    assert graph.number_of_nodes() == 6


def test_graph_reports_each_bad_file_on_one_line(files, tmp_path: Path) -> None:
    missing = tmp_path / "missing.ll"
    done = run("graph", str(files["good"]), str(files["bad"]), str(missing), "--out-dir", str(tmp_path / "o"))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 2
    assert lines[0] == f"{files['bad']}:3:1: use of undefined value %y"
    assert lines[1].startswith(f"{missing}:") and "cannot read file" in lines[1]
    assert "Traceback" not in done.stderr
    assert (tmp_path / "o" / "good.json").exists()


def test_graph_out_dir_that_cannot_be_made_is_one_line(files, tmp_path: Path) -> None:
    done = run("graph", str(files["good"]), "--out-dir", str(files["other"]))  # a file, not a directory
    assert done.returncode == 2
    assert done.stderr == f"mir-runtime graph: {files['other']}: cannot write (File exists)\n"


def test_dash_reads_standard_input(files, tmp_path: Path) -> None:
    assert run("statements", "-", stdin=GOOD).stdout == run("statements", str(files["good"])).stdout
    assert json.loads(run("graph", "-", stdin=GOOD).stdout) == json.loads(run("graph", str(files["good"])).stdout)
    done = run("graph", "-", "--out-dir", str(tmp_path / "o"), stdin=GOOD)
    assert done.returncode == 0 and [p.name for p in (tmp_path / "o").iterdir()] == ["stdin.json"]
    bad = run("statements", "-", stdin=BAD)
    assert bad.returncode == 2 and bad.stderr == "<stdin>:3:1: use of undefined value %y\n"
    twice = run("graph", "-", "-", "--out-dir", str(tmp_path / "o"), stdin=GOOD)
    assert twice.returncode == 2 and "must be the only input" in twice.stderr and "Traceback" not in twice.stderr


def test_several_inputs_need_an_out_dir(files) -> None:
    done = run("graph", str(files["good"]), str(files["other"]))
    assert done.returncode == 2 and "--out-dir" in done.stderr


def test_statements(files) -> None:
    done = run("statements", str(files["good"]))
    assert done.returncode == 0
    assert done.stdout.splitlines() == ["%ID = add i32 %ID, 1", "ret i32 %ID"]
    bad = run("statements", str(files["bad"]))
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "bad.ll:3:1:" in bad.stderr


def test_a_file_name_with_control_characters_stays_on_one_line(tmp_path: Path) -> None:
    """The name is shown escaped, so the message is one line and no escape sequence reaches the terminal."""
    path = tmp_path / "evil\nname\x1b[31m.ll"
    path.write_text(BAD)
    done = run("statements", str(path))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"{tmp_path}/evil\\nname\\x1b[31m.ll:3:1: use of undefined value %y")


def test_a_model_or_output_path_with_control_characters_stays_on_one_line(files, tmp_path: Path) -> None:
    """Messages about the model directory and the output name them escaped too."""
    model = tmp_path / "evil\nmodel"
    model.mkdir()
    done = run("embed", "--model", str(model), str(files["good"]), "-o", str(tmp_path / "x.npy"))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert f"{tmp_path}/evil\\nmodel/manifest.json: no manifest.json" in done.stderr
    done = run("embed", str(files["good"]), "-o", str(tmp_path / "x\ny.txt"))
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "x\\ny.txt: output must end in" in done.stderr
