"""One function's labels: the ``.text`` bytes of its object code under each pipeline.

The function is cut out of its -O0 module alone, as the retrieval proxy cuts them
(``corpus.pairs.cut_function``: llvm-extract keeps it, declarations of its callees and the globals it
uses). clang -O0 marks every function ``optnone``, which makes opt skip it, so that attribute is
replaced by the pipeline's own (``recipe.PIPELINES``) before ``opt -passes=... | llc -filetype=obj``;
``llvm-size -A`` then reads every ``.text*`` section of the objects (a comdat function has its own).
Same tools, same input, same bytes: the labels are deterministic.
"""
from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

from mir_export.corpus.size_recipe import PIPELINES, tool, with_attributes

_DEFINE = re.compile(r'^define [^@]*(@(?:"(?:[^"\\]|\\.)*"|[-\w.$]+))\(', re.MULTILINE)
TIMEOUT_S = 300  # one opt | llc run; a function that takes longer is dropped with its error


class LabelError(Exception):
    """A function the pipelines could not compile, as one line."""


def defined_functions(text: str) -> list[str]:
    """The names (``@f``, as the reader prints them) of the functions a module defines."""
    return _DEFINE.findall(text)


def _compile(text: str, passes: str, obj: Path) -> None:
    """``opt -passes=passes | llc -filetype=obj``."""
    try:
        optimized = subprocess.run([tool("opt"), f"-passes={passes}", "-"], input=text.encode(),
                                   capture_output=True, timeout=TIMEOUT_S)
        if optimized.returncode != 0:
            raise LabelError(f"opt {passes}: {_first_line(optimized.stderr.decode(errors='replace'))}")
        done = subprocess.run([tool("llc"), "-filetype=obj", "-o", str(obj), "-"], input=optimized.stdout,
                              capture_output=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise LabelError(f"{passes}: over {TIMEOUT_S} s") from None
    if done.returncode != 0:
        raise LabelError(f"llc after {passes}: {_first_line(done.stderr.decode(errors='replace'))}")


def _first_line(stderr: str) -> str:
    return (stderr.strip().splitlines() or ["failed"])[0][:200]


def text_sizes(objects: list[Path]) -> list[int]:
    """The summed ``.text*`` section bytes of each object file (one llvm-size run)."""
    done = subprocess.run([tool("llvm-size"), "-A", *map(str, objects)], capture_output=True, text=True)
    if done.returncode != 0:
        raise LabelError(f"llvm-size: {_first_line(done.stderr)}")
    sizes = {str(o): 0 for o in objects}
    current = None
    for line in done.stdout.splitlines():
        if line.endswith(":") and line[:-1].strip() in sizes:
            current = line[:-1].strip()
        elif current and line.startswith(".text"):
            sizes[current] += int(line.split()[1])
    return [sizes[str(o)] for o in objects]


def sizes(function_file: Path) -> dict[str, int]:
    """``{pipeline: .text bytes}`` of one function's module under every pipeline."""
    text = function_file.read_text()
    with tempfile.TemporaryDirectory(prefix="mir-size-") as tmp:
        objects = {}
        for name, (passes, attributes) in PIPELINES.items():
            objects[name] = Path(tmp) / f"{name}.o"
            _compile(with_attributes(text, attributes), passes, objects[name])
        return dict(zip(objects, text_sizes(list(objects.values()))))
