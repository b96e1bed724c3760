"""``mir-export vectorize measure|subset|summary|ir``: label NeuroVectorizer's kernels on this
machine, and write the IR the model reads."""
from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
from pathlib import Path

from mir_runtime.usage import Formatter, UsageError


def _ints(text: str) -> tuple[int, ...]:
    try:
        values = tuple(int(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a comma-separated list of integers: {text!r}") from None
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError(f"factors must be >= 1: {text!r}")
    return values


def add_commands(sub) -> None:
    from mir_export.tasks.vectorize.sweep import IFS, VFS, Settings

    vec = sub.add_parser("vectorize", help="loop vectorization/interleave factors: measure labels, pick kernels, "
                                           "write the model's input IR",
                         formatter_class=Formatter)
    cmds = vec.add_subparsers(dest="vectorize_command", required=True)
    m = cmds.add_parser("measure", formatter_class=Formatter,
                        help="time every kernel at every (VF, IF) pair and at plain -O3; resumable CSV",
                        description="Insert '#pragma clang loop vectorize_width(VF) interleave_count(IF)' "
                                    "before each innermost loop, build with clang -O3 -march=native, run "
                                    "pinned to one core in shuffled rounds (baseline in every round), and "
                                    "write OUT/results.csv, OUT/machine.json and OUT/measure.log. Kernels "
                                    "already complete in the CSV are skipped. Run it niced on a shared machine.")
    m.add_argument("--kernels", type=Path, required=True, help="folder of sF_*.c kernels with header.c/.h")
    m.add_argument("--out", type=Path, required=True, help="results folder (outside the repository)")
    m.add_argument("--subset", type=Path, default=None, help="file of kernel names, one a line (default: all)")
    m.add_argument("--limit", type=int, default=None, help="only the first N kernels (of the subset)")
    m.add_argument("--vf", type=_ints, default=",".join(map(str, VFS)), help="vectorization factors, comma-separated")
    m.add_argument("--if", dest="ifs", type=_ints, default=",".join(map(str, IFS)), help="interleave counts, comma-separated")
    m.add_argument("--repeats", type=int, default=Settings.repeats, help="runs of each configuration (rounds)")
    m.add_argument("--cpu", type=int, default=None, help="core to pin runs to (default: the last allowed one)")
    m.add_argument("--clang", default=Settings.clang, help="compiler")
    m.add_argument("--compile-timeout", type=float, default=Settings.compile_timeout, help="seconds")
    m.add_argument("--run-timeout", type=float, default=Settings.run_timeout, help="seconds")
    m.add_argument("--compile-jobs", type=int, default=Settings.compile_jobs,
                   help="parallel compiles (before a kernel's runs, so they never overlap a timed run)")
    m.add_argument("--seed", type=int, default=Settings.seed, help="seed of the run order in each round")
    m.add_argument("--prune", type=float, default=None, metavar="FACTOR",
                   help="after the first round, repeat only the baseline and the configurations whose user CPU "
                        "time is within FACTOR of the fastest (e.g. 1.3); default: repeat all")
    r = cmds.add_parser("summary", formatter_class=Formatter,
                        help="a measured folder in figures (JSON): statuses, oracle speedup, run spread, "
                             "seconds per kernel; with --compare, label stability against another measurement")
    r.add_argument("out", type=Path, help="a folder written by 'measure'")
    r.add_argument("--compare", type=Path, default=None, help="a second measurement of (some of) the same kernels")
    r.add_argument("--metric", choices=("wall", "user"), default="wall",
                   help="the printed milliseconds (wall) or the processes' user CPU time (user)")
    r.add_argument("--tolerance", type=float, default=0.03, help="label stability: within this share of the best")
    i = cmds.add_parser("ir", formatter_class=Formatter,
                        help="the model's input: each kernel's IR before loop vectorization, one .ll a kernel",
                        description="clang -O1 -fno-vectorize -fno-slp-vectorize -fno-unroll-loops -emit-llvm -S "
                                    "with the kernels' folder as include path: the IR the loop vectorizer is handed, "
                                    "simplified as -O3 would before it, loops kept as written, the same on every "
                                    "machine. Kernels whose OUT/NAME.ll exists are skipped; one that does not "
                                    "compile is one line on stderr (exit status 1, the others are written).")
    i.add_argument("--kernels", type=Path, required=True, help="folder of sF_*.c kernels with header.c/.h")
    i.add_argument("--out", type=Path, required=True, help="folder for the .ll files (outside the repository)")
    which = i.add_mutually_exclusive_group()
    which.add_argument("--subset", type=Path, default=None, help="file of kernel names, one a line (default: all)")
    which.add_argument("--measured", type=Path, nargs="+", default=[], metavar="DIR",
                       help="the kernels measured in these 'measure' folders")
    i.add_argument("--clang", default=Settings.clang, help="compiler")
    i.add_argument("--timeout", type=float, default=Settings.compile_timeout, help="seconds per kernel")
    s = cmds.add_parser("subset", formatter_class=Formatter,
                        help="a family-stratified sample of the kernels, one name a line")
    s.add_argument("--kernels", type=Path, required=True, help="folder of sF_*.c kernels")
    s.add_argument("--n", type=int, required=True, help="how many kernels")
    s.add_argument("--out", type=Path, required=True, help="the subset file to write")
    s.add_argument("--seed", type=int, default=0, help="seed of the sample")
    s.add_argument("--min-per-family", type=int, default=30,
                   help="every family gives at least this many (all it has when fewer)")


def run(args: argparse.Namespace) -> int:
    from mir_export.tasks.vectorize.subset import family, list_kernels, stratified_subset

    if args.vectorize_command == "summary":
        return _summary(args)
    if not (args.kernels / "header.c").is_file():
        raise UsageError(f"--kernels: {args.kernels} has no header.c (give the data set's kernels/ folder)")
    available = list_kernels(args.kernels)
    if args.vectorize_command == "subset":
        try:
            names = stratified_subset(available, args.n, args.seed, args.min_per_family)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        args.out.write_text("".join(f"{n}\n" for n in names))
        families = {family(n) for n in names}
        print(f"{args.out}: {len(names)} kernels from {len(families)} of {len({family(n) for n in available})} "
              f"families (seed {args.seed})")
        return 0
    if args.vectorize_command == "ir":
        return _ir(args, available)
    return _measure(args, available)


def _names(args: argparse.Namespace, available: list[str]) -> list[str]:
    """The kernels a command works on: ``--subset``'s, ``--measured``'s, else all of ``--kernels``."""
    from mir_export.tasks.vectorize.labels import merged
    from mir_export.tasks.vectorize.subset import read_subset

    try:
        names = (read_subset(args.subset) if args.subset else
                 sorted(merged(args.measured)) if getattr(args, "measured", None) else available)
    except ValueError as exc:
        raise UsageError(f"--measured: {exc}") from None
    missing = sorted(set(names) - set(available))
    if missing:
        raise UsageError(f"{len(missing)} kernel name(s) not in {args.kernels}: {', '.join(missing[:3])}")
    return names


def _ir(args: argparse.Namespace, available: list[str]) -> int:
    from mir_export.tasks.vectorize.ir import generate_ir

    summary = generate_ir(args.kernels, _names(args, available), args.out, args.clang, args.timeout)
    print(f"{args.out}: {summary['written']} written, {summary['skipped']} already there, "
          f"{len(summary['failed'])} failed")
    return 1 if summary["failed"] else 0


def _summary(args: argparse.Namespace) -> int:
    import json
    import statistics

    from mir_export.tasks.vectorize.report import compare, load, seconds_per_kernel, summarize

    for folder in filter(None, (args.out, args.compare)):
        if not (folder / "results.csv").is_file():
            raise UsageError(f"{folder} has no results.csv")
    first = load(args.out / "results.csv", args.metric)
    result = {"metric": args.metric, **summarize(first)}
    seconds = seconds_per_kernel(args.out / "measure.log")
    if seconds:
        result["seconds_per_kernel"] = {"mean": round(statistics.fmean(seconds), 1),
                                        "median": round(statistics.median(seconds), 1), "max": max(seconds)}
    if args.compare:
        result["compare"] = compare(first, load(args.compare / "results.csv", args.metric), args.tolerance)
    print(json.dumps(result, indent=2))
    return 0


def _terminate(signum: int, frame) -> None:
    raise SystemExit(128 + signum)


def _measure(args: argparse.Namespace, available: list[str]) -> int:
    from mir_export.tasks.vectorize.sweep import Settings, default_cpu, sweep

    names = _names(args, available)
    if args.limit is not None:
        names = names[:args.limit]
    if args.repeats < 1:
        raise UsageError("--repeats must be >= 1")
    if args.prune is not None and args.prune < 1:
        raise UsageError("--prune must be >= 1 (a factor over the fastest configuration)")
    if args.cpu is not None and args.cpu not in os.sched_getaffinity(0):
        raise UsageError(f"--cpu {args.cpu}: this process may use cores {sorted(os.sched_getaffinity(0))}")
    settings = Settings(vfs=args.vf, ifs=args.ifs, repeats=args.repeats,
                        cpu=default_cpu() if args.cpu is None else args.cpu, clang=args.clang,
                        compile_timeout=args.compile_timeout, run_timeout=args.run_timeout,
                        compile_jobs=args.compile_jobs, seed=args.seed, prune=args.prune)
    args.out.mkdir(parents=True, exist_ok=True)
    logger = logging.getLogger("mir_export.tasks.vectorize")
    logger.setLevel(logging.INFO)
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(message)s", "%H:%M:%S")
    handlers = [logging.StreamHandler(sys.stderr), logging.FileHandler(args.out / "measure.log")]
    for h in handlers:
        h.setFormatter(fmt)
        logger.addHandler(h)
    previous = signal.signal(signal.SIGTERM, _terminate)  # so that temporary build folders are removed
    try:
        try:
            summary = sweep(args.kernels, names, args.out, settings)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    finally:
        signal.signal(signal.SIGTERM, previous)
        for h in handlers:
            logger.removeHandler(h)
            h.close()
    print(f"{args.out / 'results.csv'}: {summary['measured']} kernels measured, {summary['skipped']} already "
          f"there, {summary['seconds']} s")
    return 0
