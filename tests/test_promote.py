"""Promotion of -O0 locals to SSA values (mir_runtime/ir/promote.py): LLVM's mem2reg on tiny
snippets, the allocas it must leave alone, and the same statements as ``opt -passes=mem2reg`` on
the test programs compiled at -O0."""
from __future__ import annotations

import json
import pickle
import re
import shutil
import subprocess
import time
from collections import Counter

import numpy as np
import pytest

import clang as clang_helper  # tests/clang.py (pytest's pythonpath has tests/)
from mir_runtime import parse_ir
from mir_runtime.featurizer import Featurizer
from mir_runtime.model import default_model_dir
from mir_runtime.graph import build_graph
from mir_runtime.ir.controlflow import block_edges, immediate_dominators
from mir_runtime.ir.promote import PHI_BUDGET, promote
from mir_runtime.statements import statements

_DIAMOND = """define i32 @f(i1 %c, i32 %a) {
entry:
  %x = alloca i32, align 4
  store i32 %a, ptr %x, align 4
  br i1 %c, label %then, label %join
then:
  store i32 7, ptr %x, align 4
  br label %join
join:
  %v = load i32, ptr %x, align 4
  ret i32 %v
}
"""


def _texts(text: str) -> list[str]:
    module = promote(parse_ir(text))
    return [i.text for i in module.instructions()]


def test_straight_line_reads_the_stored_value():
    texts = _texts("define i32 @f(i32 %n) {\nentry:\n  %n.addr = alloca i32, align 4\n"
                   "  store i32 %n, ptr %n.addr, align 4\n  %0 = load i32, ptr %n.addr, align 4\n"
                   "  %1 = add nsw i32 %0, 1\n  ret i32 %1\n}\n")
    assert texts == ["%1 = add nsw i32 %n, 1", "ret i32 %1"]


def test_paths_meet_in_a_phi_in_llvm_entry_order():
    texts = _texts(_DIAMOND)
    assert texts[-2:] == ["%x.0 = phi i32 [ 7, %then ], [ %a, %entry ]", "ret i32 %x.0"]
    assert not any(t.split()[0] in ("store", "alloca") or " load " in t for t in texts)


def test_loop_header_phi_and_its_graph():
    text = """define i32 @f(i32 %n) {
entry:
  %i = alloca i32, align 4
  store i32 0, ptr %i, align 4
  br label %head
head:
  %0 = load i32, ptr %i, align 4
  %c = icmp slt i32 %0, %n
  br i1 %c, label %body, label %done
body:
  %1 = load i32, ptr %i, align 4
  %2 = add nsw i32 %1, 1
  store i32 %2, ptr %i, align 4
  br label %head
done:
  %3 = load i32, ptr %i, align 4
  ret i32 %3
}
"""
    module = promote(parse_ir(text))
    texts = [i.text for i in module.instructions()]
    assert texts == ["br label %head", "%i.0 = phi i32 [ 0, %entry ], [ %2, %body ]",
                     "%c = icmp slt i32 %i.0, %n", "br i1 %c, label %body, label %done",
                     "%2 = add nsw i32 %i.0, 1", "br label %head", "ret i32 %i.0"]
    graph = build_graph(module)  # every use has its producer
    assert graph.num_nodes > len(texts)


def test_phi_of_one_value_is_that_value():
    """A join where both paths hold the same value needs no phi (LLVM's SimplifyPHINode)."""
    texts = _texts(_DIAMOND.replace("store i32 7, ptr %x", "store i32 %a, ptr %x"))
    assert texts[-1] == "ret i32 %a" and not any(" phi " in t for t in texts)


def test_load_before_any_store_reads_undef():
    texts = _texts("define i32 @f() {\nentry:\n  %x = alloca i32\n  %v = load i32, ptr %x\n  ret i32 %v\n}\n")
    assert texts == ["ret i32 undef"]


@pytest.mark.parametrize("body", [
    "  call void @g(ptr %x)\n",  # the address escapes
    "  %v2 = load volatile i32, ptr %x\n",  # volatile
    "  %v2 = load i16, ptr %x\n",  # another type
    "  store ptr %x, ptr @p\n",  # the address is stored
    "  %q = getelementptr i8, ptr %x, i64 1\n",  # address arithmetic
    "  bitcast ptr %x to ptr\n",  # an unnamed cast (a value no name can reach): every other instruction stays
])
def test_allocas_whose_address_is_used_otherwise_stay(body):
    text = ("@p = global ptr null\ndeclare void @g(ptr)\ndefine i32 @f() {\nentry:\n  %x = alloca i32\n"
            f"  store i32 1, ptr %x\n{body}  %v = load i32, ptr %x\n  ret i32 %v\n}}\n")
    module = parse_ir(text)
    kept = promote(module).functions[-1].blocks[0].instructions
    assert kept[0].opcode == "alloca" and [i.text for i in kept] == [i.text for i in module.instructions()]


def test_array_allocas_and_other_blocks_stay():
    text = ("define i32 @f(i32 %n) {\nentry:\n  %x = alloca i32, i32 %n\n  br label %b\nb:\n  %y = alloca i32\n"
            "  store i32 1, ptr %x\n  store i32 2, ptr %y\n  %v = load i32, ptr %y\n  ret i32 %v\n}\n")
    module = parse_ir(text)
    assert promote(module) is module  # nothing to promote: the same module


def test_lifetime_markers_go_with_their_alloca():
    text = ("declare void @llvm.lifetime.start.p0(i64, ptr)\ndeclare void @llvm.lifetime.end.p0(i64, ptr)\n"
            "define i32 @f(i32 %a) {\nentry:\n  %x = alloca i32\n  call void @llvm.lifetime.start.p0(i64 4, ptr %x)\n"
            "  store i32 %a, ptr %x\n  %v = load i32, ptr %x\n  call void @llvm.lifetime.end.p0(i64 4, ptr %x)\n"
            "  ret i32 %v\n}\n")
    assert _texts(text) == ["ret i32 %a"]


def test_unreachable_blocks_read_undef():
    text = ("define i32 @f(i32 %a) {\nentry:\n  %x = alloca i32\n  store i32 %a, ptr %x\n  ret i32 0\n"
            "dead:\n  %v = load i32, ptr %x\n  %w = add i32 %v, 1\n  ret i32 %w\n}\n")
    assert _texts(text) == ["ret i32 0", "%w = add i32 undef, 1", "ret i32 %w"]


def test_featurizer_promotes_when_asked_and_pickles_the_choice():
    tokenizer = (default_model_dir() / "tokenizer.json").read_text()
    plain, promoting = Featurizer(tokenizer, 64), Featurizer(tokenizer, 64, promote_allocas=True)
    module = parse_ir(_DIAMOND)
    assert len(promoting(module).ids) < len(plain(module).ids)
    assert pickle.loads(pickle.dumps(promoting)).promote_allocas


def _opt(version: int) -> str | None:
    return shutil.which(f"opt-{version}") or shutil.which("opt", path=f"/usr/lib/llvm-{version}/bin")


def _function_statements(module) -> dict[str, Counter]:
    types = module.types
    return {fn.name: Counter(statements(type(module)(types=types, functions=[fn])))
            for fn in module.functions if not fn.is_declaration}


@pytest.mark.parametrize("program", clang_helper.PROGRAMS)
def test_same_statements_as_llvm_mem2reg(program, tmp_path_factory):
    """Each function of a test program at -O0 gets the statements ``opt -passes=mem2reg`` gives it
    (``optnone`` taken off, so that opt runs the pass), but for functions with blocks unreachable
    from the entry, whose loads LLVM leaves reading an undefined address."""
    version = 14 if _opt(14) else 19
    opt = _opt(version)
    reason = clang_helper.missing_reason(version)
    if opt is None or reason:
        pytest.skip(reason or f"opt-{version} is not installed")
    source = clang_helper.shared_compiler(tmp_path_factory).get(program, version, "O0").read_text()
    source = re.sub(r"\boptnone\b", "", source)
    done = subprocess.run([opt, "-passes=mem2reg", "-S"], input=source, capture_output=True, text=True, check=True)
    module = parse_ir(source)
    ours, llvm = _function_statements(promote(module)), _function_statements(parse_ir(done.stdout))
    compared = [fn.name for fn in module.functions if not fn.is_declaration and not _unreachable_blocks(fn)]
    for name in compared:
        assert ours[name] == llvm[name], name
    assert compared


def _unreachable_blocks(fn) -> bool:
    _, succs, preds = block_edges(fn)
    return any(d < 0 for d in immediate_dominators(succs, preds)[1:])


_DIAMOND_SSA = """define i32 @f(i1 %c, i32 %a) {
entry:
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %x.0 = phi i32 [ 7, %then ], [ %a, %entry ]
  ret i32 %x.0
}
"""


def test_a_promoting_model_embeds_o0_code_as_its_ssa_form_and_caches_apart(model_dir, tmp_path):
    """Through ``Model``: with ``promote_allocas`` in the manifest the -O0 function and its SSA
    form are one embedding; without it they differ; and the two models never share stored vectors."""
    from mir_runtime.model import Model

    promoting = tmp_path / "promoting"
    shutil.copytree(model_dir[2], promoting)
    manifest = json.loads((promoting / "manifest.json").read_text())
    (promoting / "manifest.json").write_text(json.dumps({**manifest, "promote_allocas": True}))
    shutil.rmtree(promoting / "tasks")  # as 'mir-export promote' drops them: packs of the other front end are refused
    o0, ssa = tmp_path / "o0.ll", tmp_path / "ssa.ll"
    o0.write_text(_DIAMOND)
    ssa.write_text(_DIAMOND_SSA)
    with Model.load(model_dir[2], cache=tmp_path / "cache") as plain:
        as_read = plain.embed([o0, ssa])
    assert not np.allclose(as_read[0], as_read[1])
    with Model.load(promoting, cache=tmp_path / "cache") as model:
        promoted = model.embed([o0, ssa])
    np.testing.assert_allclose(promoted[0], promoted[1], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(promoted[1], as_read[1], rtol=1e-5, atol=1e-6)


def test_a_function_that_would_need_more_phis_than_it_has_instructions_is_read_as_it_is():
    """n locals live across n joins need n * n phis (LLVM makes them all): a crafted file of a few
    kilobytes would cost minutes and millions of statements, so such a function stays as read."""
    n = 120  # 14,400 phis against about 600 instructions (and the floor, PHI_BUDGET)
    lines = ["define i32 @f(i1 %c) {", "entry:", *(f"  %a{k} = alloca i32" for k in range(n)),
             *(f"  store i32 {k}, ptr %a{k}" for k in range(n)), "  br label %b0"]
    for k in range(n):
        lines += [f"b{k}:", f"  %v{k} = load i32, ptr %a{k}", f"  store i32 %v{k}, ptr %a{(k + 1) % n}",
                  f"  br i1 %c, label %b{k + 1}, label %b{(k * 7) % n}"]
    module = parse_ir("\n".join([*lines, f"b{n}:", "  ret i32 0", "}"]) + "\n")
    assert n * n > PHI_BUDGET
    start = time.process_time()
    assert promote(module) is module
    assert time.process_time() - start < 5
