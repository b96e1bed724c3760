"""Build the wheel from the repository and install it with ``[cpu]`` into a fresh virtual
environment, as a user would (shared by the packaging test and the install-size benchmark)."""
from __future__ import annotations

import csv
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

from paths import REPO


def build_wheel(out: Path) -> Path:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out),
                    str(REPO)], check=True, capture_output=True, timeout=600)
    (wheel,) = out.glob("mir_runtime-*.whl")
    return wheel


def fresh_install(wheel: Path, venv: Path, extra: tuple[str, ...] = ()) -> Path:
    """A new virtual environment with ``wheel[cpu]`` (and the ``extra`` requirements) installed;
    returns its ``bin`` directory."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    bin_dir = venv / "bin"
    # Without $PYTHONPATH: pip would take a source checkout on it for an installed mir-runtime.
    subprocess.run([str(bin_dir / "pip"), "install", "-q", "--disable-pip-version-check", f"{wheel}[cpu]", *extra],
                   check=True, capture_output=True, timeout=900, env=without_pythonpath())
    return bin_dir


def without_pythonpath() -> dict[str, str]:
    """This process's environment for another Python (a fresh one must not see our sources)."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def site_packages(venv: Path) -> Path:
    relative = Path(sysconfig.get_path("purelib")).relative_to(sysconfig.get_path("data"))
    return venv / relative


def tree_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


SEED = ("pip", "setuptools")  # what ``python -m venv`` puts in a new environment (Python 3.11)


def seed_bytes(site: Path) -> int:
    """The bytes of ``site`` (site-packages) that ``python -m venv`` put there, by the RECORD files
    of its ``SEED`` distributions: not part of any install into the environment."""
    total = 0
    for record in (r for name in SEED for r in site.glob(f"{name}-*.dist-info/RECORD")):
        for row in csv.reader(record.read_text().splitlines()):
            path = site / row[0]
            if row and not row[0].startswith("..") and path.is_file() and not path.is_symlink():
                total += path.stat().st_size
    return total
