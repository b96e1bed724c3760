"""The pass-pipeline task's data: pipelines nested as opt reads them, deterministic counts, resumable
labels and coreset search, the room's arithmetic, and bad input as one line with exit 2."""
from __future__ import annotations

import json
import math
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mir_export.corpus.packages import PACKAGES as CORPUS
from mir_export.tasks.passes import coreset, labels, measure, pipelines, room
from mir_export.tasks.passes.sources import SOURCES

ROOT = Path(__file__).resolve().parents[1]
needs_llvm = pytest.mark.skipif(any(shutil.which(f"{t}-14") is None for t in ("clang", "opt", "llc", "llvm-size",
                                                                                 "llvm-as")),
                                reason="LLVM 14 tools not installed")

PROGRAMS = {
    "loops": """
int table[64];
static int sq(int x) { return x * x; }
int sum(int n) { int s = 0; for (int i = 0; i < n; i++) { s += sq(table[i & 63]); if (s > 99) s -= 3; } return s; }
int pick(int k) { switch (k) { case 0: return 3; case 1: return 9; case 7: return sum(k); default: return -1; } }
""",
    "calls": """
struct p { int x, y; };
static int dot(struct p a, struct p b) { return a.x * b.x + a.y * b.y; }
int norm(int x, int y) { struct p a = {x, y}; return dot(a, a) + dot(a, a); }
""",
}
SWITCH_LL = """
define i32 @f(i32 %k) {
entry:
  switch i32 %k, label %d [
    i32 0, label %a
    i32 1, label %a
  ]
a:                                                ; preds = %entry, %entry
  ret i32 1
d:
  ; a comment line
  %r = add i32 %k, 1
  ret i32 %r
}
declare i32 @g(i32)
"""


@pytest.fixture(scope="module")
def data(tmp_path_factory) -> Path:
    """A task directory laid out as 'passes build' writes it: two -O0 modules of one package."""
    if shutil.which("clang-14") is None:
        pytest.skip("clang-14 not installed")
    root = tmp_path_factory.mktemp("passes")
    ir = root / "ir" / "cminpack"
    ir.mkdir(parents=True)
    for name, code in PROGRAMS.items():
        (root / f"{name}.c").write_text(code)
        subprocess.run(["clang-14", "-O0", "-S", "-emit-llvm", str(root / f"{name}.c"), "-o",
                        str(ir / f"{name}.c.O0.ll")], check=True)
    return root


def test_nest_groups_levels_in_their_adaptors():
    text = pipelines.nest(["instcombine", "inline", "licm", "indvars", "gvn", "globaldce", "default<Oz>"])
    assert text == "module(function(instcombine),cgscc(inline),function(loop-mssa(licm,indvars),gvn),globaldce,default<Oz>)"
    assert pipelines.flatten(text) == ["instcombine", "inline", "licm", "indvars", "gvn", "globaldce", "default<Oz>"]
    with pytest.raises(pipelines.PipelineError, match="unknown pass"):
        pipelines.nest(["instcombine", "no-such-pass"])
    with pytest.raises(pipelines.PipelineError):
        pipelines.flatten("module(function(instcombine)")


def test_legacy_flags_renamed():
    assert pipelines.from_legacy("-functionattrs -loop-unswitch -early-cse-memssa -prune-eh -reg2mem -loop-reroll") == [
        "function-attrs", "simple-loop-unswitch", "early-cse<memssa>", "function-attrs", "reg2mem"]


@needs_llvm
def test_flat_list_with_a_cgscc_pass_fails_nested_runs(data):
    module = data / "ir" / "cminpack" / "loops.c.O0.ll"
    flat = subprocess.run(["opt-14", "-passes=instcombine,inline", "-disable-output", str(module)], capture_output=True)
    assert flat.returncode != 0
    nested = pipelines.nest(["instcombine", "inline"])
    assert subprocess.run(["opt-14", f"-passes={nested}", "-disable-output", str(module)]).returncode == 0


@needs_llvm
@pytest.mark.parametrize("version", [14, 19])
def test_every_pass_parses_and_runs(data, version):
    if shutil.which(f"opt-{version}") is None:
        pytest.skip(f"opt-{version} not installed")
    module = data / "ir" / "cminpack" / "loops.c.O0.ll"
    problem = coreset.runs_on(f"opt-{version}", pipelines.nest(list(pipelines.PASSES)), module, "O0")
    assert problem is None


def test_count_instructions_counts_instruction_lines_only():
    assert measure.count_instructions(SWITCH_LL) == 4  # switch (its cases and closing bracket not), ret, add, ret


def test_prepare_drops_optnone_and_noinline_at_o0_only():
    text = 'attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" }\n'
    assert measure.prepare(text, "O0") == 'attributes #0 = { nounwind uwtable "frame-pointer"="all" }\n'
    assert measure.prepare(text, "O2") == text


@needs_llvm
def test_labels_are_deterministic_and_resume_skips_done_keys(data, tmp_path):
    pipes = {**pipelines.STANDARD, "short": pipelines.nest(["sroa", "inline", "instcombine", "simplifycfg"])}
    rows = labels.module_rows(data, ["cminpack"], ("O0",))
    assert len(rows) == 2
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    labels.label_rows(data, rows, pipes, first, 2, ("Oz", "O3"))
    labels.label_rows(data, rows, pipes, second, 1, ("Oz", "O3"))
    from mir_export.tasks.passes.labels import canonical

    a, b = labels.read_jsonl(first), labels.read_jsonl(second)
    assert canonical(a) == canonical(b)
    assert all(set(r["counts"]) == set(pipes) and set(r["text_bytes"]) == {"Oz", "O3"} for r in a)
    assert all(r["counts"]["Oz"] < r["input"] and r["text_bytes"]["Oz"] > 0 for r in a)
    again = labels.label_rows(data, rows, pipes, first, 1)
    assert again["labelled_now"] == 0 and len(labels.read_jsonl(first)) == 2
    with open(first, "a") as fh:
        fh.write('{"key": "cut off')  # a killed run's partial line
    assert len(labels.read_jsonl(first)) == 2


def test_a_second_run_on_one_labels_file_is_refused(data, tmp_path, capsys):
    """Two runs appending to one file would label the same modules twice: the second is one line."""
    import fcntl

    dest = data / "labels" / "train.jsonl"
    dest.parent.mkdir(parents=True, exist_ok=True)
    pipes = tmp_path / "p.tsv"
    pipes.write_text("short\tsroa\n")
    with open(dest, "a") as held:
        before = dest.read_text()
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        done = _cli(capsys, "label", "--data", str(data), "--pipelines", str(pipes), "--split", "train", "--jobs", "1")
    assert done.returncode == 2 and "another run is writing it" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and dest.read_text() == before


@needs_llvm
def test_bytes_measured_later_equal_the_labels_own(data, tmp_path):
    """``passes bytes`` measures a pipeline's .text as labelling does: same opt, llc, llvm-size."""
    pipes = {**pipelines.STANDARD, "short": pipelines.nest(["sroa", "inline", "instcombine", "simplifycfg"])}
    rows = labels.module_rows(data, ["cminpack"], ("O0",))
    dest = tmp_path / "test.jsonl"
    labels.label_rows(data, rows, pipes, dest, 1, ("Oz", "short"))
    labelled = labels.read_jsonl(dest)
    later = tmp_path / "later.jsonl"
    wanted = {r["key"]: {"short", "O3"} for r in rows}
    done = labels.measure_bytes(data, [{**r, "text_bytes": {"Oz": r["text_bytes"]["Oz"]}} for r in labelled], wanted,
                                pipes, later, 2)
    assert done == {"modules_now": 2, "failed_now": 0}
    measured = {e["key"]: e["text_bytes"] for e in labels.read_jsonl(later)}
    assert all(measured[r["key"]]["short"] == r["text_bytes"]["short"] and measured[r["key"]]["O3"] > 0
               for r in labelled)
    assert labels.bytes_path(dest).name == "test.bytes.jsonl"


@needs_llvm
def test_recheck_labels_modules_again_and_finds_a_changed_count(data, tmp_path, capsys):
    data = Path(shutil.copytree(data, tmp_path / "data"))  # its labels are changed below
    pipes = data / "p.tsv"
    pipes.write_text(f"short\t{pipelines.nest(['sroa', 'instcombine'])}\n")
    args = ("label", "--data", str(data), "--pipelines", str(pipes), "--forms", "O0", "--split", "train", "--jobs", "1")
    assert _cli(capsys, *args).returncode == 0
    done = _cli(capsys, *args, "--recheck", "2")
    assert done.returncode == 0 and "2 modules labelled again, identical" in done.stdout
    manifest = json.loads((data / "labels" / "manifest-train.json").read_text())
    assert manifest["recheck"]["modules"] == 2 and manifest["recheck"]["differ"] == []  # recorded beside the labels
    dest = data / "labels" / "train.jsonl"
    rows = labels.read_jsonl(dest)
    rows[0]["counts"]["short"] += 1  # a label that a run of the same tools cannot give
    dest.write_text("".join(json.dumps(r) + "\n" for r in rows))
    done = _cli(capsys, *args, "--recheck", "2")
    assert done.returncode == 1 and rows[0]["key"] in done.stderr
    assert json.loads((data / "labels" / "manifest-train.json").read_text())["recheck"]["differ"] == [rows[0]["key"]]


@pytest.mark.slow
@needs_llvm
def test_labels_on_a_ray_cluster_equal_the_local_ones(data, tmp_path):
    pytest.importorskip("ray", reason="the [ray] extra is not installed")
    from mir_export.tasks.passes.labels import canonical

    pipes = {**pipelines.STANDARD}
    rows = labels.module_rows(data, ["cminpack"], ("O0",))
    local, distributed = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    labels.label_rows(data, rows, pipes, local, 1)
    done = labels.label_rows(data, rows, pipes, distributed, 2, engine="ray")
    assert done["labelled_now"] == 2 and canonical(labels.read_jsonl(local)) == canonical(labels.read_jsonl(distributed))


def test_no_ray_cluster_at_the_address_is_one_line(tmp_path, capsys):
    pytest.importorskip("ray", reason="the [ray] extra is not installed")
    (tmp_path / "ir" / "cminpack").mkdir(parents=True)
    (tmp_path / "p.tsv").write_text("mine\tinstcombine\n")
    (tmp_path / "ir" / "cminpack" / "a.c.O0.ll").write_text("define i32 @f() {\n  ret i32 0\n}\n" * 0 +
                                                            "define i32 @f() {\n  %x = add i32 1, 2\n  ret i32 %x\n}\n")
    done = _cli(capsys, "label", "--data", str(tmp_path), "--split", "train", "--packages", "cminpack",
                "--pipelines", str(tmp_path / "p.tsv"), "--engine", "ray", "--address", "127.0.0.1:1")
    assert done.returncode == 2 and "no Ray cluster answers at 127.0.0.1:1" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_room_of_labelled_rows():
    rows = [{"package": "p", "form": "O0", "input": 10, "cpu_s": 1.0, "counts": {"Oz": 100, "a": 50, "b": 100}},
            {"package": "p", "form": "O0", "input": 10, "cpu_s": 1.0, "counts": {"Oz": 100, "a": 100, "b": 50}}]
    s = room.summarize(rows)
    assert s["oracle"] == 2.0 and s["best_fixed"] == pytest.approx(math.sqrt(2), abs=1e-4)
    assert s["room_pct"] == pytest.approx(100 * (math.sqrt(2) - 1), abs=0.01)
    table = room.room_table(rows)
    assert [(r["package"], r["form"]) for r in table] == [("p", "O0"), ("all", "O0")]
    assert "| p | O0 | 2 |" in room.markdown(table)


def test_greedy_cover_takes_the_largest_gain_first():
    oz = pipelines.STANDARD["Oz"]
    gains = {"m1": {oz: 0.0, "x": 0.5, "y": 0.1}, "m2": {oz: 0.0, "x": 0.0, "y": 0.2}, "m3": {oz: 0.0, "z": 0.01}}
    assert coreset.greedy_cover(gains, ["y", "x", "z"], len(pipelines.STANDARD) + 2) == ["x", "y"]
    assert coreset.greedy_cover(gains, ["y", "x", "z"], 99, accept=lambda p: p != "x") == ["y", "z"]


@needs_llvm
def test_coreset_search_resumes_without_new_runs(data, tmp_path):
    rows = labels.module_rows(data, ["cminpack"], ("O0",))
    settings = coreset.Settings(random=2, climb=2, max_length=4, pool=3, cover_modules=2, size=7)
    seeds = [["sroa", "inline", "instcombine"]]
    report = coreset.search(data, rows, tmp_path, 1, settings, seeds, None)
    assert set(pipelines.STANDARD) <= set(report["pipelines"]) and len(report["pipelines"]) <= 7
    assert report["cover_oracle"] >= 1.0
    written = (tmp_path / coreset.EVALS).read_text()
    again = coreset.search(data, rows, tmp_path, 1, settings, seeds, None)
    assert (tmp_path / coreset.EVALS).read_text() == written and again["pipelines"] == report["pipelines"]
    assert pipelines.read_pipelines(tmp_path / "coreset.tsv") == report["pipelines"]


def _cli(capsys, *args: str) -> subprocess.CompletedProcess:
    """``mir-export passes ARGS`` in this process (a fresh interpreter costs more than the command)."""
    from mir_export.cli import main

    capsys.readouterr()
    rc = main(["passes", *args])
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(args, rc, out, err)


@needs_llvm
def test_room_and_label_commands_end_to_end(data, tmp_path, capsys):
    pipes = tmp_path / "p.tsv"
    pipes.write_text(f"short\t{pipelines.nest(['sroa', 'instcombine'])}\n")
    done = _cli(capsys, "room", "--data", str(data), "--pipelines", str(pipes), "--forms", "O0", "--per-group", "2",
                "--json", str(tmp_path / "room.json"), "--jobs", "1")
    assert done.returncode == 0, done.stderr
    assert "| cminpack | O0 | 2 |" in done.stdout
    assert json.loads((tmp_path / "room.json").read_text())["table"][0]["modules"] == 2
    again = _cli(capsys, "room", "--data", str(data), "--pipelines", str(pipes), "--forms", "O0", "--summary-only")
    assert again.returncode == 0 and again.stdout == done.stdout
    done = _cli(capsys, "label", "--data", str(data), "--pipelines", str(pipes), "--forms", "O0", "--split", "train",
                "--jobs", "1")
    assert done.returncode == 0, done.stderr
    manifest = json.loads((data / "labels" / "manifest-train.json").read_text())
    assert manifest["modules"] == 2 and "short" in manifest["pipelines"]
    assert str(data) not in json.dumps(manifest) and manifest["command"][manifest["command"].index("--data") + 1] == "DATA"


@pytest.mark.parametrize("content, expected", [("short only-a-name\n", "p.tsv:1: expected NAME<TAB>PASSES"),
                                               ("a\tmodule(sroa\n", "p.tsv:1: unbalanced"),
                                               ("a\tsroa\na\tgvn\n", "p.tsv:2: pipeline 'a' named twice"),
                                               ("a\tsroa\nb\tsroa\n", "p.tsv:2: pipeline 'b' repeats 'a''s passes"),
                                               ("z\tdefault<Oz>\n", "p.tsv:1: pipeline 'z' repeats 'Oz''s passes")])
def test_bad_pipeline_file_is_one_line_exit_2(data, tmp_path, capsys, content, expected):
    pipes = tmp_path / "p.tsv"
    pipes.write_text(content)
    done = _cli(capsys, "label", "--data", str(data), "--pipelines", str(pipes), "--split", "train")
    assert done.returncode == 2 and expected in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_missing_data_and_unknown_package_are_one_line_exit_2(tmp_path, capsys):
    done = _cli(capsys, "room", "--data", str(tmp_path / "none"))
    assert done.returncode == 2 and "no ir/ folder" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    (tmp_path / "ir").mkdir()
    done = _cli(capsys, "room", "--data", str(tmp_path), "--packages", "nope")
    assert done.returncode == 2 and "unknown package" in done.stderr


def test_build_without_deb_src_entries_is_one_line_for_a_user(tmp_path, capsys, monkeypatch):
    """A fresh machine has binary apt entries only: the build says what is missing, never apt's error per package."""
    from mir_export.corpus import fetch

    monkeypatch.setattr(fetch, "DEB_SRC_LIST", tmp_path / "none.sources")
    monkeypatch.setattr("os.geteuid", lambda: 1000)
    done = _cli(capsys, "build", "--data", str(tmp_path / "d"), "--packages", "kissfft")
    err = done.stderr.strip()
    assert done.returncode == 2 and "needs deb-src entries" in err and "--no-prepare" in err and "\n" not in err


def test_a_package_whose_headers_are_missing_is_named_for_a_user(tmp_path):
    """FLINT's units include gmp.h and mpfr.h: where they are missing its build fails in one line naming them."""
    from dataclasses import replace

    from mir_export.tasks.passes import harvest

    flint = next(s for s in SOURCES if s.name == "flint")
    assert set(flint.needs) == {"libgmp-dev", "libmpfr-dev"}
    lacking = replace(flint, needs=("dpkg", "no-such-package-mir"))
    assert harvest.missing_needs(lacking) == ["no-such-package-mir"]  # dpkg is installed everywhere
    with pytest.raises(RuntimeError, match="need no-such-package-mir: apt-get install them first"):
        harvest.harvest(lacking, tmp_path, 1)


def test_labelled_units_name_each_unit_once_and_no_linked_module():
    from mir_export.tasks.passes.harvest import labelled_units

    keys = ["eigen3/.wrapped/doc/snippets/a.cpp.O0.ll", "eigen3/.wrapped/doc/snippets/a.cpp.O2.ll",
            "kissfft/kfc.c.O2.ll", "kissfft/linked/fftutil.linked.ll"]
    assert labelled_units(keys) == {"eigen3": {".wrapped/doc/snippets/a.cpp"}, "kissfft": {"kfc.c"}}


def test_held_out_packages_never_in_the_pretraining_corpus():
    held_out = {s.name for s in SOURCES if s.held_out}
    assert held_out and not held_out & {p.name for p in CORPUS}


def test_a_package_labelled_for_the_other_split_is_refused_in_one_line(tmp_path, capsys):
    (tmp_path / "ir").mkdir()
    (tmp_path / "p.tsv").write_text("mine\tinstcombine\n")
    done = _cli(capsys, "label", "--data", str(tmp_path), "--split", "train", "--packages", "eigen3",
                "--pipelines", str(tmp_path / "p.tsv"))
    err = done.stderr.strip()
    assert done.returncode == 2 and "eigen3 is a held-out package: not for the train split" in err and "\n" not in err


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab\t\n(),<>#- ", max_size=60))
def test_any_pipeline_file_reads_or_fails_with_its_line(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("p") / "p.tsv"
    path.write_text(text)
    try:
        read = pipelines.read_pipelines(path)
    except pipelines.PipelineError as exc:
        assert str(exc).startswith(f"{path}:")
    else:
        assert set(pipelines.STANDARD) <= set(read)


@needs_llvm
def test_harvest_compiles_units_in_both_forms_and_links_a_group(tmp_path):
    from mir_export.tasks.passes.harvest import harvest, modules
    from mir_export.tasks.passes.sources import Source

    tree = tmp_path / "tree"
    (tree / "src").mkdir(parents=True)
    (tree / "src" / "a.c").write_text(PROGRAMS["loops"])
    (tree / "src" / "b.c").write_text(PROGRAMS["calls"])
    (tree / "src" / "broken.c").write_text("int f( {")
    (tmp_path / "out" / "src" / "demo").mkdir(parents=True)
    (tmp_path / "out" / "src" / "demo" / ".tree").write_text(str(tree))  # as if fetched
    src = Source("demo", "1", "MIT", "test", ("src/*.c",), (), link=(("whole", ("src/a.c", "src/b.c")),))
    record = harvest(src, tmp_path / "out", 2)
    assert record["units"] == 3 and record["failed"] == 2  # broken.c at -O0 and -O2
    assert modules(tmp_path / "out", "demo", "O0") == ["demo/src/a.c.O0.ll", "demo/src/b.c.O0.ll"]
    assert modules(tmp_path / "out", "demo", "O2") == ["demo/src/a.c.O2.ll", "demo/src/b.c.O2.ll"]
    assert modules(tmp_path / "out", "demo", "linked") == ["demo/linked/whole.linked.ll"]
    assert harvest(src, tmp_path / "out", 2) == record  # done: not looked at again


@needs_llvm
def test_harvest_prepares_the_tree_once_then_wraps_fragments_in_its_template(tmp_path):
    from mir_export.tasks.passes.harvest import harvest, modules
    from mir_export.tasks.passes.sources import Source

    tree = tmp_path / "tree"
    (tree / "snippets").mkdir(parents=True)
    (tree / "snippets" / "sum.c").write_text("int s = 0; for (int i = 0; i < 9; i++) s += i; return s;")
    (tmp_path / "out" / "src" / "demo").mkdir(parents=True)
    (tmp_path / "out" / "src" / "demo" / ".tree").write_text(str(tree))
    template = "int main(void) {\\n${snippet_source_code}\\n}\\n"  # written by the tree's own step, as configure does
    src = Source("demo", "1", "MIT", "test", (), (), wrap=(("snippets/*.c", "snippets/wrap.c.in"),),
                 prepare=(f"printf '{template}' > snippets/wrap.c.in",))
    record = harvest(src, tmp_path / "out", 1)
    assert (tmp_path / "out" / "src" / "demo" / ".prepared").exists()
    assert record["units"] == 1 and record["failed"] == 0
    assert modules(tmp_path / "out", "demo", "O0") == ["demo/.wrapped/snippets/sum.c.O0.ll"]
    assert "define" in (tmp_path / "out" / "ir" / "demo" / ".wrapped" / "snippets" / "sum.c.O0.ll").read_text()
