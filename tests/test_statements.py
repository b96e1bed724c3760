"""Statements: what is removed (attachments, attribute groups, comments, extra space), what is
normalized (local value names) and what is kept."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mir_runtime import parse_ir
from mir_runtime.statements import statement, statements


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("%19 = load i32, i32* %18, align 4, !tbaa !8", "%ID = load i32, i32* %ID, align 4"),
        ("%5 = tail call i64 @get_id(i32 0) #2", "%ID = tail call i64 @get_id(i32 0)"),
        ("br i1 %48, label %49, label %38, !llvm.loop !20", "br i1 %ID, label %ID, label %ID"),
        ("%a = fadd fast float %x, %y, !fpmath !3, !dbg !DILocation(line: 1, scope: !4)", "%ID = fadd fast float %ID, %ID"),
        (
            "switch i32 %5, label %10 [\n    i32 0, label %6\n    i32 1, label %8\n  ]",
            "switch i32 %ID, label %ID [ i32 0, label %ID i32 1, label %ID ]",
        ),
        (
            "call void @llvm.dbg.value(metadata i32 %x, metadata !12, metadata !DIExpression()), !dbg !15",
            "call void @llvm.dbg.value(metadata i32 %ID, metadata !12, metadata !DIExpression())",
        ),
        ('call void asm sideeffect "a  #1 ; %b", "~{dirflag}"() #3', 'call void asm sideeffect "a  #1 ; %b", "~{dirflag}"()'),
        ("%p = getelementptr inbounds [4 x i8], [4 x i8]* @.str, i64 0, i64 0", "%ID = getelementptr inbounds [4 x i8], [4 x i8]* @.str, i64 0, i64 0"),
        ('%"a b" = load i8, i8* %call.i', "%ID = load i8, i8* %ID"),
    ],
)
def test_statement(text: str, expected: str) -> None:
    assert statement(text) == expected


@pytest.mark.parametrize("text", ["%0 = getelementptr %struct.S, %struct.S* %p, i64 0", '%0 = load %"class.a b"*, %"class.a b"** %p'])
def test_named_types_are_not_values(text: str) -> None:
    kept = statement(text, types={"%struct.S", '%"class.a b"'})
    assert kept in ("%ID = getelementptr %struct.S, %struct.S* %ID, i64 0", '%ID = load %"class.a b"*, %"class.a b"** %ID')


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
!4 = !{}
"""
    assert statements(parse_ir(text)) == ["%ID = add nsw i32 %ID, 1", "ret i32 %ID", "ret void"]


@pytest.mark.parametrize(
    ("texts", "types"),
    [
        (["%5 = call i32 @f(i32 %3) #2", "%x = call i32 @f(i32 %y) #2"], ()),
        (["%12abc = add i32 %a, 1, !dbg !3", "%12 = add i32 %a, 1, !dbg !3"], ()),  # %12abc lexes as %12 then abc
        (["%p = load %ID, %ID* %q, !tbaa !1", "%r = load %ID, %ID* %s, !tbaa !1"], ("%ID",)),  # a type named like VALUE
        (["store %struct.S* %a, %struct.S** %b, !tbaa !4", "store %struct.S* %struct.S, %struct.S** %b, !tbaa !4"],
         ("%struct.S",)),
    ],
)
def test_a_known_statement_is_the_statement_of_its_tokens(texts: list[str], types: tuple) -> None:
    """Statements of texts with ``!`` or ``#`` are kept by their text less its value names; each
    still equals the statement read from the text's own tokens."""
    from mir_runtime.statements import _from_tokens

    for text in texts * 2:
        assert statement(text, types) == _from_tokens(text, types), text


_PIECES = ["%1", "%12", "%a", "%a.b", "%ID", "%S", "abc", "12", " ", "  ", ",", "!", "!5", "!tbaa", "#", "#3", "(", ")",
           "[", "]", "<", ">", "{", "}", "*", "=", "x", "\n", "@g", "i32", "$c", "%", "-1", "0x1F", "...", ":"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=14), st.sampled_from([(), ("%S",), ("%ID", "%1")]))
def test_any_text_with_a_known_statement_reads_as_its_tokens(pieces: list[str], types: tuple) -> None:
    from mir_runtime.statements import _from_tokens

    text = "".join(pieces) + " #1"
    statement(text.replace("%S", "%T"), types)  # a text alike but for a name, read first
    assert statement(text, types) == _from_tokens(text, types)
