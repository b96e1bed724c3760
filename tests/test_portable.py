"""Nothing shipped names a directory of the machine that wrote it (``mir_runtime.portable``):
recorded commands and paths are relative to the repository, or ``~`` / ``$TMPDIR``."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from paths import REPO
from mir_runtime.portable import portable_argv, portable_path, portable_text

sys.path.insert(0, str(REPO / "scripts"))
from portable_paths import rewritten, shipped_files  # noqa: E402

PARTS = st.lists(st.text("abcxyz019._-", min_size=1, max_size=6).filter(lambda p: p not in (".", "..")),
                 min_size=1, max_size=4)


@given(PARTS, PARTS)
def test_a_path_below_the_base_top_directory_becomes_relative_and_means_the_same(base: list[str], rest: list[str]) -> None:
    root = "/" + "/".join(["top", *base])
    path = "/" + "/".join(["top", *rest])
    written = portable_path(path, root)
    assert not written.startswith("/")
    assert os.path.normpath(os.path.join(root, written)) == os.path.normpath(path)


def test_commands_keep_system_paths_and_lose_the_machine_s() -> None:
    base = "/srv/checkout"
    assert portable_text("cd /srv/checkout && mir-export x --out /srv/runs/a --cc /usr/bin/clang-14", base) == \
        "mir-export x --out ../runs/a --cc /usr/bin/clang-14"
    assert portable_text("rate 2.5 files/s, see https://x.org/a", base) == "rate 2.5 files/s, see https://x.org/a"
    home = os.path.expanduser("~")
    assert portable_argv([f"--model={home}/m", "-o", "/srv/checkout/e.npy"], base) == ["--model=~/m", "-o", "e.npy"]


def test_no_shipped_manifest_or_result_names_a_directory_of_the_build_machine() -> None:
    named = [str(p.relative_to(REPO)) for p in shipped_files() if rewritten(p.read_text(encoding="utf-8"), []) !=
             p.read_text(encoding="utf-8")]
    assert named == [], f"run: python scripts/portable_paths.py (files naming this machine's directories: {named[:5]})"


def test_info_names_no_path_but_the_model_directory() -> None:
    done = subprocess.run([sys.executable, "-m", "mir_runtime.cli", "info"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    info = json.loads(done.stdout)
    model = info["model"]
    text = done.stdout.replace(json.dumps(model)[1:-1], "MODEL")
    assert portable_text(text, Path.cwd()) == text
    assert all(not pack["pack"].startswith("/") for pack in info["tasks"].values())
