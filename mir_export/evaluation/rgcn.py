"""A task-specific relational GCN trained from scratch on ProGraML graphs: the baseline that a
pre-trained encoder is meant to make unnecessary (as in ProGraML and PnP, sized like them).

Node features are a learned embedding of the node's ProGraML ``text`` (opcode, or shortened
type), with a vocabulary built from the training rows (anything else is one unknown id). Edges
are six relations: the three flows, each forward and backward. Layers of torch-geometric
``RGCNConv`` (mean aggregation, root weight), ReLU and dropout, then the mean of the node states;
the graph vector and the run-time inputs go through the same ``Head`` as the embedding option
(its scaling of a zero-statistics embedding is the identity, so only the inputs are scaled).

Fixed a priori, never tuned on test folds: hidden 64, 4 layers, dropout 0.2, Adam (lr 1e-3,
weight decay 1e-4), batches of 32 graphs, 50 epochs (``RGCNConfig``).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import torch
from torch import Tensor, nn
from torch.nn import functional as F

from mir_export.evaluation.heads import Head, HeadConfig, fit_classifier
from mir_export.pretrain.model import N_FLOWS, segment_mean
from mir_runtime.graph import ProgramGraph

UNKNOWN = 0
RELATIONS = 2 * N_FLOWS  # each flow forward and backward


@dataclass(frozen=True)
class RGCNConfig:
    hidden: int = 64
    layers: int = 4
    dropout: float = 0.2
    lr: float = 1e-3
    weight_decay: float = 1e-4
    epochs: int = 50
    batch_size: int = 32


def node_vocabulary(graphs: Sequence[ProgramGraph]) -> dict[str, int]:
    """Node text -> id, from training graphs only; id 0 is every text not seen there."""
    texts = sorted({t for g in graphs for t in g.node_text.tolist()})
    return {t: k + 1 for k, t in enumerate(texts)}


@dataclass
class Batch:
    """Graphs concatenated into one: node ids, relational edges, and the graph of each node."""

    nodes: Tensor  # int64 [N]
    edge_index: Tensor  # int64 [2, E]
    edge_type: Tensor  # int64 [E]
    graph: Tensor  # int64 [N]
    graphs: int


def batch(graphs: Sequence[ProgramGraph], vocabulary: dict[str, int]) -> Batch:
    nodes, sources, targets, types, owner = [], [], [], [], []
    offset = 0
    for k, g in enumerate(graphs):
        nodes.append(np.fromiter((vocabulary.get(t, UNKNOWN) for t in g.node_text.tolist()), np.int64, g.num_nodes))
        src, dst = g.edge_source.astype(np.int64) + offset, g.edge_target.astype(np.int64) + offset
        flow = g.edge_flow.astype(np.int64)
        sources += [src, dst]
        targets += [dst, src]
        types += [flow, flow + N_FLOWS]
        owner.append(np.full(g.num_nodes, k, dtype=np.int64))
        offset += g.num_nodes
    return Batch(
        nodes=torch.from_numpy(np.concatenate(nodes)),
        edge_index=torch.from_numpy(np.stack([np.concatenate(sources), np.concatenate(targets)])),
        edge_type=torch.from_numpy(np.concatenate(types)),
        graph=torch.from_numpy(np.concatenate(owner)),
        graphs=len(graphs),
    )


class RGCN(nn.Module):
    """Graphs (and their run-time inputs ``extras``, raw) to class logits."""

    def __init__(self, vocabulary: dict[str, int], extras: np.ndarray, classes: int, cfg: RGCNConfig = RGCNConfig()) -> None:
        """``extras``: the training rows' run-time inputs, for their scaling statistics."""
        from torch_geometric.nn import RGCNConv

        super().__init__()
        self.vocabulary = vocabulary
        self.embed = nn.Embedding(len(vocabulary) + 1, cfg.hidden)
        self.convs = nn.ModuleList(RGCNConv(cfg.hidden, cfg.hidden, RELATIONS) for _ in range(cfg.layers))
        self.drop = nn.Dropout(cfg.dropout)
        head = HeadConfig(hidden=(cfg.hidden,), dropout=cfg.dropout)
        self.head = Head(np.zeros((1, cfg.hidden)), extras, classes, head)

    def forward(self, graphs: Batch, extras: Tensor) -> Tensor:
        h = self.embed(graphs.nodes)
        for conv in self.convs:
            h = self.drop(F.relu(conv(h, graphs.edge_index, graphs.edge_type)))
        return self.head(segment_mean(h, graphs.graph, graphs.graphs), extras)

    def predict(self, graphs: Sequence[ProgramGraph], extras: np.ndarray) -> np.ndarray:
        """The class of each graph."""
        self.eval()
        with torch.no_grad():
            return self(batch(graphs, self.vocabulary), torch.tensor(extras, dtype=torch.float32)).argmax(1).numpy()


def train_rgcn(graphs: Sequence[ProgramGraph], extras: np.ndarray, labels: np.ndarray, classes: int, seed: int,
               cfg: RGCNConfig = RGCNConfig()) -> RGCN:
    """An RGCN fitted to these rows by cross-entropy, from scratch; deterministic for a seed."""
    torch.manual_seed(seed)
    model = RGCN(node_vocabulary(graphs), extras, classes, cfg)
    e = torch.tensor(extras, dtype=torch.float32)
    return fit_classifier(
        model, lambda rows: model(batch([graphs[r] for r in rows.tolist()], model.vocabulary), e[rows]), labels, cfg, seed
    )
