"""LLVM's read-time upgrade of old intrinsic calls, so that old IR reads as LLVM reads it.

Before LLVM 7, ``llvm.memcpy/memmove/memset`` took the alignment as a fifth ``i32`` argument.
Every LLVM since rewrites such a call on reading: the alignment becomes an ``align`` attribute on
the pointer arguments, the ``tail`` marker, other argument attributes and metadata are dropped,
and the re-created declaration moves to the end of the function list. ProGraML graphs (and any
LLVM tool) see the upgraded call, so the reader applies the same rewrite.
"""
from __future__ import annotations

from mir_runtime.ir.model import Module

_MEM_INTRINSICS = ("@llvm.memcpy.", "@llvm.memmove.", "@llvm.memset.")


def _is_old_mem_intrinsic(name: str | None, n_args: int) -> bool:
    return name is not None and name.startswith(_MEM_INTRINSICS) and n_args == 5


def upgrade_intrinsics(module: Module) -> Module:
    """Rewrite old 5-argument memory intrinsic calls in place; returns ``module``."""
    upgraded: list[str] = []
    for fn in module.functions:
        if fn.is_declaration and _is_old_mem_intrinsic(fn.name, len(fn.arguments)):
            upgraded.append(fn.name)
    if not upgraded:
        return module
    names = set(upgraded)
    for inst in module.instructions():
        if inst.opcode != "call" or inst.callee not in names:
            continue
        *args, callee = inst.operands
        if len(args) != 5:
            continue
        dst, val, length, align, volatile = args
        try:
            alignment = int(align.text)
        except ValueError:
            continue
        attr = f"align {alignment} " if alignment else ""
        transfer = not callee.text.startswith("@llvm.memset.")
        src_attr = attr if transfer else ""
        inst.text = (
            f"call void {callee.text}({dst.type.text} {attr}{dst.text}, "
            f"{val.type.text} {src_attr}{val.text}, {length.typed_text}, {volatile.typed_text})"
        )
        inst.operands = [dst, val, length, volatile, callee]
        inst.statement = None
    for fn in module.functions:
        if fn.name in names:
            del fn.arguments[3]
    module.functions = [f for f in module.functions if f.name not in names] + [
        f for f in module.functions if f.name in names
    ]
    return module
