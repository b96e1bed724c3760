"""README works as written: every fenced bash and python block, in order, as one script run from
the repository root in a user's shell.

Two rules, and only these: the two set-up commands (`bash scripts/install.sh`, `python -m pytest
-q`) are left out, since CI itself runs them first; and README's scratch directory `/tmp/mir-demo`
becomes this test's temporary directory. README's commands write nowhere else, so the checkout
gains no untracked file."""
from __future__ import annotations

import json
import re
import subprocess

import numpy as np
import pytest

from paths import REPO, shipped_embedding_size
from wheel import without_pythonpath

SETUP = ("bash scripts/install.sh", "python -m pytest -q")  # run by CI before the tests
SCRATCH = "/tmp/mir-demo"


def readme_script() -> str:
    """README's bash blocks verbatim and its python blocks as heredocs, in order, set-up lines left out."""
    text = (REPO / "README.md").read_text()
    parts = []
    for lang, body in re.findall(r"```(bash|python)\n(.*?)```", text, re.S):
        if lang == "python":
            parts.append(f"python - <<'README_PYTHON'\n{body}README_PYTHON\n")
            continue
        kept = [line for line in body.splitlines() if not line.strip().startswith(SETUP)]
        parts.append("\n".join(kept) + "\n")
    return "".join(parts)


def test_setup_commands_are_the_two_ci_runs() -> None:
    text = (REPO / "README.md").read_text()
    for command in SETUP:
        assert re.search(rf"^{re.escape(command)}\b", text, re.M), command


def test_readme_commands_write_only_into_the_scratch_directory() -> None:
    script = readme_script()
    for path in re.findall(r"(?:-o|-w|>)\s+(\S+)", script):
        assert path == "-" or path.startswith(SCRATCH), path


@pytest.mark.slow  # a wheel, a fresh environment and three task fits: 5 minutes
def test_readme_runs_verbatim(tmp_path, datasets) -> None:
    before = _untracked()
    script = readme_script().replace(SCRATCH, str(tmp_path))
    assert "pip install" in script and "mir-runtime predict" in script and "Model.load" in script
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=REPO, capture_output=True, text=True,
                          timeout=1800, env=without_pythonpath())
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stderr
    vectors = np.load(tmp_path / "cg.npy")
    cg_kernels = list((datasets / "devmap" / "kernels_ir").glob("npb-3.3-CG-*.ll"))
    assert vectors.shape == (len(cg_kernels), shipped_embedding_size())
    assert len((tmp_path / "cg.jsonl").read_text().splitlines()) == len(cg_kernels)
    predicted = [json.loads(line) for line in done.stdout.splitlines() if line.startswith('{"file"')]
    assert predicted and predicted[0]["decision"] in ("CPU", "GPU")  # stdout also holds pip's lines
    answers = {p["task"]: p for p in predicted}  # your own tasks, fitted and served from their packs
    assert answers["device"]["decision"] in ("CPU", "GPU") and isinstance(answers["gpu-ratio"]["value"], float)
    assert answers["factor"]["gpu"] == "tahiti" and answers["factor"]["decision"] in answers["factor"]["scores"]
    assert all((tmp_path / "tasks" / name / "task.json").is_file() for name in ("device", "gpu-ratio", "factor", "device-api"))
    assert json.loads((tmp_path / "graph.json").read_text())["nodes"]
    assert json.loads((tmp_path / "stencil.jsonl").read_text())["file"] == "<stdin>"
    assert _untracked() == before, "README's commands left files in the checkout"


def _untracked() -> set[str]:
    listed = subprocess.run(["git", "ls-files", "--others", "--exclude-standard"], cwd=REPO,
                            capture_output=True, text=True, check=True)
    return set(listed.stdout.splitlines())
