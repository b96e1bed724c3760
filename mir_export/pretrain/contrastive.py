"""Contrastive pre-training, a second stage: shape the pooled function embedding that heads consume.

MLM, GAE and matching train token- and edge-level skills, while task heads and the retrieval
proxy read one pooled vector per file. This stage trains that vector directly: InfoNCE with
in-batch negatives on the embedding pooled as the runtime pools it for the model directory's
layout (``pooled.sampled_embedding``, at most ``statements_per_sample`` statements drawn per
function to bound a step's cost). A function's positive is the same source function in another
variant (another optimization level or clang, as jTrans learns across levels); a function whose
variants all compiled alike is paired with itself, the two views differing by dropout and the
statements drawn (SimCSE, the weakest augmentation); ``contrastive_weight`` 0 drops this term (the
ablation at equal budget). The pre-training skills on the first views (``objectives.forward``'s
MLM, GAE and matching, weighted by ``mlm_weight``, ``gae_weight`` and ``match_weight``) keep what
InfoNCE alone lets go: beside MLM alone, B2's matching fell from 0.965 to 0.79 (docs/encoder-candidates.md,
the B2 rows). A start from a model directory's ONNX files has fresh
heads (only the encoders are exported); ``pretrain train --heads-only`` warms them first
(``transfer.save_heads`` carries them alone to a lent machine). With a ``teacher`` (a distilled
student folded into its teacher's space, starting from the student), a third term, weighted by
``distill_weight``, keeps the first views' pooled embedding near the frozen teacher's embedding
of the same view (the same statements drawn): InfoNCE alone pulls variants together and may drop
what the teacher's vector gave the heads on unseen kernels (docs/encoder-candidates.md, seventh candidate). The
encoders keep their shapes: ``mir-export export`` takes the run directory as ``--run`` and as
``--data`` (it holds the tokenizer and the held-out samples that export's parity check reads).

Seeded and resumable like ``train.train``: ``checkpoint.pt`` every ``checkpoint_every`` steps,
``--minutes`` counted over all invocations, ``train-log.jsonl``; dropout is seeded per step, so a
resumed run follows the same path as one that never stopped.
"""
from __future__ import annotations

import json
import pickle
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from torch import Tensor
from torch.nn import functional as F

from mir_export.pretrain import distributed
from mir_export.pretrain.contrastive_data import Group, VariantSamples, distinct
from mir_export.pretrain.distill import relative_mse
from mir_export.pretrain.pooled import draw_statements, pooled_embeddings
from mir_export.pretrain.model import MIREncoder
from mir_export.pretrain.batches import batch_of, pick_statements
from mir_export.pretrain.checkpoints import check_saved, invocation, machine, save_checkpoint
from mir_export.pretrain.config import TASKS as SKILLS, TrainConfig
from mir_export.pretrain.objectives import evaluate as evaluate_skills, forward
from mir_export.pretrain.train import learning_rate
from mir_export.pretrain.retrieval import retrieval
from mir_export.corpus.pairs import TASKS
from mir_export.corpus.pairs import HEADLINE
from mir_export.pretrain.samples import Sample
from mir_export.pretrain.torch_encoder import torch_engine
from mir_runtime.featurizer import Features
from mir_runtime.pooling import MEAN_MAX_SIZE
from mir_runtime.progress import progress, status


@dataclass
class ContrastiveConfig(TrainConfig):
    tasks: tuple = ("contrastive", "mlm")  # the terms weighted above 0, "distill" with a teacher
    batch_size: int = 32  # functions per step, each the others' negatives
    statements_per_sample: int = 32
    lr: float = 1e-4
    temperature: float = 0.05
    contrastive_weight: float = 1.0  # 0: the skills (and the teacher term) alone, the ablation at equal budget
    mlm_weight: float = 0.1
    gae_weight: float = 0.0
    match_weight: float = 0.0
    distill_weight: float = 1.0  # with a teacher (``TrainConfig.teacher`` names its directory)
    pooling: str = MEAN_MAX_SIZE  # the model directory's layout
    promote_allocas: bool = False  # its front end promotes -O0 locals (the samples were read so)
    max_units: int = 0  # > 0: at most this many units of each split (short runs)
    checkpoint_every: int = 50
    device: str = "cpu"  # a torch device: "cuda" trains on a GPU (a step's views in one batch, pooled_embeddings)


def skill_weights(cfg: ContrastiveConfig) -> dict[str, float]:
    """The pre-training skills the stage trains beside InfoNCE, with their weights (``config.TASKS`` order)."""
    weights = {"mlm": cfg.mlm_weight, "gae": cfg.gae_weight, "match": cfg.match_weight}
    return {task: weights[task] for task in SKILLS if weights[task]}


def features_of(sample: Sample) -> Features:
    """A sample as the runtime's featurizer gives its function's module: distinct statements in
    order of first occurrence, with their counts."""
    counts = Counter(tuple(row.tolist()) for row in sample.statements)
    return Features([list(ids) for ids in counts], np.array(list(counts.values()), dtype=np.float32),
                    sample.graph())


class FeatureMemo(dict):
    """``features_of`` each sample once per run, by its key: a step would otherwise rebuild the
    features of every view it draws."""

    def __call__(self, sample: Sample) -> Features:
        if sample.key not in self:
            self[sample.key] = features_of(sample)
        return self[sample.key]


def positive_pair(group: Group, rng: random.Random) -> tuple[Sample, Sample]:
    """Two distinct variants of one source function, or the function twice when it has no other."""
    samples = distinct(group)
    if len(samples) == 1:
        return samples[0], samples[0]
    first, second = rng.sample(samples, 2)
    return first, second


def info_nce(a: Tensor, b: Tensor, temperature: float) -> Tensor:
    """Symmetric InfoNCE by cosine: row i of ``a`` and of ``b`` are positives, every other row of
    the batch a negative."""
    logits = F.normalize(a, dim=-1) @ F.normalize(b, dim=-1).T / temperature
    labels = torch.arange(len(a), device=a.device)
    return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels)) / 2


def step_loss(model: MIREncoder, pairs: list[tuple[Sample, Sample]], cfg: ContrastiveConfig, rng: random.Random,
              generator: torch.Generator, teacher: MIREncoder | None = None,
              features: Callable[[Sample], Features] = features_of
              ) -> tuple[dict[str, Tensor], int, list[Sample]]:
    """The losses of one batch of positive pairs: ``contrastive_loss``, ``mlm_loss``, ``gae_loss``
    and ``match_loss`` (each when weighted; the skills on the first views, in one ``objectives.forward``),
    ``distill_loss`` (with a ``teacher``: relative squared error of the first views' embeddings to
    the teacher's, ``distill.relative_mse``) and their weighted sum ``loss``; how many statements
    the views drew (the skills', when no view is pooled); and the samples whose graphs went through
    the model, once per pass (none when neither a view is pooled nor GAE or matching trained).
    ``features``: a sample's features (a ``FeatureMemo``)."""
    out: dict[str, Tensor] = {}
    terms = []
    drawn = 0
    pooled: list[Sample] = []
    if cfg.contrastive_weight or teacher is not None:
        views = [[features(s) for s in pair] for pair in pairs]
        rows = [[draw_statements(v[k], cfg.statements_per_sample, generator) for v in views] for k in (0, 1)]
        first = pooled_embeddings(model, [v[0] for v in views], rows[0], cfg.pooling)
        drawn = sum(len(r) for side in rows for r in side)
        pooled = [a for a, _ in pairs]
    if cfg.contrastive_weight:
        second = pooled_embeddings(model, [v[1] for v in views], rows[1], cfg.pooling)
        out["contrastive_loss"] = info_nce(first, second, cfg.temperature)
        terms.append(cfg.contrastive_weight * out["contrastive_loss"])
        pooled += [b for _, b in pairs]
    if teacher is not None:
        with torch.no_grad():
            target = pooled_embeddings(teacher, [v[0] for v in views], rows[0], cfg.pooling)
        out["distill_loss"] = relative_mse(first, target)
        terms.append(cfg.distill_weight * out["distill_loss"])
    skills = skill_weights(cfg)
    if skills:
        samples = [a for a, _ in pairs]
        picked = pick_statements(samples, cfg.statements_per_sample, rng)
        trained = forward(model, batch_of(samples, picked), tuple(skills), cfg, generator)
        for task, weight in skills.items():
            out[f"{task}_loss"] = trained[f"{task}_loss"]
            terms.append(weight * out[f"{task}_loss"])
        drawn = drawn or sum(map(len, picked))
        if "gae" in skills or "match" in skills:
            pooled += samples
    if not terms:
        raise ValueError("no term to train: a contrastive, MLM, GAE, matching or teacher weight must be positive")
    out["loss"] = sum(terms[1:], terms[0])
    return out, drawn, pooled


def headline_pairs(groups: list[Group]) -> list[tuple[Sample, Sample]]:
    """(query, target) of the proxy's headline task for every group that has both variants."""
    query, target = TASKS[HEADLINE]
    return [(g[query], g[target]) for g in groups if query in g and target in g]


@torch.no_grad()
def evaluate(model: MIREncoder, data: VariantSamples, cfg: ContrastiveConfig) -> dict:
    """Held-out figures: recall@1 and MRR of the proxy's headline task (``variant_*``) among the
    held-out groups, every statement embedded through the runtime's engine; the trained skills'
    figures (``objectives.evaluate``: MLM accuracy, GAE ROC-AUC per flow, matching accuracy). The
    proxy proper (``pretrain proxy``) scores the exported model."""
    model.eval()
    pairs = headline_pairs(data.held_out)
    result: dict = {"variant_task": HEADLINE, "variant_pairs": len(pairs)}
    if pairs:
        engine = torch_engine(model, cfg.pooling)
        queries, targets = ([engine.embed(features_of(s)) for s in progress(side, len(side), f"held-out {name}")]
                            for name, side in zip(("queries", "targets"), zip(*pairs)))
        figures = retrieval(np.stack(queries), np.stack(targets))
        result |= {"variant_recall_at_1": figures["recall_at_1"], "variant_mrr": figures["mrr"]}
    held = [s for g in data.held_out for s in distinct(g)]
    skills = tuple(skill_weights(cfg))
    if skills and held:  # no held-out functions: no figure, rather than 0.0
        result |= evaluate_skills(model, held, cfg, skills)
    model.train()
    return result | {"eval_functions": len(held)}


def write_export_data(out: Path, data: VariantSamples, tokenizer: Path) -> None:
    """``tokenizer.json`` and ``eval.pkl`` (the held-out samples): what ``mir-export export
    --data`` reads, so the run directory serves as both ``--run`` and ``--data``."""
    (out / "tokenizer.json").write_bytes(tokenizer.read_bytes())
    with open(out / "eval.pkl", "wb") as f:
        pickle.dump([s for g in data.held_out for s in distinct(g)], f, protocol=5)


def train(model: MIREncoder, data: VariantSamples, tokenizer: Path, out: Path, cfg: ContrastiveConfig,
          start: dict, command: str | None = None, teacher: MIREncoder | None = None) -> dict:
    """Train ``model`` (the start's weights; replaced by the checkpoint's when ``out`` has one)
    on ``data``'s training groups (at least 2) and return the summary written to ``pretrain-result.json``.
    ``start``: where the weights came from (provenance); ``teacher``: frozen, for the distill term."""
    if ("distill" in cfg.tasks) != (teacher is not None):
        raise ValueError("the distill term and a teacher go together")
    out.mkdir(parents=True, exist_ok=True)
    checkpoint = out / "checkpoint.pt"
    torch.set_num_threads(cfg.threads)
    model.to(cfg.device)
    if teacher is not None:
        teacher.to(cfg.device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    rng = random.Random(cfg.seed)
    generator = torch.Generator().manual_seed(cfg.seed)
    state: dict = {"step": 0, "seconds": 0.0, "statements": 0, "tokens": 0, "graphs": 0,
                   "functions": len(data.train), "tokenizer_sha256": data.source["tokenizer_sha256"],
                   "data": data.source, "start": start}
    if checkpoint.exists():
        saved = torch.load(checkpoint, weights_only=False, map_location=cfg.device)
        check_saved(checkpoint, saved, model.cfg, data.source["tokenizer_sha256"], cfg, inputs="--model")
        model.load_state_dict(saved["model"])
        optimizer.load_state_dict(saved["optimizer"])
        state = saved["state"]
        rng.setstate(saved["rng"])
        generator.set_state(saved["generator"])
        print(f"resumed from step {state['step']}", file=sys.stderr)
    else:
        write_export_data(out, data, tokenizer)
        state["start_metrics"] = evaluate(model, data, cfg)
    invocations = state.setdefault("invocations", [])
    if not invocations or invocations[-1] != invocation(cfg, invocations[-1]["from_step"], 1, command):
        invocations.append(invocation(cfg, state["step"], 1, command))
    group = distributed.Group()
    last = min(cfg.steps, cfg.stop_step) if cfg.stop_step else cfg.steps
    saved_at = state["seconds"]
    model.train()
    memo = FeatureMemo()
    with open(out / "train-log.jsonl", "a") as log:
        while state["step"] < last and not (cfg.minutes and state["seconds"] >= cfg.minutes * 60):
            began = time.monotonic()
            torch.manual_seed(cfg.seed * 1_000_003 + state["step"])  # dropout: the same after a resume
            pairs = [positive_pair(g, rng) for g in rng.sample(data.train, min(cfg.batch_size, len(data.train)))]
            for param_group in optimizer.param_groups:
                param_group["lr"] = learning_rate(state["step"], cfg, cfg.steps)
            losses, drawn, pooled = step_loss(model, pairs, cfg, rng, generator, teacher, memo)
            optimizer.zero_grad(set_to_none=True)
            losses["loss"].backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            elapsed = time.monotonic() - began
            state["step"] += 1
            state["seconds"] += elapsed
            state["statements"] += drawn
            state["tokens"] += sum(int(s.node_lengths.sum()) for s in pooled)  # the graph branch's
            state["graphs"] += len(pooled)
            if state["step"] % cfg.checkpoint_every == 0 or state["seconds"] - saved_at > 600:
                save_checkpoint(checkpoint, model, optimizer, state, rng, group, generator, model.cfg, cfg)
                saved_at = state["seconds"]
            record = {"step": state["step"], "seconds": round(state["seconds"], 1),
                      **{k: round(v.item(), 4) for k, v in losses.items()},
                      "functions_per_s": round(len(pairs) / elapsed, 2)}
            log.write(json.dumps(record) + "\n")
            log.flush()
            status(f"step {state['step']}/{cfg.steps} loss {record['loss']:.3f}")
    print(file=sys.stderr)
    save_checkpoint(checkpoint, model, optimizer, state, rng, group, generator, model.cfg, cfg)
    summary = {"metrics": evaluate(model, data, cfg), "start_metrics": state.get("start_metrics"),
               "training": state, "train_config": cfg.__dict__, "model": model.cfg.to_dict(), "hardware": machine()}
    (out / "pretrain-result.json").write_text(json.dumps(summary, indent=2, default=list) + "\n")
    return summary
