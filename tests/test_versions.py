"""Version tolerance: the reader reads what every Debian clang (13-16, 19) emits, at -O0 and -O2.

Each program in tests/programs/ is compiled with each installed clang at each level, once per
session (tests/clang.py), and every output must read, give a graph with one instruction node per
instruction and one statement per instruction. A clang that is not installed is skipped, except
that with ``$CI`` set clang-14 and clang-19 must be there. Bitcode goes through ``llvm-dis``.
"""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

import clang as clang_helper  # tests/clang.py (pytest's pythonpath has tests/)
from mir_runtime import IRParseError, parse_ir, read_ir
from mir_runtime.graph import INSTRUCTION, build_graph
from mir_runtime.ir import bitcode as bitcode_tools
from mir_runtime.statements import statements

pytestmark = pytest.mark.slow

# Instructions in textual IR are the lines inside a function body indented by exactly two
# spaces (continuations of switch/invoke/landingpad are indented further; ']' closes a switch).
_INSTRUCTION_LINE = re.compile(r"^  (?! )[^;\]\s]")


def _cases(levels):
    for program in clang_helper.PROGRAMS:
        for version in clang_helper.VERSIONS:
            for opt in levels:
                yield pytest.param(program, version, opt, id=f"{program}-clang{version}-{opt}")


def _require(version: int) -> None:
    reason = clang_helper.missing_reason(version)
    if reason is None:
        return
    if clang_helper.in_ci() and version in clang_helper.REQUIRED_IN_CI:
        pytest.fail(f"{reason}, but CI needs clang-{version} (scripts/install.sh installs it)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def compiler(request, tmp_path_factory):
    """The session's compiler, with every compile this session's selected tests need started."""
    comp = clang_helper.shared_compiler(tmp_path_factory)
    wanted = []
    for item in request.session.items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if {"program", "version", "opt"} <= params.keys():
            wanted.append((params["program"], params["version"], params["opt"], False))
    comp.prefetch(wanted)
    return comp


def _count_instruction_lines(text: str) -> int:
    count, inside = 0, False
    for line in text.splitlines():
        if line.startswith("define "):
            inside = True
        elif inside and line.startswith("}"):
            inside = False
        elif inside and _INSTRUCTION_LINE.match(line):
            count += 1
    return count


def check_module(path: Path):
    """Read ``path`` and check its graph and statements against its instructions; the module."""
    module = read_ir(path)
    defined = [fn for fn in module.functions if not fn.is_declaration]
    assert defined, "no function definitions read"
    instructions = list(module.instructions())
    n = len(instructions)
    assert n > 0
    for fn in defined:
        assert fn.blocks, fn.name
        for block in fn.blocks:
            assert block.instructions, f"{fn.name} {block.name}: empty block"
            assert block.instructions[-1].is_terminator, f"{fn.name} {block.name}: no terminator"
    for inst in instructions:
        assert inst.opcode and inst.text and inst.line >= 1

    graph = build_graph(module)
    assert int(np.sum(graph.node_type == INSTRUCTION)) >= n
    indexed = graph.node_instruction[graph.node_instruction >= 0]
    assert sorted(indexed.tolist()) == list(range(n)), "not exactly one instruction node per instruction"
    assert np.all(graph.node_type[graph.node_instruction >= 0] == INSTRUCTION)
    for array in (graph.edge_source, graph.edge_target):
        assert array.size == 0 or (array.min() >= 0 and array.max() < graph.num_nodes)
    assert len(graph.edge_flow) == len(graph.edge_position) == graph.num_edges

    stmts = statements(module)
    assert len(stmts) == n
    assert all(isinstance(s, str) and s and "\n" not in s for s in stmts)
    return module


def _check_compiled(compiler, program, version, opt):
    _require(version)
    path = compiler.get(program, version, opt)
    module = check_module(path)
    text = path.read_text()
    assert sum(1 for _ in module.instructions()) == _count_instruction_lines(text)
    assert module.target_triple
    return module


@pytest.mark.parametrize("program, version, opt", list(_cases(clang_helper.OPT_LEVELS)))
def test_reads_clang_output(compiler, program, version, opt):
    _check_compiled(compiler, program, version, opt)


@pytest.mark.parametrize("program, version, opt", list(_cases(clang_helper.DEBUG_LEVELS)))
def test_reads_clang_debug_output(compiler, program, version, opt):
    """Not in the original brief's matrix, but most real IR carries debug info: same checks with -g."""
    module = _check_compiled(compiler, program, version, opt)
    assert any("!dbg" in inst.text for inst in module.instructions())


# What each program is there to produce (at clang-14 -O0): opcodes, and callee prefixes.
FEATURES = {
    "shapes.cpp": ({"invoke", "landingpad", "resume", "switch"}, {"@__cxa_throw"}),
    "inventory.cpp": ({"invoke", "landingpad", "resume"}, {"@__cxa_guard_acquire"}),
    "switch.c": ({"switch"}, set()),
    "parallel.c": ({"atomicrmw"}, {"@__kmpc_fork_call", "@__kmpc_critical", "@__kmpc_reduce"}),
    "varargs.c": (set(), {"@llvm.va_start", "@llvm.va_copy", "@llvm.va_end", "@vsnprintf"}),
    "lowlevel.c": ({"atomicrmw", "cmpxchg", "fence", "indirectbr"}, set()),
    "stencil.c": ({"shufflevector", "extractelement", "insertelement", "fmul"}, set()),
    "bits.c": ({"lshr", "ashr", "xor", "urem", "srem"}, set()),
    "structs.c": ({"extractvalue", "getelementptr"}, {"@llvm.memcpy", "@llvm.memset"}),
    "loops.c": ({"phi", "sdiv"}, set()),
    "recursion.c": (set(), {"@insert", "@ackermann", "@is_even", "@is_odd", "@expr", "@term", "@factor"}),
    "callbacks.c": (set(), {"@qsort"}),
    "destructors.cpp": (set(), {"@_Znwm", "@_ZdlPv", "@printf"}),  # at -O2: destructor aliases
}


@pytest.mark.parametrize("program", clang_helper.PROGRAMS)
def test_programs_exercise_their_features(compiler, program):
    _require(14)
    module = read_ir(compiler.get(program, 14, "O0"))
    opcodes = {inst.opcode for inst in module.instructions()}
    callees = {inst.callee for inst in module.instructions() if inst.callee}
    want_ops, want_callees = FEATURES.get(program, (set(), set()))
    assert want_ops <= opcodes, f"missing opcodes {want_ops - opcodes}"
    missing = {c for c in want_callees if not any(callee.startswith(c) for callee in callees)}
    assert not missing, f"missing calls to {missing}"
    if program == "callbacks.c":  # calls through function pointers
        assert any(i.opcode == "call" and i.callee is None and i.operands[-1].text.startswith("%")
                   for i in module.instructions())


@pytest.mark.parametrize("version", (13, 14))
def test_destructor_alias_of_a_cast(compiler, version):
    """clang 13/14 -O2 aliases a derived class's destructor to its base's through a ``bitcast``
    constant expression written without a leading type (tinyxml2 has many such)."""
    _require(version)
    module = read_ir(compiler.get("destructors.cpp", version, "O2"))
    aliases = {g.name: g for g in module.globals if g.kind == "alias"}
    derived = aliases["@_ZN7CommentD2Ev"]
    assert ", bitcast (" in derived.text
    assert derived.type.text == "void (%class.Comment*)*"


def test_required_clangs_present_in_ci():
    if not clang_helper.in_ci():
        pytest.skip("only enforced when $CI is set")
    missing = [v for v in clang_helper.REQUIRED_IN_CI if clang_helper.missing_reason(v)]
    assert not missing, f"CI needs clang-{missing}"


def test_programs_present():
    assert len(clang_helper.PROGRAMS) >= 8
    assert any(p.endswith(".cpp") for p in clang_helper.PROGRAMS)
    assert set(FEATURES) == set(clang_helper.PROGRAMS), "every program says what it is for"


# --- bitcode -----------------------------------------------------------------------------------

BITCODE_PROGRAM = "shapes.cpp"  # exceptions, vtables, templates: a bit of everything


@pytest.fixture(scope="session")
def bitcode(compiler):
    _require(14)
    return compiler.get(BITCODE_PROGRAM, 14, "O0", bitcode=True)


def _llvm_dis_available() -> bool:
    names = ["llvm-dis"] + [f"llvm-dis-{v}" for v in range(10, 26)]
    return bool(os.environ.get("MIR_LLVM_DIS")) or any(shutil.which(name) for name in names)


def test_reads_bitcode_through_llvm_dis(bitcode, compiler):
    if not _llvm_dis_available():
        if clang_helper.in_ci():
            pytest.fail("llvm-dis is needed in CI (llvm-14)")
        pytest.skip("llvm-dis is not installed")
    assert bitcode.read_bytes()[:4] == b"BC\xc0\xde"
    module = check_module(bitcode)
    textual = read_ir(compiler.get(BITCODE_PROGRAM, 14, "O0"))
    assert [f.name for f in module.functions] == [f.name for f in textual.functions]
    assert [i.opcode for i in module.instructions()] == [i.opcode for i in textual.instructions()]


def test_bitcode_without_llvm_dis_is_a_located_error(bitcode, tmp_path, monkeypatch):
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setattr(bitcode_tools, "_DEBIAN_LLVM_DIS", str(empty / "llvm-{}/bin/llvm-dis"))
    monkeypatch.delenv("MIR_LLVM_DIS", raising=False)
    with pytest.raises(IRParseError) as info:
        read_ir(bitcode)
    error = info.value
    assert "llvm-dis" in error.message
    assert error.file == str(bitcode)
    assert error.line >= 1
    assert str(error) == f"{error.file}:{error.line}:{error.column}: {error.message}"


def test_bitcode_with_explicit_llvm_dis(bitcode, tmp_path, monkeypatch):
    tool = "/usr/bin/llvm-dis-14"
    if not Path(tool).exists():
        pytest.skip(f"{tool} is not installed")
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setenv("MIR_LLVM_DIS", tool)
    assert sum(1 for _ in read_ir(bitcode).instructions()) > 0


def test_bitcode_producer_version(bitcode):
    assert bitcode_tools.producer(bitcode.read_bytes()).startswith("LLVM14.")
    assert bitcode_tools.producer_version(bitcode.read_bytes()) == 14
    assert bitcode_tools.producer_version(b"BC\xc0\xde" + bytes(64)) is None


def test_reads_clang19_bitcode_with_llvm_dis_19(compiler, monkeypatch):
    """clang-19 bitcode needs llvm-dis 19, whichever llvm-dis comes first on PATH."""
    _require(19)
    monkeypatch.delenv("MIR_LLVM_DIS", raising=False)
    if 19 not in bitcode_tools.installed_llvm_dis():
        if clang_helper.in_ci():
            pytest.fail("llvm-dis-19 is needed in CI (scripts/install.sh installs llvm-19)")
        pytest.skip("llvm-dis-19 is not installed")
    path = compiler.get(BITCODE_PROGRAM, 19, "O0", bitcode=True)
    assert bitcode_tools.producer_version(path.read_bytes()) == 19
    module = check_module(path)
    textual = read_ir(compiler.get(BITCODE_PROGRAM, 19, "O0"))
    assert module.opaque_pointers
    assert [i.opcode for i in module.instructions()] == [i.opcode for i in textual.instructions()]


def test_garbage_bitcode_is_a_located_error(tmp_path):
    if not _llvm_dis_available():
        pytest.skip("llvm-dis is not installed")
    path = tmp_path / "broken.bc"
    path.write_bytes(b"BC\xc0\xde" + bytes(range(256)) * 4)
    with pytest.raises(IRParseError) as info:
        read_ir(path)
    assert info.value.file == str(path) and info.value.line >= 1


def test_truncated_bitcode_blames_the_file_not_the_version(bitcode, tmp_path, monkeypatch):
    """Where the installed llvm-dis is the producer's version, its rejection is the bitcode's fault:
    no advice to pick another llvm-dis."""
    monkeypatch.delenv("MIR_LLVM_DIS", raising=False)
    if 14 not in bitcode_tools.installed_llvm_dis():
        pytest.skip("llvm-dis-14 is not installed")
    path = tmp_path / "truncated.bc"
    path.write_bytes(bitcode.read_bytes()[:600])
    with pytest.raises(IRParseError, match="rejected the bitcode") as info:
        read_ir(path)
    assert "MIR_LLVM_DIS" not in info.value.message


# --- the smallest snippets of what the compiled programs needed ---------------------------------

INRANGE_LLVM19 = """\
@vt = global [4 x ptr] zeroinitializer
define void @f(ptr %p) {
  store ptr getelementptr inbounds inrange(-16, 32) (i8, ptr @vt, i64 16), ptr %p
  ret void
}
"""

LANDINGPAD_CLEANUP_WITH_METADATA = """\
define void @f() personality ptr @p {
  invoke void @g()
          to label %ok unwind label %bad
ok:
  ret void
bad:
  %lp = landingpad { ptr, i32 }
          cleanup, !tag !0
  resume { ptr, i32 } %lp
}
declare void @g()
declare i32 @p(...)
!0 = !{}
"""


def test_gep_inrange_llvm19_syntax():
    """clang-19 puts vtable pointers in place with ``getelementptr inbounds inrange(lo, hi) (...)``."""
    module = parse_ir(INRANGE_LLVM19, "inrange.ll")
    (store, ret) = module.instructions()
    assert store.opcode == "store" and "inrange(-16, 32)" in store.text
    assert statements(module)[0].startswith("store ptr getelementptr inbounds inrange(-16, 32)")
    build_graph(module)


def test_landingpad_cleanup_followed_by_metadata():
    """With -g every C++ landingpad reads ``cleanup, !dbg !N`` on its continuation line."""
    module = parse_ir(LANDINGPAD_CLEANUP_WITH_METADATA, "lp.ll")
    opcodes = [i.opcode for i in module.instructions()]
    assert opcodes == ["invoke", "ret", "landingpad", "resume"]
    landingpad = next(i for i in module.instructions() if i.opcode == "landingpad")
    assert "cleanup" in landingpad.text
    assert statements(module)[2] == "%ID = landingpad { ptr, i32 } cleanup"
