"""Hostile task packs, as properties: ``task.json`` fields of the wrong type are refused in one
whole sentence naming the file (a string is never read as a list of letters), a head's file must
lie inside its pack, one broken pack in a directory of packs is a warning while the others are
served, and through the command line every failure is one line and exit 2, never a traceback."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mir_runtime.model import default_model_dir
from mir_runtime.modeldir import ModelDirectory
from mir_runtime.packs import PACK_FILE, PackError, load_packs, read_pack, write_pack
from mir_runtime.tasks import RESERVED_NAMES, Task

SHIPPED = default_model_dir()
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
TASK = {"description": "a toy device choice", "kind": "classification",
        "selector": {"name": "platform", "help": "the machine", "choices": {"amd": "toy-amd.onnx"}},
        "inputs": [{"name": "transfer", "help": "bytes", "minimum": 0}, {"name": "wgsize", "help": "items"}],
        "classes": ["CPU", "GPU"]}


def _pack(root: Path, name: str = "toy", task: dict | None = None, head: Path | None = None) -> Path:
    """A pack of the shipped device-mapping head (two run-time inputs) under ``root/name``."""
    root.mkdir(parents=True, exist_ok=True)
    source = root / f".{name}-head.onnx"
    shutil.copyfile(head or SHIPPED / "tasks" / "devmap" / "devmap-amd.onnx", source)
    from mir_runtime.packs import base_model

    return write_pack(root / name, Task.from_manifest(name, task or TASK), {"toy-amd.onnx": source},
                      base_model(ModelDirectory(SHIPPED), "fp32"), {})


def _edit(pack: Path, change) -> None:
    raw = json.loads((pack / PACK_FILE).read_text())
    change(raw)
    (pack / PACK_FILE).write_text(json.dumps(raw))


def runtime(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mir_runtime.cli", *args], capture_output=True, text=True,
                          timeout=300, env={k: v for k, v in os.environ.items() if k != "MIR_TASKS"})


# Where each field belongs, and values of every other JSON type.
FIELDS = {("task", "classes"): list, ("task", "description"): str, ("task", "kind"): str,
          ("task", "inputs"): list, ("task", "selector"): dict, ("task", "selector", "choices"): dict,
          ("task", "selector", "name"): str, ("files",): dict, ("base_model",): dict, ("task",): dict}
JSON = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=12),
                 st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=4), st.integers(), max_size=2))


@SETTINGS
@given(field=st.sampled_from(sorted(FIELDS)), value=JSON)
def test_a_field_of_the_wrong_type_is_refused_in_one_sentence(tmp_path_factory, field, value) -> None:
    if isinstance(value, FIELDS[field]) and not isinstance(value, bool):
        return  # the right type: other tests check the values
    pack = _pack(tmp_path_factory.mktemp("p"))

    def change(raw: dict) -> None:
        *parents, last = field
        node = raw
        for key in parents:
            node = node[key]
        node[last] = value

    _edit(pack, change)
    with pytest.raises(PackError) as caught:
        read_pack(pack)
    message = str(caught.value)
    assert message.startswith(f"{pack / PACK_FILE}: ") and "\n" not in message
    assert not message.rstrip().endswith(("(", ",", ":", "of", "the"))  # a whole sentence, not cut mid-phrase


@SETTINGS
@given(classes=st.text(min_size=2, max_size=10))
def test_a_string_where_a_list_of_classes_belongs_is_not_split_into_letters(tmp_path_factory, classes) -> None:
    pack = _pack(tmp_path_factory.mktemp("p"))
    _edit(pack, lambda raw: raw["task"].__setitem__("classes", classes))
    with pytest.raises(PackError, match="task.classes must be a list of two or more class names"):
        read_pack(pack)


def test_a_missing_kind_is_refused(tmp_path) -> None:
    pack = _pack(tmp_path)
    _edit(pack, lambda raw: raw["task"].pop("kind"))
    with pytest.raises(PackError, match=r"task\.json: task\.kind is missing \(one of classification"):
        read_pack(pack)


OUTSIDE = st.one_of(
    st.builds(lambda depth, name: "../" * depth + name, st.integers(1, 4), st.sampled_from(["x.onnx", "etc/passwd"])),
    st.sampled_from(["/proc/self/environ", "/etc/passwd", "sub/../../x.onnx", "..", "a/../../b"]),
)


@SETTINGS
@given(name=OUTSIDE)
def test_a_head_file_outside_its_pack_is_refused_before_it_is_opened(tmp_path_factory, name) -> None:
    pack = _pack(tmp_path_factory.mktemp("p"))

    def change(raw: dict) -> None:
        raw["task"]["selector"]["choices"]["amd"] = name
        raw["files"][name] = {"sha256": "0" * 64, "bytes": 1}

    _edit(pack, change)
    with pytest.raises(PackError, match="must be a relative path inside the pack"):
        read_pack(pack)


def test_a_head_that_links_out_of_its_pack_is_refused(tmp_path) -> None:
    pack = _pack(tmp_path)
    secret = tmp_path / "secret.onnx"
    (pack / "toy-amd.onnx").rename(secret)
    (pack / "toy-amd.onnx").symlink_to(secret)
    with pytest.raises(PackError, match="is a link to .*outside the pack"):
        read_pack(pack)


@SETTINGS
@given(name=st.sampled_from(sorted(RESERVED_NAMES - {"h"})), where=st.sampled_from(["input", "selector"]))
def test_an_input_named_like_an_option_of_predict_is_refused(tmp_path_factory, name, where) -> None:
    pack = _pack(tmp_path_factory.mktemp("p"))
    if where == "input":
        _edit(pack, lambda raw: raw["task"]["inputs"][0].__setitem__("name", name))
    else:
        _edit(pack, lambda raw: raw["task"]["selector"].__setitem__("name", name))
    with pytest.raises(PackError, match=f"named like an option of predict \\(--{name}\\)"):
        read_pack(pack)


@SETTINGS
@given(document=st.recursive(JSON, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                           st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                             max_leaves=12))
def test_any_task_entry_is_a_task_or_one_value_error(document) -> None:
    try:
        task = Task.from_manifest("t", document)
    except ValueError as exc:
        assert "\n" not in str(exc)
    else:
        assert all(isinstance(c, str) for c in task.classes) and len(task.classes) >= 1


def test_one_broken_pack_in_a_directory_is_a_warning_and_the_others_are_served(tmp_path) -> None:
    packs = tmp_path / "packs"
    _pack(packs, "good")
    broken = _pack(packs, "broken")
    (broken / PACK_FILE).write_text('{"format": "mir-task-pack", "task": {')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        served = load_packs(ModelDirectory(SHIPPED), [packs])
    assert "good" in served and "broken" not in served and "devmap" in served
    assert [str(w.message) for w in caught if "skipped" in str(w.message)] == [
        f"task pack skipped, the others are served: {broken / PACK_FILE}:1:38: not valid JSON (expecting property "
        "name enclosed in double quotes): a pack's task.json is written by 'mir-export task fit'"]
    with pytest.raises(PackError, match="not valid JSON"):  # given by its own path, the pack is refused
        load_packs(ModelDirectory(SHIPPED), [broken])


def test_a_pack_being_written_beside_the_others_is_not_served(tmp_path) -> None:
    """``.NAME.partial`` is where a pack is staged before its rename: hidden folders are never read."""
    packs = tmp_path / "packs"
    _pack(packs, "good")
    _pack(packs, "staged").rename(packs / ".staged.partial")
    served = load_packs(ModelDirectory(SHIPPED), [packs])
    assert "good" in served and "staged" not in served
    assert "staged" in load_packs(ModelDirectory(SHIPPED), [packs / ".staged.partial"])  # given by its path, it is


def test_a_users_pack_replaces_the_models_own_of_its_name(tmp_path) -> None:
    mine = _pack(tmp_path / "packs", "devmap")
    served = load_packs(ModelDirectory(SHIPPED), [mine])
    assert served["devmap"].path == mine and "coarsening" in served
    with pytest.raises(PackError, match="already served from"):  # the user's own twice is still refused
        load_packs(ModelDirectory(SHIPPED), [mine, mine])


def test_a_directory_holding_no_pack_says_so(tmp_path) -> None:
    with pytest.warns(UserWarning, match=f"{tmp_path} holds no task pack"):
        assert set(load_packs(ModelDirectory(SHIPPED), [tmp_path])) == {"devmap", "coarsening", "vectorize", "passes"}


# --- through the command line: one line, exit 2, never a traceback ---------------------------


def _one_line(done: subprocess.CompletedProcess, *needles: str) -> None:
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr and "internal error" not in done.stderr
    for needle in needles:
        assert needle in done.stderr, done.stderr


@pytest.mark.parametrize("case", ["not onnx", "other inputs", "fewer inputs"])
def test_a_head_onnxruntime_cannot_run_is_one_line_naming_it(tmp_path, datasets, case) -> None:
    kernel = sorted((datasets / "devmap" / "kernels_ir").glob("*.ll"))[0]
    garbage = tmp_path / "garbage.onnx"
    garbage.write_bytes(b"not an onnx file at all")
    head = {"not onnx": garbage, "other inputs": SHIPPED / "tasks" / "coarsening" / "coarsening-fermi.onnx",
            "fewer inputs": SHIPPED / "tasks" / "devmap" / "devmap-amd.onnx"}[case]
    task = dict(TASK, inputs=[TASK["inputs"][0]]) if case == "fewer inputs" else TASK
    pack = _pack(tmp_path, "toy", task, head)
    options = ["--transfer", "10"] + ([] if case == "fewer inputs" else ["--wgsize", "64"])
    _one_line(runtime("predict", str(kernel), "--task", "toy", "--tasks", str(pack), *options), str(pack / "toy-amd.onnx"))


def test_a_pack_named_like_predicts_options_breaks_no_other_task(tmp_path, datasets) -> None:
    kernel = sorted((datasets / "devmap" / "kernels_ir").glob("*.ll"))[0]
    packs = tmp_path / "packs"
    pack = _pack(packs, "threaded")
    _edit(pack, lambda raw: raw["task"]["inputs"][0].__setitem__("name", "threads"))
    done = runtime("predict", str(kernel), "--task", "devmap", "--platform", "amd", "--transfer", "10", "--wgsize",
                   "64", "--tasks", str(packs), "--threads", "1")
    assert done.returncode == 0 and json.loads(done.stdout)["decision"] in ("CPU", "GPU"), done.stderr
    assert done.stderr.count("\n") == 1 and "named like an option of predict (--threads)" in done.stderr
    listed = runtime("tasks", "--tasks", str(packs), "--format", "json")
    assert listed.returncode == 0 and "devmap" in [t["task"] for t in json.loads(listed.stdout)]


def test_tasks_on_a_directory_without_packs_says_so(tmp_path) -> None:
    done = runtime("tasks", "--tasks", str(tmp_path))
    assert done.returncode == 0 and f"{tmp_path} holds no task pack" in done.stderr and "devmap" in done.stdout
