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

import json
import math
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

import torch
from torch import nn

from mir_export.pretrain import distributed
from mir_export.pretrain.model import MIREncoder, ModelConfig, config
from mir_export.pretrain.samples import Sample

from mir_export.pretrain.batches import batch_of, pick_statements
from mir_export.pretrain.checkpoints import check_saved, invocation, load_behaviour, machine, save_checkpoint, start_from
from mir_export.pretrain.config import TASKS, TrainConfig
from mir_export.pretrain.objectives import Objective, evaluate
from mir_runtime.progress import status


def default_warmup(steps: int) -> int:
    """200 steps, but at most a tenth of the schedule (a short run must reach its peak rate)."""
    return min(200, steps // 10)


def learning_rate(step: int, cfg: TrainConfig, total: int) -> float:
    if step < cfg.warmup:
        return cfg.lr * (step + 1) / cfg.warmup
    progress = min(1.0, (step - cfg.warmup) / max(1, total - cfg.warmup))
    return cfg.lr * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * progress)))


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
    model, optimizer = _model_and_optimizer(cfg, model_cfg, distiller, behaviour)
    state = {"step": 0, "seconds": 0.0, "statements": 0, "graphs": 0, "tokens": 0}
    rng = random.Random(cfg.seed)  # the global batch: the same stream in every process
    generator = torch.Generator().manual_seed(cfg.seed + group.rank)  # masking and pairs: one per process
    if checkpoint.exists():
        state = _resume(checkpoint, model, optimizer, rng, generator, group, cfg, model_cfg, tokenizer_sha256,
                        distiller, behaviour)
    elif cfg.init:
        state["init"] = start_from(model, Path(cfg.init))
    steps = group.gather(state["step"])
    if len(set(steps)) > 1:  # each would train a different number of steps, and wait for the others forever
        raise ValueError(f"{checkpoint}: the processes resumed from different steps {steps}; "
                         "--out must be one directory that every process sees")
    _record_invocation(state, cfg, group.world, command)
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
        if group.main:
            _log_step(log, state, tasks, losses, rows, elapsed, cfg.batch_size, total)
    save_checkpoint(checkpoint, model, optimizer, state, rng, group, generator, model_cfg, cfg, distiller, behaviour)
    if not group.main:
        return {"training": state}
    print(file=sys.stderr)
    log.close()
    return _result(out, model, eval_samples, cfg, state, model_cfg, group.world, distiller, behaviour)


def _model_and_optimizer(cfg: TrainConfig, model_cfg: ModelConfig, distiller: nn.Module | None,
                         behaviour: nn.Module | None) -> tuple[MIREncoder, torch.optim.Optimizer]:
    """A fresh, seeded model (its encoders frozen for ``heads_only``) and the optimizer of
    everything that trains: the model, the distiller's maps, the behaviour head."""
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
    return model, torch.optim.AdamW([p for p in trained if p.requires_grad], lr=cfg.lr, weight_decay=cfg.weight_decay)


def _resume(checkpoint: Path, model: MIREncoder, optimizer: torch.optim.Optimizer, rng: random.Random,
            generator: torch.Generator, group: distributed.Group, cfg: TrainConfig, model_cfg: ModelConfig,
            tokenizer_sha256: str | None, distiller: nn.Module | None, behaviour: nn.Module | None) -> dict:
    """Everything ``checkpoint`` saved, loaded in place (after ``check_saved``); returns the run's state."""
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
    return state


def _log_step(log, state: dict, tasks: tuple, losses: list[float], rows: int, elapsed: float, graphs: int,
              total: int) -> None:
    """One line of ``train-log.jsonl`` for the step just taken, and every 10 steps the progress on stderr."""
    record = {"step": state["step"], "seconds": round(state["seconds"], 1), "loss": round(losses[0], 4)}
    for task, loss in zip(tasks, losses[1:]):
        record[f"{task}_loss"] = round(loss, 4)
    record["statements_per_s"] = round(rows / elapsed, 1)
    record["graphs_per_s"] = round(graphs / elapsed, 2)
    log.write(json.dumps(record) + "\n")
    if state["step"] % 10 == 0:
        log.flush()
        status(f"step {state['step']}/{total} loss {record['loss']:.3f} "
               f"({record['statements_per_s']:.0f} statements/s)")


def _record_invocation(state: dict, cfg: TrainConfig, processes: int, command: str | None) -> None:
    """Every invocation's settings and first step: a run resumed with a longer schedule is
    reproduced by replaying these, not by one command with the final settings."""
    invocations = state.setdefault("invocations", [])
    if not invocations or invocations[-1] != invocation(cfg, invocations[-1]["from_step"], processes, command):
        invocations.append(invocation(cfg, state["step"], processes, command))


def _result(out: Path, model: MIREncoder, eval_samples: list[Sample], cfg: TrainConfig, state: dict,
            model_cfg: ModelConfig, processes: int, distiller: nn.Module | None, behaviour: nn.Module | None) -> dict:
    """The held-out figures of the finished run, written to ``pretrain-result.json`` with its state."""
    tasks = tuple(cfg.tasks)
    # a distilled student keeps the pre-training heads of its start: report those skills too
    evaluated = tuple(dict.fromkeys(TASKS + tasks)) if "distill" in tasks else tasks
    metrics = evaluate(model, eval_samples, cfg, evaluated, distiller, behaviour)
    summary = {"metrics": metrics, "training": state, "train_config": cfg.__dict__, "model": model_cfg.to_dict(),
               "hardware": machine(processes)}
    (out / "pretrain-result.json").write_text(json.dumps(summary, indent=2, default=list) + "\n")
    return summary


def training_mode(model: MIREncoder, cfg: TrainConfig) -> None:
    """Dropout on, except in frozen encoders: heads warmed on them (``heads_only``, linear probing
    before fine-tuning, Kumar et al. 2022) learn the features the encoders give at inference."""
    model.train()
    if cfg.heads_only:
        model.text.eval()
        model.graph.eval()
