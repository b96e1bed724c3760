"""Differential test against LLVM: a mutant of real IR that our reader accepts must be accepted by
``llvm-as`` of the LLVM that produced the seed (``llvm-as-14`` for typed pointers, ``llvm-as-19``
for opaque pointers), unless LLVM's complaint is in one of the documented tolerance classes below.

Seeds: the corpus sample (clang-14), the test programs compiled by clang-14 and clang-19 at -O0 and
-O2, and kernels of the evaluation data sets (old LLVM, read with ``llvm-as-14``), lavaMD's among
them. Mutations are those of test_fuzz.py, drawn by a seeded generator: the same mutants every run
(``MIR_DIFF_SEED`` draws others).
Only the mutants our reader accepts go to ``llvm-as``, in a thread pool while the reader goes on.
"""
from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import clang as clang_helper  # tests/clang.py (pytest's pythonpath has tests/)
from paths import DATASETS, REPO, SUMMARY
from test_fuzz import changed_lines, dataset_seeds, mutate, random_ops
from mir_runtime import IRParseError, parse_ir
from mir_runtime.ir import reader

pytestmark = pytest.mark.slow

MUTANTS = int(os.environ.get("MIR_DIFF_MUTANTS", 2000))
RNG_SEED = int(os.environ.get("MIR_DIFF_SEED", 14))
CORPUS_SAMPLE = REPO / "tests" / "data" / "corpus_sample"
LAVAMD = "devmap/kernels_ir/rodinia-3.1-lavaMD-kernel_gpu_opencl.ll"

# What LLVM rejects and the reader accepts on purpose: (name, seed pattern, pattern of LLVM's
# message, pattern of the line LLVM points at, why). docs/reader.md lists the same classes.
_TYPE_CHECKS = "|".join([
    "defined with type", "constant expression type mismatch", "forward referenced with type",
    "explicit pointee type doesn't match", "invalid forward reference to function",
    "integer constant must have integer type", "invalid cast opcode", "is not a basic block", "value doesn't match",
    "global variable reference must have pointer type", "element count must have integer type",
    "unsized type", "must be sized", "doesn't match struct element type", "as global value",
    "element count", "invalid type for", "forward references to non-struct type",
    r"element #\d+ is not of type", "floating point constant invalid for type",
    "invalid operand type for instruction", "is not of expected type", "must have same type",
    "Invalid result type for LLVM function", "initializer with struct type has wrong # elements",
    "forward reference and definition of global have different types", "floating point constant does not have type",
])
TOLERATED = [
    ("legacy syntax", r"", r"^expected comma after load's type$", r"",
     "a module is read as LLVM < 3.7 syntax (`load i32* %p`) when any instruction uses it, so a mutant "
     "that writes one such load in newer IR is read (docs/reader.md: legacy syntax)"),
    ("bare byval", r"lavaMD", r"^expected '\('$", r"",
     "old IR (LLVM <= 8) writes `byval` without a type, which LLVM 14 no longer reads; the data "
     "set's lavaMD kernel has it, and every mutant of that kernel inherits it"),
    ("operand types", r"", _TYPE_CHECKS, r"",
     "LLVM type-checks every operand against its definition and every constant against its "
     "declared type; the reader checks the uses of locals and global variables (with typed pointers, "
     "of functions too) against their definitions, a literal's kind, a constant expression's result and "
     "an aggregate constant's elements against their type, not aliases, values inside metadata "
     "arguments, or a use of a named type that is no struct in a global before its definition; each "
     "instruction's and constant expression's operand kinds are checked"),
    ("argument numbers", r"", r"^argument expected to be numbered '%\d+'$", r"",
     "the reader numbers arguments as LLVM 19 does (an unnamed argument takes the next number); "
     "LLVM 14's check of a numbered argument does not count an unnamed first argument"),
    ("verifier", r"", r"^verifier: ", r"",
     "rules LLVM's verifier checks after parsing (module flags, TBAA type nodes, attribute values, "
     "exception-handling pads); a function's control flow and dominance are checked (controlflow.py)"),
    ("metadata bodies", r"", r"", r"^\s*!",
     "a tuple's elements are read as LLParser reads them, a specialized node's fields (`!DIFile(...)`) "
     "are kept as text: a broken field only matters where a graph or statement uses it, and none does"),
    ("blockaddress", r"", r"^cannot take address of numeric label after the function is defined$", r"",
     "LLVM resolves a numbered block label only while it reads the function's body, so a blockaddress "
     "after that body may not name one; the reader reads a blockaddress's label as a name"),
    ("module strings", r"", r"", r"^\s*target datalayout", "the reader refuses a data layout that LLVM 14 "
     "and LLVM 19 both refuse (datalayout.py); LLVM 19 alone also refuses an i8 not aligned to one byte and "
     "an index wider than its pointer (LLVM 19 names the line)"),
    ("module strings", r"", r"^LLVM ERROR: |unknown target property|after target triple|does not fit",
     r"^\s*(target|source_filename)|^$", "the triple and file name are kept as strings (and the data "
     "layout where one LLVM reads it, above)"),
]


def _llvm_as(version: int) -> str | None:
    return shutil.which(f"llvm-as-{version}") or (
        f"/usr/lib/llvm-{version}/bin/llvm-as" if os.access(f"/usr/lib/llvm-{version}/bin/llvm-as", os.X_OK) else None)


def llvm_message(stderr: str, data: bytes) -> tuple[str, str]:
    """The gist of llvm-as's complaint (the parser's message, or the verifier's first line) and
    the line of ``data`` it points at ("" where it names none)."""
    lines = stderr.strip().splitlines() or ["(no message)"]
    if "does not verify" in lines[0]:
        return "verifier: " + (lines[1].strip() if len(lines) > 1 else ""), ""
    found = re.search(r"<stdin>:(\d+):\d+: error: (.*)$", lines[0])
    if not found:
        return lines[0].strip(), ""
    source = data.split(b"\n")
    number = int(found.group(1))
    line = source[number - 1].decode("utf-8", "replace") if 0 < number <= len(source) else ""
    return found.group(2).strip(), line


def tolerated(seed: str, message: str, line: str) -> str | None:
    for name, seed_pattern, pattern, line_pattern, _ in TOLERATED:
        if re.search(seed_pattern, seed) and re.search(pattern, message) and re.search(line_pattern, line):
            return name
    return None


@pytest.fixture(scope="module")
def seeds(tmp_path_factory) -> dict[str, tuple[bytes, str]]:
    """Seed name -> (bytes, the llvm-as that must accept what the reader accepts)."""
    tools = {v: _llvm_as(v) for v in (14, 19)}
    for version, tool in tools.items():
        if tool is None:
            if clang_helper.in_ci():
                pytest.fail(f"llvm-as-{version} is needed in CI (scripts/install.sh installs llvm-{version})")
            pytest.skip(f"llvm-as-{version} is not installed")
    found = {str(p.relative_to(REPO)): (p.read_bytes(), tools[14]) for p in sorted(CORPUS_SAMPLE.rglob("*.ll"))}
    versions = [v for v in (14, 19) if clang_helper.missing_reason(v) is None]
    if clang_helper.in_ci() and versions != [14, 19]:
        pytest.fail("clang-14 and clang-19 are needed in CI")
    compiler = clang_helper.shared_compiler(tmp_path_factory)
    keys = [(p, v, opt, False) for p in clang_helper.PROGRAMS for v in versions for opt in clang_helper.OPT_LEVELS]
    compiler.prefetch(keys)
    checkout = str(clang_helper.PROGRAMS_DIR).encode() + b"/"
    for program, version, opt, _ in keys:  # the same bytes from any checkout: no absolute paths
        data = compiler.get(program, version, opt).read_bytes().replace(checkout, b"tests/programs/")
        found[f"{program}-clang{version}-{opt}"] = (data, tools[version])
    for path in dataset_seeds() + ([DATASETS / LAVAMD] if (DATASETS / LAVAMD).is_file() else []):
        found[path.name] = (path.read_bytes(), tools[14])
    return found


def _llvm_verdict(tool: str, data: bytes) -> tuple[str, str] | None:
    """None when ``tool`` accepts ``data``, else its message and the line it points at."""
    done = subprocess.run([tool, "-o", os.devnull, "-"], input=data, capture_output=True, timeout=120)
    return None if done.returncode == 0 else llvm_message(done.stderr.decode("utf-8", "replace"), data)


def test_seeds_are_valid_for_llvm(seeds):
    """Every seed reads with LLVM (lavaMD only within its tolerance class) and with the reader."""
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        verdicts = dict(zip(seeds, pool.map(lambda item: _llvm_verdict(item[1], item[0]), seeds.values())))
    for name, (data, _) in seeds.items():
        parse_ir(reader.read_text(data, name), name)
        assert verdicts[name] is None or tolerated(name, *verdicts[name]) == "bare byval", f"{name}: {verdicts[name]}"


def test_reader_accepts_only_what_llvm_accepts(seeds):
    rng = random.Random(RNG_SEED)
    names = sorted(seeds)
    accepted = 0
    jobs = []
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for k in range(MUTANTS):
            name = rng.choice(names)
            ops = random_ops(rng, rng.randint(1, 4))
            data, tool = seeds[name]
            mutated = mutate(data, ops)
            try:
                parse_ir(reader.read_text(mutated, "mutant.ll"), "mutant.ll")
            except IRParseError:
                continue
            accepted += 1
            jobs.append((k, name, ops, mutated, pool.submit(_llvm_verdict, tool, mutated)))
        results = [(k, name, ops, mutated, job.result()) for k, name, ops, mutated, job in jobs]
    rejected = [r for r in results if r[4] is not None]
    classes: dict[str, int] = {}
    unexplained = []
    for k, name, ops, mutated, message in rejected:
        cls = tolerated(name, *message)
        if cls is not None:
            classes[cls] = classes.get(cls, 0) + 1
        else:
            unexplained.append((k, name, ops, mutated, message))
    SUMMARY.append(
        f"differential test: {MUTANTS} mutants, {accepted} accepted by the reader, {len(rejected)} of them "
        f"rejected by llvm-as: {len(unexplained)} unexplained, tolerated {classes or 'none'}"
    )
    details = [
        f"mutant {k} of {name} (ops {ops}): llvm-as: {message}\n{changed_lines(seeds[name][0], mutated, 12)}"
        for k, name, ops, mutated, message in unexplained[:8]
    ]
    if unexplained:
        pytest.fail(f"{len(unexplained)} of {MUTANTS} mutants accepted by the reader, rejected by LLVM:\n"
                    + "\n".join(details), pytrace=False)
