"""``mir-runtime embed PATHS... -o OUT.parquet [--engine ray]``: a row per file (``path``,
``sha256``, ``embedding``, ``error``), embedded in this process or on a Ray cluster, written as
one Parquet file in input order. A bad file costs its own row (and a line on stderr, and exit
code 2 at the end), never the others'.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from mir_runtime.parquet import MissingExtraError, load_pyarrow, rows_table, write_parquet
from mir_runtime.ray_engine import DEFAULT_BATCH, check_reachable, embed_dataset, load_ray

EXIT_OK, EXIT_BAD_INPUT = 0, 2
LOCAL_BATCH = 256  # rows per Parquet row group of the local engine


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--engine", choices=("local", "ray"), default="local",
                        help="embed in this process, or on a Ray cluster, which needs -o OUT.parquet and the [ray] extra")
    parser.add_argument("--address", metavar="ADDR", help="Ray cluster to join (default: $RAY_ADDRESS, else a "
                        "local cluster of this machine's cores)")
    parser.add_argument("--actors", type=int, metavar="N", help="Ray actors, each one model on one CPU "
                        "(default: every CPU of the cluster)")
    parser.add_argument("--batch-size", type=int, default=DEFAULT_BATCH, metavar="N",
                        help=f"files per Ray actor call (default: {DEFAULT_BATCH})")


def wanted(args: argparse.Namespace) -> bool:
    """Whether ``embed`` writes a table (Parquet output, or the Ray engine) rather than vectors."""
    return args.engine == "ray" or str(args.output or "").endswith(".parquet")


def run(args: argparse.Namespace, threads: int | None, workers: int) -> int:
    """The ``embed`` command when it writes a table; ``threads``/``workers``: the local engine's,
    checked by the caller (``workers`` processes, as ``embed`` to ``.npy`` or JSONL)."""
    from mir_runtime.model import Model
    from mir_runtime.rows import NO_IR_FILES, ir_files

    out = Path(args.output) if args.output else None
    problem = None
    if out is None or out.suffix != ".parquet":
        problem = "--engine ray writes a table: give -o OUT.parquet"
    elif not out.parent.is_dir():
        problem = f"{out}: directory {out.parent} does not exist"
    elif (args.actors is not None and args.actors < 1) or args.batch_size < 1:
        problem = "--actors and --batch-size must be at least 1"
    elif args.engine == "ray" and args.cache:
        problem = "--cache serves the local engine; Ray actors keep no embeddings across runs"
    files = ir_files(args.files) if problem is None else []
    if problem is None and not files:
        problem = NO_IR_FILES
    if problem:
        print(f"mir-runtime embed: {problem}", file=sys.stderr)
        return EXIT_BAD_INPUT
    failed = _Errors()
    try:
        load_pyarrow()
        with contextlib.ExitStack() as cleanup:
            if args.engine == "ray":  # the model is loaded here only to check it: each actor loads its own
                model = Model.load(args.model, precision=args.precision, threads=1)
                tables = _ray(args, files, cleanup)
            else:
                model = Model.load(args.model, device=args.device, precision=args.precision, threads=threads,
                                   cache=args.cache)
                tables = _local(model, files, min(workers, len(files)))
            write_parquet(failed.report(tables), out, model.embedding_size)
    except (MissingExtraError, ConnectionError) as exc:  # no extra; no Ray cluster at --address
        print(f"mir-runtime embed: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if failed.count:
        print(f"{out}: {failed.count} of {failed.rows} files failed; their rows hold the error", file=sys.stderr)
        if not args.keep_going or failed.count == failed.rows:  # --keep-going: the rows it could embed suffice
            return EXIT_BAD_INPUT
    return EXIT_OK


class _Errors:
    """Counts the rows, and prints each failed row's error on stderr as it is written."""

    def __init__(self) -> None:
        self.count = self.rows = 0

    def report(self, tables: Iterable) -> Iterator:
        for table in tables:
            for error in table.column("error").to_pylist():
                if error is not None:
                    print(error, file=sys.stderr)
                    self.count += 1
            self.rows += table.num_rows
            yield table


def _local(model, files: list[str], workers: int) -> Iterator:
    """Tables of ``LOCAL_BATCH`` rows, embedded by ``model`` on this machine (``workers`` processes)."""
    from mir_runtime.progress import progress
    from mir_runtime.rows import embed_rows

    batch = []
    for row in progress(embed_rows(model, files, workers), len(files), "embed"):
        batch.append(row)
        if len(batch) == LOCAL_BATCH:
            yield rows_table(batch, model.embedding_size)
            batch = []
    if batch:
        yield rows_table(batch, model.embedding_size)


def _ray(args: argparse.Namespace, files: list[str], cleanup: contextlib.ExitStack) -> Iterator:
    """Tables of rows from the Ray cluster, in input order; ``cleanup`` leaves the cluster."""
    import logging

    ray = load_ray()
    if args.address or os.environ.get("RAY_ADDRESS"):
        check_reachable(args.address or os.environ["RAY_ADDRESS"])
        ray.init(address=args.address, logging_level=logging.WARNING)
    else:  # a local cluster: room for every actor asked for, even beyond the cores
        ray.init(num_cpus=max(os.cpu_count() or 1, args.actors or 0), logging_level=logging.WARNING)
    cleanup.callback(ray.shutdown)
    ray.data.DataContext.get_current().execution_options.preserve_order = True  # rows in input order
    dataset = embed_dataset(files, args.model, args.actors, args.batch_size, args.device, args.precision)
    return dataset.iter_batches(batch_size=None, batch_format="pyarrow")
