"""Masking and batching: a batch of function samples, their statements padded and their graphs
joined into one, in chunks of similar length (attention costs the square of the padded length)."""
from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np
import torch
from torch import Tensor

from mir_export.pretrain.samples import Sample
from mir_export.pretrain.tokenizer import MASK, SPECIAL_TOKENS
from mir_runtime.features import GRAPH_INPUTS, GraphInputs


SHIFTED = ("token_node", "edge_src", "edge_dst")  # node indices: shifted when graphs are joined


def mask_tokens(ids: Tensor, vocab_size: int, generator: torch.Generator, rate: float = 0.15):
    """BERT masking of non-special, non-padding tokens; returns (inputs, labels with -100 elsewhere)."""
    candidates = ids >= len(SPECIAL_TOKENS)
    chosen = (torch.rand(ids.shape, generator=generator) < rate) & candidates
    labels = torch.where(chosen, ids, torch.full_like(ids, -100))
    roll = torch.rand(ids.shape, generator=generator)
    inputs = ids.clone()
    inputs[chosen & (roll < 0.8)] = MASK
    random_tokens = torch.randint(len(SPECIAL_TOKENS), vocab_size, ids.shape, generator=generator)
    swap = chosen & (roll >= 0.8) & (roll < 0.9)
    inputs[swap] = random_tokens[swap]
    return inputs, labels


@dataclass
class Batch:
    ids: Tensor  # [S, L] statements of all samples
    statement_sample: Tensor  # [S]
    node_tokens: Tensor
    token_node: Tensor
    node_type: Tensor
    edge_src: Tensor
    edge_dst: Tensor
    edge_flow: Tensor
    node_sample: Tensor  # [N]
    sample_offsets: Tensor  # [B + 1] node offsets
    size: int
    keys: tuple[str, ...] = ()  # each sample's function key (the behaviour targets are looked up by it)
    statement_count: Tensor | None = None  # [B] each sample's statements, all of them (not only those drawn)


def make_batch(samples: list[Sample], statements_per_sample: int, rng: random.Random) -> Batch:
    return batch_of(samples, pick_statements(samples, statements_per_sample, rng))


def pick_statements(samples: list[Sample], statements_per_sample: int, rng: random.Random) -> list[list]:
    """Each sample's statements, at most ``statements_per_sample`` of them drawn at random."""
    picked = []
    for sample in samples:
        chosen = sample.statements
        if len(chosen) > statements_per_sample:
            chosen = rng.sample(chosen, statements_per_sample)
        picked.append(chosen)
    return picked


def batch_of(samples: list[Sample], statements: list[list]) -> Batch:
    """The tensors of ``samples`` with the statements picked for each."""
    rows, owner = [], []
    for k, chosen in enumerate(statements):
        rows += chosen
        owner += [k] * len(chosen)
    graph, node_sample = joined_graphs([sample.graph() for sample in samples])
    offsets = torch.zeros(len(samples) + 1, dtype=torch.long)
    offsets[1:] = torch.tensor([sample.num_nodes for sample in samples]).cumsum(0)
    return Batch(
        ids=padded(rows), statement_sample=torch.tensor(owner, dtype=torch.long),
        **graph, node_sample=node_sample, sample_offsets=offsets, size=len(samples),
        keys=tuple(sample.key for sample in samples),
        statement_count=torch.tensor([len(sample.statements) for sample in samples], dtype=torch.long),
    )


def padded(statements: list) -> Tensor:
    """Token ids of ``statements`` as one int64 batch, padded with 0 to the longest."""
    ids = np.zeros((len(statements), max(map(len, statements))), dtype=np.int64)
    for i, statement in enumerate(statements):
        ids[i, : len(statement)] = statement
    return torch.from_numpy(ids)


def joined_graphs(graphs: list[GraphInputs]) -> tuple[dict[str, Tensor], Tensor]:
    """``graphs`` as one disjoint graph (the graph encoder's inputs by name, node indices shifted)
    and each node's graph: one pass of the graph encoder for a whole batch."""
    parts: dict[str, list] = {name: [] for name in GRAPH_INPUTS}
    base = 0
    for g in graphs:
        for name in GRAPH_INPUTS:
            value = getattr(g, name)
            parts[name].append(value + base if name in SHIFTED else value)
        base += g.num_nodes
    joined = {name: torch.from_numpy(np.concatenate(v)) for name, v in parts.items()}
    node_graph = torch.repeat_interleave(torch.arange(len(graphs)), torch.tensor([g.num_nodes for g in graphs]))
    return joined, node_graph


def chunk_rows(device: torch.device) -> int:
    """Statements per length chunk: small on a CPU, where padding costs, large on a GPU, where
    each call costs a launch."""
    return 32 if device.type == "cpu" else 1024


def length_chunks(ids: Tensor, rows: int = 32) -> list[Tensor]:
    """Row indices sorted by statement length, in chunks of ``rows``."""
    order = torch.argsort(ids.ne(0).sum(1), stable=True)
    return list(torch.split(order, rows))
