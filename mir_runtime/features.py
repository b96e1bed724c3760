"""Model inputs from statements and graphs (numpy + tokenizers only; shared by training and serving).

Statements become token ids ``[CLS] statement [SEP]`` (at most 64). Graph nodes become token
lists: an instruction node takes its statement's tokens, a variable or constant node the tokens
of its ``full_text`` (``i32 %5``, ``i32 1``, a global's definition) with local value names
normalized as in statements (``i32 %ID``), each capped at ``NODE_TOKENS``. Explicit self-loop edges are dropped: the GCN adds one identity per node.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
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


def statement_table(every: list[str]) -> tuple[list[str], list[int], list[int]]:
    """The distinct statements of ``every`` in order of first appearance, how often each occurs,
    and the index of each statement of ``every`` among them (``graph_inputs``'s
    ``instruction_statement``)."""
    position: dict[str, int] = {}
    distinct: list[str] = []
    counts: list[int] = []
    index: list[int] = []
    for text in every:
        k = position.get(text)
        if k is None:
            k = position[text] = len(distinct)
            distinct.append(text)
            counts.append(0)
        counts[k] += 1
        index.append(k)
    return distinct, counts, index


def graph_inputs(
    graph: ProgramGraph, node_ids: Callable[[list[str]], list[list[int]]], statement_ids: list[list[int]],
    instruction_statement: Sequence[int], types: Collection[str] = (),
) -> GraphInputs:
    """Graph encoder inputs; ``node_ids(texts)``: token ids of node texts (``encode_nodes`` with
    a tokenizer, or a cache of it); ``statement_ids[instruction_statement[i]]`` are the tokens of
    instruction ``i`` (each distinct statement once, ``statement_table``; or one per instruction
    and ``range``); ``types``: the module's named types.

    Each node's tokens are one of a few distinct lists (a statement recurs, so does a variable's
    ``i32 %ID``): each list is cut once, a node gets its index, and numpy gathers the tokens of
    all nodes at once."""
    pieces: list[list[int]] = [ids[1:-1][:NODE_TOKENS] for ids in statement_ids]  # the distinct token lists, cut
    kinds = graph.node_type
    instruction = graph.node_instruction
    is_statement = (kinds == INSTRUCTION) & (instruction >= 0)
    others = np.flatnonzero(~is_statement)
    normalized: dict[str, int] = {}  # a variable node per use: its text recurs within the module
    by_text: dict[str, int] = {}
    texts: list[str] = []  # distinct normalized texts, their pieces after the statements'
    other_piece: list[int] = []
    full_texts: list[str] = graph.node_full_text[others].tolist()  # typed: compiled, list reads in C
    node_texts: list[str] = graph.node_text[others].tolist()
    for j in range(len(full_texts)):
        raw = full_texts[j] or node_texts[j]
        k = normalized.get(raw)
        if k is None:
            found = statement(raw, types)
            k = by_text.get(found)
            if k is None:
                k = by_text[found] = len(pieces) + len(texts)
                texts.append(found)
            normalized[raw] = k
        other_piece.append(k)
    pieces += [ids[:NODE_TOKENS] for ids in node_ids(texts)]
    which = np.empty(len(kinds), dtype=np.int64)  # each node's piece
    which[is_statement] = np.asarray(instruction_statement, dtype=np.int64)[instruction[is_statement]]
    which[others] = other_piece
    piece_lengths = np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces))
    flat = np.fromiter(chain.from_iterable(pieces), dtype=np.int64, count=int(piece_lengths.sum()))
    lengths = piece_lengths[which]
    # token t of the output, the j-th of node i, is flat[piece start of node i + j]
    shift = (np.cumsum(piece_lengths) - piece_lengths)[which] - (np.cumsum(lengths) - lengths)
    tokens = flat[np.repeat(shift, lengths) + np.arange(int(lengths.sum()), dtype=np.int64)]
    keep = graph.edge_source != graph.edge_target
    return GraphInputs(
        node_tokens=tokens,
        token_node=np.repeat(np.arange(len(kinds), dtype=np.int64), lengths),
        node_type=kinds.astype(np.int64),
        edge_src=graph.edge_source[keep].astype(np.int64),
        edge_dst=graph.edge_target[keep].astype(np.int64),
        edge_flow=graph.edge_flow[keep].astype(np.int64),
    )
