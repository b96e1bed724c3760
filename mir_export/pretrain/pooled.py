"""The file embedding in torch, differentiable: pooled from drawn statements and the whole graph
as a model directory's layout says (``mir_runtime.pooling``), for fine-tuning and the contrastive
stage alike."""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import torch
from torch import Tensor

from mir_export.pretrain.batches import chunk_rows, joined_graphs, length_chunks, padded
from mir_export.pretrain.model import MIREncoder, segment_mean, segment_sum
from mir_runtime.features import GRAPH_INPUTS
from mir_runtime.featurizer import Features
from mir_runtime.pooling import MEAN


def sampled_embedding(model: MIREncoder, features: Features, statements: int, generator: torch.Generator,
                      pooling: str) -> Tensor:
    """The file embedding, differentiable, from at most ``statements`` random distinct statements:
    ``mir_runtime.pooling.pool`` in torch."""
    return pooled_embedding(model, features, draw_statements(features, statements, generator), pooling)


def draw_statements(features: Features, statements: int, generator: torch.Generator) -> list[int]:
    """At most ``statements`` random rows of ``features``' distinct statements."""
    return torch.randperm(len(features.ids), generator=generator)[:statements].tolist()


def pooled_embedding(model: MIREncoder, features: Features, rows: list[int], pooling: str) -> Tensor:
    """The file embedding from the distinct statements ``rows`` and the whole graph: two encoders
    given the same rows (a student and its teacher) pool the same view."""
    return pooled_embeddings(model, [features], [rows], pooling)[0]


def pooled_embeddings(model: MIREncoder, views: Sequence[Features], rows: Sequence[list[int]], pooling: str) -> Tensor:
    """``pooled_embedding`` of each view ``[V, E]``, on the model's device, in one call of each
    branch: the drawn statements of all views in chunks of similar length (attention costs the
    square of the padded length), their graphs joined into one disjoint graph
    (``batches.joined_graphs``). A training step of many views then costs a few large kernels
    instead of many small ones, which is what a GPU needs."""
    device = next(model.parameters()).device
    ids = padded([features.ids[r] for features, chosen in zip(views, rows) for r in chosen])
    chunks = length_chunks(ids, chunk_rows(device))  # each padded to its own longest
    vectors = torch.cat([model.text(ids[c, : int(ids[c[-1]].ne(0).sum())].to(device)) for c in chunks])
    vectors = torch.empty_like(vectors).index_copy(0, torch.cat(chunks).to(device), vectors)
    owner = torch.tensor([v for v, chosen in enumerate(rows) for _ in chosen], device=device)
    weights = torch.from_numpy(np.concatenate([f.weights[r] for f, r in zip(views, rows)])).to(device)
    mean = segment_sum(vectors * weights[:, None], owner, len(views)) / segment_sum(weights[:, None], owner, len(views))
    graph, node_view = joined_graphs([f.graph for f in views])
    latents = model.graph.latents(*(graph[n].to(device) for n in GRAPH_INPUTS))
    graphs = model.graph.readout(segment_mean(latents, node_view.to(device), len(views)))
    if pooling == MEAN:
        return torch.cat([mean, graphs], 1)
    index = owner[:, None].expand_as(vectors)
    maxima = torch.zeros_like(mean).scatter_reduce(0, index, vectors, "amax", include_self=False)
    sizes = torch.log1p(torch.tensor([[float(f.weights.sum()), f.graph.num_nodes] for f in views], dtype=mean.dtype))
    return torch.cat([mean, maxima, graphs, sizes.to(device)], 1)
