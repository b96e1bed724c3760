"""One function's compiler-behaviour labels: its static features before and after each of a fixed
set of ``opt`` passes and pipelines, and the optimization remarks those runs emit.

What the optimizers do to a function is performance-relevant information that a bag of its
opcodes does not hold, and it costs only compile time. The function is cut out of its -O0 module
alone (``corpus.pairs.cut_function``), so that its labels depend on its own code only, which is
what the encoder reads; clang's ``optnone`` is stripped and ``noinline`` kept, as the size task
does (``size_recipe.with_attributes``). A cut function calls only declarations, so ``inline``
has nothing to do and is not in the set.

Two starting points: the -O0 function itself, which the pipelines and the clean-up passes start
from, and its canonical SSA form (the ``canonical`` run: locals promoted, loops rotated), which the
loop and redundancy passes start from, so that each of them measures its own effect rather than
the missing clean-up before it (``loop-vectorize`` on -O0 code vectorizes nothing). Features are
read from ``opt``'s output by the project's own reader. Same tools, same input, same labels.
"""
from __future__ import annotations

import math
import re
import subprocess
import tempfile
from collections import Counter
from pathlib import Path

from mir_export.corpus.pairs import cut_function
from mir_export.corpus.size_recipe import tool, with_attributes
from mir_runtime import IRParseError, parse_ir
from mir_runtime.ir import OPCODES, VECTOR, Function, block_edges, immediate_dominators

TIMEOUT_S = 120.0  # one opt run; a run that takes longer is recorded as timed out
CANONICAL = "function(sroa,instcombine,simplifycfg,loop(loop-rotate))"
# name: (the run whose output it starts from, opt -passes, attributes replacing optnone), in order:
# a run may start only from "O0" or from a run listed before it.
RUNS: dict[str, tuple[str, str, str]] = {
    "canonical": ("O0", CANONICAL, ""),
    "sroa": ("O0", "sroa", ""),
    "instcombine": ("O0", "instcombine", ""),
    "simplifycfg": ("O0", "simplifycfg", ""),
    "gvn": ("canonical", "gvn", ""),
    "licm": ("canonical", "loop-mssa(licm)", ""),
    "loop-unroll": ("canonical", "loop-unroll", ""),
    "loop-vectorize": ("canonical", "loop-vectorize", ""),
    "slp-vectorizer": ("canonical", "slp-vectorizer", ""),
    "O1": ("O0", "default<O1>", ""),
    "O2": ("O0", "default<O2>", ""),
    "Os": ("O0", "default<Os>", "optsize"),  # clang -Os marks functions optsize; the passes read it
}
SHAPE = ("instructions", "blocks", "loops", "calls", "intrinsic_calls", "vector_values")
FEATURES = SHAPE + tuple(f"op:{op}" for op in OPCODES)
# The remarks that enter the label vector, as (run, remark): what the vectorizers, the unroller,
# LICM and GVN did, and at what factor. LICM moves code without changing any count: only its
# remarks tell.
_LOOP_REMARKS = ("Passed/loop-vectorize/Vectorized", "max/VectorizationFactor", "max/InterleaveCount",
                 "Passed/loop-unroll/FullyUnrolled", "Passed/loop-unroll/PartialUnrolled", "max/UnrollCount")
_SCALAR_REMARKS = ("Passed/licm/Hoisted", "Passed/licm/InstSunk", "Passed/licm/PromoteLoopAccessesToScalar",
                   "Passed/gvn/LoadElim", "Passed/gvn/LoadPRE")
REMARKS: tuple[tuple[str, str], ...] = (
    *(("O2", key) for key in (*_LOOP_REMARKS, *_SCALAR_REMARKS)),
    *(("loop-vectorize", key) for key in _LOOP_REMARKS[:3]), *(("loop-unroll", key) for key in _LOOP_REMARKS[3:]),
    *(("licm", key) for key in _SCALAR_REMARKS[:3]), *(("gvn", key) for key in _SCALAR_REMARKS[3:]),
    *(("slp-vectorizer", f"Passed/slp-vectorizer/{name}")
      for name in ("VectorizedList", "StoresVectorized", "VectorizedHorizontalReduction")),
)
LABEL_NAMES = (*(f"{run}:{name}" for run in RUNS for name in FEATURES), *(f"{run}:{key}" for run, key in REMARKS))
_OPCODE_INDEX = {op: len(SHAPE) + k for k, op in enumerate(OPCODES)}
_REMARK = re.compile(r"^--- !(\w+)\s*\nPass:\s+(\S+)\s*\nName:\s+(\S+)", re.MULTILINE)
_REMARK_VALUE = re.compile(r"^\s+- (VectorizationFactor|InterleaveCount|UnrollCount):\s+'?(\d+)", re.MULTILINE)


def loop_count(fn: Function) -> int:
    """Natural loops: blocks that a back edge (from a reachable block they dominate) enters.
    Dominance is read from the dominator tree's preorder and postorder numbers, in constant time
    per edge: the interpreters' dispatch functions have thousands of blocks."""
    _, succs, preds = block_edges(fn)
    idom = immediate_dominators(succs, preds)
    children: list[list[int]] = [[] for _ in succs]
    for block, parent in enumerate(idom):
        if parent >= 0:
            children[parent].append(block)
    pre, post = [-1] * len(succs), [-1] * len(succs)
    stack, clock = [(0, False)], 0
    while stack:
        block, leaving = stack.pop()
        if leaving:
            post[block] = clock
        else:
            pre[block] = clock
            stack.append((block, True))
            stack += [(child, False) for child in children[block]]
        clock += 1
    return len({header for source, targets in enumerate(succs) if pre[source] >= 0 for header in targets
                if pre[header] <= pre[source] and post[source] <= post[header]})


def features(fn: Function) -> list[int]:
    """``FEATURES`` of one defined function: its shape, then the count of every opcode."""
    row = [0] * len(FEATURES)
    calls = intrinsics = vectors = 0
    for block in fn.blocks:
        for inst in block.instructions:
            row[_OPCODE_INDEX[inst.opcode]] += 1
            if inst.opcode in ("call", "invoke", "callbr"):
                if inst.callee is not None and inst.callee.startswith(("@llvm.", '@"llvm.')):
                    intrinsics += 1
                else:
                    calls += 1
            if inst.type is not None and inst.type.kind == VECTOR:
                vectors += 1
    shape = (sum(len(b.instructions) for b in fn.blocks), len(fn.blocks), loop_count(fn), calls, intrinsics, vectors)
    row[:len(SHAPE)] = shape
    return row


def function_features(text: str, name: str, where: str) -> list[int]:
    """``features`` of function ``name`` in the module ``text``; ``IRParseError`` when the reader
    refuses it, ``LookupError`` when it defines no such function."""
    module = parse_ir(text, where)
    for fn in module.functions:
        if fn.name == name and not fn.is_declaration:
            return features(fn)
    raise LookupError(f"{where}: no definition of {name}")


def read_remarks(text: str) -> dict[str, int]:
    """Optimization remarks (YAML) as counts by ``Kind/pass/name``, plus the largest vectorization
    factor, interleave count and unroll count reported (``max/VectorizationFactor`` ...)."""
    counts: dict[str, int] = dict(Counter(f"{kind}/{pass_}/{name.strip(chr(39))}"
                                          for kind, pass_, name in _REMARK.findall(text)))
    for arg, value in _REMARK_VALUE.findall(text):
        counts[f"max/{arg}"] = max(counts.get(f"max/{arg}", 0), int(value))
    return counts


def run_opt(text: str, passes: str, remarks: Path, timeout: float) -> str:
    """``opt -passes=passes`` of module ``text``: its output module, remarks written to
    ``remarks``; raises ``RuntimeError`` with one line when opt fails or runs past ``timeout``."""
    try:
        done = subprocess.run([tool("opt"), f"-passes={passes}", f"-pass-remarks-output={remarks}", "-S", "-"],
                              input=text.encode(), capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"timeout: over {timeout:g} s") from None
    if done.returncode != 0:
        lines = done.stderr.decode(errors="replace").strip().splitlines() or ["failed"]
        raise RuntimeError(f"opt exit {done.returncode}: {lines[0][:200]}")
    return done.stdout.decode(errors="replace")


def function_labels(module: Path, name: str, timeout: float = TIMEOUT_S) -> dict:
    """Labels of function ``name`` (as the reader prints it) of the -O0 ``module`` (text or bitcode):
    ``{"features": {"O0": [...], run: [...]}, "remarks": {run: {...}}, "errors": {run: line}}``
    for every run of ``RUNS`` that worked; ``{"error": line}`` when the function cannot be cut
    out or read at all. Never raises for a bad function."""
    with tempfile.TemporaryDirectory(prefix="mir-behaviour-") as tmp:
        cut = cut_function(tool("llvm-extract"), module, name, Path(tmp) / "function.ll")
        if isinstance(cut, str):
            return {"error": cut}
        source = cut.read_text(errors="replace")
        try:
            before = function_features(with_attributes(source, ""), name, f"{module} ({name} cut out)")
        except (IRParseError, LookupError, RecursionError) as exc:
            return {"error": str(exc).splitlines()[0][:300]}
        out: dict[str, dict] = {"features": {"O0": before}, "remarks": {}, "errors": {}}
        outputs: dict[str, str] = {}
        for run, (start, passes, attributes) in RUNS.items():
            if start != "O0" and start not in outputs:
                out["errors"][run] = f"no {start} output to start from"
                continue
            text = with_attributes(source, attributes) if start == "O0" else outputs[start]
            remarks = Path(tmp) / f"{run}.yaml"
            try:
                outputs[run] = run_opt(text, passes, remarks, timeout)
                out["features"][run] = function_features(outputs[run], name, f"{module} ({name} after {run})")
            except (RuntimeError, IRParseError, LookupError, RecursionError) as exc:
                out["errors"][run] = str(exc).splitlines()[0][:300]
                continue
            found = read_remarks(remarks.read_text(errors="replace")) if remarks.exists() else {}
            if found:
                out["remarks"][run] = found
        return out


def label_vector(row: dict) -> list[float]:
    """The row's labels in ``LABEL_NAMES`` order: per run and feature, log(1 + after) - log(1 + at
    its start); then log(1 + value) of each of ``REMARKS``. NaN where a run failed (or the
    whole function did): a learner masks those."""
    found = row.get("features", {})
    vector: list[float] = []
    for run, (start, _, _) in RUNS.items():
        after, before = found.get(run), found.get(start)
        vector += ([math.log1p(a) - math.log1p(b) for a, b in zip(after, before)] if after and before
                   else [math.nan] * len(FEATURES))
    remarks = row.get("remarks", {})
    vector += [math.log1p(remarks.get(run, {}).get(key, 0)) if run in found else math.nan for run, key in REMARKS]
    return vector
