"""One module's labels: its IR instruction count after each pipeline, and ``.text`` bytes for some.

The count is :func:`mir_runtime.ir.count_instructions` of the module ``opt -S`` prints, the count
``tune`` keeps the smallest by: ``-stats`` needs an LLVM built with statistics, which Debian's is
not, and the printed module is what every opt prints the same way. A module read at
-O0 has ``optnone`` and ``noinline`` removed first (clang -O0 puts them on every function, which
would make opt skip it and forbid inlining); other forms are read as they are. Same tools, same
input, same counts.
"""
from __future__ import annotations

import re
import resource
import subprocess
import tempfile
from pathlib import Path

from mir_export.tasks.size.labels import LabelError, text_sizes
from mir_runtime.ir import count_instructions

LLVM = 14
TIMEOUT_S = 300  # one opt or llc run
_ATTR_GROUP = re.compile(r"^attributes #\d+ = \{.*\}$", re.MULTILINE)
_O0_ONLY = re.compile(r" (?:optnone|noinline)\b(?!\")")


def tool(name: str, version: int = LLVM) -> str:
    return f"{name}-{version}"


def prepare(text: str, form: str) -> str:
    """The module as the pipelines read it: at -O0 (alone or linked) without ``optnone`` and ``noinline``."""
    if form not in ("O0", "linked"):
        return text
    return _ATTR_GROUP.sub(lambda m: _O0_ONLY.sub("", m.group(0)), text)


def _first_line(stderr: bytes) -> str:
    lines = stderr.decode(errors="replace").strip().splitlines()
    return (lines or ["failed"])[0][:200]


def optimize(text: str, passes: str, opt: str | None = None) -> str:
    """``opt -passes=passes -S`` of the module text; raises LabelError with opt's first line."""
    try:
        done = subprocess.run([opt or tool("opt"), f"-passes={passes}", "-S", "-"], input=text.encode(),
                              capture_output=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise LabelError(f"opt {passes}: over {TIMEOUT_S} s") from None
    if done.returncode != 0:
        raise LabelError(f"opt {passes}: {_first_line(done.stderr)}")
    return done.stdout.decode(errors="replace")


def object_file(text: str, obj: Path) -> None:
    """``llc -filetype=obj`` of optimized IR."""
    try:
        done = subprocess.run([tool("llc"), "-filetype=obj", "-o", str(obj), "-"], input=text.encode(),
                              capture_output=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise LabelError(f"llc: over {TIMEOUT_S} s") from None
    if done.returncode != 0:
        raise LabelError(f"llc: {_first_line(done.stderr)}")


def children_cpu() -> float:
    """CPU seconds of this process's finished children (opt, llc): the labels' cost."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(text: str, pipelines: dict[str, str], bytes_for: tuple[str, ...]) -> tuple[dict[str, int], dict[str, int]]:
    """The IR instruction count of ``text`` after each pipeline, and the ``.text`` bytes of those in
    ``bytes_for`` (``"all"``: every one) from the same optimized IR."""
    counts, objects = {}, {}
    with tempfile.TemporaryDirectory(prefix="mir-passes-") as tmp:
        for name, passes in pipelines.items():
            optimized = optimize(text, passes)
            counts[name] = count_instructions(optimized)
            if name in bytes_for or "all" in bytes_for:
                objects[name] = Path(tmp) / f"{len(objects)}.o"
                object_file(optimized, objects[name])
        sizes = dict(zip(objects, text_sizes(list(objects.values())))) if objects else {}
    return counts, sizes


def text_bytes(path: Path, form: str, pipelines: dict[str, str]) -> dict[str, int]:
    """``{name: .text bytes}`` of the module under each of ``pipelines``, as ``label`` measures them:
    the bytes of pipelines chosen after the counts were labelled. Raises LabelError or OSError."""
    return _run(prepare(path.read_text(errors="replace"), form), pipelines, ("all",))[1]


def label(path: Path, form: str, pipelines: dict[str, str], bytes_for: tuple[str, ...] = ("Oz",)) -> dict:
    """``{"input": n, "counts": {name: n}, "text_bytes": {name: n}, "cpu_s": s}`` of one module;
    raises LabelError (the first pipeline that failed) or OSError."""
    text = prepare(path.read_text(errors="replace"), form)
    start = children_cpu()
    counts, sizes = _run(text, pipelines, bytes_for)
    return {"input": count_instructions(text), "counts": counts, "text_bytes": sizes,
            "cpu_s": round(children_cpu() - start, 3)}
