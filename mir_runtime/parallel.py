"""Files embedded side by side in worker processes, results in input order.

The front end is pure Python, so threads cannot run it side by side; each worker process loads
the model once (single-threaded sessions, its own caches) and embeds whole files, the way
fastembed's ``parallel=`` works. At most ``WINDOW`` files per worker are in flight, so memory
stays flat however many paths are given; results come back in input order as soon as each is
ready. Workers start with ``spawn``: forking a process that holds onnxruntime sessions and
thread pools is unsafe.
"""
from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor

import numpy as np

from mir_runtime.errors import IRParseError

WINDOW = 8  # files in flight per worker

_model = None  # the worker process's Model


def _start(directory: str, precision: str | None, statement_cache: int) -> None:
    global _model
    os.environ["TOKENIZERS_PARALLELISM"] = "false"  # one core per worker, tokenizer included
    from mir_runtime.model import Model

    _model = Model.load(directory, precision=precision, threads=1, statement_cache=statement_cache)


def _embed(path: str) -> np.ndarray:
    return _model.embed_file(path)


def embed_in_workers(paths: Iterable[str | os.PathLike], workers: int, directory: str, precision: str | None,
                     statement_cache: int, keep_going: bool) -> Iterator[tuple[str, np.ndarray | IRParseError]]:
    """``(path, vector)`` for each path in order, computed by ``workers`` processes on CPU; with
    ``keep_going`` a file that is not readable IR gives ``(path, error)``, else the error is raised."""
    context = multiprocessing.get_context("spawn")
    pending: deque[tuple[str, Future]] = deque()
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_start,
                             initargs=(directory, precision, statement_cache)) as pool:
        try:
            for path in paths:
                pending.append((str(path), pool.submit(_embed, str(path))))
                if len(pending) >= WINDOW * workers:
                    yield _result(*pending.popleft(), keep_going)
            while pending:
                yield _result(*pending.popleft(), keep_going)
        finally:
            for _, future in pending:
                future.cancel()


def _result(path: str, future: Future, keep_going: bool) -> tuple[str, np.ndarray | IRParseError]:
    try:
        return path, future.result()
    except IRParseError as exc:
        if not keep_going:
            raise
        return path, exc
