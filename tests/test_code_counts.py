"""Code counts a head reads without an encoder (``mir_runtime.code_counts``): Autophase's counts checked
by hand on tiny IR in both pointer forms, the opcode histogram, an empty module, speed."""
from __future__ import annotations

import time

import numpy as np
import pytest

from mir_runtime.code_counts import AUTOPHASE, FEATURES, OPCODES, OTHER, SIZES, autophase, opcode_histogram
from mir_runtime.ir import Block, Function, Instruction, Module, parse_ir
from mir_runtime.ir.types import VOID_T

# entry -> l, r; l -> r; r -> e (twice: default and case 0), l. So l, r and e have 2 predecessors each.
TINY = """
@G = global i32 0
declare i32 @g(i32)
declare void @h({ptr})

define i32 @f(i32 %x, i1 %c) {{
entry:
  %a = alloca i32
  store i32 1, {ptr} %a
  %y = add i32 %x, 0
  %s = getelementptr i32, {ptr} %a, i64 1
  br i1 %c, label %l, label %r
l:
  %z = call i32 @g(i32 1)
  br label %r
r:
  %p = phi i32 [ 1, %entry ], [ %z, %l ]
  %q = zext i32 %p to i64
  switch i32 %p, label %e [ i32 0, label %e
                            i32 1, label %l ]
e:
  %v = load i32, {ptr} %s
  ret i32 %v
}}
"""

EXPECTED = {
    "TotalFuncs": 3,  # declarations count, as in CompilerGym's pass
    "TotalBlocks": 4, "TotalInsts": 12, "BlockLow": 4, "BlockMid": 0,
    "NumEdges": 6, "CriticalCount": 5, "oneSuccessor": 1, "twoSuccessor": 1,
    "onePred": 0, "twoPred": 3, "morePreds": 0, "twoPredOneSuc": 1, "onePredOneSuc": 0, "twoEach": 0,
    "BranchCount": 2, "UncondBranches": 1,
    "NumPHIInst": 1, "BeginPhi": 1, "ArgsPhi": 2, "BB03Phi": 1, "BBNoPhi": 3, "BBHiPhi": 0,
    "BBNumArgsLo": 1, "BBNumArgsHi": 0,
    # alloca's implicit i32 1, store 1, add 0, call 1, phi 1, switch 0 and 1; the gep's i64 1
    "const32Bit": 7, "const64Bit": 1, "numConstOnes": 6, "numConstZeroes": 2,
    "binaryConstArg": 1, "testUnary": 3, "returnInt": 1, "TotalMemInst": 5,
    "NumAllocaInst": 1, "NumStoreInst": 1, "NumLoadInst": 1, "NumAddInst": 1, "NumGetElementPtrInst": 1,
    "NumBrInst": 2, "NumCallInst": 1, "NumRetInst": 1, "NumZExtInst": 1, "NumICmpInst": 0,
}


@pytest.mark.parametrize("ptr", ["i32*", "ptr"])  # typed pointers (LLVM 10 to 14) and opaque pointers
def test_autophase_counts_by_hand(ptr: str) -> None:
    features = dict(zip(AUTOPHASE, autophase(parse_ir(TINY.format(ptr=ptr))).tolist()))
    assert {name: features[name] for name in EXPECTED} == EXPECTED
    assert len(features) == 56 == SIZES["autophase"]


def test_opcode_histogram_is_log_counts_in_a_fixed_order() -> None:
    histogram = opcode_histogram(parse_ir(TINY.format(ptr="ptr")))
    assert histogram.dtype == np.float32 and histogram.shape == (len(OPCODES),) == (SIZES["opcodes"],)
    counts = dict(zip(OPCODES, np.expm1(histogram.astype(np.float64)).round().astype(int).tolist()))
    assert {op: n for op, n in counts.items() if n} == {
        "alloca": 1, "store": 1, "add": 1, "getelementptr": 1, "br": 2, "call": 1, "phi": 1, "zext": 1,
        "switch": 1, "load": 1, "ret": 1}
    assert OPCODES[:3] == ("ret", "br", "switch") and OPCODES[-1] == OTHER and len(set(OPCODES)) == len(OPCODES)


def test_an_opcode_outside_the_vocabulary_is_counted_as_other() -> None:
    ret = Instruction("ret", None, None, [], "ret void", 2)
    odd = Instruction("frobnicate", None, None, [], "frobnicate", 1)
    module = Module(functions=[Function("@f", VOID_T, [], [Block("%0", [odd, ret], 1)], False, 1)])
    histogram = opcode_histogram(module)
    assert histogram[OPCODES.index(OTHER)] == pytest.approx(np.log(2)) == histogram[OPCODES.index("ret")]
    assert dict(zip(AUTOPHASE, autophase(module)))["TotalInsts"] == 2


@pytest.mark.parametrize("module", [Module(), parse_ir('source_filename = "empty.c"\n')])
def test_an_empty_module_gives_zeros(module: Module) -> None:
    for name, feature in FEATURES.items():
        vector = feature(module)
        assert vector.dtype == np.float32 and vector.shape == (SIZES[name],) and not vector.any()


def test_phi_rich_blocks_and_returns() -> None:
    text = """
define i64 @k(i1 %c, i64 %a) {
entry:
  br i1 %c, label %x, label %y
x:
  br label %j
y:
  br label %j
j:
  %p1 = phi i64 [ 0, %x ], [ 1, %y ]
  %p2 = phi i64 [ %a, %x ], [ 2, %y ]
  %p3 = phi i1 [ true, %x ], [ false, %y ]
  %p4 = phi i64 [ %a, %x ], [ %a, %y ]
  %s = select i1 %p3, i64 %p1, i64 %p2
  %t = sub i64 %s, %p4
  ret i64 %t
}
"""
    f = dict(zip(AUTOPHASE, autophase(parse_ir(text)).tolist()))
    assert (f["BBHiPhi"], f["BBNumArgsHi"], f["ArgsPhi"], f["BeginPhi"], f["NumPHIInst"]) == (1, 1, 8, 1, 4)
    assert (f["onePred"], f["onePredOneSuc"], f["twoPred"], f["NumSelectInst"], f["binaryConstArg"]) == (2, 2, 1, 1, 0)
    # i64 0, 1, 2; i1 true and false are ConstantInts of one bit: counted as ones and zeroes, not by width
    assert (f["const64Bit"], f["const32Bit"], f["numConstOnes"], f["numConstZeroes"]) == (3, 0, 2, 2)


def _big_module(blocks: int) -> str:
    """A function of ``blocks`` blocks of ten instructions each (about ``10 * blocks`` instructions)."""
    lines = ["define i32 @big(i32 %x) {", "b0:"]
    for k in range(blocks):
        lines += [f"  %a{k} = add i32 %x, {k}", f"  %m{k} = mul i32 %a{k}, 3", f"  %s{k} = sub i32 %m{k}, %x",
                  f"  %c{k} = icmp eq i32 %s{k}, 0", f"  %z{k} = zext i1 %c{k} to i64", f"  %t{k} = trunc i64 %z{k} to i32",
                  f"  %o{k} = or i32 %t{k}, 1", f"  %x{k} = xor i32 %o{k}, %a{k}", f"  %h{k} = shl i32 %x{k}, 2"]
        lines += [f"  br i1 %c{k}, label %b{k + 1}, label %b{k + 1}" if k % 2 else f"  br label %b{k + 1}", f"b{k + 1}:"]
    lines += ["  ret i32 0", "}"]
    return "\n".join(lines) + "\n"


def test_five_thousand_instructions_take_milliseconds() -> None:
    module = parse_ir(_big_module(500))
    assert sum(1 for _ in module.instructions()) == 5001
    start = time.perf_counter()
    for feature in FEATURES.values():
        feature(module)
    assert time.perf_counter() - start < 0.25  # about 30 ms here; generous for a loaded machine
    # a conditional branch to one block twice: two edges, both critical (LLVM's isCriticalEdge)
    assert dict(zip(AUTOPHASE, autophase(module)))["CriticalCount"] == 500
