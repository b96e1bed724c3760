"""Statements: the text modality's input, one per instruction, in module order.

A statement is the instruction as LLVM printed it (the same text as the graph node's
``full_text``) with three things taken out, each because it is module-local bookkeeping that
would make identical code look different from one file to the next:

* metadata attachments (``, !dbg !12``, ``, !tbaa !8``, ``, !llvm.loop !20`` ...): numbers into
  the module's metadata table, plus debug locations;
* call-site attribute-group references (``#3``): numbers into the module's attribute table;
* comments (``; preds = ...``), and every run of whitespace (multi-line ``switch``, ``invoke``,
  ``landingpad``) becomes one space.

Everything else stays: opcode, result name, types, operands and constants, flags (``nsw``,
``inbounds``, fast-math), alignment, calling convention, parameter attributes and callee names.
Metadata *operands* of calls (``metadata !12`` in ``llvm.dbg.*``) stay, as they are operands.
"""
from __future__ import annotations

import re

from mir_runtime.ir.lexer import tokenize
from mir_runtime.ir.model import Instruction, Module

_WS = re.compile(r"\s+")
_ATTACHMENT = re.compile(r"^![A-Za-z_.][-\w.]*$")


def statement(text: str) -> str:
    """The statement of one instruction's printed text."""
    if "!" not in text and "#" not in text:
        return _WS.sub(" ", text).strip() if ("\n" in text or "  " in text) else text.strip()
    toks = tokenize(text)
    out: list[str] = []
    depth = 0
    for k, (ws, tok) in enumerate(toks):
        if tok in "([{<" and tok:
            depth += 1
        elif tok in ")]}>" and tok:
            depth -= 1
        if depth == 0:
            if tok == "," and k + 1 < len(toks) and _ATTACHMENT.match(toks[k + 1][1]):
                break  # metadata attachments only ever trail the instruction
            if tok[0] == "#" and tok[1:].isdigit():
                continue
        out.append((" " if ws and out else "") + tok)
    return "".join(out)


def instruction_statements(instructions: list[Instruction]) -> list[str]:
    return [statement(inst.text) for inst in instructions]


def statements(module: Module) -> list[str]:
    """Every instruction's statement, in module order (graph node ``node_instruction`` indexes it)."""
    return instruction_statements(list(module.instructions()))
