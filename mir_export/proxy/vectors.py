"""The vectors the proxy compares: our encoder's file embedding and two trivial baselines.

IR2Vec's flow-aware program vector and a bag of opcodes (instruction counts by opcode) give the
figure context: a learned embedding that finds a function no better than its opcode counts has
learned nothing retrieval needs.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mir_runtime import IRParseError, read_ir

METHODS = ("ours", "ir2vec", "opcodes")


def opcode_counts(path: Path) -> Counter:
    """Instructions of the module's defined functions, counted by opcode (empty if unreadable)."""
    try:
        module = read_ir(path)
    except IRParseError:
        return Counter()
    return Counter(i.opcode for f in module.functions for b in f.blocks for i in b.instructions)


def opcode_vectors(paths: Sequence[Path]) -> np.ndarray:
    """float32 [N, opcodes]: one count per opcode seen in any of ``paths``."""
    counts = [opcode_counts(p) for p in paths]
    vocabulary = {op: k for k, op in enumerate(sorted(set().union(*counts)))}
    out = np.zeros((len(paths), max(1, len(vocabulary))), dtype=np.float32)
    for row, c in enumerate(counts):
        for op, n in c.items():
            out[row, vocabulary[op]] = n
    return out


def vectors(method: str, paths: Sequence[Path], model: Path | None, jobs: int = 1) -> tuple[np.ndarray, dict[str, str]]:
    """One vector per path by ``method``, and ``{path: error}`` for files it could not read (their
    vectors are zero: similar to nothing, so such a pair ranks low); ours in ``jobs`` processes."""
    if method == "ours":
        from mir_export.downstream.features import embed_files

        return embed_files(paths, model, jobs), {}
    if method == "ir2vec":
        from mir_export.downstream.baselines import ir2vec_vectors

        return ir2vec_vectors(paths)
    if method == "opcodes":
        return opcode_vectors(paths), {}
    raise ValueError(f"unknown method {method!r} (known: {', '.join(METHODS)})")
