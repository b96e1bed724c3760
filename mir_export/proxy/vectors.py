"""The vectors the proxy compares: our encoder's file embedding and baselines that learn nothing.

IR2Vec's flow-aware program vector and a bag of opcodes (instruction counts by opcode) give the
figure context: a learned embedding that finds a function no better than its opcode counts has
learned nothing retrieval needs. Two bags show what plain identity finds: the global names the
function's instructions use (callees and globals, ``@...``), and the tokens our tokenizer makes
of its statements, each weighted by TF-IDF (sublinear counts, scikit-learn's
``TfidfTransformer``) over the files compared. A pooled vector that finds fewer functions than
the bag of its own tokens loses part of what identifies a function.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from scipy import sparse

from mir_export.proxy import METHODS
from mir_runtime import IRParseError, read_ir
from mir_runtime.ir import Module, OperandKind, promote

_NAME = re.compile(r'@(?:"[^"]*"|[-\w.$]+)')  # a global name inside a constant expression


def _module(path: Path) -> Module | None:
    """The module of ``path``, or ``None`` if it is not readable IR (its bag is then empty)."""
    try:
        return read_ir(path)
    except IRParseError:
        return None


def opcode_counts(path: Path, promoted: bool = False) -> Counter:
    """Instructions of the module's defined functions, counted by opcode (empty if unreadable);
    ``promoted``: of the module with its locals promoted, as a ``promote_allocas`` model reads it."""
    module = _module(path)
    if module is None:
        return Counter()
    if promoted:
        module = promote(module)
    return Counter(i.opcode for f in module.functions for b in f.blocks for i in b.instructions)


def opcode_vectors(paths: Sequence[Path], promoted: bool = False) -> np.ndarray:
    """float32 [N, opcodes]: one count per opcode seen in any of ``paths`` (``promoted``: see ``opcode_counts``)."""
    counts = [opcode_counts(p, promoted) for p in paths]
    vocabulary = {op: k for k, op in enumerate(sorted(set().union(*counts)))}
    out = np.zeros((len(paths), max(1, len(vocabulary))), dtype=np.float32)
    for row, c in enumerate(counts):
        for op, n in c.items():
            out[row, vocabulary[op]] = n
    return out


def identifier_counts(path: Path) -> Counter:
    """The global names (``@...``: callees, globals, also inside constant expressions) the
    module's instructions use, counted (empty if unreadable)."""
    module = _module(path)
    names: Counter = Counter()
    if module is None:
        return names
    for instruction in module.instructions():
        for operand in instruction.operands:
            if operand.kind in (OperandKind.GLOBAL, OperandKind.FUNCTION):
                names[operand.text] += 1
            elif operand.kind is OperandKind.CONSTANT_EXPR:
                names.update(_NAME.findall(operand.text))
    return names


def token_counts(paths: Sequence[Path], model: Path | None) -> list[Counter]:
    """The tokenizer's token ids of each file's statements (duplicates counted; empty if unreadable)."""
    if model is None:
        raise ValueError("the tokens baseline needs a model directory (its tokenizer)")
    from mir_runtime import Model

    with Model.load(model) as loaded:  # its tokenizer only: no session opens
        featurizer = loaded.featurizer
    out = []
    for path in paths:
        try:
            features = featurizer.read(path)
        except IRParseError:
            out.append(Counter())
            continue
        counts: Counter = Counter()
        for ids, weight in zip(features.ids, features.weights):
            for token in ids:
                counts[token] += float(weight)
        out.append(counts)
    return out


def tf_idf(bags: Sequence[Counter]) -> sparse.csr_matrix:
    """[N, vocabulary] TF-IDF of ``bags`` (sublinear counts, smoothed IDF), sparse."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.feature_extraction.text import TfidfTransformer

    counts = DictVectorizer().fit_transform([{str(k): v for k, v in bag.items()} for bag in bags])
    return TfidfTransformer(sublinear_tf=True, norm=None).fit_transform(counts).tocsr()


def vectors(method: str, paths: Sequence[Path], model: Path | None,
            jobs: int = 1) -> tuple[np.ndarray | sparse.csr_matrix, dict[str, str]]:
    """One vector per path by ``method``, and ``{path: error}`` for files it could not read (their
    vectors are zero: similar to nothing, so such a pair ranks low); ours in ``jobs`` processes."""
    if method in ("ours", "whitened"):
        from mir_export.features.embedding import embed_files
        from mir_runtime import Model

        if method == "ours":
            return embed_files(paths, model, jobs), {}
        with Model.load(model) as loaded:
            if not loaded.can_whiten:
                raise ValueError(f"model {model} has no whitening (mir-export whiten adds one)")
            return loaded.whiten(embed_files(paths, model, jobs)), {}
    if method == "ir2vec":
        from mir_export.features.baselines import ir2vec_vectors

        return ir2vec_vectors(paths)
    if method == "opcodes":
        return opcode_vectors(paths), {}
    if method == "identifiers":
        return tf_idf([identifier_counts(p) for p in paths]), {}
    if method == "tokens":
        return tf_idf(token_counts(paths, model)), {}
    raise ValueError(f"unknown method {method!r} (known: {', '.join(METHODS)})")
