"""Model inputs from statements and graphs (numpy + tokenizers only; shared by training and serving).

Statements become token ids ``[CLS] statement [SEP]`` (at most 64). Graph nodes become token
lists: an instruction node takes its statement's tokens, a variable or constant node the tokens
of its ``full_text`` (``i32 %5``, ``i32 1``, a global's definition) with local value names
normalized as in statements (``i32 %ID``), each capped at ``NODE_TOKENS``. Explicit self-loop edges are dropped: the GCN adds one identity per node.
"""
from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, fields
from itertools import chain

import numpy as np

from mir_runtime.graph.programl import INSTRUCTION, ProgramGraph
from mir_runtime.statements import statement

NODE_TOKENS = 32


@dataclass
class GraphInputs:
    """One graph as the graph encoder reads it."""

    node_tokens: np.ndarray  # int64 [T]: token ids of every node, concatenated
    token_node: np.ndarray  # int64 [T]: the node each token belongs to
    node_type: np.ndarray  # int64 [N]
    edge_src: np.ndarray  # int64 [E]
    edge_dst: np.ndarray  # int64 [E]
    edge_flow: np.ndarray  # int64 [E]

    @property
    def num_nodes(self) -> int:
        return len(self.node_type)


GRAPH_INPUTS = tuple(f.name for f in fields(GraphInputs))  # the graph encoder's inputs, in order


def encode_statements(tokenizer, statements: list[str]) -> list[list[int]]:
    """Token ids of each statement, ``[CLS] ... [SEP]``, truncated to 64."""
    return [e.ids for e in tokenizer.encode_batch(statements)] if statements else []


def encode_nodes(tokenizer, texts: list[str]) -> list[list[int]]:
    """Token ids of node texts (no ``[CLS]``/``[SEP]``)."""
    return [e.ids for e in tokenizer.encode_batch(texts, add_special_tokens=False)] if texts else []


def graph_inputs(
    graph: ProgramGraph, node_ids: Callable[[list[str]], list[list[int]]], statement_ids: list[list[int]],
    types: Collection[str] = (),
) -> GraphInputs:
    """Graph encoder inputs; ``node_ids(texts)``: token ids of node texts (``encode_nodes`` with
    a tokenizer, or a cache of it); ``statement_ids[i]`` are the tokens of instruction ``i``;
    ``types``: the module's named types."""
    kinds = graph.node_type
    instruction = graph.node_instruction.tolist()
    per_node: list[list[int]] = [[] for _ in range(graph.num_nodes)]
    others = [i for i, (kind, inst) in enumerate(zip(kinds.tolist(), instruction)) if kind != INSTRUCTION or inst < 0]
    full, text = graph.node_full_text.tolist(), graph.node_text.tolist()
    normalized: dict[str, str] = {}  # a variable node per use: its text recurs within the module
    texts = []
    for i in others:
        raw = full[i] or text[i]
        found = normalized.get(raw)
        if found is None:
            found = normalized[raw] = statement(raw, types)
        texts.append(found)
    for i, ids in zip(others, node_ids(texts)):
        per_node[i] = ids[:NODE_TOKENS]
    for i, inst in enumerate(instruction):
        if inst >= 0:
            per_node[i] = statement_ids[inst][1:-1][:NODE_TOKENS]
    lengths = np.fromiter(map(len, per_node), dtype=np.int64, count=len(per_node))
    tokens = np.fromiter(chain.from_iterable(per_node), dtype=np.int64, count=int(lengths.sum()))
    keep = graph.edge_source != graph.edge_target
    return GraphInputs(
        node_tokens=tokens,
        token_node=np.repeat(np.arange(len(per_node), dtype=np.int64), lengths),
        node_type=kinds.astype(np.int64),
        edge_src=graph.edge_source[keep].astype(np.int64),
        edge_dst=graph.edge_target[keep].astype(np.int64),
        edge_flow=graph.edge_flow[keep].astype(np.int64),
    )
