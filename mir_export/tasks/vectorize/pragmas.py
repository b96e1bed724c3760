"""Force a (VF, IF) pair on every innermost loop of a C file.

Loops are found with libclang (the ``libclang`` wheel, in the [train] extra) rather than by text
matching: the kernels nest loops without braces, put loops under ``if``s and expand loops from
macros (``BENCH``), which a regular expression cannot tell apart. The pragma is inserted as text
at the loop's offset, so comments, macros and layout of the file stay as they were."""
from __future__ import annotations

import functools
import importlib.util
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

LOOP_KEYWORDS = {"FOR_STMT": "for", "WHILE_STMT": "while", "DO_STMT": "do"}


class ParseError(Exception):
    """The C file has errors: the kernel is recorded with status ``parse error``."""


@dataclass(frozen=True)
class Loops:
    """Innermost loops of one file: byte offsets of their keywords, in file order, and how many
    innermost loops were skipped because they come from a macro expansion (no place for a pragma)."""

    offsets: tuple[int, ...]
    from_macros: int


def pragma(vf: int, interleave: int) -> str:
    return f"#pragma clang loop vectorize_width({vf}) interleave_count({interleave})"


@functools.lru_cache(maxsize=None)
def resource_dir(clang: str = "clang-19") -> str | None:
    """The compiler's builtin headers (stddef.h, stdbool.h): the libclang wheel ships none, and the
    kernels' stdio.h needs them. None where that clang is not installed."""
    exe = shutil.which(clang)
    if exe is None:
        return None
    out = subprocess.run([exe, "-print-resource-dir"], capture_output=True, text=True, check=False)
    path = out.stdout.strip()
    return path if out.returncode == 0 and Path(path, "include").is_dir() else None


@functools.lru_cache(maxsize=None)
def cindex():
    """libclang's ``clang.cindex``, imported from the ``libclang`` distribution's own files.

    A plain ``from clang import cindex`` takes whatever module ``clang`` comes first on the path:
    under pytest that is ``tests/clang.py`` (the tests' compile helper), which would shadow the
    bindings depending on which test imported first. The package is loaded from its installed
    location with any other ``clang`` module set aside for that moment, then put back."""
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        pkg_dir = Path(str(distribution("libclang").locate_file("clang")))
    except PackageNotFoundError:
        raise ModuleNotFoundError("no module 'clang' (the libclang wheel)", name="clang") from None
    ours = lambda k: k == "clang" or k.startswith("clang.")  # noqa: E731
    saved = {k: sys.modules.pop(k) for k in list(sys.modules) if ours(k)}
    try:
        spec = importlib.util.spec_from_file_location("clang", pkg_dir / "__init__.py",
                                                      submodule_search_locations=[str(pkg_dir)])
        package = importlib.util.module_from_spec(spec)
        sys.modules["clang"] = package
        spec.loader.exec_module(package)
        return importlib.import_module("clang.cindex")
    finally:
        for k in [k for k in sys.modules if ours(k)]:
            del sys.modules[k]
        sys.modules.update(saved)


def innermost_loops(path: Path, source: str | None = None, include_dirs: tuple[Path, ...] = (),
                    clang: str = "clang-19") -> Loops:
    """Parse ``path`` (or ``source`` under that name) and locate its innermost loops.

    Raises ParseError when clang reports an error (the diagnostics in the message)."""
    ci = cindex()
    args = ["-x", "c", "-std=gnu11", *(f"-I{d}" for d in include_dirs)]
    rdir = resource_dir(clang)
    if rdir:
        args += ["-resource-dir", rdir]
    unsaved = [(str(path), source)] if source is not None else None
    try:
        tu = ci.Index.create().parse(str(path), args=args, unsaved_files=unsaved)
    except ci.TranslationUnitLoadError as exc:
        raise ParseError(f"{path}: libclang could not parse it ({exc})") from None
    errors = [str(d) for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
    if errors:
        raise ParseError("; ".join(errors[:3]))
    text = source if source is not None else path.read_text()
    data = text.encode()
    offsets: list[int] = []
    from_macros = 0

    def visit(cursor) -> bool:
        """True when the subtree holds a loop; records innermost loops of the main file."""
        inner = False
        for child in cursor.get_children():
            inner |= visit(child)
        keyword = LOOP_KEYWORDS.get(cursor.kind.name)
        if keyword is None:
            return inner
        nonlocal from_macros
        start = cursor.extent.start
        if not inner and start.file is not None and Path(start.file.name) == Path(path):
            if re.match(rb"%s(?![A-Za-z0-9_$])" % keyword.encode(), data[start.offset:start.offset + 16]):
                offsets.append(start.offset)
            else:
                from_macros += 1
        return True

    visit(tu.cursor)
    return Loops(tuple(sorted(set(offsets))), from_macros)


def insert_pragmas(source: str, offsets: tuple[int, ...], vf: int, interleave: int) -> str:
    """``source`` with the pragma before each loop at ``offsets`` (byte offsets from libclang).

    A loop that starts its line gets the pragma on the line above, same indentation; one preceded by
    code on its line (``for (...) for (...)``, ``if (c) for``) gets it on a line of its own there."""
    data = source.encode()
    line = pragma(vf, interleave).encode()
    out: list[bytes] = []
    last = 0
    for off in sorted(offsets):
        line_start = data.rfind(b"\n", 0, off) + 1
        prefix = data[line_start:off]
        out.append(data[last:off])
        if prefix.strip() == b"":
            out.append(line + b"\n" + prefix)
        else:
            out.append(b"\n" + line + b"\n")
        last = off
    out.append(data[last:])
    return b"".join(out).decode()
