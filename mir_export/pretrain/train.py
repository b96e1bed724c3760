"""Pre-training: masked language modeling, graph auto-encoding and IR-graph matching, together,
and optionally the compiler's behaviour (``behaviour``: ``mir_export.pretrain.behaviour_task``).

Each step takes a batch of function samples: up to ``statements_per_sample`` of each function's
statements go through the statement encoder with 15% of their tokens masked (80% ``[MASK]``,
10% random, 10% kept); the function graphs, joined into one, go through the graph encoder; for
each flow, positive edges and as many random same-graph node pairs are scored by inner products;
and each function's pooled statements are classified against its own graph or (50%) another's.
With ``behaviour``, a head predicts each labelled function's behaviour targets from its pooled
statements and graph. Tasks can be switched off for the text-only and graph-only ablations.
Seeded, resumable from ``checkpoint.pt``, logging loss and throughput to ``train-log.jsonl``.

Data-parallel on several processes (``mir_export.pretrain.distributed``: torchrun, or ``--nproc N``):
every process draws the same global batch (samples and their statements, from one seeded
stream) and trains on its own contiguous share of it; gradients are averaged, so the global
batch and the curve are those of one process with the same ``batch_size``. Masking, edge
and negative draws use a stream per process, and each process scores ``edges_per_flow / N``
edges. Process 0 logs and checkpoints (with every process's random stream, so a run resumes
where it stopped).
"""
from __future__ import annotations

import json
import math
import random
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
import torch
from torch import Tensor, nn
from torch.nn import functional as F

from mir_export.pretrain import distributed
from mir_export.pretrain.model import N_FLOWS, MIREncoder, ModelConfig, config, segment_mean
from mir_export.pretrain.samples import Sample
from mir_export.pretrain.tokenizer import MASK, SPECIAL_TOKENS
from mir_runtime.features import GRAPH_INPUTS, GraphInputs

TASKS = ("mlm", "gae", "match")
SHIFTED = ("token_node", "edge_src", "edge_dst")  # node indices: shifted when graphs are joined


@dataclass
class TrainConfig:
    model: str = "small"
    tasks: tuple = TASKS
    batch_size: int = 16
    statements_per_sample: int = 12
    edges_per_flow: int = 256
    lr: float = 3e-4
    weight_decay: float = 0.01
    warmup: int = 200  # the CLI's default is ``default_warmup(steps)``
    steps: int = 2000
    minutes: float = 0.0  # > 0: stop when the run's training time, over all resumed invocations, reaches it
    stop_step: int = 0  # > 0: stop at this step; the schedule still spans ``steps`` (equal-budget ablations)
    seed: int = 0
    threads: int = 1  # one thread is deterministic, and on a shared machine often fastest
    checkpoint_every: int = 100
    eval_samples: int = 512
    init: str = ""  # a checkpoint of the same model whose weights a new run starts from
    teacher: str = ""  # the model directory that the ``distill`` task learns from (``mir_export.pretrain.distill``)
    heads_only: bool = False  # the encoders frozen, without dropout: only the pre-training heads learn
    behaviour_targets: str = ""  # the targets file the ``behaviour`` task learns (``behaviour_targets.TARGETS``)
    labelled_share: float = 0.0  # > 0: that share of each batch drawn from the functions with behaviour targets
    extra: dict = field(default_factory=dict)


# --- masking and batching ------------------------------------------------------------------


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


# --- losses and metrics -----------------------------------------------------------------------


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


# --- the loop --------------------------------------------------------------------------------


class ResumeError(RuntimeError):
    """A run directory that this invocation cannot continue (other data, model, or nothing left to do)."""


def default_warmup(steps: int) -> int:
    """200 steps, but at most a tenth of the schedule (a short run must reach its peak rate)."""
    return min(200, steps // 10)


def learning_rate(step: int, cfg: TrainConfig, total: int) -> float:
    if step < cfg.warmup:
        return cfg.lr * (step + 1) / cfg.warmup
    progress = min(1.0, (step - cfg.warmup) / max(1, total - cfg.warmup))
    return cfg.lr * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * progress)))


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


class LabelledShareError(ValueError):
    """Too few functions with (or without) behaviour targets for the asked share of a batch."""


def labelled_split(train_samples: list[Sample], behaviour: nn.Module | None,
                   cfg: TrainConfig) -> tuple[list[Sample], list[Sample]]:
    """The training samples with behaviour targets and those without, when ``cfg.labelled_share``
    asks for them (two empty lists otherwise): the compiler's labels cost compile time, so they
    cover a part of the corpus, and a batch drawn uniformly holds a few of them."""
    if not cfg.labelled_share or behaviour is None:
        return [], []
    index = behaviour.targets.index
    labelled = [sample for sample in train_samples if sample.key in index]
    others = [sample for sample in train_samples if sample.key not in index]
    chosen = round(cfg.labelled_share * cfg.batch_size)
    if len(labelled) < chosen or len(others) < cfg.batch_size - chosen:
        raise LabelledShareError(f"--labelled-share {cfg.labelled_share:g}: {len(labelled)} training functions have "
                         f"behaviour targets, {len(others)} do not; a batch needs {chosen} and "
                         f"{cfg.batch_size - chosen}")
    return labelled, others


def draw(train_samples: list[Sample], split: tuple[list[Sample], list[Sample]], cfg: TrainConfig,
         rng: random.Random) -> list[Sample]:
    """One step's functions, each at most once: uniformly from ``train_samples``, or, with a
    ``labelled_split``, ``round(labelled_share * batch)`` from its labelled part and the rest from
    the other."""
    labelled, others = split
    if not labelled:
        return rng.sample(train_samples, cfg.batch_size)
    chosen = round(cfg.labelled_share * cfg.batch_size)
    samples = rng.sample(labelled, chosen) + rng.sample(others, cfg.batch_size - chosen)
    rng.shuffle(samples)  # each process of a group takes a slice: every slice gets its share
    return samples


def train(train_samples: list[Sample], eval_samples: list[Sample], vocab_size: int, out: Path, cfg: TrainConfig,
          tokenizer_sha256: str | None = None, command: str | None = None, distiller: nn.Module | None = None,
          behaviour: nn.Module | None = None) -> dict:
    """Train (or resume) under ``out``, on this process or as one of a torchrun group; returns
    the final held-out evaluation (process 0; the others return the training state).
    ``tokenizer_sha256``: the data's tokenizer (a resumed run must use the same); ``command``:
    what ran (provenance); ``distiller``: the teacher and maps of the ``distill`` task
    (``mir_export.pretrain.distill.Distiller``), its maps trained and checkpointed with the model;
    ``behaviour``: the ``behaviour`` task's head (``mir_export.pretrain.behaviour_task.BehaviourHead``), the
    same, a resumed run refusing other targets."""
    group = distributed.join()
    if cfg.batch_size % group.world or cfg.batch_size // group.world < 2:
        raise ValueError(f"batch size {cfg.batch_size} must be a multiple of {group.world} processes, "
                         "at least 2 samples each")
    out.mkdir(parents=True, exist_ok=True)
    checkpoint = out / "checkpoint.pt"
    model_cfg: ModelConfig = config(cfg.model, vocab_size)
    torch.set_num_threads(cfg.threads)
    torch.manual_seed(cfg.seed)
    model = MIREncoder(model_cfg)
    if cfg.heads_only:
        for encoder in (model.text, model.graph):
            encoder.requires_grad_(False)
    if "distill" in cfg.tasks and distiller is None:
        raise ValueError("the distill task needs a distiller (its teacher)")
    if "behaviour" in cfg.tasks and behaviour is None:
        raise ValueError("the behaviour task needs its head and targets")
    trained = list(model.parameters()) + (list(distiller.parameters()) if distiller is not None else [])
    trained += list(behaviour.parameters()) if behaviour is not None else []
    optimizer = torch.optim.AdamW([p for p in trained if p.requires_grad], lr=cfg.lr, weight_decay=cfg.weight_decay)
    state = {"step": 0, "seconds": 0.0, "statements": 0, "graphs": 0, "tokens": 0}
    rng = random.Random(cfg.seed)  # the global batch: the same stream in every process
    generator = torch.Generator().manual_seed(cfg.seed + group.rank)  # masking and pairs: one per process
    if checkpoint.exists():
        saved = torch.load(checkpoint, weights_only=False)
        check_saved(checkpoint, saved, model_cfg, tokenizer_sha256, cfg)
        model.load_state_dict(saved["model"])
        if distiller is not None:
            distiller.load_maps(saved["distiller"])
        if behaviour is not None:
            load_behaviour(checkpoint, saved, behaviour)
        optimizer.load_state_dict(saved["optimizer"])
        state = saved["state"]
        rng.setstate(saved["rng"])
        generators = saved.get("generators", [saved["generator"]])
        if len(generators) == group.world:
            generator.set_state(generators[group.rank])
        else:  # another process count: the per-process streams restart, seeded by step and rank
            generator.manual_seed(random.Random(f"{cfg.seed}/{state['step']}/{group.rank}").getrandbits(63))
        if group.main:
            print(f"resumed from step {state['step']}" + ("" if len(generators) == group.world else
                  f" (saved by {len(generators)} processes, resumed on {group.world})"), file=sys.stderr)
        state.setdefault("invocations", [invocation(TrainConfig(**saved["train_config"]), 0)])
    elif cfg.init:
        state["init"] = start_from(model, Path(cfg.init))
    steps = group.gather(state["step"])
    if len(set(steps)) > 1:  # each would train a different number of steps, and wait for the others forever
        raise ValueError(f"{checkpoint}: the processes resumed from different steps {steps}; "
                         "--out must be one directory that every process sees")
    # Every invocation's settings and first step: a run resumed with a longer schedule is
    # reproduced by replaying these, not by one command with the final settings.
    invocations = state.setdefault("invocations", [])
    if not invocations or invocations[-1] != invocation(cfg, invocations[-1]["from_step"], group.world, command):
        invocations.append(invocation(cfg, state["step"], group.world, command))
    state["tokenizer_sha256"] = tokenizer_sha256
    if behaviour is not None:
        state["behaviour_targets_sha256"] = behaviour.targets.sha256
    tasks = tuple(cfg.tasks)
    split = labelled_split(train_samples, behaviour, cfg)
    total = cfg.steps
    share = cfg.batch_size // group.world
    shared_cfg = replace(cfg, edges_per_flow=max(1, cfg.edges_per_flow // group.world))
    objective = group.wrap(Objective(model, tasks, shared_cfg, generator, distiller, behaviour))
    log = open(out / "train-log.jsonl", "a") if group.main else None
    training_mode(model, cfg)
    saved_at = state["seconds"]
    clipped = list(model.parameters()) + (list(behaviour.parameters()) if behaviour is not None else [])
    last = min(total, cfg.stop_step) if cfg.stop_step else total
    while state["step"] < last and not (cfg.minutes and state["seconds"] >= cfg.minutes * 60):
        began = time.monotonic()
        samples = draw(train_samples, split, cfg, rng)
        statements = pick_statements(samples, cfg.statements_per_sample, rng)
        mine = slice(group.rank * share, (group.rank + 1) * share)
        batch = batch_of(samples[mine], statements[mine])
        for param_group in optimizer.param_groups:
            param_group["lr"] = learning_rate(state["step"], cfg, total)
        result = objective(batch)
        optimizer.zero_grad(set_to_none=True)
        result["loss"].backward()
        torch.nn.utils.clip_grad_norm_(clipped, 1.0)
        optimizer.step()
        losses = group.mean([result["loss"].item()] + [result[f"{task}_loss"].item() for task in tasks])
        elapsed = group.max(time.monotonic() - began)  # the same in every process, as stops and saves must be
        rows = sum(len(chosen) for chosen in statements)
        state["step"] += 1
        state["seconds"] += elapsed
        state["statements"] += rows
        state["tokens"] += sum(len(row) for chosen in statements for row in chosen)
        state["graphs"] += cfg.batch_size
        if state["step"] % cfg.checkpoint_every == 0 or state["seconds"] - saved_at > 600:
            save_checkpoint(checkpoint, model, optimizer, state, rng, group, generator, model_cfg, cfg, distiller,
                            behaviour)
            saved_at = state["seconds"]
        if not group.main:
            continue
        record = {"step": state["step"], "seconds": round(state["seconds"], 1), "loss": round(losses[0], 4)}
        for task, loss in zip(tasks, losses[1:]):
            record[f"{task}_loss"] = round(loss, 4)
        record["statements_per_s"] = round(rows / elapsed, 1)
        record["graphs_per_s"] = round(cfg.batch_size / elapsed, 2)
        log.write(json.dumps(record) + "\n")
        if state["step"] % 10 == 0:
            log.flush()
            print(f"\rstep {state['step']}/{total} loss {record['loss']:.3f} "
                  f"({record['statements_per_s']:.0f} statements/s)", end="", file=sys.stderr, flush=True)
    save_checkpoint(checkpoint, model, optimizer, state, rng, group, generator, model_cfg, cfg, distiller, behaviour)
    if not group.main:
        return {"training": state}
    print(file=sys.stderr)
    log.close()
    # a distilled student keeps the pre-training heads of its start: report those skills too
    evaluated = tuple(dict.fromkeys(TASKS + tasks)) if "distill" in tasks else tasks
    metrics = evaluate(model, eval_samples, cfg, evaluated, distiller, behaviour)
    summary = {"metrics": metrics, "training": state, "train_config": cfg.__dict__, "model": model_cfg.to_dict(),
               "hardware": machine(group.world)}
    (out / "pretrain-result.json").write_text(json.dumps(summary, indent=2, default=list) + "\n")
    return summary


def training_mode(model: MIREncoder, cfg: TrainConfig) -> None:
    """Dropout on, except in frozen encoders: heads warmed on them (``heads_only``, linear probing
    before fine-tuning, Kumar et al. 2022) learn the features the encoders give at inference."""
    model.train()
    if cfg.heads_only:
        model.text.eval()
        model.graph.eval()


def start_from(model: MIREncoder, path: Path) -> dict:
    """Load the weights of checkpoint ``path`` (the same model configuration) into ``model``; its
    provenance."""
    from mir_runtime.modeldir import file_sha256

    saved = torch.load(path, weights_only=False, map_location="cpu")
    if saved["model_config"] != model.cfg.to_dict():
        raise ResumeError(f"{path}: a checkpoint of another model ({saved['model_config'].get('name')}); "
                          f"--init needs one of {model.cfg.name}")
    model.load_state_dict(saved["model"])
    return {"checkpoint": str(path), "sha256": file_sha256(path), "step": saved["state"].get("step")}


def invocation(cfg: TrainConfig, from_step: int, processes: int = 1, command: str | None = None) -> dict:
    recorded = {"from_step": from_step, "steps": cfg.steps, "stop_step": cfg.stop_step, "minutes": cfg.minutes,
                "lr": cfg.lr}
    return recorded | ({"processes": processes} if processes > 1 else {}) | ({"command": command} if command else {})


def check_resumable(checkpoint: Path, vocab_size: int, cfg: TrainConfig, tokenizer_sha256: str | None) -> None:
    """``ResumeError`` if ``train`` could not continue ``checkpoint`` (when there is one) with these settings."""
    if checkpoint.exists():
        check_saved(checkpoint, torch.load(checkpoint, weights_only=False), config(cfg.model, vocab_size),
                    tokenizer_sha256, cfg)


def check_saved(path: Path, saved: dict, model_cfg: ModelConfig, tokenizer_sha256: str | None,
                cfg: TrainConfig, inputs: str = "--data and --model") -> None:
    """Refuse, in words, to resume a checkpoint with other data or model, or with nothing left to
    train; ``inputs``: the command's flags that fix the model and the tokenizer, named in the advice."""
    if "optimizer" not in saved:
        raise ResumeError(f"{path}: weights without optimizer state ('pretrain join' wrote it): export it, or "
                          "start a new --out from its weights")
    if saved["model_config"] != model_cfg.to_dict():
        here = model_cfg.to_dict()
        differ = ", ".join(f"{k} {saved['model_config'].get(k)}, here {v}" for k, v in here.items()
                           if saved["model_config"].get(k) != v)
        raise ResumeError(f"{path}: trained with another model or tokenizer ({differ}); use the same {inputs}, "
                          "or a new --out")
    recorded = saved["state"].get("tokenizer_sha256")
    if recorded and tokenizer_sha256 and recorded != tokenizer_sha256:
        raise ResumeError(f"{path}: trained with another tokenizer (sha256 {recorded[:12]}..., now "
                          f"{tokenizer_sha256[:12]}...); use the same {inputs}, or a new --out")
    heads_only = saved["train_config"].get("heads_only", False)
    if heads_only != cfg.heads_only:
        raise ResumeError(f"{path}: trained {'with' if heads_only else 'without'} --heads-only; resume it the "
                          "same way, or start a new --out from its weights (--init)")
    state = saved["state"]
    if cfg.minutes and state["seconds"] >= cfg.minutes * 60:
        raise ResumeError(f"{path}: already trained {state['seconds'] / 60:.1f} min, and --minutes {cfg.minutes:g} "
                          "counts all invocations of a run: raise --minutes to train on")
    last = min(cfg.steps, cfg.stop_step) if cfg.stop_step else cfg.steps
    if state["step"] >= last:
        raise ResumeError(f"{path}: already at step {state['step']} of {last}: raise --steps (or --stop-at) "
                          "to train on")


def machine(processes: int = 1) -> dict:
    """The hardware a run trained on (its cost is only meaningful with it)."""
    import os
    import platform

    cpu = platform.processor()
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    gpu = torch.cuda.get_device_name() if torch.cuda.is_available() else None
    found = {"cpu": cpu, "cores": os.cpu_count(), "gpu": gpu, "torch": torch.__version__}
    return found | ({"processes": processes} if processes > 1 else {})


def save_checkpoint(path: Path, model, optimizer, state, rng, group: distributed.Group, generator, model_cfg,
                    cfg, distiller: nn.Module | None = None, behaviour: nn.Module | None = None) -> None:
    """``checkpoint.pt``, written by process 0 with every process's masking stream (and the
    distiller's maps, the behaviour head's weights); every process takes part, and returns once
    the file is in place."""
    generators = group.gather(generator.get_state())
    if group.main:
        tmp = path.with_suffix(".tmp")
        torch.save(
            {"model": model.state_dict(), "optimizer": optimizer.state_dict(), "state": state,
             "rng": rng.getstate(), "generator": generators[0], "generators": generators,
             "model_config": model_cfg.to_dict(), "train_config": cfg.__dict__}
            | ({"distiller": distiller.maps()} if distiller is not None else {})
            | ({"behaviour": behaviour.state_dict()} if behaviour is not None else {}),
            tmp,
        )
        tmp.replace(path)
    group.barrier()


def load_behaviour(path: Path, saved: dict, behaviour: nn.Module) -> None:
    """The behaviour head's weights from checkpoint ``saved``; ``ResumeError`` when it learned other
    targets (or none: the task joins a run only at its start)."""
    recorded = saved["state"].get("behaviour_targets_sha256")
    if "behaviour" not in saved or recorded != behaviour.targets.sha256:
        trained = "with other behaviour targets" if recorded else "without the behaviour task"
        raise ResumeError(f"{path}: trained {trained}; resume it with the targets it started with, or start a new "
                          "--out (--init)")
    behaviour.load_state_dict(saved["behaviour"])
