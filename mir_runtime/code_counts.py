"""Code features a head reads without an encoder: counts over a module's defined functions.

Deterministic (same module, same vector), numpy only, nothing fitted: a head that reads them needs
no ONNX encoder and no tokenizer, so it answers in the time it takes to read the module.

``opcode_histogram``: ``log(1 + n)`` of each opcode in ``OPCODES``, LLVM's instruction opcodes
(3.8 to 22) in ``Instruction.def`` order, then ``OTHER``, where an opcode outside the vocabulary
(one a later LLVM adds) is counted rather than dropped, so the vector's size never changes.

``autophase``: the 56 counts of Autophase (Huang et al., FCCM 2019; Haj-Ali et al., MLSys 2020) as
CompilerGym's ``Autophase`` observation computes them (its ``InstCount`` pass), names and order
included, raw counts. Its code, not its comments, is the definition, and three of its choices
look surprising: ``TotalFuncs`` counts every function of the module, declarations included (the
pass visits each); a block's predecessors and successors count edges, so a ``switch`` with two
cases to one block gives that block two predecessors; ``numConstOnes`` counts the ``i1 true``
of a branch and the implicit ``i32 1`` array size of every ``alloca``, as ConstantInt operands.
Approximated here, because the module model keeps less than LLVM's:

- ``returnInt`` takes the return type of the function a direct call names, looked up among the
  module's functions; a callee that is an alias or a cast counts nothing, as in LLVM.
- A ConstantInt is an integer-typed constant operand written as a number, ``true``/``false`` or
  ``zeroinitializer``; splat vector constants are not ConstantInts (LLVM's default up to 22).
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from mir_runtime.ir import Module
from mir_runtime.ir.model import Instruction, OperandKind
from mir_runtime.ir.types import INT

OTHER = "<other>"  # an opcode outside the vocabulary
OPCODES: tuple[str, ...] = (
    # terminators
    "ret", "br", "switch", "indirectbr", "invoke", "resume", "unreachable", "cleanupret", "catchret",
    "catchswitch", "callbr",
    # unary and binary operators
    "fneg", "add", "fadd", "sub", "fsub", "mul", "fmul", "udiv", "sdiv", "fdiv", "urem", "srem", "frem",
    "shl", "lshr", "ashr", "and", "or", "xor",
    # memory
    "alloca", "load", "store", "getelementptr", "fence", "cmpxchg", "atomicrmw",
    # casts (ptrtoaddr: LLVM 22)
    "trunc", "zext", "sext", "fptoui", "fptosi", "uitofp", "sitofp", "fptrunc", "fpext", "ptrtoint",
    "ptrtoaddr", "inttoptr", "bitcast", "addrspacecast",
    # funclet pads and the rest
    "cleanuppad", "catchpad", "icmp", "fcmp", "phi", "call", "select", "va_arg", "extractelement",
    "insertelement", "shufflevector", "extractvalue", "insertvalue", "landingpad", "freeze",
    OTHER,
)
_OPCODE_INDEX = {op: k for k, op in enumerate(OPCODES)}

AUTOPHASE: tuple[str, ...] = (
    "BBNumArgsHi", "BBNumArgsLo", "onePred", "onePredOneSuc", "onePredTwoSuc", "oneSuccessor", "twoPred",
    "twoPredOneSuc", "twoEach", "twoSuccessor", "morePreds", "BB03Phi", "BBHiPhi", "BBNoPhi", "BeginPhi",
    "BranchCount", "returnInt", "CriticalCount", "NumEdges", "const32Bit", "const64Bit", "numConstZeroes",
    "numConstOnes", "UncondBranches", "binaryConstArg", "NumAShrInst", "NumAddInst", "NumAllocaInst",
    "NumAndInst", "BlockMid", "BlockLow", "NumBitCastInst", "NumBrInst", "NumCallInst", "NumGetElementPtrInst",
    "NumICmpInst", "NumLShrInst", "NumLoadInst", "NumMulInst", "NumOrInst", "NumPHIInst", "NumRetInst",
    "NumSExtInst", "NumSelectInst", "NumShlInst", "NumStoreInst", "NumSubInst", "NumTruncInst", "NumXorInst",
    "NumZExtInst", "TotalBlocks", "TotalInsts", "TotalMemInst", "TotalFuncs", "ArgsPhi", "testUnary",
)
# Autophase's opcode counters: feature name -> opcode
_OPCODE_FEATURES = {
    "NumAShrInst": "ashr", "NumAddInst": "add", "NumAllocaInst": "alloca", "NumAndInst": "and",
    "NumBitCastInst": "bitcast", "NumBrInst": "br", "NumCallInst": "call", "NumGetElementPtrInst": "getelementptr",
    "NumICmpInst": "icmp", "NumLShrInst": "lshr", "NumLoadInst": "load", "NumMulInst": "mul", "NumOrInst": "or",
    "NumPHIInst": "phi", "NumRetInst": "ret", "NumSExtInst": "sext", "NumSelectInst": "select", "NumShlInst": "shl",
    "NumStoreInst": "store", "NumSubInst": "sub", "NumTruncInst": "trunc", "NumXorInst": "xor", "NumZExtInst": "zext",
}
_MEMORY = frozenset(("getelementptr", "load", "store", "call", "invoke", "alloca"))
_BINARY = frozenset(("add", "fadd", "sub", "fsub", "mul", "fmul", "udiv", "sdiv", "fdiv", "urem", "srem", "frem",
                     "shl", "lshr", "ashr", "and", "or", "xor"))
# LLVM's UnaryInstruction subclasses: the unary operator, casts, alloca, load, va_arg, extractvalue, freeze
_UNARY = frozenset(("fneg", "alloca", "load", "va_arg", "extractvalue", "freeze", "trunc", "zext", "sext", "fptoui",
                    "fptosi", "uitofp", "sitofp", "fptrunc", "fpext", "ptrtoint", "ptrtoaddr", "inttoptr", "bitcast",
                    "addrspacecast"))
_CONSTANTS = frozenset((OperandKind.CONSTANT, OperandKind.CONSTANT_EXPR, OperandKind.GLOBAL, OperandKind.FUNCTION))


def opcode_histogram(module: Module) -> np.ndarray:
    """float32 [len(OPCODES)]: ``log(1 + count)`` of each opcode in the module's defined functions."""
    counts = np.zeros(len(OPCODES), dtype=np.float64)
    other = _OPCODE_INDEX[OTHER]
    for fn in module.functions:
        for block in fn.blocks:
            for inst in block.instructions:
                counts[_OPCODE_INDEX.get(inst.opcode, other)] += 1
    return np.log1p(counts).astype(np.float32)


def _int_value(text: str) -> int | None:
    """0, 1 or 2 (any other value) for a ConstantInt operand as written; None where it is no
    ConstantInt. Read as digits, not ``int()``: a literal may be thousands of digits long."""
    if text == "true":
        return 1
    if text in ("false", "zeroinitializer"):
        return 0
    negative = text[:1] == "-"
    digits = text[1:] if negative else text
    if not digits.isdigit():
        return None
    digits = digits.lstrip("0")
    if not digits:
        return 0
    return 1 if digits == "1" and not negative else 2


def _constant_counts(inst: Instruction, c: dict[str, int]) -> None:
    """const32Bit, const64Bit, numConstOnes and numConstZeroes of one instruction's operands."""
    for op in inst.operands:
        ty = op.type
        if op.kind is not OperandKind.CONSTANT or ty is None or ty.kind != INT:
            continue
        value = _int_value(op.text)
        if value is None:
            continue
        if ty.text == "i32":
            c["const32Bit"] += 1
        elif ty.text == "i64":
            c["const64Bit"] += 1
        if value == 1:
            c["numConstOnes"] += 1
        elif value == 0:
            c["numConstZeroes"] += 1


def autophase(module: Module) -> np.ndarray:
    """float32 [56]: Autophase's counts of the module, in ``AUTOPHASE`` order (see the module docstring)."""
    c = dict.fromkeys(AUTOPHASE, 0)
    opcode_feature = {op: name for name, op in _OPCODE_FEATURES.items()}
    returns_int = {fn.name for fn in module.functions if fn.return_type.kind == INT}
    c["TotalFuncs"] = len(module.functions)
    for fn in module.functions:
        if not fn.blocks:
            continue
        preds: dict[str, int] = {}
        for block in fn.blocks:
            for succ in block.instructions[-1].successors if block.instructions else ():
                preds[succ] = preds.get(succ, 0) + 1
        for block in fn.blocks:
            insts = block.instructions
            c["TotalBlocks"] += 1
            succs = insts[-1].successors if insts else []
            n_succ, n_pred = len(succs), preds.get(block.name, 0)
            c["NumEdges"] += n_succ
            if n_succ > 1:
                c["CriticalCount"] += sum(1 for s in succs if preds.get(s, 0) > 1)
            if n_succ == 1:
                c["oneSuccessor"] += 1
            elif n_succ == 2:
                c["twoSuccessor"] += 1
            if n_pred == 1:
                c["onePred"] += 1
            elif n_pred == 2:
                c["twoPred"] += 1
            elif n_pred > 2:
                c["morePreds"] += 1
            if n_pred == 1 and n_succ == 1:
                c["onePredOneSuc"] += 1
            elif n_pred == 2 and n_succ == 1:
                c["twoPredOneSuc"] += 1
            elif n_pred == 1 and n_succ == 2:
                c["onePredTwoSuc"] += 1
            elif n_pred == 2 and n_succ == 2:
                c["twoEach"] += 1
            phis = phi_args = 0
            if insts and insts[0].opcode == "phi":
                c["BeginPhi"] += 1
            for inst in insts:
                op = inst.opcode
                c["TotalInsts"] += 1
                name = opcode_feature.get(op)
                if name is not None:
                    c[name] += 1
                if op in _MEMORY:
                    c["TotalMemInst"] += 1
                if op == "br":
                    c["BranchCount"] += 1
                    if len(inst.successors) == 1:
                        c["UncondBranches"] += 1
                elif op == "phi":
                    phis += 1
                    phi_args += len(inst.operands)
                elif op == "call" and inst.callee in returns_int and inst.operands[-1].kind is OperandKind.FUNCTION:
                    c["returnInt"] += 1
                if op in _UNARY:
                    c["testUnary"] += 1
                elif op in _BINARY and (inst.operands[0].kind in _CONSTANTS or inst.operands[1].kind in _CONSTANTS):
                    c["binaryConstArg"] += 1
                if inst.operands:
                    _constant_counts(inst, c)
            c["ArgsPhi"] += phi_args
            if phis == 0:
                c["BBNoPhi"] += 1
            elif phis <= 3:
                c["BB03Phi"] += 1
            else:
                c["BBHiPhi"] += 1
            if phi_args > 5:
                c["BBNumArgsHi"] += 1
            elif phi_args >= 1:
                c["BBNumArgsLo"] += 1
            if len(insts) < 15:
                c["BlockLow"] += 1
            elif len(insts) <= 500:
                c["BlockMid"] += 1
    return np.array([c[name] for name in AUTOPHASE], dtype=np.float32)


FEATURES: dict[str, Callable[[Module], np.ndarray]] = {"opcodes": opcode_histogram, "autophase": autophase}
SIZES: dict[str, int] = {"opcodes": len(OPCODES), "autophase": len(AUTOPHASE)}
