"""The pinned candidate packages of the pass-pipeline task, and how their translation units compile.

Debian bookworm sources (``apt-get source NAME=VERSION``, the upstream tarball unpacked). The
``held_out`` ones are the test packages: none is in the pre-training corpus
(:mod:`mir_export.corpus.packages`), and neither the coreset search nor a head's training reads
them; a training package may be one of the corpus's (GSL), as the heads of the other tasks are. Each is read as translation
units compiled one by one with clang-14 from the unpacked tree (``units`` globs, ``flags``: include
paths and defines): header-only and build-system-light code needs no configure, so the sample is
cheap to rebuild. Each unit gives two forms: ``O0`` (clang -O0, ``optnone`` and ``noinline`` removed
when read, as the field's benchmark IR has them) and ``O2`` (clang -O2's IR, re-tuned). ``link``
names unit globs whose -O0 modules are linked whole into one module (a program or a library as a
linker sees it), the third form. ``wrap`` turns code fragments into units: each file a glob
matches is put in the place of ``PLACEHOLDER`` in a template of the tree (Eigen's documentation
snippets, which its build wraps in a ``main`` the same way), written to ``WRAPPED/<path>``.
``prepare`` names shell commands run once in the unpacked tree before any unit compiles (GSL's
``configure``, which writes the ``config.h`` its units include, and the ``make`` step that links
its public headers into ``gsl/``). ``needs`` names the Debian binary packages whose headers the
units include (FLINT's ``gmp.h`` and ``mpfr.h``): ``passes build`` installs them first where it
runs as root (unless ``--no-prepare``), and otherwise that package's build names the missing ones in one line.
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
    wrap: tuple[tuple[str, str], ...] = field(default=())  # (fragment glob, template path): one unit each
    includes: tuple[str, ...] = ()  # globs of include folders, each an -I after ``flags`` (Boost's libs/*/include)
    prepare: tuple[str, ...] = ()  # shell commands run once in the tree first
    needs: tuple[str, ...] = ()  # Debian packages whose headers the units include (apt-get install)
    held_out: bool = False  # a test package: never read by the coreset search or a head's training


PLACEHOLDER = "${snippet_source_code}"
WRAPPED = ".wrapped"  # below the unpacked tree: the units ``wrap`` makes


CXX = ("-std=c++17",)
SOURCES: tuple[Source, ...] = (
    # training packages: the coreset search and the heads read these
    Source("cminpack", "1.3.6-5", "BSD-3-Clause-like (Minpack)", "numeric C (nonlinear least squares)",
           ("*.c", "examples/*.c"), ("-I", "."),
           link=(("libcminpack", ("[a-z]*[!_].c",)),)),
    Source("gsl", "2.7.1+dfsg-5+deb12u1", "GPL-3.0+", "numeric C (GNU Scientific Library: routines and tests)",
           ("*/*.c",), ("-I", ".", "-DHAVE_CONFIG_H"),
           prepare=("./configure CC=clang-14 --disable-shared", "make -C gsl")),
    Source("fftw3", "3.3.10-1", "GPL-2.0+", "numeric C (FFTW: generated FFT codelets, planner, API)",
           ("dft/scalar/codelets/*.c", "rdft/scalar/*/*.c", "dft/*.c", "rdft/*.c", "reodft/*.c", "kernel/*.c",
            "api/*.c"),
           ("-I", ".", "-I", "kernel", "-I", "dft", "-I", "dft/scalar", "-I", "rdft", "-I", "rdft/scalar", "-I",
            "reodft", "-I", "api", "-DHAVE_CONFIG_H"),
           prepare=("./configure CC=clang-14 --disable-shared --disable-fortran",)),
    Source("glpk", "5.0-1", "GPL-3.0+", "numeric C (GNU Linear Programming Kit: simplex, MIP, MathProg)",
           ("src/*/*.c", "examples/glpsol.c"), ("-I", ".", "-I", "src", "-DHAVE_CONFIG_H"), includes=("src/*/",),
           prepare=("./configure CC=clang-14 --disable-shared",)),
    Source("flint", "2.9.0-5", "LGPL-2.1+", "numeric C (FLINT: number theory, polynomials, matrices; routines and tests)",
           ("*/*.c", "*/test/*.c"), ("-I", "."), prepare=("./configure CC=clang-14 --disable-shared",),
           needs=("libgmp-dev", "libmpfr-dev")),
    Source("muparser", "2.3.3-0.1", "BSD-2-Clause", "C++ library (expression parser, STL)",
           ("src/*.cpp", "samples/*/*.cpp"), ("-I", "include", *CXX),
           link=(("libmuparser", ("src/*.cpp",)),)),
    Source("glm", "0.9.9.8+ds-6", "MIT", "template C++ (vector math tests)",
           ("test/*/*.cpp",), ("-I", ".", "-DGLM_FORCE_SILENT_WARNINGS", *CXX)),
    Source("boost1.81", "1.81.0-5+deb12u1", "BSL-1.0", "template C++ (Boost libraries' tests and examples)",
           ("libs/*/test/*.cpp", "libs/*/example/*.cpp"), ("-I", ".", *CXX),
           includes=("libs/*/include", "libs/numeric/*/include")),
    Source("cppcheck", "2.10-2", "GPL-3.0+", "C++ program (static analyser, STL-heavy)",
           ("lib/*.cpp", "cli/*.cpp"), ("-I", "lib", "-I", "externals/simplecpp", "-I", "externals/tinyxml2",
                                        "-I", "externals/picojson", "-I", "cli", *CXX)),
    # template C++ measured for the training side (evaluation.md's room): dlib, catch2 and rapidjson labelled,
    # not yet judged; cli11 and spdlog left out (-O0 modules past the size cap, no room at -O2)
    Source("cli11", "2.1.2+ds-1", "BSD-3-Clause", "template C++ (command-line parser: tests, examples)",
           ("tests/*.cpp", "examples/*.cpp"), ("-I", "include", "-I", "tests", *CXX),
           needs=("catch2",)),  # Debian's tests/catch.hpp includes the system's catch2/catch.hpp
    Source("spdlog", "1:1.10.0+ds-0.4", "MIT", "template C++ (logging on fmt: tests, example)",
           ("tests/*.cpp", "example/*.cpp"), ("-I", "include", "-I", "tests", "-DSPDLOG_FMT_EXTERNAL", *CXX),
           needs=("libfmt-dev",)),
    Source("rapidjson", "1.1.0+dfsg2-7.1", "MIT", "template C++ (JSON: unit tests, examples)",
           ("test/unittest/*.cpp", "example/*/*.cpp"), ("-I", "include", *CXX), needs=("libgtest-dev",)),
    Source("catch2", "2.13.10-1", "BSL-1.0", "template C++ (test framework: its self-tests, examples)",
           ("projects/SelfTest/UsageTests/*.cpp", "projects/SelfTest/IntrospectiveTests/*.cpp", "examples/*.cpp"),
           ("-I", "include", "-I", "single_include", *CXX)),
    Source("dlib", "19.24+dfsg-1", "BSL-1.0", "template C++ (machine learning and numerics: tests, examples)",
           ("dlib/test/*.cpp", "examples/*.cpp"), ("-I", ".", "-DDLIB_NO_GUI_SUPPORT", *CXX)),
    # held-out packages: the test split
    Source("kissfft", "131.1.0-4.1~deb12u1", "BSD-3-Clause", "numeric C (FFT)",
           ("*.c", "tools/*.c", "test/*.c"), ("-I", ".", "-Dkiss_fft_scalar=float"),
           link=(("fftutil", ("kiss_fft.c", "kiss_fftnd.c", "kiss_fftr.c", "kiss_fftndr.c", "tools/fftutil.c")),),
           held_out=True),
    Source("re2", "20220601+dfsg-1", "BSD-3-Clause", "C++ library (regular expressions)",
           ("re2/*.cc", "util/*.cc"), ("-I", ".", *CXX), held_out=True),
    Source("eigen3", "3.4.0-4", "MPL-2.0", "template C++ (linear algebra: example programs, snippets, benchmarks)",
           ("doc/examples/*.cpp", "unsupported/doc/examples/*.cpp", "bench/*.cpp"), ("-I", ".", *CXX),
           wrap=(("doc/snippets/*.cpp", "doc/snippets/compile_snippet.cpp.in"),), held_out=True),
    Source("range-v3", "0.12.0-1", "BSL-1.0", "template C++ (range algorithms: examples, tests)",
           ("example/*.cpp", "test/*/*.cpp"), ("-I", "include", "-I", "test", *CXX), held_out=True),
    Source("gemmlowp", "0.0~git20211220.e844ffd-1", "Apache-2.0", "template C++ (low-precision GEMM, as in TensorFlow)",
           ("test/*.cc", "doc/*.cc"), ("-I", ".", *CXX), held_out=True),
    Source("mdds", "2.0.3-1", "MIT", "template C++ (multi-dimensional data structures: tests)",
           ("test/*.cpp", "test/*/*.cpp"), ("-I", "include", "-I", "test/include", "-I", "test", *CXX), held_out=True),
    Source("armadillo", "1:11.4.2+dfsg-1", "Apache-2.0", "template C++ (linear algebra: tests, examples)",
           ("tests2/*.cpp", "tests1/*.cpp", "examples/*.cpp"), ("-I", "include", "-DARMA_DONT_USE_WRAPPER", *CXX),
           held_out=True),
    Source("nlohmann-json3", "3.11.2-2", "MIT", "template C++ (JSON for Modern C++: documentation example programs)",
           ("docs/examples/*.cpp",), ("-I", "single_include", *CXX), held_out=True),
)


def by_name(names: list[str] | None) -> list[Source]:
    """The sources named (all when None), in the recipe's order; KeyError names the unknown ones."""
    return pick(SOURCES, names)


def split_of(names: list[str], split: str) -> None:
    """ValueError naming the packages of ``names`` that are not of ``split`` (train: not held out;
    test: held out): the held-out packages never shape the pipelines or a head."""
    wrong = [s.name for s in by_name(names) if s.held_out != (split == "test")]
    if wrong:
        raise ValueError(f"{', '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} "
                         f"{'a training' if split == 'test' else 'a held-out'} package: not for the {split} split")
