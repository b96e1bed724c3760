"""The reader's shape cache (``mir_runtime.ir.shapes``): an instruction of a known shape reads
exactly as if it were parsed afresh, and what must not be reused is not."""
from __future__ import annotations

import random

import pytest

from paths import dataset_ir_files
from mir_runtime import IRParseError, parse_ir
from mir_runtime.ir import OperandKind as K
from mir_runtime.ir import shapes
from mir_runtime.statements import statements


@pytest.fixture(autouse=True)
def empty_cache():
    shapes._shared.clear()
    shapes._exact.clear()
    shapes._exact_names.clear()
    yield
    shapes._shared.clear()
    shapes._exact.clear()
    shapes._exact_names.clear()


def reading(module) -> list[tuple]:
    """Everything the reader found in each instruction, and its statement (carried by its shape
    or made from its text), comparable across two reads."""
    return [(i.opcode, i.name, i.type, [(op.kind, op.type, op.text) for op in i.operands], i.text, i.line,
             i.successors, i.callee, said) for i, said in zip(module.instructions(), statements(module))]


def fresh(text: str):
    """``parse_ir`` with every instruction lexed and parsed (no shape is ever found)."""
    read = shapes.Shapes.read
    shapes.Shapes.read = lambda self, text, parse: (*parse(), None)
    try:
        return parse_ir(text)
    finally:
        shapes.Shapes.read = read


TWO_FUNCTIONS = """
define i32 @f(i32* %p, i32 %n) {
entry:
  %a = load i32, i32* %p, align 4
  %b = add nsw i32 %a, %n
  %c = icmp slt i32 %b, 10
  br i1 %c, label %yes, label %no
yes:
  ret i32 %b
no:
  ret i32 %a
}

define i32 @g(i32* %q, i32 %m) {
start:
  %0 = load i32, i32* %q, align 4
  %1 = add nsw i32 %0, %m
  %2 = icmp slt i32 %1, 10
  br i1 %2, label %3, label %4
3:
  ret i32 %1
4:
  ret i32 %0
}
"""


def test_a_known_shape_reads_with_its_own_names():
    module = parse_ir(TWO_FUNCTIONS)
    assert reading(module) == reading(fresh(TWO_FUNCTIONS))
    g = [i for b in module.functions[1].blocks for i in b.instructions]
    assert [op.text for op in g[1].operands] == ["%0", "%m"]
    assert [op.kind for op in g[1].operands] == [K.LOCAL, K.ARGUMENT]  # resolved per function, after reuse
    assert g[3].successors == ["%3", "%4"]
    assert [op.kind for op in g[3].operands] == [K.LOCAL, K.BLOCK, K.BLOCK]
    assert sum(v is not None for v in shapes._shared.values()) >= 4


def test_a_name_that_is_a_type_in_one_module_is_read_afresh():
    value = "define void @f(i8* %t) {\n  %x = alloca i8*, align 8\n  store i8* %t, i8** %x, align 8\n  ret void\n}\n"
    parse_ir(value)
    # the same text, where %t is also a named type: never looked up, so read (and accepted) as LLVM does
    typed = "%t = type { i32 }\n" + value
    assert reading(parse_ir(typed)) == reading(fresh(typed))
    with pytest.raises(IRParseError, match="undefined type"):
        parse_ir("define void @f() {\n  %x = alloca %t, align 8\n  ret void\n}\n")


def test_a_struct_is_read_with_its_own_module_body():
    body = "define void @f(%S* %s) {\n  %p = getelementptr %S, %S* %s, i32 0, i32 1\n  ret void\n}\n"
    first = parse_ir("%S = type { i32, float }\n" + body)
    second = parse_ir("%S = type { float, i32 }\n" + body)
    assert next(first.instructions()).type.text == "float*"
    assert next(second.instructions()).type.text == "i32*"
    assert not any("%S" in piece for k in shapes._shared for piece in k[1:] if isinstance(piece, str))


def test_quoted_text_and_names_inside_operands_are_never_kept():
    text = """
@s = private constant [3 x i8] c"%d\\00"
define void @f() {
entry:
  %"a b" = alloca i32, align 4
  br label %next
next:
  call void @h(i8* blockaddress(@f, %next))
  ret void
}
declare void @h(i8*)
"""
    module = parse_ir(text)
    assert reading(module) == reading(fresh(text))
    kept = [k for k, v in shapes._shared.items() if v is not None]
    assert not any("blockaddress" in piece for k in kept for piece in k[1:] if isinstance(piece, str))
    assert not any('"' in piece for k in shapes._shared for piece in k[1:] if isinstance(piece, str))


def test_errors_are_never_kept_and_are_reported_every_time():
    good = "define i32 @f(i32 %a) {\n  %b = add i32 %a, 1\n  ret i32 %b\n}\n"
    parse_ir(good)
    for _ in range(2):
        with pytest.raises(IRParseError, match=r":2:"):
            parse_ir(good.replace("add i32 %a, 1", "add i32 %a, 1 1"))
        with pytest.raises(IRParseError, match="undefined value %c"):
            parse_ir(good.replace("add i32 %a, 1", "add i32 %c, 1"))


def test_reused_shapes_read_real_ir_as_a_fresh_parse():
    files = dataset_ir_files()
    if not files:
        pytest.skip("evaluation IR not found")
    for path in random.Random(0).sample(files, 12):
        text = path.read_text()
        first = reading(parse_ir(text))  # shapes kept from the files before it
        assert first == reading(parse_ir(text)) == reading(fresh(text)), path.name


def outcome(read) -> tuple:
    """A read's result comparable across two reads: what was read, or the error it reported."""
    try:
        return ("read", reading(read()))
    except IRParseError as error:
        return ("error", str(error))


def test_mutated_ir_reads_the_same_with_known_shapes():
    """Hostile input: every mutant reads (or fails) exactly as a fresh parse, with the shapes of
    its seed and of earlier mutants known."""
    from test_fuzz import dataset_seeds, mutate, random_ops  # tests/ is on pytest's path

    seeds = [p.read_bytes() for p in dataset_seeds()]
    if not seeds:
        pytest.skip("evaluation IR not found")
    rng = random.Random(0)
    for k in range(300):
        data = mutate(seeds[k % len(seeds)], random_ops(rng, rng.randint(1, 3)))
        text = data.decode("utf-8", "replace")
        parse_ir(seeds[k % len(seeds)].decode())  # the seed's shapes known
        assert outcome(lambda: parse_ir(text)) == outcome(lambda: fresh(text)), k
