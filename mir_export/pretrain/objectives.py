"""The pre-training tasks and their heads' losses on a batch (masked language modelling, graph
auto-encoding per flow, IR-graph matching, with the ``distill`` and ``behaviour`` terms), and
their held-out figures."""
from __future__ import annotations

import random

import numpy as np
import torch
from torch import Tensor, nn
from torch.nn import functional as F

from mir_export.pretrain.model import N_FLOWS, MIREncoder, segment_mean
from mir_export.pretrain.samples import Sample
from mir_runtime.features import GRAPH_INPUTS

from mir_export.pretrain.batches import Batch, chunk_rows, length_chunks, make_batch, mask_tokens
from mir_export.pretrain.config import TASKS, TrainConfig


def edge_pairs(batch: Batch, flow: int, limit: int, generator: torch.Generator) -> tuple[Tensor, Tensor, Tensor]:
    """Positive edges of ``flow`` (at most ``limit``) and as many random pairs within the same graphs."""
    keep = torch.nonzero(batch.edge_flow == flow).squeeze(-1)
    if len(keep) > limit:
        keep = keep[torch.randperm(len(keep), generator=generator)[:limit]]
    src, dst = batch.edge_src[keep], batch.edge_dst[keep]
    graph = batch.node_sample[src]
    start = batch.sample_offsets[graph]
    size = batch.sample_offsets[graph + 1] - start
    neg_src = start + (torch.rand(len(src), generator=generator) * size).long()
    neg_dst = start + (torch.rand(len(src), generator=generator) * size).long()
    pairs_src = torch.cat([src, neg_src])
    pairs_dst = torch.cat([dst, neg_dst])
    labels = torch.cat([torch.ones(len(src)), torch.zeros(len(src))])
    return pairs_src, pairs_dst, labels


def match_pairs(batch: Batch, generator: torch.Generator) -> tuple[Tensor, Tensor]:
    """For each sample, the graph it is paired with (itself, or for half, another) and the label."""
    b = batch.size
    negative = torch.rand(b, generator=generator) < 0.5
    other = (torch.arange(b) + torch.randint(1, max(b, 2), (b,), generator=generator)) % b
    partner = torch.where(negative & (b > 1), other, torch.arange(b))
    return partner, (partner == torch.arange(b)).float()


def forward(model: MIREncoder, batch: Batch, tasks, cfg: TrainConfig, generator: torch.Generator,
            distiller: nn.Module | None = None, behaviour: nn.Module | None = None) -> dict:
    """The losses of ``tasks`` on ``batch`` (``distill`` needs the ``distiller``, ``behaviour`` its
    head, ``behaviour_task.BehaviourHead``), with the counts that ``evaluate`` sums. The batch and
    every random draw stay on the CPU (the same streams on any device); what the model reads moves
    to the model's device."""
    out: dict[str, Tensor] = {}
    text_vectors = None
    device = next(model.parameters()).device
    if "mlm" in tasks or "match" in tasks or "behaviour" in tasks:
        inputs, labels = (t.to(device) for t in mask_tokens(batch.ids, model.cfg.vocab_size, generator))
        vectors, masked_states, masked_labels = [], [], []
        chunks = length_chunks(batch.ids, chunk_rows(device))
        for rows in chunks:  # pad each chunk only to its own longest statement
            length = int(batch.ids[rows[-1]].ne(0).sum())
            chunk, chunk_labels = inputs[rows, :length], labels[rows, :length]
            states = model.text.states(chunk)
            vectors.append(model.text.pool(states, chunk))
            chosen = chunk_labels.ne(-100)
            masked_states.append(states[chosen])
            masked_labels.append(chunk_labels[chosen])
        order, stacked = torch.cat(chunks), torch.cat(vectors)  # pooled before any readout: d_model wide
        pooled = torch.empty_like(stacked).index_copy(0, order.to(device), stacked)
        if "mlm" in tasks:
            targets = torch.cat(masked_labels)
            logits = model.mlm(torch.cat(masked_states))
            out["mlm_loss"] = F.cross_entropy(logits, targets)
            out["mlm_correct"] = (logits.argmax(-1) == targets).sum()
            out["mlm_count"] = torch.tensor(len(targets))
        text_vectors = segment_mean(pooled, batch.statement_sample.to(device), batch.size)
    if "gae" in tasks or "match" in tasks or "distill" in tasks or "behaviour" in tasks:
        latents = model.graph.latents(*(  # once for every task that reads the graph
            getattr(batch, name).to(device) for name in GRAPH_INPUTS
        ))
        if "distill" in tasks:
            out |= distiller(model, batch, latents)
        if "gae" in tasks:
            losses = []
            for flow in range(N_FLOWS):
                src, dst, labels = (t.to(device) for t in edge_pairs(batch, flow, cfg.edges_per_flow, generator))
                if len(src) == 0:
                    continue
                scores = model.edge_logits(latents, flow, src, dst)
                losses.append(F.binary_cross_entropy_with_logits(scores, labels))
                out[f"gae_scores_{flow}"] = torch.stack([scores.detach(), labels])
            out["gae_loss"] = torch.stack(losses).sum()
        if "match" in tasks:
            graph_vectors = segment_mean(latents, batch.node_sample.to(device), batch.size)
            partner, labels = (t.to(device) for t in match_pairs(batch, generator))
            logits = model.match_logits(text_vectors, graph_vectors[partner])
            out["match_loss"] = F.binary_cross_entropy_with_logits(logits, labels)
            out["match_correct"] = ((logits > 0).float() == labels).sum()
            out["match_count"] = torch.tensor(len(labels))
        if "behaviour" in tasks:  # the statements as matching reads them: drawn for the step, masked
            out |= behaviour(batch, pooled, latents)
    out["loss"] = sum(out[f"{t}_loss"] for t in tasks)
    return out


def roc_auc(scores: np.ndarray, labels: np.ndarray) -> float:
    """Area under the ROC curve (Mann-Whitney U, ties counted half)."""
    order = np.argsort(scores, kind="mergesort")
    ranks = np.empty(len(scores))
    sorted_scores = scores[order]
    i = 0
    while i < len(scores):
        j = i
        while j + 1 < len(scores) and sorted_scores[j + 1] == sorted_scores[i]:
            j += 1
        ranks[order[i : j + 1]] = (i + j) / 2 + 1
        i = j + 1
    positives = labels == 1
    n_pos, n_neg = positives.sum(), (~positives).sum()
    if n_pos == 0 or n_neg == 0:
        return float("nan")
    return float((ranks[positives].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


@torch.no_grad()
def evaluate(model: MIREncoder, samples: list[Sample], cfg: TrainConfig, tasks=TASKS,
             distiller: nn.Module | None = None, behaviour: nn.Module | None = None) -> dict:
    """Held-out figures with a fixed seed: MLM accuracy, GAE ROC-AUC per flow, matching accuracy;
    for ``distill``, the loss and the mapped vectors' cosines to the teacher's (batch means); for
    ``behaviour``, the R^2 of each target column on the held-out functions that have labels."""
    model.eval()
    generator = torch.Generator().manual_seed(1234)
    rng = random.Random(1234)
    chosen = samples if len(samples) <= cfg.eval_samples else rng.sample(samples, cfg.eval_samples)
    totals = {"mlm_correct": 0, "mlm_count": 0, "match_correct": 0, "match_count": 0}
    scores: dict[int, list] = {f: [] for f in range(N_FLOWS)}
    distilled: dict[str, list[float]] = {}
    pairs: list[np.ndarray] = []
    for start in range(0, len(chosen), cfg.batch_size):
        part = chosen[start : start + cfg.batch_size]
        if len(part) < 2:
            continue
        out = forward(model, make_batch(part, cfg.statements_per_sample, rng), tasks, cfg, generator, distiller,
                      behaviour)
        if "behaviour_pairs" in out:
            pairs.append(out["behaviour_pairs"].cpu().numpy())
        for key in totals:
            if key in out:
                totals[key] += int(out[key])
        for key in ("distill_loss", "distill_text_cosine", "distill_graph_cosine", "distill_max_cosine"):
            if key in out:
                distilled.setdefault(key, []).append(float(out[key]))
        for flow in range(N_FLOWS):
            if f"gae_scores_{flow}" in out:
                scores[flow].append(out[f"gae_scores_{flow}"].cpu().numpy())
    model.train()
    result: dict = {}
    if "mlm" in tasks:
        result["mlm_accuracy"] = totals["mlm_correct"] / max(totals["mlm_count"], 1)
    if "gae" in tasks:
        names = ("control", "data", "call")
        result["gae_auc"] = {
            names[f]: roc_auc(*np.concatenate(scores[f], axis=1)) if scores[f] else float("nan") for f in range(N_FLOWS)
        }
    if "match" in tasks:
        result["matching_accuracy"] = totals["match_correct"] / max(totals["match_count"], 1)
    result |= {key: float(np.mean(values)) for key, values in distilled.items()}
    if "behaviour" in tasks:
        from mir_export.pretrain.behaviour_task import r2_figures

        result |= r2_figures(pairs, behaviour.targets.columns)
    result["eval_functions"] = len(chosen)
    return result


class Objective(nn.Module):
    """The pre-training losses of a batch as one module call: the forward pass that
    DistributedDataParallel synchronizes gradients for."""

    def __init__(self, model: MIREncoder, tasks: tuple, cfg: TrainConfig, generator: torch.Generator,
                 distiller: nn.Module | None = None, behaviour: nn.Module | None = None) -> None:
        super().__init__()
        self.model, self.tasks, self.cfg, self.generator, self.distiller = model, tasks, cfg, generator, distiller
        self.behaviour = behaviour

    def forward(self, batch: Batch) -> dict:
        return forward(self.model, batch, self.tasks, self.cfg, self.generator, self.distiller, self.behaviour)
