"""Cold ``mir-runtime predict --task passes`` with a head on code counts, and ``tune --budget 3``
against one ``opt -passes='default<Oz>'`` on the same module, in one run, on real modules.

The packs are the tests' (``tests/passes_pack.py``: a ridge head on opt-14 labels of five
tests/programs modules, six pipelines), made for the shipped model with heads on ``opcodes`` and
on ``autophase`` counts, so no encoder runs. The modules: ``--modules`` of the given directories'
``*.O0.ll`` files (default: eigen3, re2 and kissfft of the pass-pipeline build, ``../data/passes/
ir``), ``optnone`` and ``noinline`` removed as the pass labels remove them
(``mir_export.tasks.passes.measure.prepare``), picked evenly over their sizes. Every command is a
fresh process, as a user runs it, timed by wall clock and by CPU time (user and system of the
processes it waited for), the commands' order alternated from round to round; per module the
median over rounds. Cold predict is then taken apart in one process (interpreter, imports, the
model's loading, reading the module, the counts and the head). The machine's load average is
recorded beside the figures. ``--warm`` measures instead what a build that tunes many modules in
one process pays: ``tune(..., model=Model)`` with the model loaded once, against a fresh
``opt -passes='default<Oz>'`` per module, and ``mir-runtime tune MODULES --out-dir DIR`` (one
process for them all) against the sum of one -Oz per module, in one run.

``--pack DIR`` measures that pack instead of the tests' two (the shipped one: ``artifacts/tasks/passes``).
``--python PATH`` runs the runtime with that interpreter (say a virtual environment with the compiled
wheel installed, as a user has it) instead of this one (a source checkout: pure Python); every
runtime process starts with ``-P``, so the working directory's sources never shadow the installed package.

    python benchmarks/tune_counts_speed.py [DIR ...] [--modules 30] [--rounds 3] [--out FILE.json] [--warm] [--pack DIR]
        [--python PATH]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
from passes_pack import LLVM, PROGRAMS, build_pack, compile_o0  # noqa: E402
from tune_speed import median_times, timed  # noqa: E402  (this script's folder is on the path when it runs)

from mir_export.tasks.passes.measure import prepare  # noqa: E402
from mir_runtime.ir.count import count_instructions  # noqa: E402

TRAIN = ("bits.c", "loops.c", "recursion.c", "structs.c", "switch.c")
DEFAULT_DIRS = [REPO / ".." / "data" / "passes" / "ir" / name for name in ("eigen3", "re2", "kissfft")]
SIZES = ((0, 1000), (1000, 5000), (5000, 20000), (20000, 10 ** 9))  # IR instructions, [low, high)
BREAKDOWN = """
import json, sys, time
t0 = time.perf_counter()
from mir_runtime.model import Model
t1 = time.perf_counter()
model = Model.load(tasks=[sys.argv[1]], lazy=True)
t2 = time.perf_counter()
from mir_runtime.ir import read_ir
from mir_runtime.code_counts import FEATURES
module = read_ir(sys.argv[2])
t3 = time.perf_counter()
FEATURES[model.task("passes").features](module)
t4 = time.perf_counter()
model.predict("passes", module)
t5 = time.perf_counter()
print(json.dumps({"imports": t1 - t0, "load": t2 - t1, "read": t3 - t2, "counts": t4 - t3,
                  "first_predict_of_a_read_module": t5 - t4}))
"""


WARM = """
import json, statistics, sys, time
from mir_runtime import tune
from mir_runtime.model import Model
pack, out, rounds, *modules = sys.argv[1:]
model = Model.load(tasks=[pack], lazy=True)
tune(modules[0], out, budget=3, model=model)  # onnxruntime imported, the head's session made: once a process
times = {m: [] for m in modules}
for _ in range(int(rounds)):
    for m in modules:
        start = time.perf_counter()
        tune(m, out, budget=3, model=model)
        times[m].append(time.perf_counter() - start)
print(json.dumps({m: statistics.median(v) for m, v in times.items()}))
"""


def warm(modules: list[Path], pack: Path, tmp: Path, rounds: int, python: str) -> dict:
    """Per module: the median of fresh ``opt -Oz`` runs and of ``tune --budget 3`` in one warm process;
    and the whole set as a build tunes it, one ``mir-runtime tune MODULES --out-dir`` process
    against the sum of one -Oz per module."""
    oz = {m.name: statistics.median(timed([f"opt-{LLVM}", "-passes=default<Oz>", "-S", "-o", str(tmp / "oz.ll"),
                                            str(m)])[0] for _ in range(rounds)) for m in modules}
    done = subprocess.run([python, "-P", "-c", WARM, str(pack), str(tmp / "tuned.ll"), str(rounds),
                           *map(str, modules)], capture_output=True, text=True, check=True)
    tuned = {Path(k).name: v for k, v in json.loads(done.stdout).items()}
    rows = [{"module": m.name, "instructions": count_instructions(m.read_text()), "oz_s": round(oz[m.name], 3),
             "warm_tune3_s": round(tuned[m.name], 3), "warm_tune3_over_oz": round(tuned[m.name] / oz[m.name], 2)}
            for m in modules]
    batch = [python, "-P", "-m", "mir_runtime.cli", "tune", *map(str, modules), "--out-dir", str(tmp / "batch"),
             "--budget", "3", "--tasks", str(pack)]
    batch_s = statistics.median(timed(batch)[0] for _ in range(rounds))
    sum_oz = sum(oz.values())
    return {"rounds": rounds, "load_average": [round(x, 2) for x in os.getloadavg()], "modules": rows,
            "summary": {key: summary(rows, key) for key in ("warm_tune3_over_oz", "oz_s")},
            "out_dir": {"modules": len(modules), "tune_s": round(batch_s, 3), "sum_oz_s": round(sum_oz, 3),
                        "tune_over_oz": round(batch_s / sum_oz, 2)}}


def compiled(python: str) -> bool:
    """Whether ``python`` runs the runtime's mypyc-compiled reader (a wheel build), not its sources."""
    done = subprocess.run([python, "-P", "-c", "import mir_runtime.ir.parser as p; print(p.__file__.endswith('.py'))"],
                          capture_output=True, text=True, check=True)
    return done.stdout.strip() == "False"


def pick(dirs: list[Path], count: int, out: Path) -> list[Path]:
    """``count`` of the directories' -O0 modules, evenly over their sizes, prepared as the labels read them."""
    found = sorted((p for d in dirs for p in d.rglob("*.O0.ll")), key=lambda p: (p.stat().st_size, str(p)))
    if not found:
        raise SystemExit(f"no *.O0.ll under {', '.join(map(str, dirs))}")
    chosen = [found[round(k * (len(found) - 1) / max(count - 1, 1))] for k in range(min(count, len(found)))]
    modules = []
    for k, path in enumerate(dict.fromkeys(chosen)):
        target = out / f"{k:02d}-{path.name}"
        target.write_text(prepare(path.read_text(errors="replace"), "O0"))
        modules.append(target)
    return modules


def summary(rows: list[dict], key: str) -> dict:
    """Median and worst of ``key`` over all modules and per size band."""
    out = {}
    for low, high in ((0, 10 ** 9), *SIZES):
        values = [r[key] for r in rows if low <= r["instructions"] < high]
        if values:
            band = "all" if (low, high) == (0, 10 ** 9) else f"{low}-{high if high < 10 ** 9 else ''}"
            out[band] = {"modules": len(values), "median": round(statistics.median(values), 3),
                         "worst": round(max(values), 3)}
    return out


def write(out: Path, result: dict) -> None:
    """``result`` as JSON into ``out``, written beside it and renamed into place."""
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(f".{out.name}.tmp")
    partial.write_text(json.dumps(result, indent=2) + "\n")
    partial.replace(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="*", type=Path, default=DEFAULT_DIRS)
    parser.add_argument("--modules", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, help="default: benchmarks/results/tune_counts_speed[_warm].json")
    parser.add_argument("--warm", action="store_true", help="tune in one process, the model loaded once")
    parser.add_argument("--pack", type=Path, default=None,
                        help="a passes pack to measure (e.g. artifacts/tasks/passes) instead of the tests' two")
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter that runs the runtime (default: this one)")
    args = parser.parse_args()
    args.out = args.out or REPO / "benchmarks" / "results" / f"tune_counts_speed{'_warm' * args.warm}.json"
    with tempfile.TemporaryDirectory(prefix="tune-counts-") as tmp:
        tmp = Path(tmp)
        train = [compile_o0(PROGRAMS / n, tmp / f"{n}.ll") for n in TRAIN]
        packs = {"pack": args.pack} if args.pack else {
            f: build_pack(REPO / "artifacts", train, tmp / "packs" / f / "passes", tmp / "work" / f, features=f)
            for f in ("autophase", "opcodes")}
        tuned = next(iter(packs.values()))  # the pack tune ranks with: the given one, else Autophase's
        (tmp / "modules").mkdir()
        modules = pick(args.dirs, args.modules, tmp / "modules")
        if args.warm:
            result = warm(modules, tuned, tmp, args.rounds, args.python)
            write(args.out, result)
            for key, bands in result["summary"].items():
                print(key, json.dumps(bands))
            return 0
        opt = f"opt-{LLVM}"
        runtime = [args.python, "-P", "-m", "mir_runtime.cli"]
        commands = {
            "oz": lambda m: [opt, "-passes=default<Oz>", "-S", "-o", str(tmp / "oz.ll"), str(m)],
            **{f"predict_{name}": (lambda m, pack=pack: [*runtime, "predict", str(m), "--task", "passes",
                                                         "--tasks", str(pack)]) for name, pack in packs.items()},
            "tune3": lambda m: [*runtime, "tune", str(m), "--budget", "3", "-o", str(tmp / "tuned.ll"),
                                "--tasks", str(tuned)],
        }
        medians = median_times(commands, modules, args.rounds)
        rows = []
        for module in modules:
            t, c, runs, cpu_runs = medians[module.name]
            rows.append({"module": module.name, "instructions": count_instructions(module.read_text()),
                         **{f"{k}_s": round(v, 3) for k, v in t.items()},
                         **{f"{k}_cpu_s": round(v, 3) for k, v in c.items()},
                         "tune3_over_oz": round(t["tune3"] / t["oz"], 2),
                         "tune3_over_oz_cpu": round(c["tune3"] / c["oz"], 2),
                         "runs": runs, "cpu_runs": cpu_runs})
        start = [timed([args.python, "-P", "-c", "pass"])[0] for _ in range(3)]
        middle = sorted(modules, key=lambda m: m.stat().st_size)[len(modules) // 2]
        parts = subprocess.run([args.python, "-P", "-c", BREAKDOWN, str(tuned), str(middle)],
                               capture_output=True, text=True, check=True).stdout
        middle_instructions = count_instructions(middle.read_text())
    result = {"rounds": args.rounds, "opt": opt, "runtime_compiled": compiled(args.python),
              "load_average": [round(x, 2) for x in os.getloadavg()], "cores": os.cpu_count(), "modules": rows,
              "packs": {name: str(pack) if args.pack else f"tests/passes_pack.py, {name} counts"
                        for name, pack in packs.items()},
              "summary": {key: summary(rows, key) for key in (*(f"predict_{n}_s" for n in packs),
                                                                *(f"predict_{n}_cpu_s" for n in packs),
                                                                "tune3_over_oz", "tune3_over_oz_cpu", "oz_s")},
              "cold_predict_parts_s": {"module": middle.name, "instructions": middle_instructions,
                                       "interpreter": round(min(start), 3),
                                       **{k: round(v, 3) for k, v in json.loads(parts).items()}}}
    write(args.out, result)
    print("wall s (CPU s), median of rounds")
    print(f"{'module':48} {'instr':>6} {'opt Oz':>14} {'tune3':>14} {'ratio':>11} "
          + " ".join(f"{'predict ' + n[:6]:>14}" for n in packs))
    for r in rows:
        both = {k: f"{r[k + '_s']:.3f} ({r[k + '_cpu_s']:.3f})" for k in commands}
        print(f"{r['module'][:48]:48} {r['instructions']:6} {both['oz']:>14} {both['tune3']:>14} "
              f"{r['tune3_over_oz']:5.1f} ({r['tune3_over_oz_cpu']:.1f}) "
              + " ".join(f"{both['predict_' + n]:>14}" for n in packs))
    for key, bands in result["summary"].items():
        print(key, json.dumps(bands))
    print(f"load average (1, 5, 15 min) after the run: {result['load_average']}")
    print("cold predict, taken apart (s):", result["cold_predict_parts_s"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
