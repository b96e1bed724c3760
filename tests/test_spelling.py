"""One module, one reading, whatever its form: a ``.ll`` and the ``.bc`` that ``llvm-as`` makes of it
give the same statements and graph (``mir_runtime.ir.spelling``), however its names and strings are spelled."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mir_runtime.graph import build_graph
from mir_runtime.graph.export import to_programl_json_text
from mir_runtime.ir import read_ir
from mir_runtime.ir.spelling import canonical, escape, unescape
from mir_runtime.statements import statements

# names a user may write: any character but a quote, newline or NUL (LLVM's own limits)
NAMES = st.text(st.characters(blacklist_characters='"\n\\\x00', blacklist_categories=("Cs",)), min_size=1, max_size=12)


@given(st.binary(max_size=40))
def test_escape_and_unescape_round_trip(data: bytes) -> None:
    assert unescape(escape(data)) == data


@given(NAMES, NAMES)
def test_canonical_spelling_is_a_fixed_point_and_keeps_the_lines(a: str, b: str) -> None:
    text = f'@"{a}" = global i32 1\n; a comment: "{b}\n@s = global [2 x i8] c"{b}"\n'
    once = canonical(text)
    assert canonical(once) == once
    assert once.count("\n") == text.count("\n")
    lines = once.split("\n")
    assert lines[1] == text.split("\n")[1]  # comments as written
    assert lines[0].isascii() and lines[2].isascii()


@pytest.mark.parametrize(("written", "printed"), [
    ('@"glöbål"', r'@"gl\C3\B6b\C3\A5l"'),
    ('@"plain.name"', "@plain.name"),
    ("@a$b", '@"a$b"'),
    ('@"1st"', '@"1st"'),
    (r'c"\41\5c\c3\\"', r'c"A\5C\C3\5C"'),
    ('!"tab\there"', r'!"tab\09here"'),
    ('@a$b = constant [3 x i8] c"a\\0A\\00"', r'@"a$b" = constant [3 x i8] c"a\0A\00"'),  # an escaped newline stays escaped
])
def test_spelled_as_llvm_prints_it(written: str, printed: str) -> None:
    assert canonical(written) == printed


def _llvm_as(version: int) -> str | None:
    return shutil.which(f"llvm-as-{version}")


TEXT = """source_filename = "x.c"

@"glöbål" = global i32 5, align 4
@"ä b" = internal global [4 x i8] c"ä\\41\\00", align 1
@"plain" = global i32 1, align 4
@a$b = global i32 2, align 4
%"struct.ü" = type {{ i32 }}

define i32 @"fünc"(i32 %x, {ps} %s) {{
entry:
  %"vär" = load i32, {ptr} @"glöbål", align 4
  %p = load i32, {ptr} @"plain", align 4
  %q = load i32, {ptr} @a$b, align 4
  %f = getelementptr %"struct.ü", {ps} %s, i32 0, i32 0
  %r = add i32 %"vär", %x
  %t = add i32 %r, %p
  %u = call i32 @"fünc"(i32 %t, {ps} %s)
  ret i32 %u
}}
"""


@pytest.mark.parametrize(("version", "ptr", "ps"), [(14, "i32*", '%"struct.ü"*'), (19, "ptr", "ptr")])
def test_ll_and_its_bitcode_read_alike(tmp_path: Path, version: int, ptr: str, ps: str) -> None:
    tool = _llvm_as(version)
    if tool is None or shutil.which(f"llvm-dis-{version}") is None:
        pytest.skip(f"llvm-as-{version} and llvm-dis-{version} are not installed")
    ll = tmp_path / "x.ll"
    ll.write_text(TEXT.format(ptr=ptr, ps=ps), encoding="utf-8")
    bc = tmp_path / "x.bc"
    subprocess.run([tool, str(ll), "-o", str(bc)], check=True, capture_output=True)
    text, binary = read_ir(ll), read_ir(bc)
    assert statements(text) == statements(binary)
    assert to_programl_json_text(build_graph(text)) == to_programl_json_text(build_graph(binary))
    assert r'@"gl\C3\B6b\C3\A5l"' in statements(text)[0]


@settings(max_examples=15, deadline=None)
@given(NAMES)
def test_any_global_name_reads_as_llvm_dis_prints_it(tmp_path_factory, name: str) -> None:
    """Whatever a global is called, the reader's statement of its use is the one of llvm-dis's text."""
    tool = _llvm_as(19)
    if tool is None:
        pytest.skip("llvm-as-19 is not installed")
    tmp = tmp_path_factory.mktemp("name")
    ll = tmp / "x.ll"
    ll.write_text(f'@"{name}" = global i32 5, align 4\ndefine i32 @f() {{\n  %v = load i32, ptr @"{name}", align 4\n'
                  "  ret i32 %v\n}\n", encoding="utf-8")
    done = subprocess.run([tool, str(ll), "-o", str(tmp / "x.bc")], capture_output=True)
    if done.returncode != 0:  # a name LLVM itself refuses
        return
    assert statements(read_ir(ll)) == statements(read_ir(tmp / "x.bc"))
