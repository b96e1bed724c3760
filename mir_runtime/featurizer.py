"""The front end: a module (or an IR file) to the model's inputs, with numpy and tokenizers only.

A ``Featurizer`` holds the model directory's tokenizer and whether its model reads modules with
their -O0 locals promoted to SSA values (``promote_allocas``, ``mir_runtime.ir.promote``); it
pickles (as the tokenizer's JSON and that flag), so worker processes can run it. Tokenizing is
most of its cost and the same texts recur from file to file (the 669 device-mapping kernels:
36,975 per-file distinct statements, 4,089 distinct in all), so it keeps the token ids of the
last ``TOKEN_CACHE`` distinct texts: a text's ids depend on the text alone (the oldest texts leave
first when the cache is full).

A big IR file (``ISOLATED_BYTES`` and more) is read in a short-lived child process: the reader
makes millions of small Python objects, and once they are freed CPython's memory pools stay
fragmented (about 300 MB kept on a 17 MB module, pinned by the few objects that outlive the
module), which the process would carry through the graph encoder, its most memory-hungry step.
The child gives it all back when it ends, and leaves this process's token caches to the texts that
recur from file to file.

While a module is read and featurized, CPython's cyclic garbage collector is paused
(``gcpause.paused_gc``; the training side's readers use it too): the hundreds of thousands of small
objects stay alive until the features are made, and the collector, triggered every 700
allocations, walked them again and again: a fifth of the front end's time on the device-mapping
kernels, and superlinear in one big function (40,000 instructions: the graph builder took 0.52 s
with it, 0.21 s without). Their memory is returned by reference counting as usual.
"""
from __future__ import annotations

import hashlib
import os
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from mir_runtime.features import GraphInputs, graph_inputs, statement_table
from mir_runtime.gcpause import paused_gc  # where the training side's readers import it from too
from mir_runtime.graph import build_graph
from mir_runtime.ir.reader import parse_bytes, read_bytes
from mir_runtime.ir.model import Module
from mir_runtime.ir.promote import promote
from mir_runtime.statements import statements

TOKEN_CACHE = 65536  # texts (statements and node texts) whose token ids are kept
ISOLATED_BYTES = 1 << 21  # IR files from this size are read in a child process


@dataclass
class Features:
    """One module's model inputs: its distinct statements' token ids, how often each occurs,
    and the graph; read from a file, the sha256 of the bytes they were made from (``store``)."""

    ids: list[list[int]]
    weights: np.ndarray
    graph: GraphInputs
    sha256: str | None = None


class TokenCache:
    """``encode(texts)``: token ids of each text, through a bounded least-recently-used cache."""

    def __init__(self, tokenizer, add_special_tokens: bool, capacity: int = TOKEN_CACHE) -> None:
        self.tokenizer = tokenizer
        self.add_special_tokens = add_special_tokens
        self.capacity = capacity
        self._ids: OrderedDict[str, list[int]] = OrderedDict()

    def encode(self, texts: list[str]) -> list[list[int]]:
        known = self._ids
        missing = list(dict.fromkeys(t for t in texts if t not in known))
        if missing:
            encoded = self.tokenizer.encode_batch(missing, add_special_tokens=self.add_special_tokens)
            known.update(zip(missing, (e.ids for e in encoded)))
        out = [known[t] for t in texts]
        while len(known) > self.capacity:
            known.popitem(last=False)
        return out


class Featurizer:
    """Modules to ``Features`` with one model directory's tokenizer."""

    def __init__(self, tokenizer_json: str, max_tokens: int, promote_allocas: bool = False) -> None:
        from tokenizers import Tokenizer

        self._state = (tokenizer_json, max_tokens, promote_allocas)
        self.promote_allocas = promote_allocas
        self.tokenizer = Tokenizer.from_str(tokenizer_json)
        self.tokenizer.enable_truncation(max_length=max_tokens)
        self.tokenizer.no_padding()
        self.statements = TokenCache(self.tokenizer, add_special_tokens=True)
        self.node_texts = TokenCache(self.tokenizer, add_special_tokens=False)

    @classmethod
    def from_file(cls, path: str | os.PathLike, max_tokens: int, promote_allocas: bool = False) -> Featurizer:
        with open(path, encoding="utf-8") as f:
            return cls(f.read(), max_tokens, promote_allocas)

    def __getstate__(self) -> tuple[str, int, bool]:
        return self._state

    def __setstate__(self, state: tuple[str, int, bool]) -> None:
        self.__init__(*state)

    def __call__(self, module: Module) -> Features:
        with paused_gc():
            return self._features(module)

    def _features(self, module: Module) -> Features:
        if self.promote_allocas:
            module = promote(module)
        distinct, counts, index = statement_table(statements(module))
        ids = self.statements.encode(distinct)
        graph = graph_inputs(build_graph(module), self.node_texts.encode, ids, index, module.types)
        return Features(ids, np.array(counts, dtype=np.float32), graph)

    def read(self, path: str | os.PathLike) -> Features:
        """The features of an IR file (a big one read in a child process); bad input raises
        ``IRParseError``."""
        if _size(path) < ISOLATED_BYTES:
            return self.read_here(path)
        import multiprocessing  # here: most files are read in this process, and a cold start need not import it
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as child:
            return child.submit(self.read_here, path).result()

    def read_here(self, path: str | os.PathLike) -> Features:
        """The features of an IR file, read in this process."""
        data = read_bytes(path)
        with paused_gc():
            features = self._features(parse_bytes(data, str(path)))
        features.sha256 = hashlib.sha256(data).hexdigest()
        return features


def _size(path: str | os.PathLike) -> int:
    """The file's size; 0 where it has none (a pipe, a device) or cannot be seen (the reader says why)."""
    try:
        return os.stat(path).st_size
    except (OSError, ValueError):
        return 0
