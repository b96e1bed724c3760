"""Where ``mir-runtime graph`` writes its graphs, in which form.

Forms: ProGraML's node-link JSON (``programl-json``), networkx's (``networkx-json``), Graphviz
DOT, SVG and PNG pictures (``dot`` draws them), and data sets of all inputs for PyTorch Geometric
(``pyg``) and DGL (``dgl``). Places: standard output (one input), ``--out-dir DIR`` (a file per
input, ``<stem>.<ext>``), ``-o FILE`` (one input), ``-o OUT.jsonl`` (JSON forms: a line
``{"file", "graph"}`` per input) and ``-o FOLDER`` (a data set, ``graph.datasets``). Every file
is written beside its place and renamed into it, so an output is whole or not there.

With several files, worker processes read and convert them side by side (``parallel.in_workers``),
results in input order. A bad file is one line naming it. A file per input stands on its own: the
others are still written, exit status 2. A data set or JSON lines are all inputs or none: the first
bad file stops the run, unless ``--keep-going``, which leaves bad files out and lists them in
``failures_path`` (exit status 0 unless no graph was written), as ``embed`` does.
"""
from __future__ import annotations

import argparse
import functools
import json
import os
import sys
from pathlib import Path
from collections.abc import Iterator
from typing import IO, Any

from mir_runtime.errors import IRParseError, shown
from mir_runtime.graph import build_graph, to_networkx_json
from mir_runtime.graph.datasets import FORMATS as DATASETS
from mir_runtime.graph.datasets import DatasetWriter, folder_problem
from mir_runtime.graph.dot import PICTURES, RenderError, dot_binary, render, to_dot
from mir_runtime.graph.export import to_programl_json_text
from mir_runtime.graph.formats import need
from mir_runtime.outputs import failures_path, writing
from mir_runtime.usage import UsageError

EXIT_OK, EXIT_BAD_INPUT = 0, 2
SUFFIXES = {"programl-json": ".json", "networkx-json": ".json", "dot": ".dot", "svg": ".svg", "png": ".png"}
JSON_FORMATS = ("programl-json", "networkx-json")
SEVERAL = ("several inputs need --out-dir DIR (a file each), -o OUT.jsonl (JSON formats) or -o FOLDER (pyg, dgl: "
           "one data set)")


def convert(path: str, form: str) -> Any:
    """The graph of the IR file ``path`` in ``form``: text, picture bytes, or the ProgramGraph a
    data set takes; a bad file's error is returned, not raised (a worker's result)."""
    from mir_runtime.featurizer import paused_gc
    from mir_runtime.ir import read_ir, read_stream
    from mir_runtime.ir.reader import STDIN

    try:
        with paused_gc():
            graph = build_graph(read_stream(sys.stdin.buffer) if path == STDIN else read_ir(path))
            if form in DATASETS:
                return graph
            if form == "programl-json":
                return to_programl_json_text(graph)
            if form == "networkx-json":  # json.dumps at once: 3x faster than json.dump's tokens
                return json.dumps(to_networkx_json(graph), check_circular=False)
            text = to_dot(graph)
        return text if form == "dot" else render(text, form)
    except (IRParseError, RenderError) as exc:
        return exc


def run(args: argparse.Namespace, workers: int) -> int:
    """The ``graph`` command; ``workers``: processes for several files (checked by the caller)."""
    from mir_runtime.ir.reader import STDIN, STDIN_NAME
    from mir_runtime.progress import progress
    from mir_runtime.rows import NO_IR_FILES, ir_files

    stdin = args.files == [STDIN]
    if STDIN in args.files and not stdin:
        raise UsageError(f"'{STDIN}' (standard input) must be the only input")
    files = args.files if stdin else ir_files(args.files)
    if not files:
        raise UsageError(NO_IR_FILES)
    _check_tools(args.format)
    sink = _sink(args, files, stdin)
    work = functools.partial(convert, form=args.format)
    results: Iterator[tuple[str, Any]]
    if stdin or workers == 1 or len(files) == 1:
        results = ((path, work(path)) for path in files)
    else:
        from mir_runtime.parallel import in_workers

        results = in_workers(files, min(workers, len(files)), work, _same, keep_going=True)
    failed: list[tuple[str, str]] = []
    try:
        for path, item in progress(results, len(files), "graph"):
            name = STDIN_NAME if stdin else path
            if isinstance(item, Exception):
                line = str(item) if isinstance(item, IRParseError) else f"{shown(name)}:0:0: {item}"
                if sink.whole and not args.keep_going:
                    sink.abort()
                    print(f"{line} ({shown(str(args.output))} not written; --keep-going writes the others)",
                          file=sys.stderr)
                    return EXIT_BAD_INPUT
                print(line, file=sys.stderr)
                failed.append((name, line))
                continue
            problem = sink.write(name, item)
            if problem:
                print(problem, file=sys.stderr)
                failed.append((name, problem))
        if len(failed) < len(files):
            sink.finish()
        else:
            sink.abort()
    except BaseException:
        sink.abort()
        raise
    return _report(args, sink, failed, len(files))


def _same(item: Any) -> Any:
    return item


def _check_tools(form: str) -> None:
    """What ``form`` needs, before any work: one line saying what to install."""
    if form == "dgl":
        try:
            need("dgl", "--format dgl")
        except ImportError as exc:
            raise UsageError(str(exc)) from None
    if form in PICTURES and dot_binary() is None:
        raise UsageError(f"--format {form} needs Graphviz's dot on the PATH (apt-get install graphviz)")


def _report(args: argparse.Namespace, sink: _Sink, failed: list[tuple[str, str]], total: int) -> int:
    """The failures' list beside the output (``--keep-going``), the closing line, the exit status."""
    listed = ""
    place = sink.place
    if place is not None and args.keep_going:
        listing = failures_path(place)
        with writing(listing):
            if failed:
                listing.write_text("".join(json.dumps({"file": f, "error": e}) + "\n" for f, e in failed))
                listed = f", listed in {shown(str(listing))}"
            else:
                listing.unlink(missing_ok=True)  # no stale list from an earlier run
    if failed and args.keep_going:
        print(f"mir-runtime graph: {len(failed)} of {total} inputs failed{listed}", file=sys.stderr)
    if not failed:
        return EXIT_OK
    if len(failed) == total:
        return EXIT_BAD_INPUT
    return EXIT_OK if args.keep_going else EXIT_BAD_INPUT


class _Sink:
    """Where the graphs go. ``whole``: one output of all inputs (a bad file spoils it, unless
    --keep-going); ``place``: the path the failures' list goes beside (None: stdout)."""

    whole = False
    place: Path | None = None

    def write(self, name: str, item: Any) -> str | None:
        """Write one input's graph; a problem that concerns this input only is returned."""
        raise NotImplementedError

    def finish(self) -> None:
        pass

    def abort(self) -> None:
        pass


def _sink(args: argparse.Namespace, files: list[str], stdin: bool) -> _Sink:
    """The output the options ask for, its problems found before any work."""
    form, out = args.format, Path(args.output) if args.output else None
    if out is not None and args.out_dir is not None:
        raise UsageError("give -o OUT or --out-dir DIR, not both")
    if form in DATASETS:
        if out is None:
            raise UsageError(f"--format {form} writes one data set of all inputs: give -o FOLDER")
        problem = folder_problem(out)
        if problem:
            raise UsageError(problem)
        return _Dataset(out, form)
    if args.out_dir is not None:
        directory = Path(args.out_dir)
        with writing(directory):
            directory.mkdir(parents=True, exist_ok=True)
        return _PerFile(directory, SUFFIXES[form], stdin)
    if out is not None and out.suffix == ".jsonl":
        if form not in JSON_FORMATS:
            raise UsageError(f"-o {out}: JSON lines hold JSON graphs (programl-json, networkx-json), not {form}")
        _check_file(out)
        return _JsonLines(out)
    if len(files) > 1:
        raise UsageError(SEVERAL)
    if out is not None:
        _check_file(out)
        return _File(out)
    if form == "png" and sys.stdout.isatty():
        raise UsageError("a PNG is not for a terminal: give -o FILE.png")
    return _Stdout()


def _check_file(path: Path) -> None:
    if path.is_dir():
        raise UsageError(f"{path}: is a directory")
    if not path.parent.is_dir():
        raise UsageError(f"{path}: no directory {path.parent}")


def _data(item: str | bytes) -> bytes:
    return item if isinstance(item, bytes) else item.encode("utf-8")


def _text_line(item: str | bytes) -> bytes:
    """A graph as its own output: JSON gets a newline, DOT and pictures are whole already."""
    data = _data(item)
    return data if isinstance(item, bytes) or data.endswith(b"\n") else data + b"\n"


def _write_whole(path: Path, data: bytes) -> None:
    """``data`` into ``path``, written beside it and renamed into place."""
    partial = path.with_name(f".{path.name}.partial")
    with writing(path):
        try:
            partial.write_bytes(data)
            os.replace(partial, path)
        finally:
            partial.unlink(missing_ok=True)


class _Stdout(_Sink):
    def write(self, name: str, item: str | bytes) -> None:
        sys.stdout.buffer.write(_text_line(item))
        sys.stdout.flush()


class _File(_Sink):
    def __init__(self, path: Path) -> None:
        self.path = self.place = path

    def write(self, name: str, item: str | bytes) -> None:
        _write_whole(self.path, _text_line(item))


class _PerFile(_Sink):
    def __init__(self, directory: Path, suffix: str, stdin: bool) -> None:
        self.place = self.directory = directory
        self.suffix, self.stdin = suffix, stdin
        self.written: dict[str, str] = {}

    def write(self, name: str, item: str | bytes) -> str | None:
        target = ("stdin" if self.stdin else Path(name).stem) + self.suffix
        if target in self.written:
            return f"{shown(name)}:0:0: output {shown(target)} already written for {shown(self.written[target])}"
        self.written[target] = name
        _write_whole(self.directory / target, _text_line(item))
        return None


class _JsonLines(_Sink):
    whole = True

    def __init__(self, path: Path) -> None:
        self.place = self.path = path
        self.partial = path.with_name(f".{path.name}.partial")
        with writing(path):
            self.stream: IO[str] = open(self.partial, "w", encoding="utf-8")

    def write(self, name: str, item: str) -> None:
        with writing(self.path):
            self.stream.write(f'{{"file": {json.dumps(name)}, "graph": {item}}}\n')

    def finish(self) -> None:
        with writing(self.path):
            self.stream.close()
            os.replace(self.partial, self.path)

    def abort(self) -> None:
        self.stream.close()
        self.partial.unlink(missing_ok=True)


class _Dataset(_Sink):
    whole = True

    def __init__(self, folder: Path, form: str) -> None:
        self.place = folder
        self.writer = DatasetWriter(folder, form)

    def write(self, name: str, item: Any) -> None:
        self.writer.add(name, item)

    def finish(self) -> None:
        self.writer.finish()
