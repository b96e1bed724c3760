"""The model directory: one typed, versioned parse of ``manifest.json`` whose every problem is one
located line and exit code 2 from each command that needs the model; ``graph``, ``statements`` and
``--help`` never read it."""
from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from models import IR
from mir_runtime.modeldir import FORMAT_VERSION, Manifest, ModelDirectory, ModelFileError


def cli(*args: str, model: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, **({"MIR_MODEL": str(model)} if model else {})}
    return subprocess.run([sys.executable, "-m", "mir_runtime.cli", *args], capture_output=True, text=True,
                          timeout=120, env=env)


def _edit(manifest: dict, how: str):
    if how == "a list":
        return [manifest]
    if how == "tasks in the manifest":
        return {**manifest, "tasks": {}}
    if how == "entry without sha256":
        files = {**manifest["files"], "tokenizer.json": {"bytes": 1}}
        return {**manifest, "files": files}
    if how == "no format_version":
        return {k: v for k, v in manifest.items() if k != "format_version"}
    if how == "unknown format_version":
        return {**manifest, "format_version": FORMAT_VERSION + 1}
    if how == "unknown pooling":
        return {**manifest, "pooling": "median"}
    if how == "embedding_size of another pooling":
        return {**manifest, "pooling": "mean"}
    if how == "promote_allocas not a bool":
        return {**manifest, "promote_allocas": "yes"}
    if how == "readout not a width":
        return {**manifest, "model": {**manifest["model"], "readout": "256"}}
    if how == "embedding_size not the readout's":
        return {**manifest, "model": {**manifest["model"], "readout": 48}}
    raise AssertionError(how)


BROKEN = {
    "a list": "the manifest must be a JSON object, not a JSON list",
    "tasks in the manifest": "task heads listed in the manifest are an older layout",
    "entry without sha256": "files.tokenizer.json: no sha256",
    "no format_version": "no format_version",
    "unknown format_version": f"format_version {FORMAT_VERSION + 1} is not the one",
    "unknown pooling": "pooling 'median' is not one this mir-runtime knows",
    "embedding_size of another pooling": "embedding_size 98 is not the size of pooling 'mean' for vectors of 32 (64)",
    "readout not a width": "model.readout must be a positive integer, not '256'",
    "promote_allocas not a bool": "promote_allocas must be true or false, not 'yes'",
    "embedding_size not the readout's":
        "embedding_size 98 is not the size of pooling 'mean-max-size' for vectors of 48 (146)",
    "non-UTF-8": "not UTF-8 (byte 0xff",
    "not JSON": "manifest.json:1:2: not JSON",
}


@pytest.fixture(scope="module")
def broken(model_dir, tmp_path_factory) -> dict[str, Path]:
    """A copy of the tiny model per way of breaking its manifest."""
    root = tmp_path_factory.mktemp("broken")
    manifest = json.loads((model_dir[2] / "manifest.json").read_text())
    out = {}
    for how in BROKEN:
        out[how] = root / how.replace(" ", "-")
        shutil.copytree(model_dir[2], out[how])
        path = out[how] / "manifest.json"
        if how == "non-UTF-8":
            path.write_bytes(path.read_bytes().replace(b'"mean-max-size"', b'"mean-max-s\xffze"'))
        elif how == "not JSON":
            path.write_text("{,}")
        else:
            path.write_text(json.dumps(_edit(manifest, how)))
    return out


@pytest.mark.parametrize("how", list(BROKEN))
def test_malformed_manifests_are_one_located_line(broken, how) -> None:
    with pytest.raises(ModelFileError, match=r"manifest\.json") as caught:
        ModelDirectory(broken[how])
    assert BROKEN[how] in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("how", ["a list", "non-UTF-8", "entry without sha256", "unknown format_version"])
@pytest.mark.parametrize("command", [["embed", "{ir}"], ["tasks"], ["info"],
                                     ["predict", "--task", "toy", "--platform", "amd", "--transfer", "1",
                                      "--wgsize", "1", "{ir}"]])
def test_every_command_that_needs_the_model_says_so_in_one_line(broken, how, command, tmp_path) -> None:
    ir = tmp_path / "a.ll"
    ir.write_text(IR)
    done = cli(*(a.format(ir=ir) for a in command), model=broken[how])
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "manifest.json" in done.stderr and BROKEN[how] in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("command", [["graph", "{ir}"], ["statements", "{ir}"], ["--help"], ["predict", "--help"]])
def test_commands_that_need_no_model_ignore_a_broken_one(broken, command, tmp_path) -> None:
    ir = tmp_path / "a.ll"
    ir.write_text(IR)
    done = cli(*(a.format(ir=ir) for a in command), model=broken["a list"])
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert "``" not in done.stdout  # no raw reST in help texts


def test_manifest_is_typed_and_frozen(model_dir) -> None:
    manifest = ModelDirectory(model_dir[2]).manifest
    assert isinstance(manifest, Manifest) and manifest.format_version == FORMAT_VERSION
    assert manifest.embedding_size == 3 * 32 + 2 and manifest.pooling == "mean-max-size" and manifest.d_model == 32
    assert manifest.max_tokens == 64 and manifest.promote_allocas is False  # absent: the file as read
    assert len(manifest.files["tokenizer.json"].sha256) == 64
    with pytest.raises(dataclasses.FrozenInstanceError):
        manifest.embedding_size = 1  # type: ignore[misc]
