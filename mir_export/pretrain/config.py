"""A pre-training run's settings and the tasks it can train (``mlm``, ``gae``, ``match``; ``distill``
and ``behaviour`` beside them): read by the batching, the objectives and the loop alike."""
from __future__ import annotations

from dataclasses import dataclass, field


TASKS = ("mlm", "gae", "match")


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
