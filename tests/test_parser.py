"""The IR reader on small snippets: syntax across LLVM versions, operand order, types, errors."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paths import dataset_ir_files
from mir_runtime import IRParseError, parse_ir
from mir_runtime.ir import OperandKind as K
from mir_runtime.ir import parser
from mir_runtime.ir import types as T


def only_function(text: str, name: str = "@f"):
    module = parse_ir(text)
    return next(f for f in module.functions if f.name == name)


def insts(text: str, name: str = "@f"):
    return [i for b in only_function(text, name).blocks for i in b.instructions]


def kinds(inst):
    return [op.kind for op in inst.operands]


TYPED = """
%struct.S = type { i32, [4 x float], %struct.S* }
@g = global i32 5, align 4
@.str = private unnamed_addr constant [4 x i8] c"abc\\00", align 1

define i32 @f(%struct.S* %s, i32) {
entry:
  %p = getelementptr inbounds %struct.S, %struct.S* %s, i64 0, i32 1, i64 2
  %v = load float, float* %p, align 4
  %old = load i32* @g
  %q = getelementptr %struct.S* %s, i32 0, i32 2
  %c = call i32 (i8*, ...) @printf(i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i64 0, i64 0), i32 %0)
  %d = call i32 (i8*, ...)* @printf(i8* null)
  ret i32 %old
}
declare i32 @printf(i8*, ...)
"""


def test_typed_pointers_old_and_new_syntax() -> None:
    gep, load, old_load, old_gep, call, old_call, ret = insts(TYPED)
    assert gep.type.text == "float*"
    assert load.type.text == "float"
    assert old_load.type.text == "i32" and old_load.operands[0].kind == K.GLOBAL
    assert old_gep.type.text == "%struct.S**"
    assert call.type.text == "i32" and call.callee == "@printf"
    assert kinds(call) == [K.CONSTANT_EXPR, K.ARGUMENT, K.FUNCTION]
    assert old_call.callee == "@printf"
    assert ret.operands[0].kind == K.LOCAL


def test_opaque_pointers() -> None:
    text = """
define ptr @f(ptr noundef %p, i64 %n) {
  %a = alloca i32, align 4
  %b = alloca [8 x i8], i64 %n, align 16, addrspace(5)
  %x = load i32, ptr %p, align 4
  %y = getelementptr inbounds i8, ptr %p, i64 %n
  %z = getelementptr <4 x i32>, <4 x ptr> zeroinitializer, <4 x i64> zeroinitializer
  ret ptr %y
}"""
    a, b, x, y, z, _ = insts(text)
    assert [a.type.text, b.type.text, x.type.text, y.type.text] == ["ptr", "ptr addrspace(5)", "i32", "ptr"]
    assert z.type.text == "<4 x ptr>"
    assert a.operands[0].typed_text == "i32 1"  # alloca's implicit array size is an operand
    assert b.operands[0].kind == K.ARGUMENT


def test_ptr_in_strings_and_comments_leaves_pointers_typed() -> None:
    """Only the type ``ptr`` written as a type makes a module opaque-pointer IR: openssl's typed
    IR names "blowfish(ptr)" in a string, and its alloca results are still typed pointers."""
    text = """@s = private constant [14 x i8] c"blowfish(ptr)\\00" ; ptr
define void @f() {
  %a = alloca [2 x i32], align 4 ; a ptr
  %b = bitcast [2 x i32]* %a to i8*
  ret void
}"""
    module = parse_ir(text)
    assert not module.opaque_pointers
    assert module.functions[0].blocks[0].instructions[0].type.text == "[2 x i32]*"


def test_getelementptr_indices_that_llvm_accepts() -> None:
    """Every index form llvm-as-19 reads (checked on this text): fields by constant, a splat
    vector or zeroinitializer; arrays by any value; vtable ranges in a constant expression."""
    text = """
%S = type { i32, [4 x i8], { i64, ptr } }
@g = global %S zeroinitializer
@p = global ptr getelementptr (%S, ptr @g, i64 0, i32 2, i32 1)
@v = global ptr getelementptr inbounds inrange(-16, 24) ({ [5 x ptr] }, ptr null, i32 0, i32 0, i32 2)
define <2 x ptr> @f(ptr %p, i64 %i) {
  %a = getelementptr inbounds %S, ptr %p, i64 %i, i32 1, i64 %i
  %b = getelementptr { i32, i32 }, ptr %p, <2 x i64> <i64 0, i64 1>, <2 x i32> <i32 1, i32 1>
  %c = getelementptr { i32, i32 }, ptr %p, i64 0, i32 zeroinitializer
  %d = getelementptr %S, ptr %p, i64 1
  ret <2 x ptr> %b
}"""
    a, b, c, d, _ = insts(text)
    assert [a.type.text, b.type.text, c.type.text, d.type.text] == ["ptr", "<2 x ptr>", "ptr", "ptr"]


def test_quoted_and_numbered_names() -> None:
    text = """
define void @"weird fn"(i32 %"arg one") {
"entry block":
  %"a b" = add i32 %"arg one", 1
  %0 = mul i32 %"a b", 2
  br label %"next one"
"next one":
  %1 = add i32 %0, 1
  ret void
}"""
    fn = only_function(text, '@"weird fn"')
    assert [b.name for b in fn.blocks] == ['%"entry block"', '%"next one"']
    assert fn.blocks[0].instructions[1].operands[0].text == '%"a b"'
    assert fn.blocks[0].instructions[2].successors == ['%"next one"']


def test_unnamed_arguments_and_blocks_are_numbered() -> None:
    text = """
define i32 @f(i32, i32) {
  %3 = icmp slt i32 %0, %1
  br i1 %3, label %4, label %5

4:                                                ; preds = %2
  ret i32 %0

; <label>:5:                                      ; preds = %2
  ret i32 %1
}"""
    fn = only_function(text)
    assert [a.name for a in fn.arguments] == ["%0", "%1"]
    assert [b.name for b in fn.blocks] == ["%2", "%4", "%5"]
    br = fn.blocks[0].instructions[1]
    assert kinds(br) == [K.LOCAL, K.BLOCK, K.BLOCK]
    assert [op.text for op in br.operands] == ["%3", "%5", "%4"]  # LLVM order: cond, false, true
    assert br.successors == ["%4", "%5"]


def test_multiline_switch_invoke_landingpad_and_phi() -> None:
    text = """
define i32 @f(i32 %x) personality i8* bitcast (i32 (...)* @__gxx_personality_v0 to i8*) {
entry:
  switch i32 %x, label %d [
    i32 0, label %a
    i32 7, label %b
  ]
a:
  %r = invoke i32 @g(i32 %x)
          to label %b unwind label %lp
b:
  %m = phi i32 [ 1, %entry ], [ %r, %a ],
               [ 3, %lp ]
  ret i32 %m
d:
  unreachable
lp:
  %l = landingpad { i8*, i32 }
          cleanup
          catch i8* null
  br label %b
}
declare i32 @g(i32)
declare i32 @__gxx_personality_v0(...)
"""
    sw, inv, phi, ret, unr, lp, br = insts(text)
    assert sw.successors == ["%d", "%a", "%b"]
    assert [op.text for op in sw.operands] == ["%x", "%d", "0", "%a", "7", "%b"]
    assert sw.text.count("\n") == 3
    assert inv.callee == "@g" and inv.successors == ["%b", "%lp"]
    assert kinds(inv) == [K.ARGUMENT, K.BLOCK, K.BLOCK, K.FUNCTION]
    assert [op.text for op in phi.operands] == ["1", "%r", "3"]
    assert lp.type.text == "{ i8*, i32 }" and lp.operands[0].typed_text == "i8* null"


def test_module_level_entities() -> None:
    text = """; ModuleID = 'x.c'
source_filename = "x.c"
target datalayout = "e-m:e-i64:64-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"
module asm ".globl foo"
$c = comdat any
%T = type opaque
@arr = linkonce_odr global [2 x { i32, i8* }] [{ i32, i8* } { i32 1, i8* null }, { i32, i8* } zeroinitializer], comdat($c), align 16
@tl = thread_local(initialexec) global i32 0
@al = alias i32, i32* @tl
@v = global <4 x float> <float 1.000000e+00, float 0x7FF8000000000000, float 0.0, float -0.0>

define void @f(<4 x float>* %p) #0 !dbg !3 {
  %v = load <4 x float>, <4 x float>* @v, align 16, !dbg !7
  %e = extractelement <4 x float> %v, i32 1
  %s = shufflevector <4 x float> %v, <4 x float> undef, <2 x i32> <i32 0, i32 1>
  %c = fcmp fast olt <4 x float> %v, zeroinitializer
  %a = load i32, i32* @al
  call void asm sideeffect "nop", "~{dirflag}"()
  call void @llvm.dbg.value(metadata i32 %a, metadata !9, metadata !DIExpression()), !dbg !7
  ret void
}
declare void @llvm.dbg.value(metadata, metadata, metadata) #1
attributes #0 = { noinline nounwind "frame-pointer"="all" }
attributes #1 = { nounwind readnone speculatable }
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "f", scope: null, flags: DIFlagPrototyped | DIFlagAllCallsDescribed)
!7 = !DILocation(line: 1, column: 2, scope: !3)
!9 = !DILocalVariable(name: "a", scope: !3)
"""
    module = parse_ir(text)
    assert module.source_filename == "x.c" and module.target_triple == "x86_64-pc-linux-gnu"
    assert module.module_asm == [".globl foo"] and "$c" in module.comdats
    assert module.types["%T"] is None
    assert [g.name for g in module.globals] == ["@arr", "@tl", "@al", "@v"]
    assert module.globals[0].type.text == "[2 x { i32, i8* }]*"
    assert module.globals[2].kind == "alias"
    assert module.attribute_groups["#1"].startswith("{ nounwind")
    load, ext, shuf, cmp, load_alias, asm, dbg, _ = insts(text)
    assert ext.type.text == "float" and shuf.type.text == "<2 x float>" and cmp.type.text == "<4 x i1>"
    assert kinds(asm) == [K.INLINE_ASM]
    assert kinds(dbg) == [K.METADATA, K.METADATA, K.METADATA, K.FUNCTION]
    assert module.functions[1].is_declaration and module.functions[1].is_intrinsic


def test_aggregates_atomics_and_casts() -> None:
    text = """
%pair = type { i64, [3 x i32] }
define i32 @f(%pair* %p, i32* %q) {
  %l = load %pair, %pair* %p
  %x = extractvalue %pair %l, 1, 2
  %y = insertvalue %pair %l, i64 4, 0
  %c = cmpxchg i32* %q, i32 0, i32 1 seq_cst seq_cst
  %o = extractvalue { i32, i1 } %c, 0
  %r = atomicrmw add i32* %q, i32 1 monotonic
  fence syncscope("singlethread") acquire
  fence singlethread seq_cst
  %v = load atomic volatile i32, i32* %q syncscope("agent") acquire, align 4
  store atomic i32 %v, i32* %q singlethread release, align 4
  %w = atomicrmw volatile uinc_wrap i32* %q, i32 1 syncscope("x") seq_cst, align 4
  %z = zext nneg i32 %r to i64
  %t = trunc nuw i64 %z to i32
  %k = or disjoint i32 %t, 1
  %f = freeze i32 %k
  ret i32 %f
}"""
    l, x, y, c, o, r, fence, _, v, _, w, z, t, k, f, _ = insts(text)
    assert v.type.text == w.type.text == "i32"  # atomic accesses: scopes (LLVM < 5: singlethread) and orderings
    assert x.type.text == "i32" and y.type.text == "%pair"
    assert c.type.text == "{ i32, i1 }" and kinds(c) == [K.ARGUMENT, K.CONSTANT, K.CONSTANT]
    assert [z.type.text, t.type.text, k.type.text, f.type.text] == ["i64", "i32", "i32", "i32"]
    assert fence.operands == []


def test_llvm19_debug_records_and_uselistorder_are_not_instructions() -> None:
    text = """
define i32 @f(i32 %x) !dbg !3 {
entry:
    #dbg_value(i32 %x, !9, !DIExpression(), !7)
  %y = add i32 %x, 1, !dbg !7
  uselistorder i32 %x, { 1, 0 }
  ret i32 %y
}
!3 = !{}
!7 = !{}
!9 = !{}"""
    assert [i.opcode for i in insts(text)] == ["add", "ret"]


def test_old_memory_intrinsics_are_upgraded_like_llvm_does() -> None:
    text = """
define void @f(i8* %d, i8* %s) {
  tail call void @llvm.memcpy.p0i8.p0i8.i64(i8* nonnull %d, i8* %s, i64 40, i32 8, i1 false), !tbaa.struct !2
  call void @llvm.memset.p0i8.i64(i8* %d, i8 0, i64 4, i32 0, i1 false)
  ret void
}
declare void @llvm.memcpy.p0i8.p0i8.i64(i8* nocapture, i8* nocapture readonly, i64, i32, i1)
declare void @llvm.memset.p0i8.i64(i8* nocapture, i8, i64, i32, i1)
declare void @h()
!2 = !{}
"""
    module = parse_ir(text)
    cpy, mset, _ = [i for i in module.instructions()]
    assert cpy.text == "call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 8 %d, i8* align 8 %s, i64 40, i1 false)"
    assert mset.text == "call void @llvm.memset.p0i8.i64(i8* %d, i8 0, i64 4, i1 false)"
    assert len(cpy.operands) == 5
    assert [f.name for f in module.functions][-2:] == ["@llvm.memcpy.p0i8.p0i8.i64", "@llvm.memset.p0i8.i64"]


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("define void @f() {\n  %x = frobnicate i32 1\n  ret void\n}", 2, 8, "unknown instruction 'frobnicate'"),
        ("define i32 @f() {\n  ret i32 %nope\n}", 2, 1, "undefined value %nope"),
        ("define void @f() {\n  br label %missing\n}", 2, 1, "undefined block %missing"),
        ("define void @f() {\n  %x = add i32 1, 2\n}", 2, 1, "does not end with a terminator"),
        ("define void @f() {\n  ret void\n", 1, 1, "no closing '}'"),
        ("define void @f() {\n  %x = add i32 1, 2\n  %x = add i32 1, 2\n  ret void\n}", 3, 3, "redefinition of %x"),
        ("define void @f() {\n  %1 = add i32 1, 2\n  %0 = add i32 1, 2\n  ret void\n}", 3, 3, "out of order"),
        ("define void @f() {\n  %1 = add i32 1, 2\n  %3 = add i32 1, 2\n  ret void\n}", 3, 3, "out of order (expected %2)"),
        ("define i1 @f(i32 %a) {\n  %c = icmp,slt i32 %a, 1\n  ret i1 %c\n}", 2, 12, "expected a comparison predicate"),
        ("define ptr @f(ptr %p) {\n  %q = getelementptr inbou,ds i8, ptr %p, i64 1\n  ret ptr %q\n}", 2, 22,
         "expected a type, found 'inbou'"),
        ("define void @f() {\n  br label %a\na:\n  br label %a !llvm.loop !0\n}\n!0 = distinct !{!0}", 4, 15,
         "expected ',', found '!llvm.loop'"),
        ("@p = global [1 x ptr] [ptr getelementptr (i8, ptr @nowhere, i64 1)]", 1, 1, "undefined global @nowhere"),
        ("define void @f(ptr %p) {\n  %x = load i32, ptr %p, align 3\n  ret void\n}", 2, 32, "not a power of two"),
        ("define void @f() {\n  %x = add i32 1 2\n  ret void\n}", 2, 18, "expected ','"),
        ("define void @f() {\n  call void @nowhere()\n  ret void\n}", 2, 1, "undefined global @nowhere"),
        ("@g = global i32 1\nbogus line here", 2, 1, "unknown top-level entity 'bogus'"),
        ("define void @f() {\nentry:\n  %a = add i32 1, 2\nnext:\n  ret void\n}", 4, 1, "previous block has no terminator"),
    ],
)
def test_errors_are_located(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(IRParseError) as info:
        parse_ir(text, "bad.ll")
    err = info.value
    assert message in err.message
    assert (err.file, err.line, err.column) == ("bad.ll", line, column)
    assert str(err).startswith(f"bad.ll:{line}:{column}: ")


# Laxness found by the differential test (test_differential.py), each rejected by llvm-as-19 on
# the same line, mostly at the same column.
@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("@a = global [2 x double] [double 1.0, double 3.0e+-1]", 1, 49, "expected ',', found 'e'"),
        ('@s = global [2 x i8] c"a\\00"\n@p = global ptr getelementptr ([2 x constant], ptr @s, i64 0, i64 0)',
         2, 37, "expected a type, found 'constant'"),
        ("define void @f(ptr %p) {\n  store ptr getelementptr (i8, ptr %p, i64 1), ptr %p\n  ret void\n}",
         2, 36, "found the local value '%p'"),
        ("define void @f() {\n  call void @f(ptr x @f)\n  ret void\n}", 2, 20, "expected a value, found 'x'"),
        ("define void @f() {\n  call void @f(ptr nosync @f)\n  ret void\n}", 2, 20, "found 'nosync'"),
        ("define void @f() {\n  call void @f(i64 3) ptr @f)\n  ret void\n}", 2, 23, "expected ',', found 'ptr'"),
        ("define void @f(ptr noundef linkonce_odr %p) {\n  ret void\n}", 1, 28, "found 'linkonce_odr'"),
        ("define void @f() # 0 {\n  ret void\n}", 1, 18, "unexpected '#' in the function header"),
        ("define internal internal void @f() {\n  ret void\n}", 1, 17, "expected a type, found 'internal'"),
        ("declare void @g(ptr align 99999999999999999999999)", 1, 27, "not a power of two"),
        ("$c = comdat *", 1, 13, "unknown comdat selection kind '*'"),
        ("$c", 1, 3, "expected '='"),
        ("@g = global i32 0, comdat($nope)", 1, 1, "use of undefined comdat $nope"),
        ("%a = type { %b }", 1, 1, "use of undefined type named '%b'"),
        ("@g = declare constant i32 0", 1, 6, "expected 'global' or 'constant', found 'declare'"),
        ("attributes #0 = { nounwind bogus }", 1, 28, "unknown attribute 'bogus'"),
        ("attributes #0 = { memory(align: readwrite) }", 1, 26, "expected a memory location or access kind"),
        ('@s = constant [3 x i8] c"ab"', 1, 24, "is not of type [3 x i8]"),
        ("@g = global i32\x1c0", 1, 16, "unexpected character '\\x1c'"),
        ("@v = global <0 x i32> zeroinitializer", 1, 14, "a vector of 0 elements"),
        ("define void @f(i32 %a) {\n  %x = shl void %a, 1\n  ret void\n}", 2, 12, "shl takes integer operands, not void"),
        ("declare double @g()\ndefine void @f() {\n  call double @g()\n  %1 = fadd double 1.0, 1.0\n  ret void\n}",
         4, 3, "value %1 is out of order (expected %2)"),  # an unnamed result takes a number
        ("define i32 @f() {\n  br label %b\nb:\n  %x = phi i32 [ 0, %nope ]\n  ret i32 %x\n}", 4, 1,
         "incoming block %nope of a phi is not a block"),
        ("!0 = !{}\n!0 = !{}", 2, 1, "redefinition of metadata !0"),
        ("define void @f() !dbg ! {\n  ret void\n}", 1, 24, "expected '{' after '!'"),
        ("define void @f() !dbg !prof !3 {\n  ret void\n}\n!3 = !{}", 1, 23, "expected a metadata node, found '!prof'"),
        ("@g = global [1 x label] zeroinitializer", 1, 23, "label cannot be an element"),
        ("@g = global [99999999999999999999999 x i8] zeroinitializer", 1, 14, "at most 2^64-1"),
        ("attributes #0 = { allocsize(4294967296) }", 1, 29, "does not fit in 32 bits"),
        ("define void @f(ptr %p) {\n  %q = getelementptr i8, ptr %p, i64 !0\n  ret void\n}\n!0 = !{}", 2, 38,
         "metadata !0 where a value is expected"),
        ("declare void @g(ptr dereferenceable(0))", 1, 37, "must be non-zero"),
        ("attributes #0 = { noundef nounwind }", 1, 19, "unknown attribute 'noundef'"),  # not a function's
        ("define void @f() {\n  ret void ; done\r8\n}", 2, 19, "carriage return that ends a comment"),
        ("%S = type { i32, i8 }\ndefine void @f(%S* %p) {\n  %q = getelementptr %S, %S* %p, i32 0, i32 -2\n  ret void\n}",
         3, 45, "cannot index"),  # not the second field from the end
        ("define ptr @f(ptr %p) {\n  %q = getelementptr inbounds { ptr, ptr }, ptr %p, i32 0, i32 2\n  ret ptr %q\n}",
         2, 64, "cannot index the type of getelementptr"),  # opaque pointers: the source type still bounds it
        ("%S = type { i32, [4 x i8] }\ndefine void @f(ptr %p) {\n  %q = getelementptr %S, ptr %p, i64 0, i32 1, i32 0, i32 0\n"
         "  ret void\n}", 3, 59, "cannot index"),  # past the innermost element
        ("define void @f(ptr %p, i32 %n) {\n  %q = getelementptr { i32, i32 }, ptr %p, i64 0, i32 %n\n  ret void\n}",
         2, 55, "cannot index"),  # a struct field must be a constant
        ("%S = type { i32, i8 }\n@g = global %S zeroinitializer\n@p = global ptr getelementptr (%S, ptr @g, i64 0, i32 2)",
         3, 55, "cannot index the type of getelementptr"),  # in a constant expression
        ("define void @f(ptr %p) {\n  %x = load void, ptr %p, align 8\n  ret void\n}", 2, 13,
         "void is only a function result"),
        ("define void @f(ptr %p) {\n  %x = getelementptr void, ptr %p, i64 1\n  ret void\n}", 2, 22,
         "void is only a function result"),
        ("define void @f(ptr %p) {\n  store float 1.0, target* %p\n  ret void\n}", 2, 26, "expected '(' after 'target'"),
        ("define void @f(ptr %p) {\n  %x = load i32, ptr %p, !tbaa !8s\n  ret void\n}", 2, 32,
         "expected a metadata node, found '!8s'"),
        ("define void @g() {\n  ret void\n}\n@a = alias void (), ptr %6", 4, 25, "found the local value '%6'"),
        ("%struct.s} \\e = type opaque", 1, 1, "expected a type definition"),
        ("%S = type { i32, i32 }\ndefine void @f(ptr %p) {\n  %q = getelementptr %S, ptr %p, i64 0, i64 1\n  ret void\n}",
         3, 45, "cannot index the type of getelementptr"),  # a struct's field is an i32
        ("define i32 @f(i32 %n) {\n  switch i32 %n, label %d [ i32 1, label %d\n i32 1, label %d ]\nd:\n  ret i32 0\n}",
         3, 6, "duplicate case value 1 in switch"),
        ("$c = comdat any\n$c = comdat any", 2, 1, "redefinition of comdat $c"),
        ("define void @f() {\n  fence monotonic\n  ret void\n}", 2, 9, "fence cannot be monotonic"),
        ("define void @f(ptr %p) {\n  %x = load atomic i32, ptr %p release, align 4\n  ret void\n}", 2, 32,
         "atomic load cannot be release"),
        ("define void @f(ptr %p) {\n  store atomic i32 1, ptr %p acquire, align 4\n  ret void\n}", 2, 30,
         "atomic store cannot be acquire"),
        ("define void @f(ptr %p) {\n  %x = load atomic i32, ptr %p seq_cst\n  ret void\n}", 2, 39,
         "atomic load without ', align N'"),
        ("define void @f(ptr %p) {\n  %x = cmpxchg ptr %p, i32 0, i32 1 acq_rel acq_rel\n  ret void\n}", 2, 45,
         "the failure ordering of cmpxchg cannot be acq_rel"),
        ("define void @f(ptr %p) {\n  %x = atomicrmw add ptr %p, i32 1 unordered\n  ret void\n}", 2, 36,
         "atomicrmw cannot be unordered"),
        ("define void @f(ptr %p) {\n  %x = atomicrmw frob ptr %p, i32 1 seq_cst\n  ret void\n}", 2, 18,
         "expected an atomicrmw operation, found 'frob'"),
        ("define void @f(ptr %p) {\n  %x = load i32, ptr %p seq_cst, align 4\n  ret void\n}", 2, 25,
         "expected ',', found 'seq_cst'"),  # an ordering makes no sense without atomic
        ("define void @f([2 x i32] %a) {\n  %x = extractvalue [2 x i32] %a, 2\n  ret void\n}", 2, 35,
         "cannot index the aggregate of extractvalue"),  # past the array's end
        ("define void @f(<2 x i32> %v) {\n  %x = extractvalue <2 x i32> %v, 1\n  ret void\n}", 2, 35,
         "cannot index the aggregate of extractvalue"),  # a vector is no aggregate
        ("define void @f({ i32, i8 } %s) {\n  %x = insertvalue { i32, i8 } %s, i8 1, 2\n  ret void\n}", 2, 42,
         "cannot index the aggregate of insertvalue"),
        ("define void @f({ i32, i8 } %s) {\n  %x = insertvalue { i32, i8 } %s, i8 1\n  ret void\n}", 2, 40,
         "expected ',' and the indices of insertvalue"),
        ("@g = global i32 extractvalue ([2 x i32] [i32 1, i32 2], 2)", 1, 57,
         "cannot index the aggregate of extractvalue"),  # a constant expression of LLVM <= 14
        ("%S = type { i32, i8 }\n@g = global i32 extractvalue (%S insertvalue (%S zeroinitializer, i8 1, 2), 0)",
         2, 73, "cannot index the aggregate of insertvalue"),
        ("define void @f() {\n  ret void\n}\n!.\nattributes #0 = { nounwind }", 4, 1,
         "expected '!N = [distinct] !...' or '!name = !{...}'"),  # LLVM reads a name '.', then wants '='
        ("!0 = 5", 1, 1, "expected '!N = [distinct] !...'"),
        ("define void @f() {\n  %r = add fast i32 1, 2\n  ret void\n}", 2, 12, "expected a type, found 'fast'"),
        ("define void @f() {\n  %r = add nuw nuw i32 1, 2\n  ret void\n}", 2, 16, "expected a type, found 'nuw'"),
        ("define void @f() {\n  %r = udiv nuw i32 1, 2\n  ret void\n}", 2, 13, "expected a type, found 'nuw'"),
        ("define void @f() {\n  %r = sext nneg i32 1 to i64\n  ret void\n}", 2, 13, "found 'nneg'"),
        ("define void @f() {\n  %r = icmp nnan eq i32 1, 2\n  ret void\n}", 2, 13,
         "expected a comparison predicate, found 'nnan'"),
        ("!13 = !\n", 1, 1, "expected '!N = [distinct] !...'"),  # a comment cut the node
        ("define void @f(<2 x double> %v) {\n  %s = shufflevector <2 x double> %v, <2 x ptr> poison, <2 x i32> "
         "zeroinitializer\n  ret void\n}", 2, 67, "invalid shufflevector operands"),
        ("define void @f(<2 x double> %v) {\n  %s = insertelement <2 x double> %v, float 1.0, i64 0\n  ret void\n}",
         2, 54, "invalid insertelement operands"),
        ("define void @f(<2 x double> %v) {\n  %s = extractelement <2 x double> %v, double 0.0\n  ret void\n}",
         2, 47, "invalid extractelement operands"),
        ("define void @f(i32 %n) {\n  switch i32 %n, label %d [ i32 0, label %d\n i32 4294967296, label %d ]\nd:\n"
         "  ret void\n}", 3, 6, "duplicate case value 4294967296"),  # truncated to i32, as LLVM does
        ("define void @f(i32 %n) {\n  switch i32 %n, label %d [ i32 " + "9" * 5000 + ", label %d\n i32 -1, label %d ]\n"
         "d:\n  ret void\n}", 3, 6, "duplicate case value -1"),  # 10**5000 - 1 truncates to -1, beyond int()'s digits
        ("define range(noundef -1, 2) i32 @f() {\n  ret i32 0\n}", 1, 14, "expected a type, found 'noundef'"),
        ("define range(float -1, 2) i32 @f() {\n  ret i32 0\n}", 1, 14, "the range must have integer type"),
        ("declare void @g(i32)\ndeclare i32 @h(i32)\ndefine void @f() {\n  call void @g(i32 (i32) @h)\n  ret void\n}",
         4, 26, "functions are not values"),
        ("define void @f(ptr %p, i32 %a) {\n  %x = alloca i32, align 4, i32 2\n  ret void\n}\ndeclare i32 @g()\n!0 = !{i32 1}", 2, 29,
         "expected a metadata attachment, found 'i32'"),  # alloca's parts in LLVM's order
        ("define void @f(ptr %p, i32 %a) {\n  %x = alloca i32, addrspace(1), align 4\n  ret void\n}\ndeclare i32 @g()\n!0 = !{i32 1}", 2, 34,
         "found 'align'"),
        ("define void @f(ptr %p, i32 %a) {\n  %x = alloca inalloca inalloca i32\n  ret void\n}\ndeclare i32 @g()\n!0 = !{i32 1}", 2, 24,
         "expected a type, found 'inalloca'"),
        ("define void @f(ptr %p, i32 %a) {\n  %x = load volatile volatile i32, ptr %p\n  ret void\n}\ndeclare i32 @g()\n!0 = !{i32 1}", 2, 22,
         "expected a type, found 'volatile'"),
        ("define void @f(ptr %p, i32 %a) {\n  %x = load i32, ptr %p, !nontemporal !0, align 4\n  ret void\n}\ndeclare i32 @g()\n!0 = !{i32 1}", 2, 43,
         "expected a metadata attachment, found 'align'"),  # attachments come last
        ("define void @f(ptr %p, i32 %a) {\n  %x = cmpxchg volatile weak ptr %p, i32 0, i32 1 seq_cst seq_cst\n  ret void\n}\ndeclare i32 @g()\n!0 = !{i32 1}", 2, 25,
         "expected a type, found 'weak'"),
        ("define void @f(ptr %p, i32 %a) {\n  %x = tail tail call i32 @g()\n  ret void\n}\ndeclare i32 @g()\n!0 = !{i32 1}", 2, 13,
         "expected 'tail call', 'musttail call', or 'notail call'"),
        ("define void @f(ptr %p, i32 %a) {\n  %x = call fast i32 @g()\n  ret void\n}\ndeclare i32 @g()\n!0 = !{i32 1}", 2, 13,
         "fast-math flags on a call of type i32"),
        ("define void @f(ptr %p, i32 %a) {\n  %x = select nnan i1 true, ptr %p, ptr %p\n  ret void\n}\ndeclare i32 @g()\n!0 = !{i32 1}", 2, 15,
         "fast-math flags on a select of type ptr"),
        ("define void @f(ptr %p, i32 %a) {\n  %x = landingpad i32 cleanup cleanup\n  ret void\n}\ndeclare i32 @g()\n!0 = !{i32 1}", 2, 31,
         "expected ',', found 'cleanup'"),
        ("define void @f() {\n  ret void, !dbg !4\n}\n!3 = !{}", 2, 18, "use of undefined metadata '!4'"),
        ("!llvm.ident = !{!0}\n!0 = !{!\"x !9\", !1} ; !2", 2, 17, "use of undefined metadata '!1'"),  # not !9, !2
        ("!0 = !{!4294967296}\n!4294967296 = !{}", 1, 8, "metadata number !4294967296 is too large"),
        ("!4294967296 = !{}", 1, 1, "metadata number !4294967296 is too large"),
        ("attributes #0 = { allockind(\"alloc,unin}itialized\") }", 1, 29, "unknown allockind 'unin}itialized'"),
        ("define void @f(<4 x float> %v) {\n  %s = shufflevector <4 x float> %v, <4 x float> poison, <4 x i32> "
         "<i32 8, i32 0, i32 1, i32 2>\n  ret void\n}", 2, 95, "invalid shufflevector operands (mask element 8)"),
        ('target datalayout = "e-m:e\n', 1, 1, "expected 'target datalayout = \"...\"'"),
        ('target endian = "little"', 1, 1, "unknown top-level entity 'target'"),
        ("@g = global opaque zeroinitializer", 1, 13, "expected a type, found 'opaque'"),  # a type body only
        ("define void @f() {\n  br label %a\na\r:\n  ret void\n}", 3, 1, "unknown instruction 'a'"),  # not 'a:'
        ("define void @f(i32* %p) {\n  store i8 1, i32* %p, align 4\n  ret void\n}", 2, 20,
         "stored value and pointer type do not match"),  # typed pointers: both types are written
        ("define void @f(i32* %p) {\n  %x = load i8, i32* %p\n  ret void\n}", 2, 22,
         "explicit pointee type doesn't match operand's pointee type"),
        ("@v = global i32 0\n@d = global [1 x ptr] [ptr blockaddress(@v, %b)]", 2, 1,
         "blockaddress names @v, which is not a defined function"),
        ("@g = global i0 0", 1, 13, "expected a type, found 'i0'"),
        ("define void @f() memory(none) {}\ndefine void @g() {\n  ret void\n}", 1, 1,
         "requires at least one basic block"),
        ("@g = global i16777216 0", 1, 13, "expected a type, found 'i16777216'"),
        ("@g = global i" + "9" * 5000 + " 0", 1, 13, "expected a type, found 'i999"),  # past int()'s digit limit
        ("@g = global [" + "9" * 5000 + " x i8] zeroinitializer", 1, 14, "integer of 5000 digits is too large"),
        ("define void @f() {\n  %" + "9" * 5000 + " = add i32 1, 1\n  ret void\n}", 2, 3, "is out of order"),
        ("%t = type i32, i32 }", 1, 1, "cannot read the body of type %t: unexpected ','"),
        # a value is used with the type it was defined with: arguments, results, forward references
        ("define i32 @f(i64 %a) {\n  %b = add i32 %a, 1\n  ret i32 %b\n}", 2, 1,
         "'%a' defined with type 'i64' but used as 'i32'"),
        ("define void @f() {\nentry:\n  br label %l\nl:\n  %p = phi i32 [ 0, %entry ], [ %q, %l ]\n"
         "  %q = add i64 1, 1\n  br label %l\n}", 5, 1, "'%q' defined with type 'i64' but used as 'i32'"),  # LLVM: line 6
        ("define void @f() {\n  %p = alloca i32\n  store i8 0, i8* %p\n  ret void\n}", 3, 1,
         "'%p' defined with type 'i32*' but used as 'i8*'"),  # llvm-as-14
        ("define void @f() {\nentry:\n  %b = add i32 %entry, 1\n  ret void\n}", 3, 1,
         "'%entry' defined with type 'label' but used as 'i32'"),
        ("define void @f(label %x) {\n  br label %x\n}", 2, 1, "branch to undefined block %x"),  # an argument, no block
        ("define void @f(ptr %p) {\n  %v = getelementptr i8, ptr %p, <2 x i64> zeroinitializer\n"
         "  %w = getelementptr i8, ptr %v, i64 1\n  ret void\n}", 3, 1, "'%v' defined with type '<2 x ptr>'"),
        ("@g = addrspace(1) global i64 0\ndefine void @f() {\n  store i32 0, ptr @g\n  ret void\n}", 3, 1,
         "'@g' defined with type 'ptr addrspace(1)' but used as 'ptr'"),
        ("@g = global i64 0\ndefine void @f() {\n  store i32 0, i32* @g\n  ret void\n}", 3, 1,
         "'@g' defined with type 'i64*' but used as 'i32*'"),  # llvm-as-14
        ("define void @f(ptr %p) {\n  store double 1, ptr %p\n  ret void\n}", 2, 16,
         "integer constant 1 must have integer type, not double"),
        ("@g = global ptr 0", 1, 17, "integer constant 0 must have integer type, not ptr"),
        ("define i32 @f() {\n  ret i32 0x3FF0000000000000\n}", 2, 11, "floating point constant 0x3FF0000000000000 invalid"),
        # each opcode's operand kinds (LLParser's, and CastInst::castIsValid for the casts)
        ("define i32 @f(i32 %a) {\n  %r = fdiv i32 %a, %a\n  ret i32 %r\n}", 2, 13,
         "fdiv takes floating-point operands, not i32"),
        ("define float @f(float %a) {\n  %r = add float %a, %a\n  ret float %r\n}", 2, 12,
         "add takes integer operands, not float"),
        ("define i1 @f(float %a) {\n  %r = icmp eq float %a, %a\n  ret i1 %r\n}", 2, 16,
         "icmp takes integer or pointer operands, not float"),
        ("define i1 @f(i32 %a) {\n  %r = fcmp oeq i32 %a, %a\n  ret i1 %r\n}", 2, 17,
         "fcmp takes floating-point operands, not i32"),
        ("define i64 @f(i32 %a) {\n  %r = trunc i32 %a to i64\n  ret i64 %r\n}", 2, 14,
         "invalid cast opcode for cast from 'i32' to 'i64'"),
        ("define i64 @f(i32 %a) {\n  %r = bitcast i32 %a to i64\n  ret i64 %r\n}", 2, 16,
         "invalid cast opcode for cast from 'i32' to 'i64'"),
        ("define ptr addrspace(1) @f(ptr %a) {\n  %r = bitcast ptr %a to ptr addrspace(1)\n  ret ptr addrspace(1) %r\n}",
         2, 16, "invalid cast opcode for cast from 'ptr' to 'ptr addrspace(1)'"),
        ("define ptr @f(ptr %a) {\n  %r = addrspacecast ptr %a to ptr\n  ret ptr %r\n}", 2, 22,
         "invalid cast opcode for cast from 'ptr' to 'ptr'"),
        ("define <4 x i64> @f(<2 x i32> %a) {\n  %r = zext <2 x i32> %a to <4 x i64>\n  ret <4 x i64> %r\n}", 2, 13,
         "invalid cast opcode for cast from '<2 x i32>' to '<4 x i64>'"),
        ("define i32 @f(i32 %a) {\n  %r = select i32 %a, i32 1, i32 2\n  ret i32 %r\n}", 2, 15,
         "select condition must be i1 or <n x i1>, not i32"),
        ("define i32 @f(i1 %c, i32 %a, i64 %b) {\n  %r = select i1 %c, i32 %a, i64 %b\n  ret i32 %r\n}", 2, 15,
         "both values to select must have one type"),
        ("define i32 @f(<2 x i1> %c, i32 %a) {\n  %r = select <2 x i1> %c, i32 %a, i32 %a\n  ret i32 %r\n}", 2, 15,
         "a select on <2 x i1> needs vectors of as many elements"),
        ("define void @f(i32 %a) {\ne:\n  br i32 %a, label %x, label %x\nx:\n  ret void\n}", 3, 6,
         "branch condition must have type i1, not i32"),
        ("define void @f(i32 %p) {\n  %v = load i32, i32 %p\n  ret void\n}", 2, 18, "load operand must be a pointer"),
        ("define void @f(i32 %p) {\n  store i32 1, i32 %p\n  ret void\n}", 2, 16, "store operand must be a pointer"),
        ("define i32 @f(i64 %a) {\n  ret i64 %a\n}", 2, 3, "ret i64 in @f, which returns i32"),  # LLVM: column 7
        # and in constant expressions (LLVM 19 refuses most of these operators outright; LLVM 14 by these rules)
        ("@g = global i64 ptrtoint (i32 1 to i64)", 1, 17, "invalid cast opcode for cast from 'i32' to 'i64'"),
        ("@g = global i32 add (float 1.0, float 2.0)", 1, 17, "add takes integer operands, not float"),
        ("@g = global i32 xor (i32 1, i64 2)", 1, 17, "operands of constexpr must have same type (i32, i64)"),
        ("@g = global float fadd (i32 1, i32 2)", 1, 19, "fadd takes floating-point operands, not i32"),
        ("@g = global float fneg (i32 1)", 1, 19, "fneg takes floating-point operands, not i32"),
        ("@g = global i1 icmp eq (float 1.0, float 2.0)", 1, 16, "icmp takes integer or pointer operands, not float"),
        ("@g = global i1 fcmp oeq (float 1.0, double 2.0)", 1, 16, "operands of constexpr must have same type"),
        ("@g = global i32 select (i32 1, i32 2, i32 3)", 1, 17, "select condition must be i1 or <n x i1>, not i32"),
        ("@g = global i32 extractelement (i32 1, i32 0)", 1, 17, "extractelement of a non-vector"),
        ("@g = global <2 x i32> insertelement (<2 x i32> zeroinitializer, i64 3, i32 0)", 1, 23,
         "invalid insertelement operands"),
        ("@g = global i64 add (i32 1, i32 2)", 1, 17, "constant expression type mismatch: got type 'i32' but expected 'i64'"),
        ("@g = global i32 icmp eq (i32 1, i32 2)", 1, 17, "got type 'i1' but expected 'i32'"),
        ("@g = global i32 ptrtoint (ptr @g to i64)", 1, 17, "got type 'i64' but expected 'i32'"),
        ("@g = global i32 getelementptr (i8, ptr @g, i64 1)", 1, 17, "got type 'ptr' but expected 'i32'"),
        # aggregate constants: elements of one type (an array's, a vector's) or of the struct's fields, as used
        ("@g = global [2 x i32] [i32 1, i64 2]", 1, 23, "array element #1 is not of type 'i32'"),
        ("@g = global [2 x i32] [i32 1]", 1, 23, "got type '[1 x i32]' but expected '[2 x i32]'"),
        ("@g = global [2 x i32] []", 1, 23, "invalid empty array initializer"),
        ("@g = global <2 x i32> <i32 1, i64 2>", 1, 23, "vector element #1 is not of type 'i32'"),
        ("@g = global <1 x i32> <>", 1, 23, "constant vector must not be empty"),
        ("@g = global <vscale x 1 x i32> <i32 1>", 1, 32, "got type '<1 x i32>' but expected '<vscale x 1 x i32>'"),
        ("@g = global { i32, i64 } { i32 1, i32 2 }", 1, 26, "element 1 of struct initializer doesn't match"),
        ("%s = type { i32, i64 }\n@g = global %s { i32 1 }", 2, 16, "initializer with struct type has wrong # elements"),
        ("@g = global <{ i32 }> { i32 1 }", 1, 23, "packed'ness of initializer and type don't match"),
        ("@g = global i32 { i32 1 }", 1, 17, "a struct constant is no i32"),
        # keyword constants: true and false are i1s, null a pointer, none a token
        ("@g = global ptr false", 1, 17, "got type 'i1' but expected 'ptr'"),
        ("@g = global <2 x i1> true", 1, 22, "got type 'i1' but expected '<2 x i1>'"),
        ("@g = global i32 null", 1, 17, "null must be a pointer type"),
        ("@g = global <2 x ptr> null", 1, 23, "null must be a pointer type"),
        ("define void @f() {\n  br i1 none, label %a, label %a\na:\n  ret void\n}", 2, 9, "invalid type for none constant"),
        ("define void @f(ptr %p) {\n  store [2 x i8] [i8 1, i16 2], ptr %p\n  ret void\n}", 2, 18,
         "array element #1 is not of type 'i8'"),
        ("@g = global i32 0\n@h = global i8* getelementptr (i32, i32* @g, i64 1)", 2, 17,
         "got type 'i32*' but expected 'i8*'"),
        ("@g = global <2 x i32> shufflevector (<2 x i32> zeroinitializer, <2 x i32> zeroinitializer, <4 x i32> "
         "zeroinitializer)", 1, 23, "got type '<4 x i32>' but expected '<2 x i32>'"),
        # a switch: an integer condition, cases integer constants of its type
        ("define void @f(float %v) {\na:\n  switch float %v, label %a [ ]\n}", 3, 10,
         "switch condition must have integer type, not float"),
        ("define void @f(i32 %v) {\na:\n  switch i32 %v, label %b [ i64 1, label %b ]\nb:\n  ret void\n}", 3, 29,
         "case value of type i64 in a switch on i32"),  # the verifier's
        ("define void @f(i32 %v, i32 %w) {\na:\n  switch i32 %v, label %b [ i32 %w, label %b ]\nb:\n  ret void\n}",
         3, 29, "case value %w is not a constant integer"),
        ("define void @f(i32 %v) {\na:\n  switch i32 %v, label %b [ i32 poison, label %b ]\nb:\n  ret void\n}",
         3, 29, "case value poison is not a constant integer"),
        # metadata tuples: elements as LLParser reads them
        ('!0 = !{i32 1, !7"wchar_size", i32 4}\n!7 = !{}', 1, 17, "expected ',', found '\"wchar_size\"'"),
        ("!0 = !{!0, !0, i64 %81}", 1, 20, "expected a constant, found the local value '%81'"),
        ("!0 = !{ptr @nope}", 1, 1, "use of undefined global @nope"),
        ('!0 = !{!"omnipotent char"} !0, i64 0}', 1, 28, "unexpected '!0' after the metadata node"),
        ("!llvm.module.flags = !{!0, !1i64 !0}\n!0 = !{}", 1, 28, "expected a metadata node number, found '!1i64'"),
        # typed pointers (llvm-as-14): globals inside constants, functions against their declarations
        ('@s = constant [3 x i8] c"ab\\00"\n@p = global i8* getelementptr ([4 x i8], [3 x i8]* @s, i64 0, i64 0)',
         2, 67, "explicit pointee type doesn't match operand's pointee type"),
        ('@s = constant [3 x i8] c"ab\\00"\ndefine i8* @f() {\n  ret i8* getelementptr ([4 x i8], [4 x i8]* @s, '
         'i64 0, i64 0)\n}', 3, 1, "'@s' defined with type '[3 x i8]*' but used as '[4 x i8]*'"),
        ("declare void @g(i64)\ndefine void @f(i8* %p) {\n  call void @g(i32 1)\n  ret void\n}", 3, 1,
         "'@g' defined with type 'void (i64)*' but used as 'void (i32)*'"),
        ("@v = global void (i32)* @f\ndefine void @f(i8* %p) {\n  ret void\n}", 1, 1,
         "'@f' defined with type 'void (i8*)*' but used as 'void (i32)*'"),
    ],
)
def test_rejected_where_llvm_rejects(text: str, line: int, column: int, message: str) -> None:
    test_errors_are_located(text, line, column, message)


def test_typed_uses_llvm_accepts_read() -> None:
    """Uses that llvm-as accepts pass the type checks: a named type that is no struct is another
    spelling of its body; results whose type the reader computes (vector getelementptr, cmpxchg,
    typed-pointer alloca and getelementptr) have the type LLVM gives them."""
    parse_ir("%t = type i32\ndefine i32 @f(%t %a) {\n  %b = add i32 %a, 1\n  ret %t %b\n}")
    parse_ir("define void @f(ptr %p) {\n  %v = getelementptr i8, ptr %p, <2 x i64> zeroinitializer\n"
             "  %e = extractelement <2 x ptr> %v, i32 0\n  %x = cmpxchg ptr %e, i32 0, i32 1 seq_cst seq_cst\n"
             "  %o = extractvalue { i32, i1 } %x, 1\n  ret void\n}")
    # a call of another type: through a cast with typed pointers, directly where no pointer type is
    # written (LLVM >= 15 reads that module with opaque pointers, which allow it)
    parse_ir("declare void @g(...)\ndefine void @f(i8* %p) {\n  call void bitcast (void (...)* @g to void (i32)*)(i32 1)\n"
             "  ret void\n}")
    parse_ir("declare void @g(...)\ndefine void @f() {\n  call void @g(i32 1)\n  ret void\n}")
    parse_ir("%s = type { i8, [2 x i32] }\ndefine void @f() {\n  %a = alloca %s, addrspace(5)\n"
             "  %g = getelementptr %s, %s addrspace(5)* %a, i64 0, i32 1, i64 1\n"
             "  store i32 0, i32 addrspace(5)* %g\n  ret void\n}")


def test_a_named_type_that_is_no_struct_is_its_body() -> None:
    """``%t = type i32`` makes ``%t`` another spelling of ``i32``, as in LLVM (whose output never
    names it): values and constants of type ``%t`` are i32s (so ``add %t %a, 1`` is
    accepted, its constant of an integer type)."""
    module = parse_ir("%t = type i32\n%v = type <2 x %t>\ndefine %t @f(%t %a, %v %w) {\n  %b = add %t %a, 1\n"
                      "  %e = extractelement %v %w, %t 0\n  ret %t %b\n}")
    fn = module.functions[0]
    assert fn.return_type is T.I32 and [a.type.text for a in fn.arguments] == ["i32", "<2 x i32>"]
    assert [i.type.text for i in fn.blocks[0].instructions[:2]] == ["i32", "i32"]
    # a struct may name it only after its definition (LLVM's order rule), so its field is the i32 too
    parse_ir("%t = type i32\n%u = type { %t }\ndefine i32 @f(%u %a) {\n  %b = extractvalue %u %a, 0\n"
             "  %c = add i32 %b, 1\n  ret i32 %c\n}")


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("%u = type { %t }\n%t = type i32", 2, "forward references to non-struct type (%t)"),
        ("%u = type { %t }\n%s = type { i32 }\n%t = type %s", 3, "forward references to non-struct type (%t)"),
        ("%a = type [2 x %a]", 1, "non-struct types may not be recursive (%a)"),
        # uses are type-checked where a named type is no struct, as anywhere else
        ("%t = type i32\ndefine i32 @f(i32 %a) {\n  %b = add i64 %a, 1\n  ret i32 %a\n}", 3,
         "'%a' defined with type 'i32' but used as 'i64'"),
        ("%t = type i32\ndefine i64 @f(i32 %a) {\n  ret i64 %a\n}", 3, "'%a' defined with type 'i32' but used as 'i64'"),
        ("%s = type { i32 }\n%t = type %s\ndefine i32 @f(%t %a) {\n  %b = extractvalue %s %a, 0\n  ret i32 %b\n}", 4,
         "'%a' defined with type '%t' but used as '%s'"),
    ],
)
def test_named_types_that_are_no_struct_refused_as_llvm_refuses(text: str, line: int, message: str) -> None:
    """llvm-as-14 and -19 refuse each of these (the first three at the type's definition)."""
    with pytest.raises(IRParseError) as caught:
        parse_ir(text)
    assert caught.value.line == line and message in caught.value.message


def test_operand_kinds_llvm_accepts_read() -> None:
    """Casts of vectors element for element (scalable ones too), bitcasts between types of one
    size, a pointer and a vector of one pointer, comparisons of pointer vectors, a vector select."""
    parse_ir("define void @f(<2 x i32> %a, <vscale x 2 x i32> %s, ptr %p, bfloat %b, <2 x i1> %c, double %d) {\n"
             "  %1 = zext <2 x i32> %a to <2 x i64>\n  %2 = bitcast <2 x i32> %a to i64\n"
             "  %3 = sext <vscale x 2 x i32> %s to <vscale x 2 x i64>\n"
             "  %4 = bitcast <vscale x 2 x i64> %3 to <vscale x 4 x i32>\n  %5 = bitcast ptr %p to <1 x ptr>\n"
             "  %6 = bitcast bfloat %b to half\n  %7 = fpext double %d to x86_fp80\n"
             "  %8 = addrspacecast ptr %p to ptr addrspace(3)\n  %9 = ptrtoint ptr addrspace(3) %8 to i16\n"
             "  %10 = icmp eq <1 x ptr> %5, %5\n  %11 = select <2 x i1> %c, <2 x i32> %a, <2 x i32> %a\n"
             "  %12 = fneg <2 x float> zeroinitializer\n  ret void\n}")


def test_switch_cases_llvm_accepts_read() -> None:
    """Case values that fold to an integer constant: ``zeroinitializer``, ``true``, a constant expression."""
    module = parse_ir("define void @f(i64 %v, i1 %c) {\na:\n  switch i64 %v, label %b [ i64 zeroinitializer, label %b\n"
                      "    i64 add (i64 1, i64 2), label %b ]\nb:\n  switch i1 %c, label %d [ i1 true, label %d ]\n"
                      "d:\n  ret void\n}")
    assert [len(b.instructions[-1].successors) for b in module.functions[0].blocks] == [3, 2, 0]


def test_metadata_tuples_llvm_accepts_read() -> None:
    """Every element kind of a tuple, inline tuples and expressions, and a named node's list."""
    module = parse_ir('!llvm.ident = !{!0, !1}\n!0 = !{null, !{}, !{i32 1, !"s"}, ptr null, i1 true, float 1.0, '
                      '!DIExpression()}\n!1 = distinct !{!1, !"x"} ; a comment')
    assert set(module.metadata) == {"!llvm.ident", "!0", "!1"}


def test_syntax_llvm_accepts_reads() -> None:
    """Every word the strict reader checks, in a module llvm-as-19 accepts."""
    text = r"""$c = comdat any
$q = comdat nodeduplicate
@s = private unnamed_addr constant [4 x i8] c"a\5C\00\41", align 1
@t = thread_local(initialexec) global i32 0, comdat($c)
@q = weak_odr dso_local hidden addrspace(1) externally_initialized global i32 0, comdat
@w = global <{ i8, [2 x i16] }> <{ i8 1, [2 x i16] [i16 2, i16 3] }>
@e = global { i1, ptr, [0 x i8], i64 } { i1 true, ptr getelementptr inbounds (i8, ptr @s, i64 1), [0 x i8] [], i64 ptrtoint (ptr @s to i64) }
@a = internal alias i32, ptr @t
@pa = global ptr ptrauth (ptr @s, i32 0, i64 1234, ptr @pa)

define internal fastcc noundef nonnull align 8 dereferenceable(8) ptr @f(ptr noundef byval(i32) align 4 %p, i32 signext %n) unnamed_addr #0 section ".text" comdat($c) align 16 gc "shadow-stack" personality ptr @g !dbg !0 {
  %r = tail call fastcc noalias ptr @f(ptr byval(i32) align 4 %p, i32 signext 1) #0 [ "deopt"(i32 1) ]
  ret ptr %r
}

declare !dbg !0 void @g(...) nounwind memory(argmem: read, inaccessiblemem: none) uwtable(sync) "k"="v"
declare ptr @m(i64, i64) allocsize(0, 1)

attributes #0 = { nounwind alignstack=16 "frame-pointer"="all" memory(read) vscale_range(1,16) }
!0 = !{}
"""
    module = parse_ir(text)
    assert [g.name for g in module.globals] == ["@s", "@t", "@q", "@w", "@e", "@a", "@pa"]
    assert module.functions[0].attribute_group == "#0" and module.functions[0].metadata == [("dbg", "!0")]
    assert [a.name for a in module.functions[0].arguments] == ["%p", "%n"]


def test_llvm22_words_and_thinlto_summary_read() -> None:
    """What rustc 1.95 (LLVM 22) and clang's -flto=thin write: newer attribute words and memory
    locations, ``ptrtoaddr``, and module summary entries (``^N = ...``), which hold no code."""
    text = """@g = global i64 ptrtoaddr (ptr @g to i64)

define void @f(ptr dead_on_return %p) #0 {
  %a = ptrtoaddr ptr %p to i64
  ret void
}

declare i32 @llvm.umin.i32(i32, i32) #1

attributes #0 = { nounwind sanitize_type memory(readwrite, inaccessiblemem: write, errnomem: none, target_mem0: none, target_mem1: none) }
attributes #1 = { nocallback nocreateundeforpoison nodivergencesource nofree nosync nounwind speculatable willreturn memory(none) }

^0 = module: (path: "[Regular LTO]", hash: (0, 0, 0, 0, 0))
^1 = gv: (name: "f", summaries: (function: (module: ^0, flags: (linkage: external), insts: 1))) ; guid = 1
"""
    module = parse_ir(text)
    assert [f.name for f in module.functions] == ["@f", "@llvm.umin.i32"]
    assert module.functions[0].blocks[0].instructions[0].opcode == "ptrtoaddr"
    with pytest.raises(IRParseError, match="unknown attribute 'nocreateundefpoison'"):
        parse_ir(text.replace("nocreateundeforpoison", "nocreateundefpoison"))
    with pytest.raises(IRParseError, match="found 'target_mem2'"):
        parse_ir(text.replace("target_mem1", "target_mem2"))


def test_result_types_agree_with_every_typed_use(datasets) -> None:
    """Our computed result type of each instruction equals the type LLVM printed at its uses."""
    checked = 0
    for path in dataset_ir_files():
        module = parse_ir(path.read_text(), str(path))
        for fn in module.functions:
            types = {i.name: i.type.text for b in fn.blocks for i in b.instructions if i.name}
            for inst in (i for b in fn.blocks for i in b.instructions):
                uses = inst.operands[:-1] if inst.opcode in ("call", "invoke", "callbr") else inst.operands
                for op in uses:
                    if op.kind == K.LOCAL and op.type is not None and op.type.text not in ("label", "token"):
                        assert types[op.text] == op.type.text, f"{path}:{inst.line}"
                        checked += 1
    assert checked > 100_000


def test_call_returning_a_function_pointer() -> None:
    """Since LLVM 3.7 a pointer-to-function type after ``call`` is the return type."""
    text = """
define double (double)* @pick(i8 %k) {
  ret double (double)* null
}
define double @f(i8 %k) {
  %fp = call double (double)* @pick(i8 signext %k)
  %r = call double %fp(double 1.0)
  ret double %r
}"""
    pick, call = insts(text)[:2]
    assert pick.type.text == "double (double)*"
    assert call.type.text == "double" and call.operands[-1].type.text == "double (double)*"


def test_landingpad_clause_followed_by_an_attachment() -> None:
    text = """
define void @f() personality i8* null {
  invoke void @f()
          to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { i8*, i32 }
          cleanup, !dbg !7
  resume { i8*, i32 } %l
}
!7 = !{}"""
    assert [i.opcode for i in insts(text)] == ["invoke", "ret", "landingpad", "resume"]


def test_returning_a_pointer_to_a_void_function() -> None:
    text = """
define void (i32)* @f(void (i32)* %p) {
  ret void (i32)* %p
}
define void @g() {
  ret void
}"""
    module = parse_ir(text)
    ret, ret_void = module.instructions()
    assert ret.operands[0].kind == K.ARGUMENT and ret.operands[0].type.text == "void (i32)*"
    assert ret_void.operands == []


def _nested_struct(depth: int) -> str:
    return "{ " * depth + "i32" + " }" * depth


def test_deeply_nested_literal_struct_reads() -> None:
    """llvm-as accepts a literal struct nested 500 (and 5,000) deep; the type reader keeps its own
    stack, so depth costs no Python recursion."""
    deep = _nested_struct(500)
    text = (
        f"%T = type {deep}\n@g = global %T zeroinitializer\n"
        f"define void @f(ptr %p) {{\n  %x = getelementptr {deep}, ptr %p, i64 0\n  ret void\n}}\n"
    )
    (gep, _) = insts(text)
    assert gep.type.text == "ptr"
    assert parse_ir(text).types["%T"].text == deep


def test_nested_function_and_aggregate_types() -> None:
    text = (
        "@g = global <{ [2 x <4 x i8>], { i32 (i8, ...)*, void ()* } }> zeroinitializer\n"
        "@h = global { i32 (i32 (i32)*, ...)* } zeroinitializer\n"
    )
    module = parse_ir(text)
    assert module.globals[0].type.text == "<{ [2 x <4 x i8>], { i32 (i8, ...)*, void ()* } }>*"
    assert module.globals[1].type.elem.elems[0].elem.elems[0].text == "i32 (i32)*"


def test_type_nested_too_deeply_is_a_located_error() -> None:
    with pytest.raises(IRParseError) as info:
        parse_ir(f"\n%T = type {_nested_struct(5000)}\n", "deep.ll")
    assert (info.value.file, info.value.line) == ("deep.ll", 2)
    assert "nested too deeply" in info.value.message


@pytest.mark.parametrize("value", [
    "getelementptr (i8, ptr " * 3000 + "@g" + ", i64 1)" * 3000,  # constant expressions
    "{ " * 3000 + "}" * 3000,  # aggregate constants (LLVM rejects the type mismatch: so may we)
])
def test_deep_constants_read_or_fail_located(value: str) -> None:
    text = f"@g = global i32 0\ndefine void @f(ptr %p) {{\n  store ptr {value}, ptr %p\n  ret void\n}}\n"
    try:
        parse_ir(text, "deep.ll")
    except IRParseError as error:
        assert error.line == 3


_FRAGMENTS = (" ", "\t", "\n", "%x", '%"a b"', "%1", " = ", "type ", "= type ", "{ i32 }", "opaque", '"', "\x0b", "\x0c",
              "\x1c", "\x1f", "\xa0", "\u2028", "\u3000", "é", "i32", ";")


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(_FRAGMENTS), max_size=40).map("".join))
def test_type_definitions_and_odd_blanks_are_found_as_the_expressions_find_them(text: str) -> None:
    assert parser._typedefs(text) == [(m.group(1), m.group(2)) for m in parser._TYPEDEF_RE.finditer(text)]
    assert parser._has_odd_blank(text) == (parser._ODD_BLANK.search(text) is not None)
    assert parser._ASCII_ODD_BLANKS == "".join(c for c in map(chr, range(128)) if parser._ODD_BLANK.match(c))
