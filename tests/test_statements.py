"""Statements: what is removed (attachments, attribute groups, comments, extra space) and kept."""
from __future__ import annotations

import pytest

from mir_runtime import parse_ir
from mir_runtime.statements import statement, statements


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("%19 = load i32, i32* %18, align 4, !tbaa !8", "%19 = load i32, i32* %18, align 4"),
        ("%5 = tail call i64 @get_id(i32 0) #2", "%5 = tail call i64 @get_id(i32 0)"),
        ("br i1 %48, label %49, label %38, !llvm.loop !20", "br i1 %48, label %49, label %38"),
        ("%a = fadd fast float %x, %y, !fpmath !3, !dbg !DILocation(line: 1, scope: !4)", "%a = fadd fast float %x, %y"),
        (
            "switch i32 %5, label %10 [\n    i32 0, label %6\n    i32 1, label %8\n  ]",
            "switch i32 %5, label %10 [ i32 0, label %6 i32 1, label %8 ]",
        ),
        (
            "call void @llvm.dbg.value(metadata i32 %x, metadata !12, metadata !DIExpression()), !dbg !15",
            "call void @llvm.dbg.value(metadata i32 %x, metadata !12, metadata !DIExpression())",
        ),
        ('call void asm sideeffect "a  #1 ; b", "~{dirflag}"() #3', 'call void asm sideeffect "a  #1 ; b", "~{dirflag}"()'),
        ("%p = getelementptr inbounds [4 x i8], [4 x i8]* @.str, i64 0, i64 0", "%p = getelementptr inbounds [4 x i8], [4 x i8]* @.str, i64 0, i64 0"),
    ],
)
def test_statement(text: str, expected: str) -> None:
    assert statement(text) == expected


def test_one_statement_per_instruction_in_order() -> None:
    text = """
define i32 @f(i32 %a) {
entry:                         ; preds = nothing
  %x = add nsw i32 %a, 1       ; a comment
  ret i32 %x, !dbg !4
}
define void @g() {
  ret void
}
"""
    assert statements(parse_ir(text)) == ["%x = add nsw i32 %a, 1", "ret i32 %x", "ret void"]
