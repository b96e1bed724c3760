"""Big single IR modules for the memory benchmark, built reproducibly outside the repository.

``lua``: the 33 C files of Lua 5.4.4 that make the interpreter (``luac.c`` left out: a second
``main``), each ``clang-14 -O2 -S -emit-llvm``, linked with ``llvm-link-14 -S`` (3.5 MB of IR).
``sqlite3``: SQLite 3.40.1's amalgamation ``sqlite3.c`` (made by its own ``make sqlite3.c``),
``clang-14 -O2 -S -emit-llvm`` (16.7 MB). Sources: the Debian bookworm ``.orig`` tarballs,
checked against their sha256. Built once into ``$MIR_BENCH_CACHE`` (default
``~/.cache/mir-benchmarks``).

    python benchmarks/big_modules.py        # prints the two module paths
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tarfile
import urllib.request
from pathlib import Path

POOL = "http://deb.debian.org/debian/pool/main"
SOURCES = {  # name: (url, sha256 of the tarball as Debian's .dsc lists it)
    "lua": (f"{POOL}/l/lua5.4/lua5.4_5.4.4.orig.tar.gz",
            "164c7849653b80ae67bec4b7473b884bf5cc8d2dca05653475ec2ed27b9ebf61"),
    "sqlite3": (f"{POOL}/s/sqlite3/sqlite3_3.40.1.orig.tar.xz",
                "aaa776260ab4dc976db34aa7891819484c8676b5b2783123ebc6301e2ca5d655"),
}
CC, LINK = "clang-14", "llvm-link-14"


def cache() -> Path:
    return Path(os.environ.get("MIR_BENCH_CACHE", Path.home() / ".cache" / "mir-benchmarks"))


def _source(name: str) -> Path:
    """The unpacked upstream tree of ``name``."""
    url, sha256 = SOURCES[name]
    archive = cache() / url.rsplit("/", 1)[1]
    if not archive.exists():
        archive.parent.mkdir(parents=True, exist_ok=True)
        urllib.request.urlretrieve(url, archive.with_suffix(".part"))
        archive.with_suffix(".part").rename(archive)
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    if digest != sha256:
        raise RuntimeError(f"{archive}: sha256 {digest}, expected {sha256}")
    tree = cache() / name
    if not tree.exists():
        with tarfile.open(archive) as tar:
            tar.extractall(tree, filter="tar")
    (top,) = tree.iterdir()
    return top


def _compile(source: Path, out: Path, *flags: str) -> None:
    subprocess.run([CC, "-O2", "-S", "-emit-llvm", *flags, "-o", str(out), str(source)], check=True)


def lua() -> Path:
    out = cache() / "lua-5.4.4.ll"
    if not out.exists():
        src = _source("lua") / "src"
        ir = cache() / "lua-ir"
        ir.mkdir(exist_ok=True)
        for c in sorted(p for p in src.glob("*.c") if p.name != "luac.c"):
            _compile(c, ir / f"{c.stem}.ll", "-DLUA_COMPAT_5_3", "-DLUA_USE_LINUX")
        subprocess.run([LINK, "-S", "-o", str(out), *sorted(map(str, ir.glob("*.ll")))], check=True)
    return out


def sqlite3() -> Path:
    out = cache() / "sqlite3-3.40.1.ll"
    if not out.exists():
        tree = _source("sqlite3")
        env = dict(os.environ, CC=CC)
        subprocess.run(["./configure", "--disable-tcl"], cwd=tree, env=env, check=True, capture_output=True)
        subprocess.run(["make", "sqlite3.c"], cwd=tree, env=env, check=True, capture_output=True)
        _compile(tree / "sqlite3.c", out)
    return out


if __name__ == "__main__":
    print(lua(), sqlite3(), sep="\n")
    sys.exit(0)
