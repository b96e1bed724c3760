"""The IR instruction count of a module, the one measure of code size that ``tune`` and the pass
labels both use: deterministic (same text, same count), no LLVM library, no timing.

An instruction is a line of a function body, as LLVM prints IR (``opt -S``, ``clang -S -emit-llvm``),
that starts an instruction: labels, comments, blank lines, the cases of a ``switch`` (between its ``[``
and ``]``), an ``invoke``'s second line (``to label ... unwind ...``), a ``landingpad``'s clauses
(``cleanup``, ``catch``, ``filter``), debug records (``#dbg_value``, LLVM 19) and ``uselistorder``
directives are not. So the count is that of the module's
``llvm::Instruction`` objects, what CompilerGym's ``IrInstructionCount`` counts (calls of the debug
intrinsics ``llvm.dbg.*`` are instructions; their LLVM 19 records are not). Declarations and globals
count nothing. Kept here, in the runtime, so that the training side imports the same function.
"""
from __future__ import annotations

import re

# A block label as LLVM prints it: a name, a number or a quoted name, then ':' (and perhaps "; preds = ...").
_LABEL = re.compile(r'(?:[-a-zA-Z$._0-9]+|"(?:[^"\\]|\\.)*"):(?:\s|$)')
# Lines in a body that continue an instruction or are no instruction ("cleanup" alone, not "cleanupret").
_NOT_STARTS = re.compile(r"to |catch |filter |cleanup(?:,|$)|#dbg_|uselistorder ")


def count_instructions(text: str) -> int:
    """The number of instructions in the function bodies of textual IR ``text`` (see the module docstring)."""
    count = 0
    inside = cases = False
    for raw in text.splitlines():
        line = raw.strip()
        if not inside:
            inside = raw.startswith("define ") and line.endswith("{")
            continue
        if cases:  # a switch's case lines, up to its closing bracket
            cases = not line.startswith("]")
            continue
        if not line or line[0] == ";" or _LABEL.match(line) or _NOT_STARTS.match(line):
            continue
        if line == "}":
            inside = False
            continue
        count += 1
        cases = line.endswith("[")
    return count
