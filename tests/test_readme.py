"""README's runtime section works as written: every shell command of it, verbatim, from the
repository root; only its outputs (the environment, the wheel directory, the files written) go
into a temporary directory."""
from __future__ import annotations

import json
import re
import subprocess

import numpy as np

from paths import REPO, shipped_embedding_size
from wheel import without_pythonpath

SECTION = "## Embeddings and predictions (the runtime)"
OUTPUTS = ("~/mir-runtime-env", "dist", "embeddings.npy", "e.npy", "kernel.json", "similar.npy", "stencil.jsonl")  # what the commands write


def runtime_section_script() -> str:
    """The fenced bash blocks of README's runtime section, in order, as one script."""
    text = (REPO / "README.md").read_text()
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    return "\n".join(re.findall(r"```bash\n(.*?)```", text[start:end], re.S))


def test_runtime_section_runs_verbatim(tmp_path, datasets) -> None:
    script = runtime_section_script()
    assert "pip install" in script and "mir-runtime predict" in script
    for name in OUTPUTS:  # the only substitution: outputs into tmp_path
        assert re.search(rf"(?<![\w/.-]){re.escape(name)}(?![\w-])", script), name
        script = re.sub(rf"(?<![\w/.-]){re.escape(name)}(?![\w-])", str(tmp_path / name.lstrip("~/")), script)
    env = without_pythonpath()  # a user's shell
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=REPO, capture_output=True, text=True,
                          timeout=1800, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    vectors = np.load(tmp_path / "embeddings.npy")
    cg_kernels = list((datasets / "devmap" / "kernels_ir").glob("npb-3.3-CG-*.ll"))
    assert vectors.shape[1] == shipped_embedding_size() and len(vectors) == len(cg_kernels)
    assert np.load(tmp_path / "similar.npy").shape == vectors.shape
    predicted = [json.loads(line) for line in done.stdout.splitlines() if line.startswith('{"file"')]
    assert predicted and predicted[0]["decision"] in ("CPU", "GPU")  # stdout also holds pip's lines
    assert json.loads((tmp_path / "kernel.json").read_text())["nodes"]
    assert json.loads((tmp_path / "stencil.jsonl").read_text())["file"] == "<stdin>"
    assert "Traceback" not in done.stderr
