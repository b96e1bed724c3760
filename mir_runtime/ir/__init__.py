"""Pure-Python reader of textual LLVM IR, and the promotion of -O0 locals a model may ask for."""
from mir_runtime.ir.model import Argument, Block, Function, Global, Instruction, Module, Operand, OperandKind
from mir_runtime.ir.promote import promote
from mir_runtime.ir.reader import parse_ir, read_ir, read_stream

__all__ = [
    "Argument", "Block", "Function", "Global", "Instruction", "Module", "Operand", "OperandKind",
    "parse_ir", "promote", "read_ir", "read_stream",
]
