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

Two objectives: class labels by cross-entropy (device mapping), or a row of real targets per file
by mean squared error (``gains``: the pass task's log gain of each pipeline over -Oz), whose
outputs are the predicted targets.

Fixed a priori: S = 32 statements, 2 epochs of batches of 16 rows, Adam with lr 5e-5 for the
encoder and 1e-3 for the head, weight decay 1e-4 (``FinetuneConfig``); ``max_steps`` cuts
training short (the benchmark's quick mode only).
"""
from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

from mir_export.evaluation.heads import Head, HeadConfig
from mir_export.pretrain.pooled import sampled_embedding
from mir_export.pretrain.model import MIREncoder
from mir_export.pretrain.torch_encoder import torch_engine
from mir_runtime.featurizer import Features


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


class FineTuned(nn.Module):
    """A torch encoder (its text and graph branches) and a head, trained together."""

    def __init__(self, model: MIREncoder, head: Head, pooling: str) -> None:
        super().__init__()
        self.model = model
        self.pooling = pooling
        self.branches = nn.ModuleList([model.text, model.graph])  # shares the token table
        self.head = head

    def scores(self, files: Sequence[Features], extras: np.ndarray) -> np.ndarray:
        """[N, C]: the head's outputs for each file (logits, or the predicted targets), from every statement."""
        self.eval()
        engine = torch_engine(self.model, self.pooling)
        embeddings = np.stack([engine.embed(f) for f in files])
        with torch.no_grad():
            return self.head(torch.from_numpy(embeddings), torch.tensor(extras, dtype=torch.float32)).numpy()

    def predict(self, files: Sequence[Features], extras: np.ndarray) -> np.ndarray:
        """The class of each file (the largest output), from every statement."""
        return self.scores(files, extras).argmax(1)


OBJECTIVES = ("classes", "gains")


def finetune(pretrained: MIREncoder, files: Sequence[Features], extras: np.ndarray, labels: np.ndarray,
             classes: int, seed: int, cfg: FinetuneConfig = FinetuneConfig(), *, pooling: str,
             objective: str = "classes", progress=None) -> FineTuned:
    """A copy of ``pretrained`` (``pretrained_encoder``) and a head fitted to these rows, on
    embeddings of ``pooling``'s layout (the model directory's): ``labels`` [N] class indices by
    cross-entropy, or (``objective`` "gains") [N, classes] targets by mean squared error. Files need
    at least one statement. Deterministic for a seed; ``progress(step, steps, loss)`` after each step."""
    if objective not in OBJECTIVES:
        raise ValueError(f"unknown objective {objective!r} ({', '.join(OBJECTIVES)})")
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
    y = torch.tensor(labels, dtype=torch.int64 if objective == "classes" else torch.float32)
    loss = F.cross_entropy if objective == "classes" else F.mse_loss
    total = -(-len(y) // cfg.batch_size) * cfg.epochs
    total = total if cfg.max_steps is None else min(total, cfg.max_steps)
    model.train()
    steps = 0
    for _ in range(cfg.epochs):
        for rows in torch.randperm(len(y), generator=generator).split(cfg.batch_size):
            if steps == cfg.max_steps:
                return model.eval()
            steps += 1
            optimizer.zero_grad()
            step_loss = 0.0
            for r in rows.tolist():  # one file's graph at a time in memory; the gradient is the batch's
                x = sampled_embedding(encoder, files[r], cfg.statements, generator, pooling)[None]
                part = loss(model.head(x, e[r : r + 1]), y[r : r + 1]) / len(rows)
                part.backward()
                step_loss += float(part.detach())
            optimizer.step()
            if progress is not None:
                progress(steps, total, step_loss)
    return model.eval()
