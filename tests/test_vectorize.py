"""The vectorization harness without a compiler run: pragma placement on small C snippets, the
family-stratified subset, and the resumable CSV."""
from __future__ import annotations

import csv
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from mir_export.tasks.vectorize import report
from mir_export.tasks.vectorize import sweep as sweep_mod
from mir_export.tasks.vectorize.pragmas import ParseError, cindex, innermost_loops, insert_pragmas, pragma
from mir_export.tasks.vectorize.subset import allocate, family, read_subset, stratified_subset

try:
    cindex()
    HAVE_LIBCLANG = True
except ModuleNotFoundError:  # the [train] extra's libclang wheel
    HAVE_LIBCLANG = False
needs_libclang = pytest.mark.skipif(not HAVE_LIBCLANG, reason="libclang (the [train] extra) is not installed")

PRAGMA = pragma(8, 2)


def annotate(source: str, vf: int = 8, il: int = 2) -> tuple[str, int]:
    loops = innermost_loops(Path("snippet.c"), source)
    return insert_pragmas(source, loops.offsets, vf, il), len(loops.offsets)


def strip(annotated: str) -> str:
    """The annotated text with each inserted pragma (and the layout around it) taken out again."""
    indented = re.sub(r"(?m)^([ \t]+)" + re.escape(PRAGMA) + r"\n\1", r"\1", annotated)
    return indented.replace("\n" + PRAGMA + "\n", "")


def preceding_line(text: str, marker: str) -> str:
    lines = text.splitlines()
    i = next(n for n, line in enumerate(lines) if marker in line)
    return lines[i - 1].strip()


def assert_compiles(source: str, tmp_path: Path) -> None:
    clang = shutil.which("clang-19")
    if clang is None:
        return
    (tmp_path / "t.c").write_text(source)
    out = subprocess.run([clang, "-fsyntax-only", str(tmp_path / "t.c")],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


NESTED = """int A[64][64];
void f(void) {
  int i, j, k;
  for (i = 0; i < 64; i++) {  // outer
    for (j = 0; j < 64; j++)
      for (k = 0; k < 64; k++) /* innermost */
        A[j][k] += i;
  }
}
"""


@needs_libclang
def test_only_innermost_loops_get_the_pragma(tmp_path):
    out, n = annotate(NESTED)
    assert n == 1 and out.count(PRAGMA) == 1
    assert preceding_line(out, "for (k = 0") == PRAGMA
    assert f"      {PRAGMA}\n      for (k = 0" in out  # the loop's own indentation
    assert strip(out) == NESTED
    assert_compiles(out, tmp_path)


@needs_libclang
def test_several_innermost_loops_and_loops_under_if(tmp_path):
    src = """int a[100], b[100];
int f(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) a[i] = i;
  for (int i = 0; i < n; i++) {
    if (a[i] > 3) {
      for (int j = 0; j < n; j++) b[j] += a[i];
    } else
      for (int j = 0; j < n; j++) b[j] -= a[i];
    s += a[i];
  }
  if (n > 2)
    for (int i = 0; i < n; i++) s += b[i];
  return s;
}
"""
    out, n = annotate(src)
    assert n == 4 and out.count(PRAGMA) == 4
    for marker in ("a[i] = i;", "b[j] += a[i]", "b[j] -= a[i]", "s += b[i]"):
        assert preceding_line(out, marker) == PRAGMA
    assert preceding_line(out, "if (a[i] > 3)") != PRAGMA  # the outer loop of those two
    assert strip(out) == src
    assert_compiles(out, tmp_path)


@needs_libclang
def test_while_and_do_loops_and_loops_sharing_a_line(tmp_path):
    src = """int f(int n) {
  int x = 0, i, j;
  while (x < n) { x += 2; }
  do { x--; } while (x > 5);
  for (i = 0; i < n; i++) for (j = 0; j < n; j++) x += j; /* two on one line */
  return x;
}
"""
    out, n = annotate(src)
    assert n == 3 and out.count(PRAGMA) == 3
    assert preceding_line(out, "while (x < n)") == PRAGMA
    assert preceding_line(out, "do { x--; }") == PRAGMA
    assert preceding_line(out, "for (j = 0; j < n; j++) x += j;") == PRAGMA
    assert "for (i = 0; i < n; i++) \n" in out  # the outer loop keeps its line, the pragma goes below it
    assert strip(out) == src
    assert_compiles(out, tmp_path)


@needs_libclang
def test_comments_and_macros_stay_and_macro_loops_are_skipped(tmp_path):
    src = """#define N 16
#define TWICE(x) ((x) * 2)
#define REPEAT(body) { for (int r = 0; r < 3; r++) body; }
// for (int z = 0; z < 9; z++) in a comment is no loop
int a[N];
void f(void) {
  /* a block comment: for (;;) */
  for (int i = 0; i < N; i++)
    a[i] = TWICE(a[i]);  // while (1) in a comment
  REPEAT(a[0]++)
}
"""
    loops = innermost_loops(Path("snippet.c"), src)
    assert len(loops.offsets) == 1 and loops.from_macros == 1
    out = insert_pragmas(src, loops.offsets, 8, 2)
    assert preceding_line(out, "for (int i = 0; i < N; i++)") == PRAGMA
    assert strip(out) == src
    assert_compiles(out, tmp_path)


@needs_libclang
def test_a_file_that_does_not_parse_raises_parse_error():
    with pytest.raises(ParseError):
        innermost_loops(Path("broken.c"), "void f(void) { for (int i = 0; i < ; i++) }\n")


@needs_libclang
def test_no_loop_means_no_pragma():
    out, n = annotate("int f(int x) { return x + 1; }\n")
    assert n == 0 and PRAGMA not in out


# --- the subset ---------------------------------------------------------------------------------

def names(sizes: dict[str, int]) -> list[str]:
    return [f"{f}_{i}_add_0.c" for f, n in sizes.items() for i in range(n)]


SIZES = {"s1": 162, "s7": 54, "s7n": 54, "s12nn": 432, "s16": 1458, "s9n": 1215}


def test_family_is_the_prefix():
    assert family("s12nn_1024_2_2_in1_assign1.c") == "s12nn"
    assert family("/x/s9n_1024_1024_0_x.c") == "s9n"


def test_subset_covers_every_family_deterministically():
    kernels = names(SIZES)
    chosen = stratified_subset(kernels, 500, seed=3, minimum=30)
    assert len(chosen) == len(set(chosen)) == 500 and set(chosen) <= set(kernels)
    counts = {f: sum(family(k) == f for k in chosen) for f in SIZES}
    assert all(c >= 30 for c in counts.values())
    assert counts["s16"] > counts["s9n"] > counts["s12nn"] > counts["s1"]  # the rest in proportion
    assert chosen == stratified_subset(list(reversed(kernels)), 500, seed=3, minimum=30)
    assert chosen != stratified_subset(kernels, 500, seed=4, minimum=30)


def test_allocation_limits():
    assert allocate({"a": 5, "b": 100}, 50, 10) == {"a": 5, "b": 45}  # a small family gives all it has
    assert allocate({"a": 5, "b": 10}, 99, 10) == {"a": 5, "b": 10}
    with pytest.raises(ValueError):
        allocate({"a": 50, "b": 50, "c": 50}, 20, 10)


def test_subset_file_reading(tmp_path):
    (tmp_path / "s.txt").write_text("# chosen by seed 0\ns1_1.c\n\n s2_3.c  # comment\n")
    assert read_subset(tmp_path / "s.txt") == ["s1_1.c", "s2_3.c"]


# --- the resumable CSV --------------------------------------------------------------------------

SETTINGS = sweep_mod.Settings(vfs=(1, 4), ifs=(1,), repeats=2, cpu=None, clang="no-such-clang-here")


def fake_rows(kernel: str, configs) -> list[dict]:
    return [{"kernel": kernel, "family": family(kernel), "VF": vf, "IF": il, "loops": 1, "status": "ok",
             "median_ms": 10.0, "times_ms": "10;10"} for vf, il in configs]


def read_csv(path: Path) -> list[dict]:
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def test_completed_kernels_drops_half_done_ones(tmp_path):
    path = tmp_path / "results.csv"
    sweep_mod._write(path, fake_rows("s1_a.c", SETTINGS.configs()))
    sweep_mod._write(path, fake_rows("s2_b.c", SETTINGS.configs()[:2]))  # interrupted
    assert sweep_mod.completed_kernels(path, SETTINGS) == {"s1_a.c"}
    rows = read_csv(path)
    assert {r["kernel"] for r in rows} == {"s1_a.c"} and len(rows) == 3
    wider = sweep_mod.Settings(vfs=(1, 4, 8), ifs=(1,))
    assert sweep_mod.completed_kernels(path, wider) == set()  # a larger search space redoes it


def test_sweep_skips_finished_kernels_and_redoes_half_done_ones(tmp_path, monkeypatch):
    out = tmp_path / "out"
    out.mkdir()
    sweep_mod._write(out / "results.csv", fake_rows("s1_a.c", SETTINGS.configs()))
    sweep_mod._write(out / "results.csv", fake_rows("s2_b.c", SETTINGS.configs()[1:]))
    measured = []

    def measure(kernels, name, settings, header_obj, work):
        measured.append(name)
        return fake_rows(name, settings.configs())

    monkeypatch.setattr(sweep_mod, "measure_kernel", measure)
    monkeypatch.setattr(sweep_mod.build, "compile_header", lambda *a: sweep_mod.build.Outcome("ok"))
    summary = sweep_mod.sweep(tmp_path, ["s1_a.c", "s2_b.c", "s3_c.c"], out, SETTINGS)
    assert measured == ["s2_b.c", "s3_c.c"]
    assert summary["skipped"] == 1 and summary["measured"] == 2
    rows = read_csv(out / "results.csv")
    assert len(rows) == 9 and [r["kernel"] for r in rows[:3]] == ["s1_a.c"] * 3
    assert (out / "machine.json").exists()
    measured.clear()
    assert sweep_mod.sweep(tmp_path, ["s1_a.c", "s2_b.c", "s3_c.c"], out, SETTINGS)["measured"] == 0
    assert measured == []


# --- the summary ----------------------------------------------------------------------------------

def timed(times: dict[tuple[int, int], list[float]]) -> dict:
    return {k: {"status": "ok", "family": "s1", "median": sorted(t)[len(t) // 2], "times": t}
            for k, t in times.items()}


def test_summary_and_label_stability():
    first = {"s1_a.c": timed({(0, 0): [100, 110, 90], (4, 1): [50, 50, 50], (8, 1): [60, 60, 60]}),
             "s1_b.c": timed({(0, 0): [100, 100, 100], (4, 1): [200, 200, 200], (8, 1): [125, 125, 125]})}
    summary = report.summarize(first)
    assert summary["oracle_speedup"] == pytest.approx((2.0 * 0.8) ** 0.5, abs=1e-4)
    assert summary["kernels_faster_than_baseline"] == 1
    assert summary["labels"] == {"VF4_IF1": 1, "VF8_IF1": 1}
    assert summary["baseline_spread_median"] == pytest.approx(0.1, abs=1e-4)  # (100-100)/100 and (110-90)/100
    # a: the first label (4,1) is 2% behind the new best: stable; b: (8,1) is now 10% behind: unstable
    second = {"s1_a.c": timed({(0, 0): [100], (4, 1): [51], (8, 1): [50]}),
              "s1_b.c": timed({(0, 0): [100], (4, 1): [100], (8, 1): [110]})}
    result = report.compare(first, second)
    assert result["kernels"] == 2 and result["label_stability"] == 0.5
    assert result["label_loss_geomean"] == pytest.approx((51 / 50 * 110 / 100) ** 0.5, abs=1e-4)


def test_summary_reads_both_metrics(tmp_path):
    path = tmp_path / "results.csv"
    rows = fake_rows("s1_a.c", SETTINGS.configs())
    for r in rows:
        r.update(median_user_ms=8.0, user_times_ms="8.0;8.5", sys_times_ms="1.0;1.0")
    sweep_mod._write(path, rows)
    assert report.load(path, "wall")["s1_a.c"][(4, 1)]["times"] == [10.0, 10.0]
    assert report.load(path, "user")["s1_a.c"][(4, 1)] == {"status": "ok", "family": "s1", "median": 8.0,
                                                          "times": [8.0, 8.5]}


def test_prune_keeps_the_baseline_and_the_near_fastest():
    user_times = {(0, 0): [300.0], (1, 1): [900.0], (4, 1): [100.0], (8, 2): [125.0], (64, 16): [131.0], (2, 1): []}
    assert sweep_mod.prune(user_times, 1.3) == {(0, 0), (4, 1), (8, 2)}
    assert sweep_mod.prune({}, 1.3) == {(0, 0)}
