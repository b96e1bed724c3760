"""The pinned candidate packages of the pass-pipeline task, and how their translation units compile.

Debian bookworm sources (``apt-get source NAME=VERSION``, the upstream tarball unpacked), none of
them in the pre-training corpus (:mod:`mir_export.corpus.packages`). Each is read as translation
units compiled one by one with clang-14 from the unpacked tree (``units`` globs, ``flags``: include
paths and defines): header-only and build-system-light code needs no configure, so the sample is
cheap to rebuild. Each unit gives two forms: ``O0`` (clang -O0, ``optnone`` and ``noinline`` removed
when read, as the field's benchmark IR has them) and ``O2`` (clang -O2's IR, re-tuned). ``link``
names unit globs whose -O0 modules are linked whole into one module (a program or a library as a
linker sees it), the third form.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from mir_export.corpus.packages import pick


@dataclass(frozen=True)
class Source:
    name: str  # Debian source package
    version: str  # the bookworm version this recipe was made with
    license: str
    kind: str  # what the code is: "numeric C", "template C++", ...
    units: tuple[str, ...]  # globs below the unpacked tree's top directory
    flags: tuple[str, ...] = ()
    link: tuple[tuple[str, tuple[str, ...]], ...] = field(default=())  # (name, unit globs) linked whole


CXX = ("-std=c++17",)
SOURCES: tuple[Source, ...] = (
    Source("cminpack", "1.3.6-5", "BSD-3-Clause-like (Minpack)", "numeric C (nonlinear least squares)",
           ("*.c", "examples/*.c"), ("-I", "."),
           link=(("libcminpack", ("[a-z]*[!_].c",)),)),
    Source("kissfft", "131.1.0-4.1~deb12u1", "BSD-3-Clause", "numeric C (FFT)",
           ("*.c", "tools/*.c", "test/*.c"), ("-I", ".", "-Dkiss_fft_scalar=float"),
           link=(("fftutil", ("kiss_fft.c", "kiss_fftnd.c", "kiss_fftr.c", "kiss_fftndr.c", "tools/fftutil.c")),)),
    Source("muparser", "2.3.3-0.1", "BSD-2-Clause", "C++ library (expression parser, STL)",
           ("src/*.cpp", "samples/*/*.cpp"), ("-I", "include", *CXX),
           link=(("libmuparser", ("src/*.cpp",)),)),
    Source("re2", "20220601+dfsg-1", "BSD-3-Clause", "C++ library (regular expressions)",
           ("re2/*.cc", "util/*.cc"), ("-I", ".", *CXX)),
    Source("glm", "0.9.9.8+ds-6", "MIT", "template C++ (vector math tests)",
           ("test/*/*.cpp",), ("-I", ".", "-DGLM_FORCE_SILENT_WARNINGS", *CXX)),
    Source("eigen3", "3.4.0-4", "MPL-2.0", "template C++ (linear algebra example programs)",
           ("doc/examples/*.cpp",), ("-I", ".", *CXX)),
    Source("range-v3", "0.12.0-1", "BSL-1.0", "template C++ (range algorithms: examples, tests)",
           ("example/*.cpp", "test/*/*.cpp"), ("-I", "include", "-I", "test", *CXX)),
    Source("gemmlowp", "0.0~git20211220.e844ffd-1", "Apache-2.0", "template C++ (low-precision GEMM, as in TensorFlow)",
           ("test/*.cc", "doc/*.cc"), ("-I", ".", *CXX)),
    Source("cppcheck", "2.10-2", "GPL-3.0+", "C++ program (static analyser, STL-heavy)",
           ("lib/*.cpp", "cli/*.cpp"), ("-I", "lib", "-I", "externals/simplecpp", "-I", "externals/tinyxml2",
                                        "-I", "externals/picojson", "-I", "cli", *CXX)),
)


def by_name(names: list[str] | None) -> list[Source]:
    """The sources named (all when None), in the recipe's order; KeyError names the unknown ones."""
    return pick(SOURCES, names)
