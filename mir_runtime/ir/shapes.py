"""What an instruction's grammar found, kept by the instruction's shape and reused.

Compiled code repeats itself: the 669 device-mapping kernels hold 182,809 instructions but only
about 4,200 shapes, where a shape is the instruction's text with each local name (``%5``,
``%call.i``) replaced by the order of its first appearance (``%5 = add nsw i32 %3, %3`` and
``%x = add nsw i32 %a, %a`` share one). The lexer and an opcode's grammar see tokens only, plus
two module-wide flags (typed or opaque pointers, pre-3.7 syntax) that are part of the key, so a
shape read once without error reads the same way again: the next instruction of that shape gets
the same opcode, result type, operand kinds and types, successors and callee, with its own names
put back, and is neither lexed nor parsed.

Instructions that name one of the module's types are kept with those names as written, by the
module's own reader only: a ``getelementptr``'s result depends on the struct's body in that
module. What is never kept, and so read in full every time:
- text with a double quote (``lexer.split_names``: only without one are the names found by
  pattern exactly the name tokens);
- instructions whose local names end up inside an operand's text (``blockaddress``, metadata
  arguments), or that use a value named like one of the module's types;
- errors: a malformed instruction is read, and reported, every time.
"""
from __future__ import annotations

from collections.abc import Callable, Collection

from mir_runtime.ir.instructions import Parts
from mir_runtime.ir.lexer import split_names
from mir_runtime.ir.model import Operand, OperandKind
from mir_runtime.ir.types import Type

CAPACITY = 16384  # shapes kept per table (about 600 bytes each); a full table starts afresh

# Operands the reader never changes once read (it resolves locals to arguments or blocks, and
# globals to functions, per module), so one object serves every instruction of a shape.
SHAREABLE = frozenset((OperandKind.CONSTANT, OperandKind.CONSTANT_EXPR, OperandKind.METADATA, OperandKind.INLINE_ASM))

Shape = tuple  # module flags, then the text's pieces: literal text, and local names as their order (int)
# result name (order or None), opcode, type, operands, successors, callee, blocks
Found = tuple[int | None, str, Type | None, tuple, tuple[int, ...], str | None, tuple[int, ...]]
Read = tuple[str | None, str, Parts]  # result name, opcode, what the grammar found

_shared: dict[Shape, Found | None] = {}  # every module's shapes; None: read without error, not reusable


class Shapes:
    """The shapes one module's reader can reuse: those of every module read in this process, and
    those of this module that name its types (kept verbatim, with this module's struct bodies)."""

    def __init__(self, types: Collection[str], flags: tuple) -> None:
        self.types = types
        self.flags = flags
        self.own: dict[Shape, Found | None] = {}

    def read(self, text: str, parse: Callable[[], Read]) -> Read:
        """What ``parse()`` reads from an instruction's ``text``: from a known shape where one fits."""
        pieces: list | None = split_names(text)  # (names become their order)
        if pieces is None:
            return parse()
        names: dict[str, int] = {}
        table = _shared
        for k in range(1, len(pieces), 2):
            name = pieces[k]
            if name in self.types:
                table = self.own
            else:
                pieces[k] = names.setdefault(name, len(names))
        key = (self.flags, *pieces)
        known = table.get(key)
        if known is not None:
            return _rebuild(known, list(names))
        read = parse()
        if len(table) >= CAPACITY:
            table.clear()
        table[key] = _found(list(names), *read)
        return read


def _found(names: list[str], name: str | None, opcode: str, found: Parts) -> Found | None:
    """What to keep of an instruction read with local ``names``; None where it cannot be reused."""
    index = {local: k for k, local in enumerate(names)}
    ops = []
    for op in found.operands:
        at = index.get(op.text)
        if at is None and "%" in op.text:
            return None  # a local name inside an operand's text, or a value named like a type
        ops.append(op if at is None and op.kind in SHAREABLE else (op.kind, op.type, op.text if at is None else at))
    if any(local not in index for local in (*found.successors, *found.blocks)) or (name is not None and name not in index):
        return None
    return (None if name is None else index[name], opcode, found.type, tuple(ops),
            tuple(index[s] for s in found.successors), found.callee, tuple(index[b] for b in found.blocks))


def _rebuild(known: Found, names: list[str]) -> Read:
    """An instruction of a known shape with its own local ``names``: new objects for the operands
    the reader changes later, the same ones for constants."""
    name, opcode, ty, ops, successors, callee, blocks = known
    operands = []
    for op in ops:
        if isinstance(op, Operand):  # compiled, a type check (``__class__`` is an attribute lookup)
            operands.append(op)
        else:
            text = op[2]
            operands.append(Operand(op[0], op[1], names[text] if isinstance(text, int) else text))
    return (None if name is None else names[name], opcode,
            Parts(ty, operands, [names[k] for k in successors] if successors else (), callee,
                  [names[k] for k in blocks] if blocks else ()))  # no lists for nothing: most have neither
