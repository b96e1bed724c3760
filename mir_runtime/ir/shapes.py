"""What an instruction's grammar found, kept by the instruction's shape and reused.

Compiled code repeats itself: the 669 device-mapping kernels hold 182,809 instructions but only
about 4,200 shapes, where a shape is the instruction's text with each local name (``%5``,
``%call.i``) replaced by the order of its first appearance (``%5 = add nsw i32 %3, %3`` and
``%x = add nsw i32 %a, %a`` share one). The lexer and an opcode's grammar see tokens only, plus
two module-wide flags (typed or opaque pointers, pre-3.7 syntax) that are part of the key, so a
shape read once without error reads the same way again: the next instruction of that shape gets
the same opcode, result type, operand kinds and types, successors, callee and statement, with its
own names put back, and is neither lexed nor parsed.

Instructions that name one of the module's types are kept with those names as written, by the
module's own reader only: a ``getelementptr``'s result depends on the struct's body in that
module. What is never kept, and so read in full every time:
- text with a double quote (``lexer.split_names``: only without one are the names found by
  pattern exactly the name tokens);
- instructions whose local names end up inside an operand's text (``blockaddress``, metadata
  arguments), or that use a value named like one of the module's types;
- errors: a malformed instruction is read, and reported, every time.

Even a shape's key costs more than the text's own lookup: cutting the text at its names and
hashing the pieces took a quarter of the reader's time. Of the kernels' instructions, 64% repeat
one read before to the letter (``ret void``, ``br label %5``, numbered values alike), so a text
whose shape is kept is also looked up as it is, before its shape.
"""
from __future__ import annotations

from collections.abc import Callable, Collection

from mir_runtime.ir.instructions import Parts
from mir_runtime.ir.lexer import split_names
from mir_runtime.ir.model import Operand, OperandKind
from mir_runtime.statements import shape_statement

CAPACITY = 16384  # shapes kept per table (about 600 bytes each); a full table starts afresh

# Operands the reader never changes once read (it resolves locals to arguments or blocks, and
# globals to functions, per module), so one object serves every instruction of a shape.
SHAREABLE = frozenset((OperandKind.CONSTANT, OperandKind.CONSTANT_EXPR, OperandKind.METADATA, OperandKind.INLINE_ASM))

Shape = tuple  # module flags, then the text's pieces: literal text, and local names as their order (int)
# Result name (order or None), opcode, type, operands, successors, callee, blocks, statement. A
# plain tuple: compiled, a tuple of known length is a C struct, boxed anew wherever it is stored,
# so the texts' table would hold a copy of each found tuple instead of the shape table's own.
Found = tuple
Read = tuple[str | None, str, Parts, str | None]  # result name, opcode, what the grammar found, statement

_shared: dict[Shape, Found | None] = {}  # every module's shapes; None: read without error, not reusable
# Per module flags, the texts of the shapes kept in ``_shared``: what was found, and the text's
# names in order, joined by spaces (strings: a tuple per text made the cyclic collector run more).
_exact: dict[tuple, dict[str, Found]] = {}
_exact_names: dict[tuple, dict[str, str]] = {}


class Shapes:
    """The shapes one module's reader can reuse: those of every module read in this process, and
    those of this module that name its types (kept verbatim, with this module's struct bodies)."""

    def __init__(self, types: Collection[str], flags: tuple) -> None:
        self.types = types
        self.flags = flags
        self.own: dict[Shape, Found | None] = {}
        self.exact = _exact.setdefault(flags, {})
        self.exact_names = _exact_names.setdefault(flags, {})

    def read(self, text: str, parse: Callable[[], tuple[str | None, str, Parts]]) -> Read:
        """What ``parse()`` reads from an instruction's ``text``: from a known shape where one fits;
        and the statement of ``text`` where its shape gives it (None: ask ``statements``)."""
        seen = self.exact.get(text)
        spelled = None if seen is None else self.exact_names.get(text)
        if seen is not None and spelled is not None:  # one without the other: another thread is between the two
            order = spelled.split(" ") if spelled else []
            if not (self.types and any(name in self.types for name in order)):
                return _rebuild(seen, order)
        pieces: list | None = split_names(text)  # (names become their order)
        if pieces is None:
            name, opcode, found = parse()
            return name, opcode, found, None
        names: dict[str, int] = {}
        table = _shared
        for k in range(1, len(pieces), 2):
            name = pieces[k]
            if name in self.types:
                table = self.own
            else:
                pieces[k] = names.setdefault(name, len(names))
        key = (self.flags, *pieces)
        order = list(names)
        known = table.get(key)
        if known is not None:
            if table is _shared:
                self._remember(text, known, order)
            return _rebuild(known, order)
        name, opcode, found = parse()
        if len(table) >= CAPACITY:
            table.clear()
        kept = table[key] = _found(order, name, opcode, found, text, self.types)
        if kept is None:
            return name, opcode, found, None
        if table is _shared:
            self._remember(text, kept, order)
        return name, opcode, found, kept[7]

    def known(self, text: str) -> bool:
        """Whether ``text`` is an instruction's whole text read before without error (its brackets
        close: the reader read it to its end)."""
        return text in self.exact

    def _remember(self, text: str, known: Found, names: list[str]) -> None:
        if len(self.exact) >= CAPACITY:
            self.exact.clear()
            self.exact_names.clear()
        self.exact[text] = known
        self.exact_names[text] = " ".join(names)  # (a name has no space: quoted ones are never kept)


def _found(names: list[str], name: str | None, opcode: str, found: Parts, text: str,
           types: Collection[str]) -> Found | None:
    """What to keep of an instruction ``text`` read with local ``names``; None where it cannot be
    reused."""
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
            tuple(index[s] for s in found.successors), found.callee, tuple(index[b] for b in found.blocks),
            shape_statement(text, types))


def _rebuild(known: Found, names: list[str]) -> Read:
    """An instruction of a known shape with its own local ``names``: new objects for the operands
    the reader changes later, the same ones for constants."""
    name, opcode, ty, ops, successors, callee, blocks, said = known
    operands = []
    for op in ops:
        if isinstance(op, Operand):  # compiled, a type check (``__class__`` is an attribute lookup)
            operands.append(op)
        else:
            text = op[2]
            operands.append(Operand(op[0], op[1], names[text] if isinstance(text, int) else text))
    return (None if name is None else names[name], opcode,
            Parts(ty, operands, [names[k] for k in successors] if successors else (), callee,
                  [names[k] for k in blocks] if blocks else ()), said)  # no lists for nothing: most have neither
