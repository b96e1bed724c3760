"""The module model the reader produces: what a program-graph builder and a tokenizer need.

Operands are listed in LLVM's own operand order (a call's callee last, a conditional branch's
false target before its true target, an ``alloca``'s implicit array size ...), because ProGraML
numbers data-flow positions by that order.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import final

from mir_runtime.ir.types import Type


class OperandKind(str, Enum):
    LOCAL = "local"  # result of an instruction
    ARGUMENT = "argument"
    GLOBAL = "global"  # global variable, alias or ifunc
    FUNCTION = "function"
    CONSTANT = "constant"
    CONSTANT_EXPR = "constant_expr"
    BLOCK = "block"
    METADATA = "metadata"
    INLINE_ASM = "inline_asm"


@final
class Operand:
    """One operand. A plain class rather than a dataclass: compiled (mypyc), its constructor is C,
    where a dataclass's generated ``__init__`` stays interpreted (one or more per instruction)."""

    __slots__ = ("kind", "type", "text")

    def __init__(self, kind: OperandKind, type: Type | None, text: str) -> None:
        self.kind = kind
        self.type = type
        self.text = text  # the value as written: ``%5``, ``@g``, ``42``, ``getelementptr (...)``

    @property
    def typed_text(self) -> str:
        """``<type> <value>``, how LLVM prints a constant on its own."""
        return f"{self.type.text} {self.text}" if self.type is not None else self.text


@final
class Instruction:
    """One instruction; a plain class for the reason ``Operand`` is."""

    __slots__ = ("opcode", "name", "type", "operands", "text", "line", "successors", "callee", "incoming", "statement")

    def __init__(self, opcode: str, name: str | None, type: Type | None, operands: list[Operand], text: str,
                 line: int, successors: list[str] | None = None, callee: str | None = None,
                 incoming: list[str] | tuple = (), statement: str | None = None) -> None:
        self.opcode = opcode
        self.name = name  # ``%x`` / ``%5`` for a value-producing instruction
        self.type = type  # result type; None for void
        self.operands = operands
        self.text = text  # as printed by LLVM, leading indentation removed (may span lines)
        self.line = line  # 1-based line in the source
        self.successors: list[str] = [] if successors is None else successors  # block names, in LLVM successor order
        self.callee = callee  # ``@f`` for a direct call/invoke
        self.incoming = incoming  # a phi's incoming blocks, one per operand
        # ``text``'s statement where the reader knew it from the instruction's shape, else None
        # (``statements.statement`` of ``text``): whoever changes ``text`` sets it to None
        self.statement = statement

    def rewritten(self, operands: list[Operand], text: str) -> Instruction:
        """This instruction with other operands and text (promotion's substitutions)."""
        return Instruction(self.opcode, self.name, self.type, operands, text, self.line, self.successors,
                           self.callee, self.incoming)

    @property
    def is_terminator(self) -> bool:
        return self.opcode in TERMINATORS


TERMINATORS = frozenset(
    "ret br switch indirectbr invoke resume unreachable cleanupret catchret catchswitch callbr".split()
)


@final
class Block:
    """A basic block; a plain class for the reason ``Operand`` is."""

    __slots__ = ("name", "instructions", "line")

    def __init__(self, name: str, instructions: list[Instruction], line: int) -> None:
        self.name = name  # ``%entry`` or ``%7``
        self.instructions = instructions
        self.line = line


@dataclass(slots=True)
class Argument:
    name: str  # ``%0`` or ``%n``
    type: Type


@dataclass(slots=True)
class Function:
    name: str  # ``@main``
    return_type: Type
    arguments: list[Argument]
    blocks: list[Block]
    is_declaration: bool
    line: int
    attribute_group: str | None = None  # ``#0`` of the function's attributes
    metadata: list[tuple[str, str]] = field(default_factory=list)  # attachments: ("dbg", "!12")

    @property
    def is_intrinsic(self) -> bool:
        return self.name.startswith("@llvm.") or self.name.startswith('@"llvm.')


@dataclass(slots=True)
class Global:
    """A global variable, alias or ifunc: ``kind`` is ``variable``, ``alias`` or ``ifunc``."""

    name: str
    kind: str
    type: Type  # its pointer type, as an operand
    text: str  # the whole definition line
    line: int
    attribute_group: str | None = None  # ``#0`` at the end of a global variable's line


@dataclass
class Module:
    source_filename: str = ""
    target_triple: str = ""
    data_layout: str = ""
    path: str = "<string>"
    types: dict[str, Type | None] = field(default_factory=dict)  # named struct bodies (None: opaque)
    globals: list[Global] = field(default_factory=list)
    functions: list[Function] = field(default_factory=list)
    attribute_groups: dict[str, str] = field(default_factory=dict)
    metadata: dict[str, str] = field(default_factory=dict)
    comdats: dict[str, str] = field(default_factory=dict)
    module_asm: list[str] = field(default_factory=list)
    opaque_pointers: bool = False
    legacy_syntax: bool = False  # LLVM < 3.7: load/getelementptr without an explicit type

    def instructions(self):
        """Every instruction, in module order."""
        for fn in self.functions:
            for block in fn.blocks:
                yield from block.instructions
