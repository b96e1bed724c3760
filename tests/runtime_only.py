"""The runtime's tests where only the runtime is installed (a CI step of ``.ci/run``).

The wheel goes with ``[cpu]``, pytest and hypothesis (the versions installed here) into a fresh
virtual environment without torch; the tiny test model is exported first, here, by the training
side, and handed over in ``$MIR_TEST_MODEL``. pytest runs from outside the repository, so the
tests import the installed package, not the sources. Exit status: pytest's.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from models import tiny_model  # noqa: E402
from paths import REPO  # noqa: E402
from wheel import build_wheel, fresh_install, without_pythonpath  # noqa: E402

# The tests of the runtime (reader, graphs, encoder, model, CLI, shipped model); torch-needing
# checks inside them skip. The reader's fuzz, version and parity tests run in the full suite.
RUNTIME_TESTS = ("test_backend.py", "test_cli.py", "test_encoder.py", "test_graph.py", "test_graph_blocks.py",
                 "test_parser.py", "test_pooling.py", "test_runtime.py", "test_shipped_model.py", "test_statement_cache.py",
                 "test_statements.py", "test_store.py")


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="mir-runtime-only-") as tmp:
        tmp = Path(tmp)
        print("runtime-only tests: building the wheel and a fresh [cpu] environment", file=sys.stderr, flush=True)
        bin_dir = fresh_install(build_wheel(tmp / "dist"), tmp / "venv",
                                (f"pytest=={version('pytest')}", f"hypothesis=={version('hypothesis')}"))
        if subprocess.run([str(bin_dir / "python"), "-c", "import torch"], capture_output=True).returncode == 0:
            print("runtime-only tests: torch is installed in the fresh environment", file=sys.stderr)
            return 1
        (tmp / "model").mkdir()
        _, _, model = tiny_model(tmp / "model")
        env = without_pythonpath() | {"MIR_TEST_MODEL": str(model)}
        tests = [str(REPO / "tests" / name) for name in RUNTIME_TESTS]
        return subprocess.run([str(bin_dir / "pytest"), "-q", "-p", "no:cacheprovider", "-c", str(REPO / "pyproject.toml"),
                               "--rootdir", str(REPO), *tests], cwd=tmp, env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
