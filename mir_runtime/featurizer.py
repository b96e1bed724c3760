"""The front end: a module (or an IR file) to the model's inputs, with numpy and tokenizers only.

A ``Featurizer`` holds the model directory's tokenizer; it pickles (as the tokenizer's JSON), so
worker processes can run it. Tokenizing is most of its cost and the same texts recur from file
to file (the 669 device-mapping kernels: 36,975 per-file distinct statements, 4,089 distinct in
all), so it keeps the token ids of the last ``TOKEN_CACHE`` distinct texts: a text's ids depend
on the text alone (the oldest texts leave first when the cache is full).
"""
from __future__ import annotations

import os
from collections import Counter, OrderedDict
from dataclasses import dataclass

import numpy as np

from mir_runtime.features import GraphInputs, graph_inputs
from mir_runtime.graph import build_graph
from mir_runtime.ir import read_ir
from mir_runtime.ir.model import Module
from mir_runtime.statements import statements

TOKEN_CACHE = 65536  # texts (statements and node texts) whose token ids are kept


@dataclass
class Features:
    """One module's model inputs: its distinct statements' token ids, how often each occurs,
    and the graph."""

    ids: list[list[int]]
    weights: np.ndarray
    graph: GraphInputs


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

    def __init__(self, tokenizer_json: str, max_tokens: int) -> None:
        from tokenizers import Tokenizer

        self._state = (tokenizer_json, max_tokens)
        self.tokenizer = Tokenizer.from_str(tokenizer_json)
        self.tokenizer.enable_truncation(max_length=max_tokens)
        self.tokenizer.no_padding()
        self.statements = TokenCache(self.tokenizer, add_special_tokens=True)
        self.node_texts = TokenCache(self.tokenizer, add_special_tokens=False)

    @classmethod
    def from_file(cls, path: str | os.PathLike, max_tokens: int) -> Featurizer:
        with open(path, encoding="utf-8") as f:
            return cls(f.read(), max_tokens)

    def __getstate__(self) -> tuple[str, int]:
        return self._state

    def __setstate__(self, state: tuple[str, int]) -> None:
        self.__init__(*state)

    def __call__(self, module: Module) -> Features:
        every = statements(module)
        counts = Counter(every)
        distinct = list(counts)
        ids = self.statements.encode(distinct)
        position = {s: k for k, s in enumerate(distinct)}
        graph = graph_inputs(build_graph(module), self.node_texts.encode, [ids[position[s]] for s in every],
                             module.types)
        return Features(ids, np.array([counts[s] for s in distinct], dtype=np.float32), graph)

    def read(self, path: str | os.PathLike) -> Features:
        """The features of an IR file; bad input raises ``IRParseError``."""
        return self(read_ir(path))
