"""``mir-runtime``: the command line. Bad input is one line naming the file, and exit code 2."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from mir_runtime.errors import IRParseError

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2


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


def build_parser() -> argparse.ArgumentParser:
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
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
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
