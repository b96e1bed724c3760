"""Statements: the text modality's input, one per instruction, in module order.

A statement is the instruction as LLVM printed it (the same text as the graph node's
``full_text``) with three things taken out, each because it is module-local bookkeeping that
would make identical code look different from one file to the next:

* metadata attachments (``, !dbg !12``, ``, !tbaa !8``, ``, !llvm.loop !20`` ...): numbers into
  the module's metadata table, plus debug locations;
* call-site attribute-group references (``#3``): numbers into the module's attribute table;
* comments (``; preds = ...``), and every run of whitespace (multi-line ``switch``, ``invoke``,
  ``landingpad``) becomes one space;
* the names of local values (``%5``, ``%call.i``, ``%for.body``, arguments): each becomes
  ``%ID``, as inst2vec does. They are numbering within one function (or clang's naming habits,
  kept by some builds and discarded by others); the graph carries which value flows where, and a
  masked-language model cannot learn them (before this, 19% of masked tokens were local names,
  predicted 5% of the time). Named types (``%struct.S``) are not values and stay.

Everything else stays: opcode, types, operands and constants, flags (``nsw``,
``inbounds``, fast-math), alignment, calling convention, parameter attributes and callee names.
Metadata *operands* of calls (``metadata !12`` in ``llvm.dbg.*``) stay, as they are operands.
"""
from __future__ import annotations

import re
from collections.abc import Collection

from mir_runtime.ir.lexer import split_names, tokenize
from mir_runtime.ir.model import Instruction, Module

VALUE = "%ID"
_WS = re.compile(r"\s+")
_ATTACHMENT = re.compile(r"^![A-Za-z_.][-\w.]*$")
_LOCAL = re.compile(r"%[-\w$.]+")
KNOWN = 16384  # statements kept by their text less its value names (starts afresh when full)
_known: dict[tuple, str] = {}
# Plain texts (the first case below) of modules without named types, and their statements. A
# graph's variable and constant nodes are such texts (``i32 %5``), nine in ten spelled alike in a
# module read before. Strings only: a cache of tuples would make the cyclic collector run more.
_plain: dict[str, str] = {}


def statement(text: str, types: Collection[str] = ()) -> str:
    """The statement of one instruction's (or operand's) printed text; ``types``: the module's
    named types, the local names that are not values."""
    if "!" not in text and "#" not in text and '"' not in text:  # no token can hide a '%' or an attachment
        if types:
            return _values_spelled(_spaced(text), types)
        found = _plain.get(text)
        if found is None:
            if len(_plain) >= KNOWN:
                _plain.clear()
            found = _plain[text] = _LOCAL.sub(VALUE, _spaced(text))
        return found
    pieces: list | None = split_names(text)  # the statement spells every value name %ID: texts alike but for them share one
    if pieces is None:
        return _from_tokens(text, types)
    for k in range(1, len(pieces), 2):
        if pieces[k] not in types:
            pieces[k] = None
    key = tuple(pieces)
    found = _known.get(key)
    if found is None:
        if len(_known) >= KNOWN:
            _known.clear()
        found = _known[key] = _from_tokens(text, types)
    return found


def _spaced(text: str) -> str:
    return (_WS.sub(" ", text) if "\n" in text or "  " in text else text).strip()


def _values_spelled(text: str, types: Collection[str]) -> str:
    """``text`` with its local names that are not types spelled ``%ID`` (a function of its own:
    compiled, a function with a lambda builds the lambda's closure on every call)."""
    return _LOCAL.sub(lambda m: m[0] if m[0] in types else VALUE, text)


def _from_tokens(text: str, types: Collection[str]) -> str:
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
        if tok[0] == "%" and tok not in types:
            tok = VALUE
        out.append((" " if ws and out else "") + tok)
    return "".join(out)


def shape_statement(text: str, types: Collection[str]) -> str | None:
    """The statement of ``text`` if every text of its shape (the same text but for its local names,
    ``ir.shapes``) has the same one, else None: so where each name the statement spells ``%ID``
    is one of the shape's names, not longer (``%5x``, whose shape's name is ``%5``)."""
    pieces = split_names(text)
    if pieces is None or _LOCAL.findall(text) != pieces[1::2]:
        return None
    return statement(text, types)


def instruction_statements(instructions: list[Instruction], types: Collection[str] = ()) -> list[str]:
    """Each instruction's statement; ``types``: the named types of the module the instructions were
    read in (a statement the reader carried was made with them)."""
    out: list[str] = []
    for inst in instructions:
        found = inst.statement
        out.append(statement(inst.text, types) if found is None else found)
    return out


def statements(module: Module) -> list[str]:
    """Every instruction's statement, in module order (graph node ``node_instruction`` indexes it)."""
    return instruction_statements(list(module.instructions()), module.types)
