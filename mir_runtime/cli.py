"""``mir-runtime``: the command line. Bad input is one line naming the file, and exit code 2.

``embed`` and ``predict`` load the model shipped in the package unless ``--model DIR`` (or
``$MIR_MODEL``) names another; ``predict``'s task options (``--platform``, ``--transfer`` ...)
come from that model's manifest, so a model with new tasks needs no new code here.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from mir_runtime.errors import IRParseError

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2
OUTPUTS = (".npy", ".jsonl", ".parquet")


def _graph(args: argparse.Namespace) -> int:
    from mir_runtime.graph import build_graph, to_networkx_json, to_programl_json
    from mir_runtime.ir import read_ir
    from mir_runtime.progress import progress

    convert = to_programl_json if args.format == "programl-json" else to_networkx_json
    if len(args.files) > 1 and args.out_dir is None:
        print("mir-runtime graph: several inputs need --out-dir DIR", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.out_dir is not None:
        Path(args.out_dir).mkdir(parents=True, exist_ok=True)
    failed = 0
    written: dict[str, str] = {}
    for path in progress(args.files, len(args.files), "graph"):
        try:
            data = convert(build_graph(read_ir(path)))
        except IRParseError as exc:
            print(exc, file=sys.stderr)
            failed += 1
            continue
        if args.out_dir is None:
            json.dump(data, sys.stdout)
            sys.stdout.write("\n")
            continue
        name = Path(path).stem + ".json"
        if name in written:
            print(f"{path}:0:0: output {name} already written for {written[name]}", file=sys.stderr)
            failed += 1
            continue
        written[name] = path
        with open(Path(args.out_dir) / name, "w") as out:
            json.dump(data, out)
    return EXIT_BAD_INPUT if failed else EXIT_OK


def _statements(args: argparse.Namespace) -> int:
    from mir_runtime.ir import read_ir
    from mir_runtime.statements import statements

    try:
        lines = statements(read_ir(args.file))
    except IRParseError as exc:
        print(exc, file=sys.stderr)
        return EXIT_BAD_INPUT
    sys.stdout.write("".join(line + "\n" for line in lines))
    return EXIT_OK


def _load_model(args: argparse.Namespace):
    from mir_runtime.model import Model

    model = Model.load(args.model, device=args.device, precision=args.precision, threads=args.threads)
    if args.device == "cuda" and "CUDAExecutionProvider" not in model.providers:
        print(f"mir-runtime: CUDA requested but onnxruntime runs on {', '.join(model.providers)} "
              "(is onnxruntime-gpu installed, with CUDA libraries it can load?)", file=sys.stderr)
    return model


def _embed(args: argparse.Namespace) -> int:
    from mir_runtime import embed_parquet

    if embed_parquet.wanted(args):  # a table of rows (Parquet), on this machine or a Ray cluster
        return embed_parquet.run(args)
    import numpy as np

    from mir_runtime.ir import read_ir
    from mir_runtime.progress import progress

    out = Path(args.output) if args.output else None
    if out is not None and out.suffix not in OUTPUTS:
        print(f"{out}: output must end in .npy, .jsonl or .parquet", file=sys.stderr)
        return EXIT_BAD_INPUT
    model = _load_model(args)
    rows: list = []
    failed = 0
    for path in progress(args.files, len(args.files), "embed"):
        try:
            rows.append((path, model.embed_module(read_ir(path))))
        except IRParseError as exc:
            print(exc, file=sys.stderr)
            failed += 1
    if out is not None and out.suffix == ".npy":
        if failed:  # rows are positional: an array without the failed files would misalign
            print(f"{out}: not written, {failed} of {len(args.files)} inputs failed", file=sys.stderr)
            return EXIT_BAD_INPUT
        vectors = np.stack([v for _, v in rows]) if rows else np.zeros((0, model.embedding_size), np.float32)
        np.save(out, vectors.astype(np.float32))
        return EXIT_OK
    stream = open(out, "w") if out is not None else sys.stdout
    try:
        for path, vector in rows:
            stream.write(json.dumps({"file": path, "embedding": [round(float(x), 7) for x in vector]}) + "\n")
    finally:
        if out is not None:
            stream.close()
    return EXIT_BAD_INPUT if failed else EXIT_OK


def _predict(args: argparse.Namespace) -> int:
    model = _load_model(args)
    spec = model.task(args.task)
    choice = getattr(args, spec.selector, None)
    inputs = {i.name: getattr(args, i.name, None) for i in spec.inputs}
    prediction = model.predict(args.task, args.file, choice, **inputs)
    if args.format == "text":
        kind, values = ("score", prediction.scores) if prediction.scores else ("p", prediction.probabilities)
        odds = ", ".join(f"{c} {v:.3f}" for c, v in values.items())
        print(f"{args.file}: {prediction.decision} ({args.task}, {spec.selector} {prediction.choice}; {kind}: {odds})")
    else:
        print(json.dumps({"file": args.file, **prediction.to_dict(), "inputs": inputs}))
    return EXIT_OK


def _tasks(args: argparse.Namespace) -> int:
    from mir_runtime.encoder import read_manifest
    from mir_runtime.model import default_model_dir
    from mir_runtime.tasks import tasks_of

    found = tasks_of(read_manifest(Path(args.model) if args.model else default_model_dir()))
    if args.format == "json":
        print(json.dumps([t.summary() for t in found.values()], indent=2))
        return EXIT_OK
    for task in found.values():
        print(f"{task.name}: {task.description}")
        print(f"  decides: {', '.join(task.classes)}")
        print(f"  --{task.selector} {{{','.join(task.heads)}}}  {task.selector_help}")
        for spec in task.inputs:
            print(f"  --{spec.name} N  {spec.help}")
    return EXIT_OK


def _info(args: argparse.Namespace) -> int:
    from mir_runtime.encoder import verify
    from mir_runtime.model import default_model_dir

    directory = Path(args.model) if args.model else default_model_dir()
    manifest = verify(directory)
    model = _load_model(args)
    info = {
        "model": str(directory),
        "name": manifest["model"].get("name"),
        "embedding_size": model.embedding_size,
        "files": {name: {"bytes": e.get("bytes"), "sha256": e["sha256"], "check": "ok"} for name, e in manifest["files"].items()},
        "tasks": list(model.tasks),
        "device": args.device,
        "providers": model.providers,
        "metrics": manifest.get("metrics", {}),
    }
    print(json.dumps(info, indent=2))
    return EXIT_OK


def _model_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", metavar="DIR", help="model directory (default: $MIR_MODEL, else the shipped model)")
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    parser.add_argument("--precision", choices=("int8", "fp32"), help="both encoders (default: int8 on cpu, fp32 on cuda)")
    parser.add_argument("--threads", type=int, metavar="N", help="onnxruntime threads (default: all cores)")


def _task_options(parser: argparse.ArgumentParser, argv: list[str]) -> None:
    """``--platform``, ``--transfer`` ...: the selectors and inputs of the model's tasks."""
    from mir_runtime.encoder import ModelFileError, read_manifest
    from mir_runtime.model import default_model_dir
    from mir_runtime.tasks import tasks_of

    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--model")
    try:
        known, _ = early.parse_known_args(argv)
        found = tasks_of(read_manifest(Path(known.model) if known.model else default_model_dir()))
    except (ModelFileError, KeyError):
        return  # predict then reports the model problem itself
    added: set[str] = set()
    for task in found.values():
        if task.selector not in added:
            choices = sorted({c for t in found.values() if t.selector == task.selector for c in t.heads})
            parser.add_argument(f"--{task.selector}", help=f"{task.selector_help} ({', '.join(choices)})")
            added.add(task.selector)
        for spec in task.inputs:
            if spec.name not in added:
                parser.add_argument(f"--{spec.name}", type=float, metavar="N", help=spec.help)
                added.add(spec.name)


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    from mir_runtime import embed_parquet

    parser = argparse.ArgumentParser(prog="mir-runtime", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    graph = sub.add_parser("graph", help="ProGraML program graph of each IR file, as JSON")
    graph.add_argument("files", nargs="+", metavar="FILE", help=".ll (or .bc) files")
    graph.add_argument("--out-dir", metavar="DIR", help="write <stem>.json per input here (else stdout)")
    graph.add_argument("--format", choices=("programl-json", "networkx-json"), default="programl-json")
    graph.set_defaults(run=_graph)
    stmts = sub.add_parser("statements", help="the statements of an IR file, one per line")
    stmts.add_argument("file", metavar="FILE")
    stmts.set_defaults(run=_statements)
    embed = sub.add_parser("embed", help="file embeddings of IR files")
    embed.add_argument("files", nargs="+", metavar="PATH", help=".ll (or .bc) files; with .parquet output, "
                       "directories too (their .ll/.bc files, recursively)")
    embed.add_argument("-o", "--output", metavar="OUT", help="out.npy (float32 [files, size], input order), "
                       "out.jsonl (a line per file) or out.parquet (path, sha256, embedding, error: a row per "
                       "file, failed ones too); default: JSON lines on stdout")
    _model_options(embed)
    embed_parquet.add_options(embed)
    embed.set_defaults(run=_embed)
    predict = sub.add_parser("predict", help="a task's decision for an IR file, as JSON")
    predict.add_argument("file", metavar="FILE")
    predict.add_argument("--task", required=True, help="see 'mir-runtime tasks'")
    predict.add_argument("--format", choices=("json", "text"), default="json")
    _model_options(predict)
    _task_options(predict, sys.argv[1:] if argv is None else argv)
    predict.set_defaults(run=_predict)
    tasks = sub.add_parser("tasks", help="what each task predicts and the inputs it needs")
    tasks.add_argument("--model", metavar="DIR")
    tasks.add_argument("--format", choices=("text", "json"), default="text")
    tasks.set_defaults(run=_tasks)
    info = sub.add_parser("info", help="the model: files (sha256 checked), tasks, providers, metrics")
    _model_options(info)
    info.set_defaults(run=_info)
    return parser


def main(argv: list[str] | None = None) -> int:
    from mir_runtime.backend import BackendError
    from mir_runtime.encoder import ModelFileError
    from mir_runtime.tasks import TaskError

    args = build_parser(argv).parse_args(argv)
    try:
        return args.run(args)
    except (IRParseError, TaskError) as exc:
        print(exc if isinstance(exc, IRParseError) else f"mir-runtime {args.command}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (ModelFileError, BackendError) as exc:
        print(f"mir-runtime {args.command}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except Exception as exc:  # never a traceback for users; MIR_DEBUG=1 shows it
        if os.environ.get("MIR_DEBUG"):
            raise
        print(f"mir-runtime: internal error: {type(exc).__name__}: {exc} (MIR_DEBUG=1 for details)", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
