"""Cold ``mir-runtime predict --task passes`` and ``tune --budget 3`` against one ``opt -passes='default<Oz>'``,
in one run, the commands' order alternated from round to round, on modules of a few hundred to
about ten thousand IR instructions.

The passes pack is the tests' (``tests/passes_pack.py``: a ridge head on opt-14 labels of five
tests/programs modules, six pipelines) made for the shipped model, so the encoders are the shipped
ones. The modules: tests/programs compiled by clang-14 at -O0 without ``optnone``, the largest
device-mapping kernel (typed pointers, as LLVM 10 writes them) and every tests/programs module
linked into one (``llvm-link-14``, each ``main`` renamed). Every command is a fresh process, as a
user runs it, timed by wall clock and by CPU time (user and system, the processes it waits for
included: the figure the machine's other load changes least); a shipped task's cold predict
(devmap) on the same module shows what a passes head adds. Cold predict is then taken apart in one
process: interpreter start, imports, ``Model.load``, the first prediction (sessions made, then the
embedding) and a second one (the embedding alone). The machine's load average is recorded beside the figures.

    python benchmarks/tune_speed.py [--rounds 3] [--out FILE.json] [--only stencil.c.ll ...]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
from passes_pack import LLVM, PROGRAMS, build_pack, compile_o0  # noqa: E402

from mir_runtime.ir.count import count_instructions  # noqa: E402

TRAIN = ("bits.c", "loops.c", "recursion.c", "structs.c", "switch.c")
MEASURED = ("stencil.c", "varargs.c", "inventory.cpp", "shapes.cpp")
KERNEL = Path("../shared/datasets/devmap/kernels_ir/npb-3.3-LU-rhsz_S.ll")
BREAKDOWN = """
import json, sys, time
t0 = time.perf_counter()
from mir_runtime.model import Model
t1 = time.perf_counter()
model = Model.load(tasks=[sys.argv[1]])
t2 = time.perf_counter()
model.predict("passes", sys.argv[2])
t3 = time.perf_counter()
model.predict("passes", sys.argv[2])
t4 = time.perf_counter()
print(json.dumps({"imports": t1 - t0, "load": t2 - t1, "first_predict": t3 - t2, "warm_predict": t4 - t3}))
"""


def linked(out: Path) -> Path:
    """Every tests/programs module at -O0 linked into one, each ``main`` renamed."""
    parts = []
    for source in sorted(PROGRAMS.glob("*.c*")):
        if source.name == "parallel.c":  # OpenMP: needs the runtime's header
            continue
        cmd = [f"clang-{LLVM}", "-S", "-emit-llvm", "-O0", "-Xclang", "-disable-O0-optnone",
               f"-Dmain=main_{source.stem}", "-o", str(out / f"{source.name}.link.ll"), str(source)]
        subprocess.run(cmd, check=True, capture_output=True)
        parts.append(str(out / f"{source.name}.link.ll"))
    subprocess.run([f"llvm-link-{LLVM}", "-S", "-o", str(out / "linked.ll"), *parts], check=True)
    return out / "linked.ll"


def timed(cmd: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system of the process and the processes it waited for)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: {done.stderr.strip()}")
    return seconds, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median_times(commands: dict, modules: list[Path], rounds: int) -> dict[str, tuple[dict, dict, dict, dict]]:
    """Per module: the median wall and CPU seconds of each command over ``rounds``, and every run's
    (wall, CPU); the commands run in alternating order from round to round, so a drift of the
    machine's load favours none."""
    times = {m.name: {k: [] for k in commands} for m in modules}
    cpu = {m.name: {k: [] for k in commands} for m in modules}
    for round_ in range(rounds):
        order = list(commands) if round_ % 2 == 0 else list(reversed(commands))
        for module in modules:
            for name in order:
                seconds, cpu_seconds = timed(commands[name](module))
                times[module.name][name].append(seconds)
                cpu[module.name][name].append(cpu_seconds)
    return {name: ({k: statistics.median(v) for k, v in times[name].items()},
                   {k: statistics.median(v) for k, v in cpu[name].items()}, times[name], cpu[name]) for name in times}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=REPO / "benchmarks" / "results" / "tune_speed.json")
    parser.add_argument("--only", nargs="+", metavar="MODULE", help="measure these modules alone (file names)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tune-speed-") as tmp:
        tmp = Path(tmp)
        train = [compile_o0(PROGRAMS / n, tmp / f"{n}.ll") for n in TRAIN]
        pack = build_pack(REPO / "artifacts", train, tmp / "packs" / "passes", tmp / "work")
        modules = [compile_o0(PROGRAMS / n, tmp / f"{n}.ll") for n in MEASURED]
        modules += [p for p in [(REPO / KERNEL).resolve()] if p.is_file()] + [linked(tmp)]
        modules = [m for m in modules if not args.only or m.name in args.only]
        opt = f"opt-{LLVM}"
        runtime = [sys.executable, "-m", "mir_runtime.cli"]
        commands = {
            "oz": lambda m: [opt, "-passes=default<Oz>", "-S", "-o", str(tmp / "oz.ll"), str(m)],
            "tune3": lambda m: [*runtime, "tune", str(m), "--budget", "3", "-o", str(tmp / "tuned.ll"),
                                "--tasks", str(pack)],
            "predict": lambda m: [*runtime, "predict", str(m), "--task", "passes", "--tasks", str(pack)],
            # a shipped task's cold predict on the same module: what a passes head adds to it
            "predict_devmap": lambda m: [*runtime, "predict", str(m), "--task", "devmap", "--platform", "amd",
                                         "--transfer", "1000", "--wgsize", "64"],
        }
        medians = median_times(commands, modules, args.rounds)
        rows = []
        for module in modules:
            subprocess.run(commands["oz"](module), check=True)
            t, c, runs, cpu_runs = medians[module.name]
            rows.append({"module": module.name, "instructions": count_instructions(module.read_text()),
                         "oz_instructions": count_instructions((tmp / "oz.ll").read_text()),
                         **{f"{k}_s": round(v, 3) for k, v in t.items()},
                         **{f"{k}_cpu_s": round(v, 3) for k, v in c.items()},
                         "tune3_over_oz": round(t["tune3"] / t["oz"], 2),
                         "tune3_over_oz_cpu": round(c["tune3"] / c["oz"], 2),
                         "runs": runs, "cpu_runs": cpu_runs})
        start = [timed([sys.executable, "-c", "pass"])[0] for _ in range(3)]
        parts = subprocess.run([sys.executable, "-c", BREAKDOWN, str(pack), str(modules[0])], capture_output=True,
                               text=True, check=True).stdout
    result = {"rounds": args.rounds, "opt": opt, "load_average": [round(x, 2) for x in os.getloadavg()],
              "cores": os.cpu_count(), "modules": rows,
              "cold_predict_parts_s": {"interpreter": round(min(start), 3),
                                       **{k: round(v, 3) for k, v in json.loads(parts).items()}}}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    partial = args.out.with_name(f".{args.out.name}.tmp")
    partial.write_text(json.dumps(result, indent=2) + "\n")
    partial.replace(args.out)
    print("wall s (CPU s)")
    print(f"{'module':24} {'instr':>6} {'Oz':>5} {'opt Oz':>14} {'tune3':>14} {'ratio':>11} {'predict':>14} "
          f"{'devmap':>14}")
    for r in rows:
        both = {k: f"{r[k + '_s']:.3f} ({r[k + '_cpu_s']:.3f})" for k in commands}
        print(f"{r['module']:24} {r['instructions']:6} {r['oz_instructions']:5} {both['oz']:>14} {both['tune3']:>14} "
              f"{r['tune3_over_oz']:5.1f} ({r['tune3_over_oz_cpu']:.1f}) {both['predict']:>14} "
              f"{both['predict_devmap']:>14}")
    print(f"load average (1, 5, 15 min) after the run: {result['load_average']}")
    print("cold predict, taken apart (s):", result["cold_predict_parts_s"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
