"""The distribution: every package listed, the model inside the wheel, and a fresh ``[cpu]``
install that predicts without torch."""
from __future__ import annotations

import json
import subprocess
import tomllib
import zipfile

import pytest

from paths import REPO, SUMMARY, dataset_ir_files
from wheel import build_wheel, fresh_install, seed_bytes, site_packages, tree_bytes

# What the [cpu] install adds to a fresh environment (site-packages, less the environment's own pip
# and setuptools, 22 MB on Python 3.11): onnxruntime, numpy, tokenizers and this package with the
# model, and what they bring. huggingface-hub and onnxruntime are bounded in pyproject.toml to fit.
RUNTIME_BUDGET = 225_000_000


def test_every_package_directory_is_listed() -> None:
    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(REPO).parts) for root in ("mir_runtime", "mir_export")
             for p in (REPO / root).rglob("__init__.py")}
    assert listed == found | {"mir_runtime.artifacts"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("wheel")
    wheel = build_wheel(tmp / "dist")
    return wheel, fresh_install(wheel, tmp / "venv"), tmp / "venv"


@pytest.mark.slow  # the wheel built and installed into a fresh environment: 2.5 minutes
def test_wheel_carries_the_model(installed) -> None:
    wheel, _, _ = installed
    manifest = json.loads((REPO / "artifacts" / "manifest.json").read_text())
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {f"mir_runtime/artifacts/{name}" for name in manifest["files"]} <= names
    assert "mir_runtime/artifacts/manifest.json" in names
    assert not any("corpus-manifest" in n for n in names)


@pytest.mark.slow  # the wheel built and installed into a fresh environment: 2.5 minutes
def test_long_description_is_the_short_pypi_page(installed) -> None:
    wheel, _, _ = installed
    archive = zipfile.ZipFile(wheel)
    metadata = archive.read(next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))).decode()
    headers, _, body = metadata.partition("\n\n")
    assert "Description-Content-Type: text/markdown" in headers
    assert body.strip() == (REPO / "docs" / "pypi.md").read_text().strip()
    assert len(body.splitlines()) <= 80 and "pip install 'mir-runtime[cpu]'" in body


@pytest.mark.slow  # the wheel built and installed into a fresh environment: 2.5 minutes
def test_fresh_install_predicts_without_torch(installed, datasets) -> None:
    _, bin_dir, venv = installed
    kernel = next(p for p in dataset_ir_files() if "devmap" in p.parts)
    done = subprocess.run([str(bin_dir / "mir-runtime"), "predict", "--task", "devmap", "--platform", "amd",
                           "--transfer", "4096", "--wgsize", "64", str(kernel)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["decision"] in ("CPU", "GPU")
    probe = ("import sys; from mir_runtime.model import Model; m = Model.load(); "
             f"m.predict('devmap', {str(kernel)!r}, 'nvidia', transfer=1, wgsize=1); "
             "print(sorted(k for k in sys.modules if k.split('.')[0] in ('torch', 'torch_geometric', 'onnx')))")
    probe_run = subprocess.run([str(bin_dir / "python"), "-c", probe], capture_output=True, text=True, timeout=300,
                               cwd=venv)  # not the repository root: the installed package, not the sources
    assert probe_run.returncode == 0, probe_run.stderr
    assert probe_run.stdout.strip() == "[]"
    no_torch = subprocess.run([str(bin_dir / "python"), "-c", "import torch"], capture_output=True, timeout=120)
    assert no_torch.returncode != 0  # not even installed


@pytest.mark.slow  # the wheel built and installed into a fresh environment: 2.5 minutes
def test_cpu_install_fits_its_budget(installed) -> None:
    _, _, venv = installed
    site = site_packages(venv)
    total = tree_bytes(site)
    added = total - seed_bytes(site)
    SUMMARY.append(f"fresh [cpu] runtime environment: site-packages {total / 1e6:.1f} MB, {added / 1e6:.1f} MB of "
                   "them the [cpu] install's")
    parts = sorted(((tree_bytes(p) if p.is_dir() else p.stat().st_size, p.name) for p in site.iterdir()), reverse=True)
    largest = ", ".join(f"{name} {size / 1e6:.1f}" for size, name in parts[:8])
    assert added <= RUNTIME_BUDGET, (f"the [cpu] install adds {added / 1e6:.1f} MB to a fresh environment, over "
                                     f"{RUNTIME_BUDGET / 1e6:.0f} MB (largest, MB: {largest})")
