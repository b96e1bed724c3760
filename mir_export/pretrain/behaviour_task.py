"""The fourth pre-training task: predict what the compiler's passes do to a function (its
behaviour labels, ``mir_export.pretrain.behaviour_targets``) from the function's pooled representation.

Why: masked tokens, graph reconstruction and matching teach the surface of the IR, which a bag of
opcodes already holds; how ``opt`` changes a function (what ``sroa``, ``gvn``, ``licm``, the
unroller and ``-O2`` remove, add or report) is information about its performance that the bag holds
only in part, and it costs only compile time.

The head reads the vector the runtime embeds with the ``mean-max-size`` layout
(``mir_runtime.pooling``): the mean and the element-wise max of the step's statement vectors (the
statements drawn for the step, as matching reads them), the graph vector (the mean of the node
latents) and log(1 + the function's statement and node counts). What it must predict then has to
survive the pooling that task heads see, counts and size included. A LayerNorm, then a two-layer
MLP of the encoder's width, outputs every chosen column; the loss is the mean squared error over
the known (not NaN) standardized targets of the batch's labelled functions, 0 for a batch without
any. The head is trained and checkpointed with the run and never exported.
"""
from __future__ import annotations

import numpy as np
import torch
from torch import Tensor, nn

from mir_export.pretrain.behaviour_targets import BehaviourTargets
from mir_export.pretrain.model import sample_max, segment_mean


def pooled_size(d: int) -> int:
    """The width of the pooled vector for encoders of width ``d`` (``mean-max-size``)."""
    return 3 * d + 2


class BehaviourHead(nn.Module):
    """The regression head and the targets it learns, by function key."""

    def __init__(self, d: int, targets: BehaviourTargets, seed: int = 0) -> None:
        super().__init__()
        self.targets = targets
        width = pooled_size(d)
        with torch.random.fork_rng():  # the head's start depends on the seed alone
            torch.manual_seed(seed)
            self.net = nn.Sequential(nn.LayerNorm(width), nn.Linear(width, d), nn.GELU(),
                                     nn.Linear(d, len(targets.columns)))

    def pooled(self, batch, statement_vectors: Tensor, latents: Tensor) -> Tensor:
        """``[B, 3d + 2]``: the runtime's ``mean-max-size`` layout of each function of ``batch``
        from its drawn statements' vectors ``[S, d]`` and its node latents ``[N, d]``."""
        owner = batch.statement_sample.to(statement_vectors.device)
        mean = segment_mean(statement_vectors, owner, batch.size)
        strongest = sample_max(statement_vectors, owner, batch.size)
        graph = segment_mean(latents, batch.node_sample.to(latents.device), batch.size)
        nodes = (batch.sample_offsets[1:] - batch.sample_offsets[:-1]).to(mean.dtype)
        sizes = torch.log1p(torch.stack([batch.statement_count.to(mean.dtype), nodes], 1)).to(mean.device)
        return torch.cat([mean, strongest, graph, sizes], 1)

    def forward(self, batch, statement_vectors: Tensor, latents: Tensor) -> dict[str, Tensor]:
        """``behaviour_loss`` of the batch and, for ``evaluate``, the predictions and targets of its
        labelled functions (``behaviour_pairs``: ``[2, labelled, columns]``)."""
        predicted = self.net(self.pooled(batch, statement_vectors, latents))
        values, found = self.targets.rows(batch.keys)
        target = torch.from_numpy(values[found]).to(predicted.device)
        chosen = predicted[torch.from_numpy(np.flatnonzero(found)).to(predicted.device)]
        known = ~torch.isnan(target)
        if not known.any():  # no labelled function: a zero that keeps the head in the graph (DDP)
            return {"behaviour_loss": predicted.sum() * 0.0,
                    "behaviour_pairs": predicted.new_zeros(2, 0, predicted.shape[1])}
        loss = ((chosen - torch.nan_to_num(target)) ** 2)[known].mean()
        return {"behaviour_loss": loss, "behaviour_pairs": torch.stack([chosen.detach(), target])}


def r2_figures(pairs: list[np.ndarray], columns: list[str]) -> dict:
    """Held-out figures from evaluate's ``behaviour_pairs``: the R^2 of each column whose held-out
    values vary (against their own mean), their mean and median, and ``behaviour_skill``, one
    figure over every known value: 1 - squared error / squared distance from the training mean (0
    after standardization), which a handful of held-out functions cannot make degenerate."""
    if not pairs or sum(p.shape[1] for p in pairs) == 0:
        return {"behaviour_functions": 0}
    predicted, target = np.concatenate(pairs, axis=1)
    known = ~np.isnan(target)
    error = np.where(known, predicted - np.nan_to_num(target), 0.0) ** 2
    scores = {}
    for c, name in enumerate(columns):
        y = target[known[:, c], c]
        total = ((y - y.mean()) ** 2).sum()
        if len(y) >= 2 and total > 1e-6 * len(y):  # standardized values: below this, a constant column
            scores[name] = float(1 - error[:, c].sum() / total)
    values = list(scores.values())
    return {"behaviour_functions": int(target.shape[0]),
            "behaviour_skill": float(1 - error.sum() / max(float((np.nan_to_num(target) ** 2).sum()), 1e-12)),
            "behaviour_r2_mean": float(np.mean(values)) if values else float("nan"),
            "behaviour_r2_median": float(np.median(values)) if values else float("nan"),
            "behaviour_r2": {k: round(v, 4) for k, v in scores.items()}}
