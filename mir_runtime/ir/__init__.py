"""Reader of textual LLVM IR, the promotion of -O0 locals a model may ask for, and what the
training side reads of a function's shape (its control flow, the opcodes the reader knows)."""
from mir_runtime.ir.controlflow import block_edges, immediate_dominators
from mir_runtime.ir.count import count_instructions
from mir_runtime.ir.instructions import HANDLERS
from mir_runtime.ir.model import Argument, Block, Function, Global, Instruction, Module, Operand, OperandKind
from mir_runtime.ir.promote import promote
from mir_runtime.ir.reader import parse_ir, read_ir, read_stream
from mir_runtime.ir.types import VECTOR

OPCODES = tuple(sorted(HANDLERS))  # every opcode the reader knows; sorted: a set's order varies by process

__all__ = [
    "Argument", "Block", "Function", "Global", "Instruction", "Module", "OPCODES", "Operand", "OperandKind", "VECTOR",
    "block_edges", "count_instructions", "immediate_dominators", "parse_ir", "promote", "read_ir", "read_stream",
]
