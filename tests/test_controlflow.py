"""The verifier's control-flow rules (mir_runtime/ir/controlflow.py): each refusal is one that
llvm-as-19 makes too ("assembly parsed, but does not verify as correct!"), each acceptance a
module it reads."""
from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mir_runtime import IRParseError, parse_ir
from mir_runtime.ir.controlflow import _Dominators

_BRANCH = "define i32 @f(i1 %c) {\na:\n  br i1 %c, label %b, label %d\nb:\n"  # a -> b -> d, a -> d
_EH = ("declare i32 @g()\ndeclare i32 @__gxx_personality_v0(...)\n"
       "define i32 @f() personality ptr @__gxx_personality_v0 {\na:\n"
       "  %r = invoke i32 @g() to label %ok unwind label %bad\n")


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("define void @f() {\nentry:\n  br label %entry\n}", 3, "the entry block %entry of @f has a predecessor"),
        (_BRANCH + "  br label %d\nd:\n  %x = add i32 1, 2\n  %p = phi i32 [ 1, %a ], [ 2, %b ]\n  ret i32 %p\n}",
         8, "phi not at the top of block %d"),
        (_BRANCH + "  br label %d\nd:\n  %p = phi i32 [ 1, %a ]\n  ret i32 %p\n}",
         7, "phi's incoming blocks do not match the predecessors of %d (%a, %b)"),
        (_BRANCH + "  br label %d\nd:\n  %p = phi i32 [ 1, %a ], [ 2, %d ]\n  ret i32 %p\n}",
         7, "do not match the predecessors of %d"),
        ("define i32 @f() {\na:\n  ret i32 0\nb:\n  %p = phi i32 [ 1, %a ]\n  ret i32 %p\n}",
         5, "the predecessors of %b (none)"),
        # a switch reaching %d twice: two entries for %a, with one value
        ("define i32 @f(i32 %v) {\na:\n  switch i32 %v, label %d [ i32 1, label %d ]\nd:\n"
         "  %p = phi i32 [ 1, %a ]\n  ret i32 %p\n}", 5, "the predecessors of %d (%a, %a)"),
        ("define i32 @f(i32 %v) {\na:\n  switch i32 %v, label %d [ i32 1, label %d ]\nd:\n"
         "  %p = phi i32 [ 1, %a ], [ 2, %a ]\n  ret i32 %p\n}", 5, "phi has different values for %a"),
        (_BRANCH + "  %x = add i32 1, 2\n  br label %d\nd:\n  %y = add i32 %x, 1\n  ret i32 %y\n}",
         8, "%x does not dominate its use in %d"),
        (_BRANCH + "  %x = add i32 1, 2\n  br label %d\nd:\n  %p = phi i32 [ %x, %a ], [ %x, %b ]\n  ret i32 %p\n}",
         8, "%x does not dominate its use in %d"),  # the use on the edge from %a
        ("define i32 @f() {\na:\n  %y = add i32 %x, 1\n  %x = add i32 1, 2\n  ret i32 %y\n}",
         3, "%x does not dominate its use in %a"),
        ("define i32 @f() {\na:\n  %x = add i32 %x, 1\n  ret i32 %x\n}", 3, "%x uses its own value (only a phi may)"),
        # an invoke's result exists on its normal edge only
        (_EH + "ok:\n  ret i32 %r\nbad:\n  %l = landingpad { ptr, i32 } cleanup\n  ret i32 %r\n}",
         10, "%r does not dominate its use in %bad"),
    ],
)
def test_refused_where_llvm_verifier_refuses(text: str, line: int, message: str) -> None:
    with pytest.raises(IRParseError) as info:
        parse_ir(text, "bad.ll")
    assert message in info.value.message
    assert (info.value.file, info.value.line) == ("bad.ll", line)


@pytest.mark.parametrize(
    "text",
    [
        # a loop: the phi uses a value defined below it, on the back edge
        "define i32 @f(i32 %n) {\na:\n  br label %l\nl:\n  %i = phi i32 [ 0, %a ], [ %j, %l ]\n  %j = add i32 %i, 1\n"
        "  %c = icmp slt i32 %j, %n\n  br i1 %c, label %l, label %e\ne:\n  ret i32 %j\n}",
        # two edges from one switch, two entries with one value (written two ways for a float)
        "define double @f(i32 %v) {\na:\n  switch i32 %v, label %d [ i32 1, label %d ]\nd:\n"
        "  %p = phi double [ 1.0, %a ], [ 1.000000e+00, %a ]\n  ret double %p\n}",
        # unreachable blocks: any use there, a self-reference too
        "define i32 @f() {\na:\n  ret i32 0\nb:\n  %x = add i32 %x, 1\n  %y = add i32 %z, 1\n  ret i32 %x\n"
        "c:\n  %z = add i32 1, 2\n  br label %b\n}",
        # an invoke's result in its normal destination, and in a phi there on its edge
        _EH + "ok:\n  %p = phi i32 [ %r, %a ]\n  ret i32 %p\nbad:\n  %l = landingpad { ptr, i32 } cleanup\n  ret i32 0\n}",
        # a value used in blocks its block dominates, through a diamond
        _BRANCH + "  br label %d\nd:\n  %p = phi i32 [ 1, %a ], [ 2, %b ]\n  %q = add i32 %p, 1\n  ret i32 %q\n}",
    ],
)
def test_control_flow_llvm_accepts_reads(text: str) -> None:
    parse_ir(text)


def _reached(succs: list[list[int]], removed: int) -> set[int]:
    seen, todo = set(), [0] if removed != 0 else []
    while todo:
        b = todo.pop()
        if b not in seen:
            seen.add(b)
            todo += [s for s in succs[b] if s != removed]
    return seen


@settings(max_examples=400, deadline=None)
@given(st.integers(2, 12).flatmap(lambda n: st.lists(st.lists(st.integers(1, n - 1), max_size=3), min_size=n, max_size=n)))
def test_dominator_tree_matches_the_definition(succs: list[list[int]]) -> None:
    """``a`` dominates a reachable ``b`` when removing ``a`` cuts every path from the entry to ``b``
    (or ``a`` is ``b``); an unreachable block is dominated by every block, as in LLVM."""
    preds = [[] for _ in succs]
    for b, targets in enumerate(succs):
        for t in targets:
            preds[t].append(b)
    tree = _Dominators(succs, preds)
    reachable = _reached(succs, -1)
    for a in range(len(succs)):
        cut = _reached(succs, a)
        for b in range(len(succs)):
            expected = b not in reachable or (a in reachable and (a == b or b not in cut))
            assert tree.dominates(a, b) == expected, (a, b)


def test_many_deep_predecessors_take_linear_time() -> None:
    """A chain of 20,000 blocks, each also branching to one exit block that uses the entry's value:
    the simple iterative dominator algorithms walk the chain once per predecessor (quadratic)."""
    n = 20_000
    lines = ["define i32 @f(i1 %c) {", "entry:", "  %v = add i32 1, 2", "  br label %b0"]
    for k in range(n):
        lines += [f"b{k}:", f"  br i1 %c, label %b{k + 1}, label %exit"]
    lines += [f"b{n}:", "  br label %exit", "exit:", "  %r = add i32 %v, 1", "  ret i32 %r", "}"]
    start = time.process_time()
    parse_ir("\n".join(lines))
    assert time.process_time() - start < 20
