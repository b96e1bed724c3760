"""Fine-tuning the whole pre-trained encoder and a task head end to end: the most expensive way
to use the encoder, against which the frozen embedding (train the head only) is measured.

The encoder starts from the pre-training checkpoint's state dict when there is one
(``pretrained_encoder(model_dir, checkpoint)``). A model directory ships no torch weights (the
shipped ``artifacts/`` holds ONNX files only: its checkpoint would add 22 MB to the wheel and to
git history), so without a checkpoint the same weights are rebuilt from the directory's fp32 ONNX
files (``onnx_weights.encoder_from_onnx``). The head is ``heads.Head``, its input scaling taken
from the pre-trained embeddings of at most 64 training rows. To be trainable on a CPU, each
training step encodes at most ``statements`` distinct statements of each file, drawn at random
(pooled as the model directory's layout says, ``mir_runtime.pooling``, with the file's true
statement and node counts); the graph branch always sees the whole graph.
Prediction uses every statement, through the runtime's own engine on a torch backend
(``torch_encoder.torch_engine``).

Fixed a priori: S = 32 statements, 2 epochs of batches of 16 rows, Adam with lr 5e-5 for the
encoder and 1e-3 for the head, weight decay 1e-4 (``FinetuneConfig``); ``max_steps`` cuts
training short (the benchmark's quick mode only).
"""
from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import torch
from torch import Tensor, nn
from torch.nn import functional as F

from mir_export.evaluation.heads import Head, HeadConfig
from mir_export.pretrain.onnx_weights import encoder_from_onnx
from mir_export.export.encoders import exported_model
from mir_export.pretrain.model import MIREncoder, ModelConfig, config, segment_mean, segment_sum
from mir_export.pretrain.batches import chunk_rows, joined_graphs, length_chunks, padded
from mir_export.pretrain.torch_encoder import torch_engine
from mir_runtime.features import GRAPH_INPUTS
from mir_runtime.featurizer import Features
from mir_runtime.modeldir import ModelDirectory, file_sha256
from mir_runtime.pooling import MEAN


@dataclass(frozen=True)
class FinetuneConfig:
    statements: int = 32  # S: distinct statements encoded per file and training step
    epochs: int = 2
    batch_size: int = 16
    encoder_lr: float = 5e-5
    head_lr: float = 1e-3
    weight_decay: float = 1e-4
    head: HeadConfig = field(default_factory=HeadConfig)
    max_steps: int | None = None  # stop after this many optimizer steps


SCALING_ROWS = 64  # training rows whose pre-trained embeddings set the head's input scaling


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
    (``pretrain.joined_graphs``). A training step of many views then costs a few large kernels
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


def pretrained_encoder(model_dir: Path, checkpoint: Path | None = None) -> MIREncoder:
    """The pre-trained encoder of ``model_dir`` in torch, in eval mode: the pre-training
    checkpoint's weights when given (the one the directory was exported from, when its manifest
    records the checkpoint's sha256; else at least of the same configuration; folded for a directory
    exported in its teacher's space), else rebuilt from the directory's fp32 ONNX files."""
    if checkpoint is None:
        return encoder_from_onnx(model_dir)
    manifest = ModelDirectory(model_dir).manifest
    recorded = (manifest.sections.get("training") or {}).get("checkpoint_sha256")
    if recorded is not None and file_sha256(checkpoint) != recorded:
        raise ValueError(f"{checkpoint}: not the checkpoint {model_dir} was exported from (sha256 differs)")
    model = exported_model(checkpoint, teacher_space=bool(manifest.readout))
    if model.cfg != ModelConfig(**manifest.model):
        raise ValueError(f"{checkpoint}: model {model.cfg} is not the one of {model_dir} ({manifest.model})")
    return model


def fresh_encoder(model_dir: Path, seed: int, architecture: str | None = None) -> MIREncoder:
    """``model_dir``'s architecture with fresh weights: the same model without pre-training, the
    baseline that shows what pre-training adds; ``architecture`` (a name of ``model.SIZES``)
    instead: another size for the same tokenizer."""
    torch.manual_seed(seed)
    settings = ModelDirectory(model_dir).manifest.model
    return MIREncoder(config(architecture, settings["vocab_size"]) if architecture else ModelConfig(**settings))


class FineTuned(nn.Module):
    """A torch encoder (its text and graph branches) and a head, trained together."""

    def __init__(self, model: MIREncoder, head: Head, pooling: str) -> None:
        super().__init__()
        self.model = model
        self.pooling = pooling
        self.branches = nn.ModuleList([model.text, model.graph])  # shares the token table
        self.head = head

    def predict(self, files: Sequence[Features], extras: np.ndarray) -> np.ndarray:
        """The class of each file, from every statement."""
        self.eval()
        engine = torch_engine(self.model, self.pooling)
        embeddings = np.stack([engine.embed(f) for f in files])
        with torch.no_grad():
            return self.head(torch.from_numpy(embeddings), torch.tensor(extras, dtype=torch.float32)).argmax(1).numpy()


def finetune(pretrained: MIREncoder, files: Sequence[Features], extras: np.ndarray, labels: np.ndarray,
             classes: int, seed: int, cfg: FinetuneConfig = FinetuneConfig(), *, pooling: str) -> FineTuned:
    """A copy of ``pretrained`` (``pretrained_encoder``) and a head fitted to these rows by
    cross-entropy, on embeddings of ``pooling``'s layout (the model directory's). Files need at
    least one statement. Deterministic for a seed."""
    torch.manual_seed(seed)
    encoder = copy.deepcopy(pretrained).eval()
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        sample = torch.randperm(len(files), generator=generator)[:SCALING_ROWS].tolist()
        frozen = torch.stack([sampled_embedding(encoder, files[r], cfg.statements, generator, pooling)
                              for r in sample])
    model = FineTuned(encoder, Head(frozen.numpy(), extras, classes, cfg.head), pooling)
    optimizer = torch.optim.Adam([
        {"params": model.branches.parameters(), "lr": cfg.encoder_lr},
        {"params": model.head.parameters(), "lr": cfg.head_lr},
    ], weight_decay=cfg.weight_decay)
    e = torch.tensor(extras, dtype=torch.float32)
    y = torch.tensor(labels, dtype=torch.int64)
    model.train()
    steps = 0
    for _ in range(cfg.epochs):
        for rows in torch.randperm(len(y), generator=generator).split(cfg.batch_size):
            if steps == cfg.max_steps:
                return model.eval()
            steps += 1
            optimizer.zero_grad()
            for r in rows.tolist():  # one file's graph at a time in memory; the gradient is the batch's
                x = sampled_embedding(encoder, files[r], cfg.statements, generator, pooling)[None]
                (F.cross_entropy(model.head(x, e[r : r + 1]), y[r : r + 1]) / len(rows)).backward()
            optimizer.step()
    return model.eval()
