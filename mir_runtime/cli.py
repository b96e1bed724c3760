"""The ``mir-runtime`` command line. Bad input is one line naming the file, and exit code 2.

``embed``, ``predict``, ``tune``, ``tasks`` and ``info`` load the model shipped in the package unless
``--model DIR`` (or ``$MIR_MODEL``) names another; ``graph`` and ``statements`` never read a
model. ``predict``'s task options (``--platform``, ``--transfer`` ...) come from that model's
manifest, so a model with new tasks needs no new code here. A file named ``-`` is standard input
(``clang -S -emit-llvm -o - x.c | mir-runtime predict ... -``), named ``<stdin>`` in messages and rows.
"""
from __future__ import annotations

import argparse
import functools
import json
import os
import sys
import warnings
from pathlib import Path

from mir_runtime.errors import IRParseError, WorkerError, shown
from mir_runtime.usage import HelpParser, UsageError

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2
DESCRIPTION = "LLVM IR to statements, ProGraML graphs, embeddings and task decisions."


class Parser(HelpParser):
    """argparse with its errors on one line (``prog: message``), exit code 2."""

    def error(self, message: str):
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _read(path: str):
    """The module of an IR file, or of standard input for ``-``."""
    from mir_runtime.ir import read_ir, read_stream
    from mir_runtime.ir.reader import STDIN

    return read_stream(sys.stdin.buffer) if path == STDIN else read_ir(path)


def _one_stdin(files: list[str]) -> bool:
    """Whether the inputs are standard input; ``-`` among other inputs, or twice, is a usage error."""
    from mir_runtime.ir.reader import STDIN

    if STDIN in files and len(files) > 1:
        raise UsageError(f"'{STDIN}' (standard input) must be the only input")
    return files == [STDIN]


def _graph(args: argparse.Namespace) -> int:
    from mir_runtime import graph_outputs

    return graph_outputs.run(args, _count(args, "workers") or _cores())


def _statements(args: argparse.Namespace) -> int:
    from mir_runtime.statements import statements

    try:
        lines = statements(_read(args.file))
    except IRParseError as exc:
        print(exc, file=sys.stderr)
        return EXIT_BAD_INPUT
    sys.stdout.write("".join(line + "\n" for line in lines))
    return EXIT_OK


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _count(args: argparse.Namespace, name: str) -> int | None:
    """``--threads`` / ``--workers``: at least 1, at most the cores (a larger value only costs
    memory: it is capped, with a note)."""
    value = getattr(args, name, None)
    if value is None:
        return None
    if value < 1:
        raise UsageError(f"--{name} must be at least 1, not {value}")
    if value > _cores():
        print(f"mir-runtime {args.command}: --{name} {value} capped to the {_cores()} cores", file=sys.stderr)
        return _cores()
    return value


def _load_model(args: argparse.Namespace, threads: int | None = None, precision: str | None = None,
                lazy: bool = False):
    from mir_runtime.model import Model

    with warnings.catch_warnings():  # a broken pack is said where the command reads the packs (``_packs``), once
        warnings.simplefilter("ignore")
        return Model.load(args.model, device=args.device, precision=precision or args.precision, threads=threads,
                          cache=getattr(args, "cache", None), tasks=getattr(args, "tasks", None), lazy=lazy)


def _embed(args: argparse.Namespace) -> int:
    from mir_runtime import embed_parquet

    threads, workers = _count(args, "threads"), _count(args, "workers")
    stdin = _one_stdin(args.files)
    if workers is None:  # files side by side on every core, unless --threads asked for one process
        workers = 1 if threads is not None or args.device != "cpu" else _cores()
    if embed_parquet.wanted(args):  # a table of rows (Parquet), on this machine or a Ray cluster
        if args.whiten:
            raise UsageError("--whiten writes .npy, .jsonl or stdout; whiten a table's embeddings with Model.whiten")
        if stdin:
            raise UsageError("standard input ('-') is embedded to .npy, .jsonl or stdout, not a table of files")
        return embed_parquet.run(args, threads, workers)
    from mir_runtime.outputs import failures_path, open_output, output_problem, write_beside
    from mir_runtime.progress import progress

    out = Path(args.output) if args.output else None
    problem = output_problem(out) if out is not None else None
    if problem:
        print(f"mir-runtime embed: {shown(problem)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    files = args.files if stdin else _embedded_files(args.files, out)
    workers = min(workers, len(files))
    model = _load_model(args, threads)  # with workers, its threads encode the statements they send
    if args.whiten and not model.can_whiten:
        raise UsageError(f"--whiten: model {model.directory.path} has no whitening (mir-export whiten adds one)")
    output = open_output(out, len(files), model.embedding_size)
    failed: list[IRParseError] = []
    rows = None
    try:
        rows = _stdin_rows(model, args.keep_going) if stdin else model.iter_embed(
            files, workers=workers, keep_going=args.keep_going)
        for path, vector in progress(rows, len(files), "embed"):
            if isinstance(vector, IRParseError):
                print(vector, file=sys.stderr)
                failed.append(vector)
            else:
                output.write(path, model.whiten(vector) if args.whiten else vector)
    except IRParseError as exc:
        _close(rows)
        output.abort()
        kept = f"{shown(str(out))} not written; --keep-going writes the other rows" if out is not None else ""
        print(f"{exc} ({kept})" if kept else exc, file=sys.stderr)
        return EXIT_BAD_INPUT
    except BaseException:  # an error, Ctrl-C, SIGTERM: the workers end now and no partial output stays
        _close(rows)
        output.abort()
        raise
    output.finish()
    listed = ""
    if out is not None and args.keep_going:
        listing = failures_path(out)
        if failed:
            write_beside(listing, "".join(json.dumps({"file": e.file, "error": str(e)}) + "\n" for e in failed))
            listed = f", listed in {listing}"
        else:
            listing.unlink(missing_ok=True)  # no stale list from an earlier run
    if failed:
        print(f"mir-runtime embed: {len(failed)} of {len(files)} inputs failed{listed}", file=sys.stderr)
    # --keep-going: the rows of the files it could read are the result; a run that embedded none failed
    return EXIT_BAD_INPUT if failed and len(failed) == len(files) else EXIT_OK


def _close(rows) -> None:
    """End a generator of rows now (its worker processes with it), not when it is collected."""
    if rows is not None and hasattr(rows, "close"):
        rows.close()


def _embedded_files(paths: list[str], out: Path | None) -> list[str]:
    """The inputs with each directory among them replaced by the ``.ll``/``.bc`` files below it
    (sorted, as for Parquet); a directory needs output whose rows name their files, not ``.npy``."""
    from mir_runtime.rows import NO_IR_FILES, ir_files

    if not any(os.path.isdir(p) for p in paths):
        return paths
    if out is not None and out.suffix == ".npy":
        raise UsageError("a directory's files are embedded to rows that name them: -o OUT.jsonl, OUT.parquet or "
                         "stdout, not .npy")
    files = ir_files(paths)
    if not files:
        raise UsageError(NO_IR_FILES)
    return files


def _stdin_rows(model, keep_going: bool):
    """``iter_embed``'s rows for standard input, read in this process (workers have no stdin)."""
    from mir_runtime.ir.reader import STDIN, STDIN_NAME

    try:
        yield STDIN_NAME, model.embed_module(_read(STDIN))
    except IRParseError as exc:
        if not keep_going:
            raise
        yield STDIN_NAME, exc


def _predict(args: argparse.Namespace) -> int:
    from mir_runtime.ir.reader import STDIN, STDIN_NAME
    from mir_runtime.tasks import NO_HEADS, TaskError

    packs = _packs(args)
    if not packs:
        raise TaskError(f"unknown task {args.task!r}: model {_directory(args).path} {NO_HEADS}")
    if args.task not in packs:
        raise TaskError(f"unknown task {args.task!r} ({', '.join(packs)})")
    clash = getattr(args, "unservable", {}).get(args.task)
    if clash:
        raise TaskError(f"task {args.task} cannot be served: {clash} (pack {packs[args.task].path}; fit it again "
                        "with that column renamed)")
    # loaded at the precision predict embeds at, so that --cache opens no store of another one
    # a head on code counts needs no encoder: they are neither checked nor opened
    model = _load_model(args, _count(args, "threads"), packs[args.task].precision,
                        lazy=not packs[args.task].task.reads_embedding)
    if args.precision not in (None, model.backend.precision):  # the heads would decide on embeddings unlike theirs
        raise UsageError(f"--precision {args.precision}: task {args.task}'s heads learned from "
                         f"{model.backend.precision} embeddings, so predict embeds at {model.backend.precision} "
                         "(leave --precision out)")
    spec = model.task(args.task)
    own = {*(spec.selector,) * (spec.selector is not None), *(i.name for i in spec.inputs)}
    stray = sorted({o for t in model.tasks.values() for o in (t.selector, *(i.name for i in t.inputs))
                    if o is not None} - own)
    given = [f"--{o}" for o in stray if getattr(args, o, None) is not None]
    if given:  # another task's option: ignoring it would answer a question that was not asked
        raise TaskError(f"task {args.task} takes no {', '.join(given)} (its options: "
                        f"{', '.join('--' + o for o in sorted(own)) or 'none'})")
    choice = getattr(args, spec.selector, None) if spec.selector is not None else None
    given = {i.name: getattr(args, i.name, None) for i in spec.inputs}
    spec.head(choice, flags=True)  # the options' problems in the options' words, before the file is read
    inputs = dict(zip(given, spec.extras(given, flags=True)))
    stdin = args.file == STDIN
    source = _read(args.file) if stdin else args.file
    prediction = model.predict(args.task, source, choice, **inputs)
    name = STDIN_NAME if stdin else args.file
    if args.format == "text":
        where = args.task + (f", {spec.selector} {prediction.choice}" if spec.selector is not None and prediction.choice
                             else f", the same head for every {spec.selector}" if spec.selector is not None else "")
        note = f"; {prediction.note}" if prediction.note else ""
        if prediction.value is not None:
            print(f"{shown(name)}: {prediction.value:g}" + (f" {spec.unit}" if spec.unit else "") + f" ({where}{note})")
            return EXIT_OK
        if prediction.pipeline is not None:
            gains = ", ".join(f"{c} {v:.3f}" for c, v in prediction.gains.items())
            print(f"{shown(name)}: opt-{prediction.pipeline.llvm} -passes='{prediction.decision}' "
                  f"({where}: {prediction.pipeline.name}; predicted gain over -Oz: {gains}; "
                  f"margin {prediction.margin or 0.0:.3f})")
            return EXIT_OK
        if prediction.scores:
            odds = ", ".join(f"{c} {v:+.3f}" for c, v in prediction.scores.items())
            detail = f"predicted log speedup over {spec.classes[0]}: {odds}; margin {prediction.margin:.3f}"
        else:
            detail = "p: " + ", ".join(f"{c} {v:.3f}" for c, v in prediction.probabilities.items())
        print(f"{shown(name)}: {prediction.decision} ({where}; {detail}{note})")
    else:
        shown_inputs = {k: v for k, v in inputs.items() if given[k] is not None}
        print(json.dumps({"file": name, **prediction.to_dict(), "inputs": shown_inputs}, allow_nan=False))
    return EXIT_OK


def _tune(args: argparse.Namespace) -> int:
    from mir_runtime.ir.reader import STDIN, STDIN_NAME
    from mir_runtime.rows import NO_IR_FILES, ir_files
    from mir_runtime.tuning import STDOUT, TuneError, tune

    if args.budget < 0:
        raise UsageError(f"--budget must be 0 or more, not {args.budget}")
    if args.timeout is not None and not args.timeout > 0:
        raise UsageError(f"--timeout must be above 0 seconds, not {args.timeout:g}")
    if (args.output is None) == (args.out_dir is None):
        raise UsageError("give -o OUT (one input) or --out-dir DIR (a <stem>.ll each)")
    jobs = _count(args, "jobs")
    stdin = _one_stdin(args.files)
    files = args.files if stdin else ir_files(args.files)
    if not files:
        raise UsageError(NO_IR_FILES)
    if args.output is not None and (len(files) > 1 or files != args.files):
        raise UsageError("a directory or several inputs need --out-dir DIR (a <stem>.ll each)")
    if args.out_dir is not None:
        return _tune_files(args, files, jobs)
    try:
        if stdin:  # opt reads a file: standard input is kept in one for the run
            import tempfile

            with tempfile.TemporaryDirectory(prefix="mir-tune-in-") as tmp:
                source = Path(tmp) / "stdin"
                source.write_bytes(sys.stdin.buffer.read())
                result = tune(source, args.output, budget=args.budget, model=args.model, tasks=args.tasks,
                              task=args.task, opt=args.opt, jobs=jobs, name=STDIN_NAME, cache=args.cache,
                              timeout=args.timeout)
        else:
            result = tune(files[0], args.output, budget=args.budget, model=args.model, tasks=args.tasks,
                          task=args.task, opt=args.opt, jobs=jobs, cache=args.cache, timeout=args.timeout)
    except TuneError as exc:
        print(f"mir-runtime tune: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    report = sys.stderr if args.output == STDOUT else sys.stdout  # the IR has standard output
    print(json.dumps(result.to_dict(), allow_nan=False) if args.format == "json" else result.summary(), file=report)
    return EXIT_OK


def _tune_files(args: argparse.Namespace, files: list[str], jobs: int | None) -> int:
    """``tune --out-dir DIR``: every input with one model, a report line each; a bad input is one
    line naming it and the others are still tuned (exit status 2 if any failed)."""
    from mir_runtime.ir.reader import STDIN
    from mir_runtime.progress import progress
    from mir_runtime.tuning import TuneError, tune_files

    if files == [STDIN]:
        raise UsageError("standard input ('-') is tuned with -o OUT")
    try:
        results = tune_files(files, args.out_dir, budget=args.budget, model=args.model, tasks=args.tasks,
                             task=args.task, opt=args.opt, jobs=jobs, cache=args.cache, timeout=args.timeout)
    except TuneError as exc:
        print(f"mir-runtime tune: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    failed = 0
    for _, result in progress(results, len(files), "tune"):
        if isinstance(result, Exception):
            failed += 1
            print(result if isinstance(result, IRParseError) else f"mir-runtime tune: {result}", file=sys.stderr)
        else:
            print(json.dumps(result.to_dict(), allow_nan=False) if args.format == "json" else result.summary(),
                  flush=True)
    if failed:
        print(f"mir-runtime tune: {failed} of {len(files)} inputs failed", file=sys.stderr)
    return EXIT_BAD_INPUT if failed else EXIT_OK


def _directory(args: argparse.Namespace):
    from mir_runtime.model import default_model_dir
    from mir_runtime.modeldir import ModelDirectory

    return ModelDirectory(args.model if args.model else default_model_dir())


def _packs(args: argparse.Namespace) -> dict:
    """The task packs served with the model: its own, ``$MIR_TASKS``'s and ``--tasks``' (read once
    a run: the parser reads them for predict's options, so a broken pack's warning is said once)."""
    return _read_packs(args.model, tuple(getattr(args, "tasks", None) or ()))


@functools.lru_cache(maxsize=4)
def _read_packs(model: str | None, tasks: tuple[str, ...]) -> dict:
    from mir_runtime.packs import load_packs

    return load_packs(_directory(argparse.Namespace(model=model)), tasks)


def _tasks(args: argparse.Namespace) -> int:
    from mir_runtime.tasks import NO_HEADS

    directory = _directory(args)
    packs = _packs(args)
    if not packs:
        print(f"mir-runtime tasks: model {shown(str(directory.path))} {NO_HEADS}", file=sys.stderr)
    if args.format == "json":
        print(json.dumps([p.task.summary() | {"pack": str(p.path)} for p in packs.values()], indent=2))
        return EXIT_OK
    for pack in packs.values():
        task = pack.task
        print(f"{task.name}: {task.description}")
        if not task.reads_embedding:
            print(f"  reads: the module's {task.features} counts, not its embedding (no encoder runs)")
        if task.kind == "passes":
            print(f"  passes: {len(task.pipelines)} pipelines, each one's predicted gain over -Oz")
            for pipeline in task.pipelines:
                print(f"    {pipeline.name} (LLVM {pipeline.llvm}): {pipeline.passes}")
        else:
            shown_classes = task.unit or "a number" if task.kind == "regression" else ", ".join(task.classes)
            print(f"  {task.kind}: {shown_classes}")
        if task.selector is not None:
            optional = (f" (optional: one head for every {task.selector})" if task.same_head and len(task.heads) > 1
                        else " (optional: every head answers alike)" if task.one_answer and len(task.heads) > 1 else "")
            print(f"  --{task.selector} {{{','.join(task.heads)}}}  {task.selector_help}{optional}")
        for spec in task.inputs:
            print(f"  --{spec.name} N  {spec.help}" + (" (optional: the heads ignore it)" if task.ignores_inputs else ""))
        notes = {k: task.note(k) for k in task.heads if task.note(k)}
        if len(notes) == len(task.heads) and len(set(notes.values())) == 1:  # every head alike
            print(f"  {next(iter(notes.values()))}")
        else:
            for key, note in notes.items():
                print(f"  {task.selector} {key}: {note}")
        print(f"  pack: {shown(str(pack.path))}")
    return EXIT_OK


def _info(args: argparse.Namespace) -> int:
    directory = _directory(args)
    directory.verify()
    manifest = directory.manifest
    model = _load_model(args, _count(args, "threads"))
    info = {
        "model": str(directory.path),
        "name": manifest.model.get("name"),
        "embedding_size": manifest.embedding_size,
        "pooling": manifest.pooling,
        "files": {name: {"bytes": e.bytes, "sha256": e.sha256, "check": "ok"} for name, e in manifest.files.items()},
        "tasks": {name: {"pack": _within(pack.path, directory.path),
                         "files": {f: {"sha256": pack.files[f].sha256, "check": "ok"} for f in pack.files if pack.file(f)},
                         **({"metrics": pack.sections["metrics"]} if "metrics" in pack.sections else {})}
                  for name, pack in _packs(args).items()},
        "device": model.backend.device_used,  # where it runs, which --device cuda may not get
        **({"requested_device": args.device} if args.device != model.backend.device_used else {}),
        "precision": model.precision,
        "providers": model.providers,
        "metrics": manifest.sections.get("metrics", {}),
    }
    print(json.dumps(info, indent=2))
    return EXIT_OK


def _within(path: Path, directory: Path) -> str:
    """``path`` relative to the model directory when inside it (its own packs), else as given."""
    try:
        return str(Path(path).resolve().relative_to(Path(directory).resolve()))
    except ValueError:
        return str(path)


def _model_options(parser: argparse.ArgumentParser, predict: bool = False) -> None:
    _model_option(parser)
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cpu",
                        help="where the encoders run: cpu, or cuda for an NVIDIA GPU with the [gpu] extra")
    parser.add_argument("--precision", choices=("int8", "fp32"), help=(
        "the encoders' precision; predict embeds at the one its task's heads learned from (fp32 for the shipped "
        "tasks: int8 embeddings cost the heads about a point of accuracy) and refuses another (default: that one)"
        if predict else "both encoders' precision (default: int8 on cpu, fp32 on cuda)"))
    parser.add_argument("--threads", type=int, metavar="N",
                        help="encoder calls side by side in one process (default: every core; capped to the cores)")


def _tasks_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tasks", metavar="DIR", action="append",
                        help="a task pack, or a directory of packs, to serve beside the model's own tasks (written by "
                             "'mir-export task fit'; repeatable; $MIR_TASKS adds more, separated by ':'; default: "
                             "none)")


def _model_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", metavar="DIR", help="model directory (default: $MIR_MODEL, else the shipped model)")


def _cache_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cache", metavar="DIR", default=os.environ.get("MIR_CACHE") or None,
                        help="keep embeddings here across runs: a file whose bytes were embedded before is not read "
                             "again, and known statements are not encoded again (default: $MIR_CACHE, else none)")


def _task_options(parser: argparse.ArgumentParser, argv: list[str]) -> Exception | None:
    """``--platform``, ``--transfer`` ...: the selectors and inputs of the model's tasks; the
    model's problem, if its manifest cannot be read (``predict`` then reports it). A task whose
    option cannot be added (named like another task's option of another sort) is left out of the
    parser and refused by ``predict`` in one line; the other tasks are served."""
    from mir_runtime.modeldir import ModelFileError
    from mir_runtime.tasks import RESERVED_NAMES

    early = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    early.add_argument("--model")
    early.add_argument("--tasks", action="append")
    try:
        known, _ = early.parse_known_args(argv)
        found = {name: pack.task for name, pack in _packs(known).items()}
    except ModelFileError as exc:
        return exc
    parser.set_defaults(has_tasks=bool(found))  # without: predict says the model has no heads
    added: dict[str, str] = {}  # option -> "selector" or "input"
    unservable: dict[str, str] = {}
    for task in found.values():
        options = [*(((task.selector, "selector"),) if task.selector is not None else ()),
                   *((spec.name, "input") for spec in task.inputs)]
        clash = next((f"its {sort} --{name} is named like " + (
            "an option of predict" if name in RESERVED_NAMES else f"a {added[name]} of another task")
            for name, sort in options if name in RESERVED_NAMES or added.get(name, sort) != sort), None)
        if clash:
            unservable[task.name] = clash
            continue
        if task.selector is not None and task.selector not in added:
            choices = sorted({c for t in found.values() if t.selector == task.selector for c in t.heads})
            parser.add_argument(f"--{task.selector}", dest=task.selector,
                                help=f"{task.selector_help} ({', '.join(choices)})")
            added[task.selector] = "selector"
        for spec in task.inputs:
            if spec.name not in added:
                parser.add_argument(f"--{spec.name}", dest=spec.name, type=float, metavar="N", help=spec.help)
                added[spec.name] = "input"
    parser.set_defaults(unservable=unservable)
    return None


def _command(argv: list[str]) -> str | None:
    """The subcommand named in ``argv`` (its first word that is not an option)."""
    return next((a for a in argv if not a.startswith("-")), None)


def build_parser(argv: list[str] | None = None) -> tuple[Parser, Exception | None]:
    """The parser, and the model's problem if ``predict`` could not read the model's tasks."""
    from mir_runtime import embed_parquet

    argv = sys.argv[1:] if argv is None else argv
    from mir_runtime.usage import Version

    parser = Parser(prog="mir-runtime", description=DESCRIPTION)
    parser.add_argument("--version", action=Version)
    sub = parser.add_subparsers(dest="command", required=True)
    graph = sub.add_parser("graph", help="ProGraML program graphs of IR files: JSON, pictures, PyG/DGL data sets")
    graph.add_argument("files", nargs="+", metavar="PATH", help=".ll (or .bc) files, or directories (their .ll/.bc "
                       "files, recursively, sorted); - reads standard input")
    graph.add_argument("--format", choices=("programl-json", "networkx-json", "dot", "svg", "png", "pyg", "dgl"),
                       default="programl-json",
                       help="programl-json: ProGraML's JSON form of a program graph; networkx-json: networkx's "
                            "node-link form; dot: Graphviz DOT in ProGraML's colours; svg, png: the picture (needs "
                            "Graphviz's dot); pyg, dgl: one data set of all inputs for PyTorch Geometric or DGL "
                            "(needs the [graphs] extra; see docs/graphs.md)")
    graph.add_argument("-o", "--output", metavar="OUT", help="one input's graph to OUT; OUT.jsonl: a line "
                       '{"file", "graph"} per input (JSON formats); pyg, dgl: the data-set folder (default: stdout)')
    graph.add_argument("--out-dir", metavar="DIR", help="write <stem>.<json|dot|svg|png> per input here")
    graph.add_argument("--workers", type=int, metavar="N",
                       help="processes converting files side by side (default: every core)")
    graph.add_argument("--keep-going", action="store_true",
                       help="leave unreadable files out and list them in OUT's (or DIR's) stem + .failed.jsonl; "
                            "the exit status is 0 unless no graph was written (without it, a bad file stops a data "
                            "set or JSON lines with exit status 2 and writes nothing; a file per input is written "
                            "for the others, exit status 2)")
    graph.set_defaults(run=_graph)
    stmts = sub.add_parser("statements", help="the statements of an IR file, one per line")
    stmts.add_argument("file", metavar="FILE", help="an .ll (or .bc) file; - reads standard input")
    stmts.set_defaults(run=_statements)
    embed = sub.add_parser("embed", help="file embeddings of IR files")
    embed.add_argument("files", nargs="+", metavar="PATH", help=".ll (or .bc) files, or directories (their .ll/.bc "
                       "files, recursively, sorted; not with .npy output); - reads standard input")
    embed.add_argument("-o", "--output", metavar="OUT", help="out.npy (float32 [files, size], input order), "
                       "out.jsonl (a line per file) or out.parquet (path, sha256, embedding, "
                       "error: a row per file, failed ones too), each put in place whole when the run ends; default: JSON "
                       "lines on stdout, written as they come")
    embed.add_argument("--workers", type=int, metavar="N",
                       help="processes embedding files side by side, one thread each (default: every core, "
                            "or 1 when --threads is given)")
    embed.add_argument("--keep-going", action="store_true",
                       help="embed the other files when one is not readable IR, and list the failures in "
                            "OUT's stem + .failed.jsonl; the exit status is 0 unless no file was embedded (without "
                            "it, the first bad file stops the run with exit status 2 and OUT is not written; an OUT of an earlier run "
                            "stays as it was)")
    embed.add_argument("--whiten", action="store_true",
                       help="write the embeddings whitened by the model's corpus statistics, to compare by cosine "
                            "(similarity search; the task heads take the raw ones)")
    _model_options(embed)
    _cache_option(embed)
    embed_parquet.add_options(embed)
    embed.set_defaults(run=_embed)
    predict = sub.add_parser("predict", help="a task's decision for an IR file, as JSON")
    predict.add_argument("file", metavar="FILE", help="an .ll (or .bc) file; - reads standard input")
    predict.add_argument("--task", required=True, help="see 'mir-runtime tasks'")
    predict.add_argument("--format", choices=("json", "text"), default="json",
                         help="json: one JSON object (the decision, the head's probabilities or scores, the inputs); "
                              "text: one line to read")
    _model_options(predict, predict=True)
    _tasks_option(predict)
    _cache_option(predict)
    problem = _task_options(predict, argv) if _command(argv) == "predict" else None
    predict.set_defaults(run=_predict)
    tune_cmd = sub.add_parser("tune", help="the smallest IR among -Oz and the pass pipelines a passes task ranks "
                                           "first, by the user's opt")
    tune_cmd.add_argument("files", nargs="+", metavar="FILE",
                          help=".ll (or .bc) files that the opt reads, or directories of them (with --out-dir); - "
                               "reads standard input")
    tune_cmd.add_argument("-o", "--output", metavar="OUT",
                          help="where the kept IR of one input goes (written beside, then renamed: an existing OUT "
                               "stays whole on failure); - for standard output")
    tune_cmd.add_argument("--out-dir", metavar="DIR",
                          help="write each input's kept IR as DIR/<stem>.ll (made if missing), the model loaded "
                               "once for all inputs")
    tune_cmd.add_argument("--budget", type=int, default=3, metavar="K",
                          help="how many best-ranked pipelines to run beside -Oz (0: -Oz alone; default: 3)")
    tune_cmd.add_argument("--opt", metavar="PATH", help="the opt to run (default: opt-N for the pipelines' LLVM major "
                                                         "N, else opt on PATH if it is that major)")
    tune_cmd.add_argument("--jobs", type=int, metavar="N", help="opt processes side by side (default: every core)")
    tune_cmd.add_argument("--timeout", type=float, metavar="S",
                          help="seconds one opt run may take: a ranked pipeline past it is skipped with a warning, "
                               "-Oz past it fails the input (default: no limit)")
    tune_cmd.add_argument("--task", help="the passes task that ranks the pipelines (default: the only one served)")
    tune_cmd.add_argument("--format", choices=("text", "json"), default="text",
                          help="the report (on standard output, or standard error with -o -): text: one line; json: "
                               "every pipeline run, its IR instructions and predicted gain (default: text)")
    _model_option(tune_cmd)
    _tasks_option(tune_cmd)
    _cache_option(tune_cmd)
    tune_cmd.set_defaults(run=_tune)
    tasks = sub.add_parser("tasks", help="what each task predicts and the inputs it needs")
    _model_option(tasks)
    _tasks_option(tasks)
    tasks.add_argument("--format", choices=("text", "json"), default="text",
                       help="text: a few lines a task to read; json: a list of the tasks' descriptions")
    tasks.set_defaults(run=_tasks)
    info = sub.add_parser("info", help="the model: files (sha256 checked), tasks, providers, metrics")
    _model_options(info)
    _tasks_option(info)
    info.set_defaults(run=_info)
    return parser, problem


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived: unwound like Ctrl-C, so that worker processes end and no partial
    output stays (the default action would end the process on the spot)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _terminated(signum: int, frame) -> None:
    raise Terminated(signum)


def _unwind_on_signals() -> None:
    import signal

    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) == signal.SIG_DFL:
            signal.signal(number, _terminated)


def _one_line_warning(message, category, filename, lineno, file=None, line=None) -> None:
    print(f"mir-runtime: {message}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    from mir_runtime.backend import BackendError
    from mir_runtime.modeldir import ModelFileError
    from mir_runtime.outputs import OutputError
    from mir_runtime.store import StoreError
    from mir_runtime.tasks import TaskError

    warnings.showwarning = _one_line_warning  # before the parser, which reads predict's task packs
    parser, problem = build_parser(argv)
    args, unknown = parser.parse_known_args(argv)
    if unknown and getattr(args, "has_tasks", True):  # an option of a task the model would have declared, had it been readable
        if problem is not None:
            print(f"mir-runtime {args.command}: {shown(str(problem))}", file=sys.stderr)
            return EXIT_BAD_INPUT
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    _unwind_on_signals()
    try:
        return args.run(args)
    except IRParseError as exc:
        print(exc, file=sys.stderr)
        return EXIT_BAD_INPUT
    except (TaskError, ModelFileError, BackendError, UsageError, StoreError, OutputError) as exc:  # their messages may hold any path
        print(f"mir-runtime {args.command}: {shown(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except WorkerError as exc:
        print(f"mir-runtime {args.command}: {shown(str(exc))}", file=sys.stderr)
        return EXIT_INTERNAL
    except KeyboardInterrupt:
        return 130
    except Terminated as exc:
        return 128 + exc.signum
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except Exception as exc:  # never a traceback for users; MIR_DEBUG=1 shows it
        if os.environ.get("MIR_DEBUG"):
            raise
        print(f"mir-runtime: internal error: {type(exc).__name__}: {shown(str(exc))} (MIR_DEBUG=1 for details)", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
