"""The pinned package list: what the corpus is built from, and how each package is built.

Debian packages are fetched as ``apt-get source NAME/bookworm`` and built from the upstream
``*.orig.tar.*`` (Debian's patched trees broke some builds); PyPI packages are source
distributions at a pinned version. Each recipe is a list of shell steps run in the unpacked
source tree, with ``$CC_WRAP`` / ``$CXX_WRAP`` (the IR-harvesting wrappers) and ``$JOBS`` set;
configure scripts see plain clang-14 so their probes are not slowed down or confused.

Evaluation code stays out: no Rodinia, NPB, Parboil, SHOC, PolyBench or vendor SDK samples.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar


class _HasName(Protocol):
    name: str


Named = TypeVar("Named", bound=_HasName)  # anything with a name: a package, a source

CONFIGURE = "CC=clang-14 CXX=clang++-14 ./configure --disable-dependency-tracking"
MAKE = "make -k -j$JOBS CC=\"$CC_WRAP\" CXX=\"$CXX_WRAP\""
AUTORECONF = "test -x configure || autoreconf -fi"


@dataclass(frozen=True)
class Package:
    name: str  # Debian source package or PyPI project
    source: str  # "debian" or "pypi"
    version: str  # the pinned version (Debian: the bookworm version this recipe was made with)
    license: str  # SPDX-like, as the package states it
    steps: tuple[str, ...]
    tags: tuple[str, ...] = field(default=())  # what it adds: "hpc", "openmp", "opencl"


def _autotools(*configure_args: str, make_args: str = "", tags: tuple[str, ...] = ()) -> dict:
    return {"steps": (AUTORECONF, f"{CONFIGURE} {' '.join(configure_args)}", f"{MAKE} {make_args}".strip()),
            "tags": tags}


def _pypi() -> dict:
    return {"steps": ("CC=\"$CC_WRAP\" CXX=\"$CXX_WRAP\" LDSHARED=\"clang-14 -shared\" "
                      "python3 setup.py build_ext -j $JOBS",)}


PACKAGES: tuple[Package, ...] = (
    Package("zlib", "debian", "1:1.2.13.dfsg-1", "Zlib",
            ("CC=clang-14 ./configure", MAKE)),
    Package("bzip2", "debian", "1.0.8-5", "bzip2-1.0.6", (MAKE,)),
    Package("xz-utils", "debian", "5.4.1-1+deb12u1", "0BSD AND LGPL-2.1+ AND GPL-2.0+",
            **_autotools("--disable-doc", "--disable-nls")),
    Package("lua5.4", "debian", "5.4.4-3+deb12u1", "MIT",
            (f"{MAKE} linux",)),
    Package("sqlite3", "debian", "3.40.1-2+deb12u2", "public-domain",
            **_autotools("--disable-tcl", "--disable-readline")),
    Package("libsodium", "debian", "1.0.18-1+deb12u1", "ISC", **_autotools()),
    Package("glpk", "debian", "5.0-1", "GPL-3.0+", **_autotools(tags=("hpc",))),
    Package("gsl", "debian", "2.7.1+dfsg-5+deb12u1", "GPL-3.0+", **_autotools(tags=("hpc",))),
    Package("fftw3", "debian", "3.3.10-1", "GPL-2.0+",
            **_autotools("--enable-openmp", "--enable-threads", tags=("hpc", "openmp"))),
    Package("hashcat", "debian", "6.2.6+ds1-1", "MIT",
            (f"{MAKE} SHARED=0 USE_SYSTEM_ZLIB=1 USE_SYSTEM_OPENCL=1 USE_SYSTEM_XXHASH=1", "opencl-kernels"),
            tags=("opencl",)),
    Package("pycryptodome", "pypi", "3.20.0", "BSD-2-Clause AND public-domain", **_pypi()),
    Package("brotli", "pypi", "1.1.0", "MIT", **_pypi()),
    Package("zstandard", "pypi", "0.22.0", "BSD-3-Clause", **_pypi()),
    Package("graphicsmagick", "debian", "1.4+really1.3.40-4+deb12u1", "MIT-like (GraphicsMagick)",
            **_autotools("--enable-openmp", "--disable-shared", "--without-x", "--without-perl",
                         "--without-magick-plus-plus", tags=("openmp",))),
    Package("busybox", "debian", "1:1.35.0-4+deb12u1", "GPL-2.0",
            ("make defconfig HOSTCC=clang-14", f"{MAKE} HOSTCC=clang-14")),
    Package("coreutils", "debian", "9.1-1", "GPL-3.0+",
            **_autotools("--disable-nls", "--without-selinux")),
    Package("openssl", "debian", "3.0.20-1~deb12u2", "Apache-2.0",
            ("CC=clang-14 ./Configure linux-x86_64 no-asm no-tests", f"{MAKE} build_libs build_programs")),
    Package("postgresql-15", "debian", "15.18-0+deb12u1", "PostgreSQL",
            (f"{CONFIGURE} --without-readline --without-icu --without-zlib", MAKE)),
    Package("openblas", "debian", "0.3.21+ds-4", "BSD-3-Clause",
            (f"{MAKE} USE_OPENMP=1 NOFORTRAN=1 NO_LAPACK=1 TARGET=HASWELL DYNAMIC_ARCH=0 NO_SHARED=1 "
             "HOSTCC=clang-14 libs",), tags=("hpc", "openmp")),
)

# Packages apt must provide before building (build tools, headers the configures look for).
APT_BUILD_DEPS: tuple[str, ...] = (
    "dpkg-dev", "autoconf", "automake", "libtool", "autopoint", "gettext", "texinfo", "bison", "flex",
    "tcl", "pkg-config", "zlib1g-dev", "libminizip-dev", "libxxhash-dev", "opencl-c-headers", "make", "perl", "clang-14", "llvm-14", "libomp-14-dev",
)
# The Python build tools PyPI sdists need (``pip download`` prepares metadata with them).
PIP_BUILD_DEPS: tuple[str, ...] = ("setuptools", "wheel", "cffi")

# hashcat's OpenCL kernels: one module per kernel file, compiled as hashcat's runtime would
# (generic vendor, GPU device); only every HASHCAT_KERNEL_STRIDE-th kernel, as they share most code.
HASHCAT_KERNEL_STRIDE = 3


def pick(items: Sequence[Named], names: list[str] | None) -> list[Named]:
    """The items named (all when None), in their fixed order; KeyError names the unknown ones."""
    if not names:
        return list(items)
    known = {i.name: i for i in items}
    missing = [n for n in names if n not in known]
    if missing:
        raise KeyError(f"unknown package(s): {', '.join(missing)}; known: {', '.join(known)}")
    return [i for i in items if i.name in names]


def by_name(names: list[str] | None) -> list[Package]:
    """The packages named (all when None), in the corpus's fixed order."""
    return pick(PACKAGES, names)
