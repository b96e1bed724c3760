"""The baseline feature sets: IR2Vec flow-aware program vectors, and none (run-time inputs only).

IR2Vec (``ir2vec==2.1.1``) parses IR with its own LLVM, and on a file that LLVM rejects it prints
the error and ends the whole process. So it runs in a worker process (``python -m
mir_export.features.baselines FILE...``) that prints one vector per file; when the worker dies,
the file it was on is recorded as failed and a new worker resumes after it. A failed file's
vector is all zeros (a constant the head can still separate by the run-time inputs), and the
failures are reported with the results; so is a vector with a NaN or an infinity in it (IR2Vec
gave one NaN for one Boost test module of thousands). IR2Vec can also hang on a file (its flow-aware walk ran
for over 10 minutes and 2 GB on one 19 KB hashcat function): a worker that prints no vector for
``FILE_SECONDS`` is killed and that file counted as rejected too.
"""
from __future__ import annotations

import importlib.util
import json
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mir_export.features.embedding import distinct_files

IR2VEC_SIZE = 300
PREFIX = "ir2vec\t"  # marks our lines on stdout, whatever IR2Vec itself prints
FILE_SECONDS = 120.0  # a worker silent this long on one file is killed: IR2Vec hangs on a few


def runtime_only(rows: int) -> np.ndarray:
    """No code features at all: the head sees only the run-time inputs."""
    return np.zeros((rows, 0), dtype=np.float32)


def _forward(stream, lines: queue.Queue) -> None:
    """Every line of ``stream``, then None at its end: the worker's output, read with a time limit."""
    for line in stream:
        lines.put(line)
    lines.put(None)


def _worker(paths: list[Path], seconds: float) -> tuple[list[list[float]], str]:
    """Vectors of a prefix of ``paths``: all of them, or those before the file the worker died or
    hung on (no vector for ``seconds``); and what went wrong (LLVM's ``error:`` line, which IR2Vec
    prints on stdout, else the last line)."""
    lines: queue.Queue[str | None] = queue.Queue()
    worker = subprocess.Popen([sys.executable, "-m", "mir_export.features.baselines", *map(str, paths)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    threading.Thread(target=_forward, args=(worker.stdout, lines), daemon=True).start()
    vectors, other = [], []
    deadline = time.monotonic() + seconds
    while len(vectors) < len(paths):
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            worker.kill()
            other.append(f"no vector after {seconds:.0f} s (IR2Vec hung?)")
            break
        if line is None:  # a crash is how IR2Vec rejects a file
            break
        if line.startswith(PREFIX):
            vectors.append(json.loads(line[len(PREFIX):]))
            deadline = time.monotonic() + seconds
        elif line.strip():
            other.append(line.rstrip("\n"))
    returncode = worker.wait()
    errors = [line for line in other if "error:" in line] or other[-1:] or [f"exit status {returncode}"]
    return vectors, errors[0]


def ir2vec_vectors(paths: Sequence[Path], seconds: float = FILE_SECONDS,
                   workers: int = 1) -> tuple[np.ndarray, dict[str, str]]:
    """float32 [N, 300] flow-aware program vectors, and ``{path: IR2Vec's error}`` for every path
    it rejected or hung on for ``seconds``; ``workers`` > 1: that many chains of worker processes,
    each on its own slice of the files (the vectors are the same)."""
    if importlib.util.find_spec("ir2vec") is None:
        raise ValueError("the ir2vec feature set needs the ir2vec package (pip install ir2vec==2.1.1; CPython <= 3.11)")
    unique, index = distinct_files(paths)
    vectors = np.zeros((len(unique), IR2VEC_SIZE), dtype=np.float32)
    failures: dict[int, str] = {}
    bounds = np.linspace(0, len(unique), max(1, min(workers, len(unique))) + 1).astype(int)
    chains = [threading.Thread(target=_chain, args=(unique, int(a), int(b), seconds, vectors, failures))
              for a, b in zip(bounds[:-1], bounds[1:])]
    for chain in chains:
        chain.start()
    for chain in chains:
        chain.join()
    for k in np.flatnonzero(~np.isfinite(vectors).all(1)):  # IR2Vec's own arithmetic gave NaN or inf
        vectors[k] = 0.0
        failures[int(k)] = "IR2Vec gave a vector that is not finite"
    return vectors[index], {str(p): failures[k] for p, k in zip(paths, index) if k in failures}


def _chain(unique: list[Path], start: int, end: int, seconds: float, vectors: np.ndarray,
           failures: dict[int, str]) -> None:
    """Vectors of ``unique[start:end]`` into ``vectors``, a new worker after each file one dies on."""
    first = start
    while start < end:
        got, error = _worker(unique[start:end], seconds)
        vectors[start : start + len(got)] = np.reshape(got, (-1, IR2VEC_SIZE))
        start += len(got)
        if start < end:  # the worker died on this file
            failures[start] = error
            start += 1
        print(f"ir2vec: {start - first}/{end - first} files of files {first + 1}-{end}, {len(failures)} rejected",
              file=sys.stderr)


def _main(files: list[str]) -> None:
    import ir2vec

    for path in files:
        vector = ir2vec.initEmbedding(path, "fa", "p").getProgramVector()
        print(PREFIX + json.dumps([float(v) for v in vector]), flush=True)


if __name__ == "__main__":
    _main(sys.argv[1:])
