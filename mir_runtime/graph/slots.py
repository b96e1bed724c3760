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


def renumber(text: str, mapping: dict[str, str]) -> str:
    """``text`` with its attribute-group references renumbered (strings left alone)."""
    if not mapping or "#" not in text:
        return text
    parts = re.split(r'("[^"]*")', text)
    for k in range(0, len(parts), 2):
        parts[k] = _GROUP.sub(lambda m: mapping.get(m.group(0), m.group(0)), parts[k])
    return "".join(parts)
