"""The build's choice between the compiled front end (mypyc) and the pure-Python package (setup.py).

The compiled wheel itself is tested by ``tests/runtime_only.py`` (CI), the pure-Python modules by
the rest of the suite on the editable install.
"""
from __future__ import annotations

import os
import subprocess
import sys

from paths import REPO


def _build_ext_help(**env: str) -> subprocess.CompletedProcess:
    """``setup.py build_ext --help``: chooses the extension modules, then only prints help."""
    return subprocess.run([sys.executable, "setup.py", "build_ext", "--help"], cwd=REPO, capture_output=True,
                          text=True, timeout=300, env=os.environ | env)


def test_no_c_compiler_builds_the_pure_python_package() -> None:
    done = _build_ext_help(CC="false", MIR_PURE_PYTHON="0")
    assert done.returncode == 0, done.stderr
    assert "no working C compiler, building the pure-Python package" in done.stderr


def test_pure_python_on_request() -> None:
    done = _build_ext_help(MIR_PURE_PYTHON="1", CC="false")
    assert done.returncode == 0, done.stderr
    assert "build_ext" in done.stdout and "C compiler" not in done.stderr
