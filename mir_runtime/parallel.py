"""Files embedded side by side in worker processes, results in input order.

The front end is pure Python, so threads cannot run it side by side. Each worker process loads
the model once and, for each file, runs the front end and the graph encoder (one
single-threaded session, as fastembed's ``parallel=`` does); it sends back the file's distinct
statements, its graph vector and its node count. The calling process encodes the statements:
statements recur across files, and one statement-vector cache there serves every worker (with a
cache per worker, two workers encoded 5,826 statements of the 668 device-mapping kernels instead
of 4,056).

A file whose bytes an earlier run embedded (``--cache``, ``store``) is answered by the calling
process and never sent to a worker; no worker starts when none is needed.

At most ``WINDOW`` files per worker are in flight, so memory stays flat however many paths are
given; results come back in input order as soon as each is ready. Workers start with ``spawn``:
forking a process that holds onnxruntime sessions and thread pools is unsafe. ``in_workers`` is
that loop for any work on a file (``mir-runtime graph`` builds and converts graphs with it).

A worker never outlives the run: on Linux the kernel ends it when the process that started it
ends, even by SIGKILL (``PR_SET_PDEATHSIG``; elsewhere a thread watching the parent's pid does);
it ignores Ctrl-C, which reaches the whole process group, and the calling process ends every worker
at once when the run stops early (an error, Ctrl-C, SIGTERM, the consumer closing the iterator)
rather than wait for the files in flight. multiprocessing's resource-tracker process holds the
pool's semaphores; it exits when the last process of the run has ended.

Workers need no allocator settings: with onnxruntime's arena holding the graph encoder's buffers
(``mir_runtime.backend``), peak RSS embedding 10,000 files (the 668 device-mapping kernels
repeated) was 1.17 times that of 100 files with glibc's defaults and 1.16 with its mmap threshold
fixed, the setting the workers needed while the encoder ran without the arena.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import suppress
from typing import TypeVar

import numpy as np

from mir_runtime.errors import IRParseError, WorkerError, shown

WINDOW = 8  # files in flight per worker
# statement ids, their counts, graph vector, nodes, the sha256 of the bytes read
Prepared = tuple[list[list[int]], np.ndarray, np.ndarray, int, str]
P = TypeVar("P")  # what a worker sends back
R = TypeVar("R")  # what the caller makes of it

_model = None  # the worker process's model: what ``load`` returned


def _start(load: Callable[[], object]) -> None:
    global _model
    os.environ["TOKENIZERS_PARALLELISM"] = "false"  # one core per worker, tokenizer included
    _model = load()


def _worker(parent: int, initializer: Callable[..., None] | None, initargs: tuple) -> None:
    """Every worker's start: bound to the parent's life, deaf to Ctrl-C, then the caller's own start."""
    _die_with(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent ends the workers
    if initializer is not None:
        initializer(*initargs)


PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _die_with(parent: int) -> None:
    """End this process when ``parent`` ends, however it ends: the kernel's death signal on Linux,
    else a thread that watches the parent's pid once a second."""
    armed = False
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            armed = ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
        except (OSError, AttributeError):
            armed = False
    if os.getppid() != parent:  # the parent ended before the signal was armed
        os._exit(1)
    if not armed:
        threading.Thread(target=_watch, args=(parent,), daemon=True, name="mir-parent-watch").start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def _prepare(path: str) -> Prepared:
    features = _model.featurizer.read(path)
    graph = _model.backend.run_graph(features.graph)
    return features.ids, features.weights, graph, features.graph.num_nodes, features.sha256


def embed_in_workers(paths: Iterable[str | os.PathLike], workers: int, load: Callable[[], object],
                     finish: Callable[[Prepared], np.ndarray], keep_going: bool,
                     stored: Callable[[str], np.ndarray | None] | None = None,
                     ) -> Iterator[tuple[str, np.ndarray | IRParseError]]:
    """``(path, finish(prepared))`` for each path in order, prepared by ``workers`` processes on
    CPU, or ``(path, stored(path))`` where that is not ``None`` (embedded in an earlier run); with
    ``keep_going`` a file that is not readable IR gives ``(path, error)``, else the error is raised.
    ``load`` (picklable: each worker calls it once) returns the worker's model, whose
    ``featurizer`` and ``backend`` prepare the files; the caller names it, so this module never
    imports the model's."""
    return in_workers(paths, workers, _prepare, finish, keep_going, stored, _start, (load,))


def in_workers(paths: Iterable[str | os.PathLike], workers: int, work: Callable[[str], P],
               finish: Callable[[P], R], keep_going: bool, stored: Callable[[str], R | None] | None = None,
               initializer: Callable[..., None] | None = None, initargs: tuple = (),
               ) -> Iterator[tuple[str, R | IRParseError]]:
    """``(path, finish(work(path)))`` for each path in order, ``work`` run by ``workers`` spawned
    processes (each runs ``initializer(*initargs)`` first) and ``finish`` here; ``stored`` and
    ``keep_going`` as for ``embed_in_workers``. ``work`` must be picklable: a module's function."""
    context = _Spawn()
    _start_quiet_tracker()
    pending: deque[tuple[str, Future | R]] = deque()
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_worker,
                             initargs=(os.getpid(), initializer, initargs)) as pool:
        done = False
        try:
            for path in paths:
                known = stored(str(path)) if stored is not None else None
                pending.append((str(path), known if known is not None else pool.submit(work, str(path))))
                if len(pending) >= WINDOW * workers:
                    yield _result(*pending.popleft(), finish, keep_going)
            while pending:
                yield _result(*pending.popleft(), finish, keep_going)
            done = True
        finally:
            if not done:
                _stop(pool)


class _DeafProcess(multiprocessing.context.SpawnProcess):
    """A spawned worker born ignoring SIGINT (the disposition survives exec and Python keeps it):
    a Ctrl-C while it is still starting would print its traceback; the parent ends it instead."""

    def start(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return super().start()
        before = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            super().start()
        finally:
            signal.signal(signal.SIGINT, before)


class _Spawn(multiprocessing.context.SpawnContext):
    Process = _DeafProcess


def _start_quiet_tracker() -> None:
    """Start multiprocessing's resource tracker (the pool's semaphores need it) without its leak
    warnings: after this process is killed outright, cleaning the semaphores up is its job, not news."""
    from multiprocessing import resource_tracker

    saved = os.environ.get("PYTHONWARNINGS")
    os.environ["PYTHONWARNINGS"] = ",".join(filter(None, (saved, "ignore::UserWarning:multiprocessing.resource_tracker")))
    try:
        resource_tracker.ensure_running()
    finally:
        if saved is None:
            del os.environ["PYTHONWARNINGS"]
        else:
            os.environ["PYTHONWARNINGS"] = saved


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the workers now: ``shutdown`` would wait for the files in flight (a pipe that never
    ends, a huge module) after the run has already stopped."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        with suppress(OSError, ValueError):
            process.kill()
    pool.shutdown(wait=True, cancel_futures=True)  # quick now: the pool's thread sees its workers gone


def _result(path: str, future: Future | R, finish: Callable[[P], R], keep_going: bool) -> tuple[str, R | IRParseError]:
    if not isinstance(future, Future):  # stored
        return path, future
    try:
        return path, finish(future.result())
    except IRParseError as exc:
        if not keep_going:
            raise
        return path, exc
    except BrokenProcessPool:
        raise WorkerError(f"{shown(path)}: a worker process ended abruptly with this file or one after it in flight "
                          "(killed, or out of memory?)") from None
