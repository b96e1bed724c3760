"""Bags of the code, baselines that learn nothing: counts of opcodes, of the global names the
instructions use, and of the tokens our tokenizer makes of the statements (``tf_idf`` weighs them,
sublinear counts over the files compared). The retrieval proxy ranks by them
(``mir_export.proxy.vectors``); the downstream suite's two bags are built on them, reading each
file as the model reads it (locals promoted where its manifest says ``promote_allocas``):

- ``opcode_histogram``: log(1 + count) of each opcode among the module's statements;
- ``token_bag``: TF-IDF of the tokenizer's tokens of the statements, reduced to ``SVD_COMPONENTS``
  by a truncated SVD. IDF and SVD are fitted on the task's files without their labels (as the
  vocabulary of the opcode histogram is): unsupervised and transductive, like the published bags;
  the learners' own scaling and PCA still see training rows only.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from scipy import sparse

from mir_runtime import IRParseError, read_ir
from mir_runtime.ir import Module, OperandKind, promote
from mir_runtime.modeldir import ModelDirectory

SVD_COMPONENTS = 100
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


def token_counts(paths: Sequence[Path], model: Path | None, workers: int = 1) -> list[Counter]:
    """The tokenizer's token ids of each file's statements (duplicates counted; empty if
    unreadable); ``workers`` > 1: read in that many worker processes (the same counts)."""
    if model is None:
        raise ValueError("the tokens baseline needs a model directory (its tokenizer)")
    if workers > 1 and len(paths) > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as pool:
            return list(pool.map(_token_counts, [model] * len(paths), paths, chunksize=8))
    return [_token_counts(model, path) for path in paths]


_FEATURIZERS: dict[Path, object] = {}  # this process's featurizer per model: its tokenizer, loaded once


def _token_counts(model: Path, path: Path) -> Counter:
    from mir_runtime import Model

    if model not in _FEATURIZERS:
        with Model.load(model) as loaded:  # its tokenizer only: no session opens
            _FEATURIZERS[model] = loaded.featurizer
    try:
        features = _FEATURIZERS[model].read(path)
    except IRParseError:
        return Counter()
    counts: Counter = Counter()
    for ids, weight in zip(features.ids, features.weights):
        for token in ids:
            counts[token] += float(weight)
    return counts


def tf_idf(bags: Sequence[Counter]) -> sparse.csr_matrix:
    """[N, vocabulary] TF-IDF of ``bags`` (sublinear counts, smoothed IDF), sparse."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.feature_extraction.text import TfidfTransformer

    counts = DictVectorizer().fit_transform([{str(k): v for k, v in bag.items()} for bag in bags])
    return TfidfTransformer(sublinear_tf=True, norm=None).fit_transform(counts).tocsr()


def opcode_histogram(paths: Sequence[Path], model_dir: Path) -> np.ndarray:
    """float32 [N, opcodes seen]: log(1 + count) per opcode."""
    promoted = ModelDirectory(model_dir).manifest.promote_allocas
    return np.log1p(opcode_vectors(paths, promoted)).astype(np.float32)


def token_bag(paths: Sequence[Path], model_dir: Path, workers: int = 1) -> np.ndarray:
    """float32 [N, at most ``SVD_COMPONENTS``]: the SVD of the TF-IDF of each file's statement tokens."""
    from sklearn.decomposition import TruncatedSVD

    weights = tf_idf(token_counts(paths, model_dir, workers))
    components = min(SVD_COMPONENTS, weights.shape[1] - 1, len(paths) - 1)
    if components < 1:
        return np.zeros((len(paths), 0), dtype=np.float32)
    return TruncatedSVD(components, random_state=0).fit_transform(weights).astype(np.float32)
