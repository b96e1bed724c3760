"""The runtime's tests where only the runtime is installed (a CI step of ``.ci/run``).

The wheel goes with ``[cpu]``, pytest and hypothesis (the versions installed here) into a fresh
virtual environment without torch. It is the compiled wheel (the front end built by mypyc, setup.py)
unless ``MIR_PURE_PYTHON=1``, so these tests check the compiled front end and the full suite, on
the editable install, the pure-Python one; the tiny test model is exported first, here, by the training
side, and handed over in ``$MIR_TEST_MODEL``. pytest runs from outside the repository, so the
tests import the installed package, not the sources. Exit status: pytest's.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from models import tiny_model  # noqa: E402
from paths import REPO  # noqa: E402
from wheel import build_wheel, fresh_install, without_pythonpath  # noqa: E402

# The tests of the runtime (reader, graphs, encoder, model, CLI, shipped model), the reader's fuzz,
# version, differential and parity tests among them; torch-needing checks inside them skip.
RUNTIME_TESTS = ("test_backend.py", "test_cli.py", "test_code_counts.py", "test_controlflow.py",
                 "test_differential.py", "test_encoder.py", "test_fuzz.py", "test_graph.py", "test_graph_blocks.py",
                 "test_graph_formats.py", "test_parity.py", "test_parser.py", "test_pooling.py", "test_promote.py",
                 "test_runtime.py", "test_shapes.py", "test_shipped_model.py", "test_statement_cache.py",
                 "test_statements.py", "test_store.py", "test_versions.py")
# A module of the compiled front end: a C extension in the compiled wheel, source in the pure one.
PROBE = "import mir_runtime.ir.parser as m; print(m.__file__.endswith('.py'))"


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="mir-runtime-only-") as tmp:
        tmp = Path(tmp)
        print("runtime-only tests: building the wheel and a fresh [cpu] environment", file=sys.stderr, flush=True)
        bin_dir = fresh_install(build_wheel(tmp / "dist"), tmp / "venv",
                                (f"pytest=={version('pytest')}", f"hypothesis=={version('hypothesis')}"))
        if subprocess.run([str(bin_dir / "python"), "-c", "import torch"], capture_output=True).returncode == 0:
            print("runtime-only tests: torch is installed in the fresh environment", file=sys.stderr)
            return 1
        pure = subprocess.run([str(bin_dir / "python"), "-c", PROBE], capture_output=True, text=True, cwd=tmp,
                              env=without_pythonpath()).stdout.strip() == "True"
        if pure != (os.environ.get("MIR_PURE_PYTHON") == "1"):
            print(f"runtime-only tests: the wheel's front end is {'pure Python' if pure else 'compiled'}, "
                  "not as MIR_PURE_PYTHON asks", file=sys.stderr)
            return 1
        print(f"runtime-only tests: {'pure-Python' if pure else 'compiled'} front end", file=sys.stderr, flush=True)
        (tmp / "model").mkdir()
        _, _, model = tiny_model(tmp / "model")
        env = without_pythonpath() | {"MIR_TEST_MODEL": str(model)}
        tests = [str(REPO / "tests" / name) for name in RUNTIME_TESTS]
        return subprocess.run([str(bin_dir / "pytest"), "-q", "-p", "no:cacheprovider", "-c", str(REPO / "pyproject.toml"),
                               "--rootdir", str(REPO), *tests], cwd=tmp, env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
