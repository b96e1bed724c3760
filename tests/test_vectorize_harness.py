"""The vectorization harness end to end on real kernels: pragmas, clang-19 builds, pinned runs, the CSV,
resumption, and a kernel that does not parse (a recorded status, not a traceback). Tiny search space
(VF 1 and 4, IF 1, one round) so that it stays a few seconds. Then the model's input, the IR of
``vectorize ir``: resumable, and a kernel that does not compile is one located line."""
from __future__ import annotations

import csv
import json
import shutil

import pytest

from mir_export.cli import main
from mir_export.tasks.vectorize.pragmas import cindex

KERNELS = ("s1_1024_add_0.c", "s17_1024_mul_0.c")
SPACE = ["--vf", "1,4", "--if", "1", "--repeats", "1"]


@pytest.fixture
def kernels(datasets):
    if shutil.which("clang-19") is None:
        pytest.skip("clang-19 is not installed")
    try:
        cindex()
    except ModuleNotFoundError:
        pytest.skip("libclang (the [train] extra) is not installed")
    folder = datasets / "vectorization" / "kernels"
    if not folder.is_dir():
        pytest.fail(f"{folder} is missing")
    return folder


def rows(out):
    with (out / "results.csv").open(newline="") as f:
        return list(csv.DictReader(f))


def test_measure_two_kernels_then_resume(kernels, tmp_path, capsys):
    subset = tmp_path / "subset.txt"
    subset.write_text("".join(f"{k}\n" for k in KERNELS))
    out = tmp_path / "out"
    assert main(["vectorize", "measure", "--kernels", str(kernels), "--out", str(out), "--subset", str(subset),
                 *SPACE]) == 0
    got = rows(out)
    assert [(r["kernel"], r["VF"], r["IF"]) for r in got] == [
        (k, vf, "1" if vf != "0" else "0") for k in KERNELS for vf in ("0", "1", "4")]
    for r in got:
        assert r["status"] == "ok" and r["family"] == r["kernel"].split("_")[0]
        assert r["loops"] == "1" and float(r["median_ms"]) > 0 and len(r["times_ms"].split(";")) == 1
        assert 0 < float(r["median_user_ms"]) == float(r["user_times_ms"]) and float(r["sys_times_ms"]) >= 0
    machine = json.loads((out / "machine.json").read_text())
    assert machine["clang"].startswith(("Debian clang version 19", "clang version 19")) and machine["cpu_flags"]
    assert "[2/2]" in (out / "measure.log").read_text()
    capsys.readouterr()
    assert main(["vectorize", "measure", "--kernels", str(kernels), "--out", str(out), "--subset", str(subset),
                 *SPACE]) == 0
    assert "0 kernels measured, 2 already there" in capsys.readouterr().out
    assert rows(out) == got
    assert main(["vectorize", "summary", str(out), "--metric", "user", "--compare", str(out)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["kernels"] == 2 and summary["statuses"] == {"ok": 6} and summary["oracle_speedup"] > 0
    assert summary["compare"]["label_stability"] == 1.0 and summary["seconds_per_kernel"]["max"] > 0


def test_prune_repeats_only_the_contenders(kernels, tmp_path):
    subset = tmp_path / "subset.txt"
    subset.write_text(f"{KERNELS[0]}\n")
    out = tmp_path / "out"
    assert main(["vectorize", "measure", "--kernels", str(kernels), "--out", str(out), "--subset", str(subset),
                 "--vf", "1,8", "--if", "1", "--repeats", "2", "--prune", "1.0"]) == 0
    runs = {r["VF"]: len(r["times_ms"].split(";")) for r in rows(out)}
    # the baseline always repeats, scalar code (VF 1, IF 1: about 5x slower on this kernel) does not
    assert runs["0"] == 2 and runs["1"] == 1 and runs["8"] in (1, 2)


def with_broken(kernels, tmp_path, name: str, text: str):
    """A kernels folder with the header, the first of ``KERNELS`` and a broken kernel ``name``."""
    folder = tmp_path / "kernels"
    folder.mkdir()
    for good in ("header.c", "header.h", KERNELS[0]):
        shutil.copy(kernels / good, folder / good)
    (folder / name).write_text(text)
    return folder


def test_a_kernel_that_does_not_parse_is_a_status(kernels, tmp_path):
    folder = with_broken(kernels, tmp_path, "s99_broken_0.c",
                         '#include "header.h"\nint main(void) { for (int i = 0; i < ; i++) }\n')
    out = tmp_path / "out"
    assert main(["vectorize", "measure", "--kernels", str(folder), "--out", str(out), *SPACE]) == 0
    status = {(r["kernel"], r["VF"]): r["status"] for r in rows(out)}
    assert status[("s99_broken_0.c", "0")] == "compile error"  # the baseline: no pragma, plain clang
    assert status[("s99_broken_0.c", "1")] == status[("s99_broken_0.c", "4")] == "parse error"
    assert status[(KERNELS[0], "4")] == "ok"


IR_KERNELS = (*KERNELS, "s12_1024_2_2_in_assign.c")


def test_ir_of_real_kernels_has_its_loops_unvectorized_and_resumes(kernels, tmp_path, capsys) -> None:
    from mir_runtime import read_ir

    subset = tmp_path / "subset.txt"
    subset.write_text("".join(f"{k}\n" for k in IR_KERNELS))
    out = tmp_path / "ir"
    assert main(["vectorize", "ir", "--kernels", str(kernels), "--subset", str(subset), "--out", str(out)]) == 0
    assert f"{out}: 3 written, 0 already there, 0 failed" in capsys.readouterr().out
    assert sorted(p.name for p in out.iterdir()) == sorted(k.replace(".c", ".ll") for k in IR_KERNELS)
    for path in out.iterdir():
        text = path.read_text()
        assert "optnone" not in text and "<4 x " not in text and "<8 x " not in text  # no vector code yet
        assert "!llvm.loop" in text and read_ir(path).functions  # loops kept, readable by the runtime
    assert main(["vectorize", "ir", "--kernels", str(kernels), "--subset", str(subset), "--out", str(out)]) == 0
    assert f"{out}: 0 written, 3 already there, 0 failed" in capsys.readouterr().out


def test_a_kernel_that_does_not_compile_is_one_located_line(kernels, tmp_path, capsys) -> None:
    folder = with_broken(kernels, tmp_path, "s1_broken.c",
                         '#include "header.h"\nint f(void) {\n  return undeclared;\n}\n')
    out = tmp_path / "ir"
    assert main(["vectorize", "ir", "--kernels", str(folder), "--out", str(out)]) == 1
    captured = capsys.readouterr()
    assert captured.err.strip() == f"{folder / 's1_broken.c'}:3:10: error: use of undeclared identifier 'undeclared'"
    assert f"{out}: 1 written, 0 already there, 1 failed" in captured.out
    assert sorted(p.name for p in out.iterdir()) == [KERNELS[0].replace(".c", ".ll")]  # no partial file
