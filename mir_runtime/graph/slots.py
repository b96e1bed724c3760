"""Attribute-group numbers as LLVM 10 prints one instruction on its own (ProGraML's full_text).

A module printed whole numbers attribute sets in the order the printer meets them: globals,
every function's attributes, then each function's call sites in turn. Printing one instruction
numbers the module-level sets the same way but then only the call sites of that instruction's
own function, so a call's ``#N`` can differ from the file. Sets are identified by their content.
"""
from __future__ import annotations

import re

from mir_runtime.ir.model import Function, Module

_GROUP = re.compile(r"#(\d+)")
CALL_OPCODES = frozenset(("call", "invoke", "callbr"))


def _identity(module: Module, group: str) -> str:
    return module.attribute_groups.get(group, group)


def module_slots(module: Module) -> dict[str, int]:
    """Numbers of the attribute sets the module level gives (globals, then function attributes)."""
    slots: dict[str, int] = {}
    groups = [g.attribute_group for g in module.globals if g.kind == "variable"]
    groups += [f.attribute_group for f in module.functions]
    for group in groups:
        if group is not None:
            slots.setdefault(_identity(module, group), len(slots))
    return slots


def function_renumbering(module: Module, fn: Function, base: dict[str, int]) -> dict[str, str]:
    """``#old`` -> ``#new`` for the call sites of ``fn``, as its own printer would number them."""
    slots = dict(base)
    mapping: dict[str, str] = {}
    for block in fn.blocks:
        for inst in block.instructions:
            if inst.opcode not in CALL_OPCODES or "#" not in inst.text:
                continue
            for number in _GROUP.findall(inst.text):
                group = "#" + number
                if group not in mapping:
                    ident = _identity(module, group)
                    mapping[group] = "#" + str(slots.setdefault(ident, len(slots)))
    return {old: new for old, new in mapping.items() if old != new}


def renumber(text: str, mapping: dict[str, str], pattern: re.Pattern = _GROUP) -> str:
    """``text`` with references matching ``pattern`` (``#N`` by default) mapped, strings left alone."""
    if not mapping or pattern.pattern[0] not in text:
        return text
    parts = re.split(r'("[^"]*")', text)
    for k in range(0, len(parts), 2):
        parts[k] = pattern.sub(lambda m: mapping.get(m.group(0), m.group(0)), parts[k])
    return "".join(parts)


# --- metadata -------------------------------------------------------------------------------
# LLVM 10's fixed metadata kinds, by ID; other kinds are numbered in the order the file names them.
FIXED_KINDS = (
    "dbg tbaa prof fpmath range tbaa.struct invariant.load alias.scope noalias nontemporal "
    "llvm.mem.parallel_loop_access nonnull dereferenceable dereferenceable_or_null make.implicit "
    "unpredictable invariant.group align llvm.loop type section_prefix absolute_symbol associated "
    "callees irr_loop llvm.access.group callback llvm.preserve.access.index"
).split()
_STRING = re.compile(r'"[^"]*"')
_NODE_REF = re.compile(r"!(\d+)")
_ATTACHMENT = re.compile(r",\s*!([A-Za-z_.][-\w.]*)\s+(!\d+)")
_MD_OPERAND = re.compile(r"metadata (!\d+)")


def _refs(text: str) -> list[str]:
    return ["!" + n for n in _NODE_REF.findall(_STRING.sub("", text))]


def instruction_attachments(text: str) -> list[tuple[str, str]]:
    return _ATTACHMENT.findall(_STRING.sub("", text))


def _attachment_tail(text: str) -> str:
    """Where an instruction's attachments are, strings removed: from the last comma before its
    first ``!`` (an attachment is a comma, spaces and a ``!``), the same attachments in fewer
    forms: nearly every ``load`` and ``store`` of a function has ``, !tbaa !8`` or a few others."""
    if '"' in text:
        text = _STRING.sub("", text)
    bang = text.find("!")
    return text[max(text.rfind(",", 0, bang), 0):] if bang >= 0 else ""


class MetadataSlots:
    """Metadata numbers as LLVM 10 prints one instruction or global on its own.

    The printer numbers nodes depth-first from: global variables' attachments, named metadata,
    then (for an instruction) its function's attachments and every instruction of that function
    (intrinsic metadata operands, then attachments with ``!dbg`` first and the rest by kind ID).
    An instruction that itself takes a metadata node operand (``llvm.dbg.*``) is printed with the
    whole module's numbering instead, as in the file.
    """

    def __init__(self, module: Module) -> None:
        self.module = module
        self.graph = {
            name: [] if "DIExpression(" in body[:24] else _refs(body)
            for name, body in module.metadata.items()
            if name[1:].isdigit()
        }
        kinds = {kind: k for k, kind in enumerate(FIXED_KINDS)}
        roots: list[str] = []
        for g in module.globals:
            roots += self._sorted(instruction_attachments(g.text), kinds)
        for name, body in module.metadata.items():
            if not name[1:].isdigit():
                roots += _refs(body)
        self.kinds = kinds
        self.module_roots = roots
        self.base = self._number(roots, {})
        self.base_renumbering = _renumbering(self.base)

    def _sorted(self, attachments: list[tuple[str, str]], kinds: dict[str, int]) -> list[str]:
        for kind, _ in attachments:
            kinds.setdefault(kind, len(kinds))
        return [ref for _, ref in sorted(attachments, key=lambda a: (a[0] != "dbg", kinds[a[0]]))]

    def _number(self, roots: list[str], base: dict[str, int]) -> dict[str, int]:
        """Numbers of the nodes reachable from ``roots`` that ``base`` does not number, after its
        own: a function's nodes beyond the module's, without copying the module's for each."""
        slots: dict[str, int] = {}
        for root in roots:
            stack = [root]
            while stack:
                node = stack.pop()
                if node in slots or node in base or node not in self.graph:
                    continue
                slots[node] = len(base) + len(slots)
                stack.extend(reversed(self.graph[node]))
        return slots

    def function_roots(self, fn: Function) -> list[str]:
        roots = self._sorted(list(fn.metadata), self.kinds)
        tails: set[str] = set()  # attachment tails met before: their roots are numbered already
        for block in fn.blocks:
            for inst in block.instructions:
                if "!" not in inst.text:
                    continue  # neither metadata operands nor attachments
                if inst.opcode == "call" and inst.callee and inst.callee.startswith("@llvm."):
                    roots += _MD_OPERAND.findall(inst.text)
                tail = _attachment_tail(inst.text)
                if tail not in tails:
                    tails.add(tail)
                    roots += self._sorted(_ATTACHMENT.findall(tail), self.kinds)
        return roots

    def function_renumbering(self, fn: Function) -> dict[str, str]:
        """``!old`` -> ``!new`` for the instructions of ``fn`` (the module's own where ``fn`` numbers
        no more nodes: not to be changed)."""
        own = _renumbering(self._number(self.function_roots(fn), self.base))
        return {**self.base_renumbering, **own} if own else self.base_renumbering

    def module_renumbering(self) -> dict[str, str]:
        """``!old`` -> ``!new`` for globals printed on their own (not to be changed)."""
        return self.base_renumbering


def _renumbering(slots: dict[str, int]) -> dict[str, str]:
    return {old: f"!{new}" for old, new in slots.items() if old != f"!{new}"}


def renumber_metadata(text: str, mapping: dict[str, str]) -> str:
    return renumber(text, mapping, _NODE_REF)


def references_metadata_node(text: str) -> bool:
    """Whether an instruction takes a metadata node as an operand (``metadata !12``)."""
    return _MD_OPERAND.search(text) is not None
