"""The front end's hot modules compiled to C with mypyc, where a C compiler is found.

The same modules stay the pure-Python fallback, chosen at build time: ``MIR_PURE_PYTHON=1``, no
mypyc, or no working C compiler gives a plain build, and so does an editable install (``pip
install -e``: compiled modules beside the sources would shadow later edits of them). Only the
commands that build extensions for a wheel or an install compile; metadata and sdists do not.
Everything else is in pyproject.toml.
"""
from __future__ import annotations

import os
import sys
import tempfile

from setuptools import setup

# The reader, promotion, statements, graph builder, its JSON and graph inputs: the front end's CPU.
COMPILED = [f"mir_runtime/{name}.py" for name in (
    "ir/lexer", "ir/keywords", "ir/types", "ir/model", "ir/cursor", "ir/instructions", "ir/shapes", "ir/datalayout",
    "ir/controlflow", "ir/upgrade", "ir/parser", "ir/promote", "statements", "graph/slots", "graph/programl",
    "graph/export", "features",
)]


def _compiler_works() -> bool:
    """Whether the C compiler Python was built with compiles a trivial file here."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.errors import CCompilerError, DistutilsError
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "probe.c")
        with open(source, "w") as f:
            f.write("int main(void) { return 0; }\n")
        try:
            compiler.compile([source], output_dir=tmp)
        except (CCompilerError, DistutilsError, OSError):
            return False
    return True


BUILDS = {"bdist_wheel", "build", "build_ext", "install"}  # not editable_wheel, develop, egg_info, dist_info, sdist


def _ext_modules() -> list:
    if os.environ.get("MIR_PURE_PYTHON") == "1" or not BUILDS & set(sys.argv[1:]):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # a build without isolation, in an environment without mypy
        print("mir-runtime: mypyc not installed, building the pure-Python package", file=sys.stderr)
        return []
    if not _compiler_works():
        print("mir-runtime: no working C compiler, building the pure-Python package", file=sys.stderr)
        return []
    return mypycify(["--ignore-missing-imports", "--follow-imports=silent", *COMPILED], opt_level="3", debug_level="0")


setup(ext_modules=_ext_modules())
