"""``mir-export passes build|room|coreset|label|judge|bytes|pack``: the pass-pipeline task's data, step by step, and its judge.

Each step is long on a shared machine: run it niced, in the background; each resumes where it
stopped (done packages, done modules and done evaluations are skipped) and logs a line per module.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from mir_runtime.usage import Formatter, UsageError

FORMS = ("O0", "O2", "linked")
MAX_JOBS = 2
JUDGE_FEATURES = ("none", "opcodes", "autophase", "tfidf", "ir2vec", "random", "ours")  # judge.FEATURES, unimported
FINETUNED = "finetuned"  # finetuned.FINETUNED: the encoder trained for the task, run only when named (hours)


def _common(cmd, data_help: str) -> None:
    cmd.add_argument("--data", type=Path, required=True, help=data_help)
    cmd.add_argument("--jobs", type=int, default=MAX_JOBS, choices=range(1, MAX_JOBS + 1),
                     help=f"worker processes (at most {MAX_JOBS})")


def _selection(cmd, default_per: int | None) -> None:
    cmd.add_argument("--packages", nargs="+", metavar="NAME", help="packages of the recipe (default: all)")
    cmd.add_argument("--forms", nargs="+", choices=FORMS, default=list(FORMS), help="IR forms")
    cmd.add_argument("--per-group", type=int, default=default_per,
                     help="modules per package and form, sampled by a hash of the path"
                          + (" (default: all)" if default_per is None else ""))
    cmd.add_argument("--max-instructions", type=int, default=60000,
                     help="leave out modules with more input IR instructions (the cost is per instruction)")
    cmd.add_argument("--min-instructions", type=int, default=10,
                     help="leave out modules with fewer input IR instructions (nothing to win there)")


def add_commands(sub) -> None:
    """The ``passes`` command group of ``mir-export``."""
    from mir_export.tasks.passes.sources import SOURCES

    passes = sub.add_parser("passes", formatter_class=Formatter,
                            help="the pass-pipeline task: packages, room, coreset search, labels")
    cmds = passes.add_subparsers(dest="passes_command", required=True)
    b = cmds.add_parser("build", formatter_class=Formatter, help="fetch the recipe's packages and compile their IR",
                        description="apt-get source each package of the recipe (first adding the deb-src "
                                    "entries of Debian's mirror where they are missing, as root, unless "
                                    "--no-prepare), compile every unit at -O0 and -O2 with clang-14 and link the "
                                    "link groups; resumable. Packages: " + ", ".join(s.name for s in SOURCES))
    _common(b, "task data directory (outside the repository)")
    b.add_argument("--units-of", type=Path, metavar="LABELS", default=None,
                   help="compile only the units whose modules a labels file names (the labelled modules' IR made "
                        "again on a fresh machine, without the units that fail or pass the size cap)")
    b.add_argument("--no-prepare", action="store_true",
                   help="never run apt (the machine already has deb-src entries and the headers a package needs)")
    b.add_argument("--packages", nargs="+", metavar="NAME", help="packages of the recipe (default: all)")
    b.add_argument("--max-units", type=int, default=None,
                   help="compile only this many units per package, sampled by a hash of the path (default: all)")
    r = cmds.add_parser("room", formatter_class=Formatter,
                        help="label a sample under the standard levels and seed pipelines; the room table",
                        description="Label a sample of each package's modules in each form under the standard "
                                    "levels and the pipelines of --pipelines and/or --seed, then write the room "
                                    "table (oracle, best fixed pipeline, room per package and form) as JSON and "
                                    "Markdown. Resumable: DATA/room/labels.jsonl keeps the labelled modules.")
    _common(r, "task data directory written by 'passes build'")
    _selection(r, 40)
    r.add_argument("--seed", type=Path, default=None,
                   help="seed sequences, one a line (legacy -flags renamed to the new pass manager, or a,b,c)")
    r.add_argument("--pipelines", type=Path, default=None, help="a NAME<TAB>PASSES pipeline file")
    r.add_argument("--json", type=Path, default=None, help="also write the table's figures here (atomically)")
    r.add_argument("--summary-only", action="store_true",
                   help="label nothing: the table of the sample's modules already labelled (a run still going)")
    c = cmds.add_parser("coreset", formatter_class=Formatter,
                        help="search pass sequences on training modules; greedy cover of ~50 pipelines",
                        description="Random sequences and a hill climb per training module, then a greedy cover "
                                    "of the modules' best (standard levels always members), each pipeline checked "
                                    "on opt-19 too; writes DATA/coreset/coreset.tsv and coreset.json. Resumable "
                                    "(DATA/coreset/evals.jsonl).")
    _common(c, "task data directory written by 'passes build'")
    _selection(c, None)
    c.add_argument("--seed", type=Path, default=None, help="seed sequences (as for 'room')")
    c.add_argument("--random", type=int, default=24, help="random sequences per module")
    c.add_argument("--climb", type=int, default=24, help="hill-climb steps per module")
    c.add_argument("--pool", type=int, default=160, help="pipelines of the cover pool")
    c.add_argument("--cover-modules", type=int, default=120, help="training modules the cover is computed on")
    c.add_argument("--size", type=int, default=50, help="pipelines in the coreset, standard levels included")
    c.add_argument("--random-seed", type=int, default=0, help="seed of the draws")
    lab = cmds.add_parser("label", formatter_class=Formatter, help="label modules under a pipeline file; manifest",
                          description="Per module: IR instruction count after each pipeline and .text bytes for "
                                      "--bytes; appends DATA/labels/labels.jsonl (resumable) and writes "
                                      "DATA/labels/manifest.json.")
    _common(lab, "task data directory written by 'passes build'")
    _selection(lab, None)
    lab.add_argument("--pipelines", type=Path, required=True, help="a NAME<TAB>PASSES pipeline file (coreset.tsv)")
    lab.add_argument("--split", choices=("train", "test"), required=True, help="what these packages are for")
    lab.add_argument("--bytes", nargs="+", default=["Oz"], metavar="NAME",
                     help="pipelines whose .text bytes are measured too ('all' for every one)")
    lab.add_argument("--recheck", type=int, metavar="N", default=None,
                     help="label N modules already labelled again and compare (nothing is added): identical?")
    lab.add_argument("--engine", choices=("local", "ray"), default="local",
                     help="local worker processes (--jobs), or Ray tasks of one CPU each on a cluster")
    lab.add_argument("--address", metavar="ADDR", help="Ray cluster to join (default: $RAY_ADDRESS, else a "
                                                       "local one of --jobs CPUs); nodes must see --data at its path")
    _judge_command(cmds)
    _bytes_command(cmds)
    _pack_command(cmds)


def _bytes_command(cmds) -> None:
    t = cmds.add_parser("bytes", formatter_class=Formatter,
                        help=".text bytes of the pipelines the judge's decisions keep, for its bytes figures",
                        description="For every held-out module of the judge's JSON, the .text bytes (opt, llc "
                                    "-filetype=obj, llvm-size) of each pipeline a reference or a feature set keeps "
                                    "there (one shot, K = 3, 5) that its label does not hold yet; appended to "
                                    "LABELS' .bytes.jsonl beside it (resumable), which the judge merges: run the "
                                    "judge again (its checkpoint makes that quick) for the bytes figures.")
    _common(t, "task directory the judge read (DATA/ir, DATA/labels)")
    _judged(t)
    t.add_argument("--labels", type=Path, default=None,
                   help="the held-out modules' labels (default: the test file the judge names, else its train file)")
    t.add_argument("--features", nargs="+", default=None, metavar="NAME",
                   help="measure the references' and these feature sets' pipelines only (default: every one "
                        "the JSON has; the judge's bytes figures cover the modules measured)")


def _judged(cmd) -> None:
    """The judge's JSON, and its pipeline file where the JSON lacks the passes: what bytes and pack read."""
    cmd.add_argument("--judge", type=Path, default=Path("results/passes/judge.json"), help="the judge's JSON")
    cmd.add_argument("--pipelines", type=Path, default=None,
                     help="the judge's NAME<TAB>PASSES file, where its JSON does not record the passes")


def _pack_command(cmds) -> None:
    k = cmds.add_parser("pack", formatter_class=Formatter,
                        help="the passes task pack: the judge's chosen feature set and learner, refitted",
                        description="Take the feature set of the largest inner-fold score in the judge's JSON "
                                    "among those the runtime computes (opcodes, autophase, ours; --features forces "
                                    "one), refit its learner on every training module the judge read, export it to "
                                    "ONNX and write a task pack that 'mir-runtime predict --task passes' and "
                                    "'mir-runtime tune' serve with --tasks; checked against the learner, then "
                                    "renamed into place.")
    k.add_argument("--data", type=Path, required=True, help="task directory the judge read (DATA/ir, DATA/labels)")
    _judged(k)
    k.add_argument("--features", choices=JUDGE_FEATURES, default=None, metavar="NAME",
                   help="ship this feature set's learner instead (opcodes, autophase or ours)")
    k.add_argument("--train", type=Path, default=None, help="training labels (default: the file the judge names)")
    k.add_argument("--model", type=Path, default=None, help="model directory (default: the shipped one)")
    k.add_argument("--cache", type=Path, default=None, help="the judge's feature cache (default: DATA/judge)")
    k.add_argument("--jobs", type=int, default=1, choices=range(1, MAX_JOBS + 1),
                   help=f"worker processes reading and embedding modules (at most {MAX_JOBS})")
    k.add_argument("-o", "--out", type=Path, required=True, help="the pack directory (replaced atomically)")


def _judge_command(cmds) -> None:
    j = cmds.add_parser("judge", formatter_class=Formatter,
                        help="every feature set on the held-out modules: one shot and K = 3, 5, paired intervals",
                        description="The training modules choose the fixed references (best pipeline, greedy "
                                    "3- and 5-sets) and, per feature set, the learner (inner folds only); the "
                                    "held-out modules are scored once. Writes a JSON of every figure and decision "
                                    "and prints a Markdown table. Resumable: feature matrices and each feature "
                                    "set's decisions are kept in --cache.")
    j.add_argument("--data", type=Path, required=True, help="task directory (DATA/ir, DATA/labels)")
    j.add_argument("--train", type=Path, default=None, help="training labels (default: DATA/labels/train.jsonl)")
    j.add_argument("--test", type=Path, default=None, help="held-out labels (default: DATA/labels/test.jsonl)")
    j.add_argument("--test-packages", nargs="+", metavar="NAME", default=None,
                   help="hold out these packages of --train's file instead of reading --test (development)")
    j.add_argument("--pipelines", type=Path, default=None,
                   help="NAME<TAB>PASSES file (default: DATA/coreset/coreset.tsv where it exists, else the "
                        "pipelines every training module has)")
    j.add_argument("--model", type=Path, default=None, help="model directory (default: the shipped one)")
    j.add_argument("--random-model", type=Path, default=None, metavar="DIR",
                   help="random-weights model (default: CACHE/random-model, made by 'mir-export random-model "
                        "--like MODEL --seed 0' when missing)")
    j.add_argument("--features", nargs="+", choices=(*JUDGE_FEATURES, FINETUNED), default=list(JUDGE_FEATURES),
                   metavar="NAME", help=f"feature sets, from {', '.join(JUDGE_FEATURES)} (default: all of them) and "
                                        f"{FINETUNED} (the model's encoder fine-tuned end to end on the training "
                                        "labels: hours on two cores, run only when named)")
    j.add_argument("--cache", type=Path, default=None,
                   help="feature matrices, the random model, the checkpoint (default: DATA/judge)")
    j.add_argument("--out", type=Path, default=Path("results/passes/judge.json"), help="the JSON, written atomically")
    j.add_argument("--markdown", type=Path, default=None, help="also write the table here")
    j.add_argument("--train-sample", type=int, default=None, metavar="N",
                   help="every feature set and reference learns from the same N training modules, drawn by a "
                        "hash of their keys (the encoders' cost is per module; default: all)")
    j.add_argument("--seed", type=int, default=0, help="seed of the inner folds")
    j.add_argument("--jobs", type=int, default=1, choices=range(1, MAX_JOBS + 1),
                   help=f"worker processes reading and embedding modules (at most {MAX_JOBS})")


def _pipelines(args: argparse.Namespace) -> dict[str, str]:
    from mir_export.tasks.passes.pipelines import STANDARD, PipelineError, nest, read_pipelines, read_seed

    pipelines = dict(STANDARD)
    try:
        if getattr(args, "pipelines", None):
            pipelines.update(read_pipelines(args.pipelines))
        if getattr(args, "seed", None):
            seeds = read_seed(args.seed)
            pipelines.update({f"seed{i:02d}": nest(s) for i, s in enumerate(seeds, 1)})
    except OSError as exc:
        raise UsageError(f"{exc.filename}: {exc.strerror}") from None
    except (PipelineError, UnicodeDecodeError) as exc:
        raise UsageError(str(exc)) from None
    return pipelines


def _rows(args: argparse.Namespace, split: str | None = None) -> list[dict]:
    """The modules of ``--packages``; with a ``split``, those must be of it (all of it by default)."""
    from mir_export.tasks.passes.labels import module_rows
    from mir_export.tasks.passes.sources import by_name, split_of

    try:
        names = [s.name for s in by_name(args.packages) if args.packages or split is None
                 or s.held_out == (split == "test")]
        if split:
            split_of(names, split)
    except KeyError as exc:
        raise UsageError(f"--packages: {exc.args[0]}") from None
    except ValueError as exc:
        raise UsageError(f"--packages: {exc}") from None
    if not (args.data / "ir").is_dir():
        raise UsageError(f"{args.data}: no ir/ folder (run 'mir-export passes build --data {args.data}' first)")
    return module_rows(args.data, names, tuple(args.forms), args.per_group, args.max_instructions,
                       args.min_instructions)


def _write_json(path: Path, value) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(value, indent=1) + "\n")
    tmp.replace(path)


def run(args: argparse.Namespace) -> int:
    if args.passes_command == "build":
        return _build(args)
    if args.passes_command == "room":
        return _room(args)
    if args.passes_command == "coreset":
        return _coreset(args)
    if args.passes_command == "judge":
        from mir_export.tasks.passes.judge_run import run_judge

        return run_judge(args)
    if args.passes_command == "bytes":
        return _bytes(args)
    if args.passes_command == "pack":
        from mir_export.tasks.passes.pack import make_pack

        return make_pack(args)
    return _label(args)


def _build(args: argparse.Namespace) -> int:
    import subprocess

    from mir_export.tasks.passes.harvest import harvest
    from mir_export.tasks.passes.sources import by_name

    try:
        sources = by_name(args.packages)
    except KeyError as exc:
        raise UsageError(f"--packages: {exc.args[0]}") from None
    only = _units_of(args.units_of) if args.units_of else None
    (args.data / "logs").mkdir(parents=True, exist_ok=True)
    if not args.no_prepare and any(not (args.data / "src" / s.name / ".tree").exists() for s in sources):
        _deb_src(args.data / "logs" / "prepare.log")
    if not args.no_prepare:
        _install_needs(sources, args.data / "logs" / "prepare.log")
    for i, src in enumerate(sources, 1):
        print(f"[{i}/{len(sources)}] {src.name} {src.version}: (log: logs/{src.name}.log)", flush=True)
        try:
            record = harvest(src, args.data, args.jobs, args.max_units,
                             None if only is None else only.get(src.name, frozenset()))
        except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
            print(f"[{i}/{len(sources)}] {src.name}: FAILED: {exc}", flush=True)
            continue
        print(f"[{i}/{len(sources)}] {src.name}: {record['units']} units, {record['failed']} failed, "
              f"modules {record['modules']}, {record['seconds']:.0f} s", flush=True)
    return 0


def _units_of(labels: Path) -> dict[str, frozenset[str]]:
    """Per package, the units a labels file's keys name (one line naming the file when unreadable)."""
    from mir_export.tasks.passes.harvest import labelled_units
    from mir_export.tasks.passes.task import LabelFileError, read_labels

    try:
        rows, _ = read_labels(labels, None)
    except LabelFileError as exc:
        raise UsageError(str(exc)) from None
    return labelled_units(r["key"] for r in rows)


def _deb_src(log_path: Path) -> None:
    """The deb-src entries ``apt-get source`` needs, added where missing (root only; one line otherwise)."""
    from mir_export.corpus.fetch import DEB_SRC_LIST, add_deb_src

    if DEB_SRC_LIST.exists():
        return
    if os.geteuid() != 0:
        raise UsageError(f"no {DEB_SRC_LIST}: apt-get source needs deb-src entries; run once as root, or add them "
                         "and pass --no-prepare")
    print(f"adding Debian's deb-src entries ({DEB_SRC_LIST}); log: logs/{log_path.name}", flush=True)
    with open(log_path, "a") as log:
        try:
            add_deb_src(log)
        except (RuntimeError, OSError) as exc:
            raise UsageError(f"deb-src entries: {exc} (see {log_path})") from None


def _install_needs(sources: list, log_path: Path) -> None:
    """The Debian packages whose headers the sources' units include, installed where missing (root
    only: otherwise each such package's build fails in one line naming them)."""
    from mir_export.corpus.fetch import apt_install
    from mir_export.tasks.passes.harvest import missing_needs

    missing = sorted({p for src in sources for p in missing_needs(src)})
    if not missing or os.geteuid() != 0:
        return
    print(f"installing {' '.join(missing)} (headers the units include); log: logs/{log_path.name}", flush=True)
    with open(log_path, "a") as log:
        try:
            apt_install(missing, log, " ".join(missing))
        except (RuntimeError, OSError) as exc:
            raise UsageError(f"{exc} (see {log_path})") from None


def _room(args: argparse.Namespace) -> int:
    from mir_export.tasks.passes.labels import label_rows, read_jsonl
    from mir_export.tasks.passes.room import markdown, room_table

    pipelines = _pipelines(args)
    rows = _rows(args)
    dest = args.data / "room" / "labels.jsonl"
    if not args.summary_only:
        label_rows(args.data, rows, pipelines, dest, args.jobs, ("Oz",))
    keys = {r["key"] for r in rows}
    labelled = [r for r in read_jsonl(dest) if r["key"] in keys and set(pipelines) <= set(r.get("counts", {}))]
    table = room_table(labelled)
    # seed sequences are the user's file, not ours to copy: the report names them and their source
    report = {"pipelines": {n: p for n, p in pipelines.items() if not n.startswith("seed")},
              "seed": {"file": args.seed.name, "sequences": sum(n.startswith("seed") for n in pipelines)}
              if args.seed else None,
              "sample": {"per_group": args.per_group, "max_instructions": args.max_instructions,
                         "min_instructions": args.min_instructions,
                         "forms": args.forms},
              "failed": sum(1 for r in read_jsonl(dest) if r["key"] in keys and "error" in r), "table": table}
    _write_json(args.data / "room" / "room.json", report)
    if args.json:
        _write_json(args.json, report)
    sys.stdout.write(markdown(table))
    return 0


def _coreset(args: argparse.Namespace) -> int:
    from mir_export.tasks.passes.coreset import Settings, find_opt19, search
    from mir_export.tasks.passes.pipelines import PipelineError, read_seed

    try:
        seeds = read_seed(args.seed) if args.seed else []
    except OSError as exc:
        raise UsageError(f"{exc.filename}: {exc.strerror}") from None
    except PipelineError as exc:
        raise UsageError(str(exc)) from None
    if min(args.random, args.climb, args.pool, args.cover_modules) < 0 or args.size < 6:
        raise UsageError("--random, --climb, --pool and --cover-modules must be >= 0, --size >= 6")
    rows = _rows(args, "train")
    if not rows:
        raise UsageError(f"{args.data}: no training module for these packages and forms")
    opt19 = find_opt19()
    if not opt19:
        print("mir-export passes coreset: no opt-19 on PATH, so the pipelines are checked on opt-14 alone",
              file=sys.stderr)
    settings = Settings(random=args.random, climb=args.climb, pool=args.pool, cover_modules=args.cover_modules,
                        size=args.size, seed=args.random_seed)
    report = search(args.data, rows, args.data / "coreset", args.jobs, settings, seeds, opt19)
    print(f"coreset: {len(report['pipelines'])} pipelines, cover oracle {report['cover_oracle']}, "
          f"best fixed {report['cover_best_fixed']}")
    return 0


def _label(args: argparse.Namespace) -> int:
    from mir_export.tasks.passes.labels import BusyError, EngineError, label_rows
    from mir_export.tasks.passes.manifest import write_manifest

    pipelines = _pipelines(args)
    unknown = [b for b in args.bytes if b != "all" and b not in pipelines]
    if unknown:
        raise UsageError(f"--bytes: {', '.join(unknown)} not in {args.pipelines}")
    dest = args.data / "labels" / f"{args.split}.jsonl"
    address = args.address or os.environ.get("RAY_ADDRESS")
    if args.recheck is not None:
        return _recheck(args, pipelines, dest, address)
    rows = _rows(args, args.split)
    try:
        counts = label_rows(args.data, rows, pipelines, dest, args.jobs, tuple(args.bytes), engine=args.engine,
                            address=address)
    except (EngineError, BusyError) as exc:
        raise UsageError(str(exc)) from None
    command = ["mir-export", *getattr(args, "argv", [])]
    manifest = write_manifest(args.data, args.split, rows, pipelines, tuple(args.bytes), command)
    print(f"labels ({args.split}): {manifest['modules']} modules labelled, {manifest['failed']} failed; "
          f"this run {counts['labelled_now']} modules, {counts['cpu_s_now']} CPU-s")
    return 0


def _bytes(args: argparse.Namespace) -> int:
    from mir_export.tasks.passes.labels import BusyError, bytes_path, chosen_pipelines, measure_bytes
    from mir_export.tasks.passes.pack import pipelines_of, read_judge
    from mir_export.tasks.passes.task import LabelFileError, read_labels

    judge = read_judge(args.judge)
    decisions = judge.get("decisions")
    if not isinstance(decisions, list) or not all(
            isinstance(d, dict) and isinstance(d.get("key"), str) and isinstance(d.get("references"), dict)
            and isinstance(d.get("features"), dict) for d in decisions):
        raise UsageError(f"{args.judge}: no per-module decisions (a JSON of 'mir-export passes judge')")
    entry = judge["inputs"].get("test") or judge["inputs"]["train"]
    labels = args.labels or args.data / entry["file"]
    if not labels.is_file():
        raise UsageError(f"{labels}: no such file (the judge's labels: give --labels FILE)")
    passes = pipelines_of(judge, args.pipelines, args.judge)
    try:
        rows, _ = read_labels(labels, list(judge["pipelines"]))
    except LabelFileError as exc:
        raise UsageError(str(exc)) from None
    judged = set(judge.get("features", {}))
    unknown_sets = sorted(set(args.features or ()) - judged)
    if unknown_sets:
        raise UsageError(f"--features: {', '.join(unknown_sets)} not in {args.judge} "
                         f"(it has {', '.join(sorted(judged))})")
    wanted = chosen_pipelines(decisions, set(args.features) if args.features else None)
    unknown = sorted({n for names in wanted.values() for n in names} - set(passes))
    if unknown:
        raise UsageError(f"{args.judge}: decisions name pipelines it has no passes for: {', '.join(unknown[:5])}")
    labelled = {r["key"] for r in rows}
    missing = [k for k in wanted if k not in labelled]
    if missing:
        raise UsageError(f"{labels}: no label for the judge's module {missing[0]!r} ({len(missing)} missing): "
                         "not the labels the judge read (--labels FILE)")
    try:
        done = measure_bytes(args.data, rows, wanted, passes, bytes_path(labels), args.jobs)
    except BusyError as exc:
        raise UsageError(str(exc)) from None
    print(f"bytes: {done['modules_now']} modules measured now, {done['failed_now']} failed, in "
          f"{bytes_path(labels).name}; run the judge again for the .text figures")
    return 0


def _recheck(args: argparse.Namespace, pipelines: dict[str, str], dest: Path, address: str | None) -> int:
    from mir_export.tasks.passes.labels import EngineError, read_jsonl, recheck
    from mir_export.tasks.passes.manifest import record_recheck

    if args.recheck < 1:
        raise UsageError("--recheck: give a number of modules >= 1")
    if not read_jsonl(dest):
        raise UsageError(f"{dest}: no labels to check yet (run 'mir-export passes label' without --recheck first)")
    try:
        found = recheck(args.data, dest, pipelines, args.recheck, args.jobs, tuple(args.bytes), args.engine, address)
    except EngineError as exc:
        raise UsageError(str(exc)) from None
    record_recheck(args.data, args.split, found)
    if found["differ"]:
        print(f"labels ({args.split}): {len(found['differ'])} of {found['modules']} modules labelled again differ: "
              f"{', '.join(found['differ'][:5])}", file=sys.stderr)
        return 1
    print(f"labels ({args.split}): {found['modules']} modules labelled again, identical")
    return 0
