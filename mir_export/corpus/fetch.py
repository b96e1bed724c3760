"""Getting sources and build tools onto a fresh machine: apt deb-src entries, apt and pip packages.

Everything the build needs from the network goes through here, so that the recipe alone
reproduces the corpus on a fresh Debian 12 machine.
"""
from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

from mir_export.corpus.packages import APT_BUILD_DEPS, PIP_BUILD_DEPS, Package

DEB_SRC_LIST = Path("/etc/apt/sources.list.d/mir-deb-src.sources")
DEB_SRC_ENTRIES = """\
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
"""


def run(cmd: list[str] | str, log, cwd: Path | None = None, env: dict[str, str] | None = None) -> int:
    """Run a command with its output appended to an open log file; return its status."""
    log.write(f"$ {cmd if isinstance(cmd, str) else ' '.join(cmd)}\n")
    log.flush()
    return subprocess.call(cmd, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT,
                           shell=isinstance(cmd, str))


def add_deb_src(log) -> None:
    """Add the deb-src mirror of the Debian sources and update apt's lists (idempotent; root):
    ``apt-get source`` finds nothing on a machine with binary entries only."""
    if not DEB_SRC_LIST.exists() or DEB_SRC_LIST.read_text() != DEB_SRC_ENTRIES:
        DEB_SRC_LIST.write_text(DEB_SRC_ENTRIES)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    if run(["apt-get", "update"], log, env=env) != 0:
        raise RuntimeError("apt-get update failed")


def apt_install(packages: list[str] | tuple[str, ...], log, what: str) -> None:
    """``apt-get install`` of Debian packages (root), its output in the log; RuntimeError naming ``what``."""
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    if run(["apt-get", "install", "-y", "--no-install-recommends", *packages], log, env=env) != 0:
        raise RuntimeError(f"apt-get install of {what} failed")


def prepare_machine(log) -> None:
    """Add the deb-src mirror of the Debian sources, then install the build tools (idempotent)."""
    add_deb_src(log)
    apt_install(APT_BUILD_DEPS, log, "the build tools")
    if run([sys.executable, "-m", "pip", "install", "-q", *PIP_BUILD_DEPS], log) != 0:
        raise RuntimeError("pip install of the Python build tools failed")


def _unpack(archive: Path, dest: Path) -> Path:
    """Unpack a source archive into dest; return the top directory of the tree."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    with tarfile.open(archive) as tar:
        if hasattr(tarfile, "tar_filter"):  # Python >= 3.11.4 / 3.12: refuse absolute and ../ paths
            tar.extractall(dest, filter="tar")
        else:
            tar.extractall(dest)
    entries = list(dest.iterdir())
    return entries[0] if len(entries) == 1 and entries[0].is_dir() else dest


def fetch(pkg: Package, work: Path, log) -> Path:
    """Download one package's pinned source and unpack the upstream tree; return its directory."""
    dl = work / "download"
    dl.mkdir(parents=True, exist_ok=True)
    if pkg.source == "debian":
        # The Debian packaging tarball is not needed (we build upstream); apt still tries it,
        # so success is judged by the orig tarball being there.
        run(["apt-get", "source", "--download-only", f"{pkg.name}={pkg.version}"], log, cwd=dl)
        origs = sorted(p for p in glob.glob(str(dl / "*.orig.tar.*")) if not p.endswith(".asc"))
        # Some packages ship extra orig components (name.orig-COMPONENT.tar.*); the main one is first.
        if not origs:
            raise RuntimeError(f"no upstream tarball for {pkg.name}={pkg.version}")
        archive = Path(origs[0])
    else:
        if run([sys.executable, "-m", "pip", "download", "--no-binary", ":all:", "--no-deps",
                "--no-build-isolation", f"{pkg.name}=={pkg.version}", "-d", str(dl)], log) != 0:
            raise RuntimeError(f"pip download of {pkg.name}=={pkg.version} failed")
        archives = sorted(glob.glob(str(dl / "*.tar.gz")) + glob.glob(str(dl / "*.zip")))
        archive = Path(archives[0])
    log.write(f"unpacking {archive.name}\n")
    return _unpack(archive, work / "tree")
