"""The task head: a small MLP over a file embedding and the task's run-time inputs.

The head scales its own inputs (embedding standardized; run-time inputs through ``log1p``, then
standardized) with statistics of its training rows, kept as buffers: the exported ONNX file takes
the raw ``embedding`` [N, D] and ``extras`` [N, K] the runtime has, and gives class logits [N, C].

Hyperparameters are fixed a priori (``HeadConfig``), the same for every task, feature set and
fold, and never chosen on test folds: two hidden layers of 64 and 32 with ReLU and dropout 0.2,
Adam (lr 1e-3, weight decay 1e-4), 100 epochs of mini-batches of 64, no early stopping.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from torch import Tensor, nn

from mir_export.export.encoders import onnx_export

MIN_STD = 1e-6  # a constant column is centred, not blown up


@dataclass(frozen=True)
class HeadConfig:
    hidden: tuple[int, ...] = (64, 32)
    dropout: float = 0.2
    lr: float = 1e-3
    weight_decay: float = 1e-4
    epochs: int = 100
    batch_size: int = 64


HEAD = HeadConfig()  # the one configuration every experiment uses


def _mean_std(x: np.ndarray) -> tuple[Tensor, Tensor]:
    std = x.std(0)
    return torch.tensor(x.mean(0), dtype=torch.float32), torch.tensor(np.where(std < MIN_STD, 1.0, std), dtype=torch.float32)


class Head(nn.Module):
    """``embedding`` [N, D] (and ``extras`` [N, K] when K > 0), raw, to class logits [N, C]."""

    def __init__(self, embedding: np.ndarray, extras: np.ndarray, classes: int, cfg: HeadConfig = HEAD) -> None:
        """Sizes and scaling statistics come from the training rows ``embedding`` and ``extras``."""
        super().__init__()
        self.extras_size = extras.shape[1]
        for name, (mean, std) in (("embedding", _mean_std(embedding)), ("extras", _mean_std(np.log1p(extras)))):
            self.register_buffer(f"{name}_mean", mean)
            self.register_buffer(f"{name}_std", std)
        layers: list[nn.Module] = []
        width = embedding.shape[1] + self.extras_size
        for hidden in cfg.hidden:
            layers += [nn.Linear(width, hidden), nn.ReLU(), nn.Dropout(cfg.dropout)]
            width = hidden
        self.mlp = nn.Sequential(*layers, nn.Linear(width, classes))

    def forward(self, embedding: Tensor, extras: Tensor | None = None) -> Tensor:
        x = (embedding - self.embedding_mean) / self.embedding_std
        if self.extras_size:
            x = torch.cat([x, (torch.log1p(extras) - self.extras_mean) / self.extras_std], dim=1)
        return self.mlp(x)


def train_head(embedding: np.ndarray, extras: np.ndarray, labels: np.ndarray, classes: int, seed: int,
               cfg: HeadConfig = HEAD) -> Head:
    """A head fitted to these rows by cross-entropy; deterministic for a seed."""
    torch.manual_seed(seed)
    head = Head(embedding, extras, classes, cfg)
    x = torch.tensor(embedding, dtype=torch.float32)
    e = torch.tensor(extras, dtype=torch.float32)
    return fit_classifier(head, lambda rows: head(x[rows], e[rows]), labels, cfg, seed)


def fit_classifier(model: nn.Module, logits_of: Callable[[Tensor], Tensor], labels: np.ndarray, cfg, seed: int):
    """Cross-entropy on shuffled mini-batches of row indices with Adam (``cfg``: lr, weight_decay,
    epochs, batch_size); ``logits_of(rows)`` runs ``model`` on those rows. Returns it in eval mode."""
    y = torch.tensor(labels, dtype=torch.int64)
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    generator = torch.Generator().manual_seed(seed)
    model.train()
    for _ in range(cfg.epochs):
        for rows in torch.randperm(len(y), generator=generator).split(cfg.batch_size):
            loss = nn.functional.cross_entropy(logits_of(rows), y[rows])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    return model.eval()


def logits(head: Head, embedding: np.ndarray, extras: np.ndarray) -> np.ndarray:
    with torch.no_grad():
        return head(torch.tensor(embedding, dtype=torch.float32), torch.tensor(extras, dtype=torch.float32)).numpy()


class MlpHead:
    """A trained ``Head`` as a learner's fitted model: class probabilities, ONNX export."""

    def __init__(self, head: Head) -> None:
        self.head = head

    def predict(self, embedding: np.ndarray, extras: np.ndarray) -> np.ndarray:
        z = logits(self.head, embedding, extras)
        z = np.exp(z - z.max(1, keepdims=True))
        return z / z.sum(1, keepdims=True)

    def export(self, path: Path) -> None:
        export_head(self.head, path)


class _Probabilities(nn.Module):
    def __init__(self, head: Head) -> None:
        super().__init__()
        self.head = head

    def forward(self, embedding: Tensor, extras: Tensor | None = None) -> Tensor:
        return torch.softmax(self.head(embedding, extras), dim=1)


def export_head(head: Head, path: Path) -> None:
    """One self-contained ONNX file, any number of rows: inputs ``embedding`` (and ``extras``),
    output ``probabilities`` (the runtime's contract for classifier heads)."""
    rows = torch.export.Dim("rows", min=1)
    example = (torch.zeros(3, head.embedding_mean.shape[0]),)
    names = ["embedding"]
    if head.extras_size:
        example += (torch.ones(3, head.extras_size),)
        names.append("extras")
    onnx_export(_Probabilities(head), example, path, names, ["probabilities"], tuple({0: rows} for _ in names))
