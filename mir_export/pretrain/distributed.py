"""Data-parallel pre-training across processes with torch.distributed, not a scheduler of our own.

A process learns its rank from the environment that ``torchrun`` sets (``RANK``, ``WORLD_SIZE``,
``MASTER_ADDR`` ...), on one machine or across nodes; ``launch`` starts N processes on this
machine through torchrun's own launcher (``mir-export pretrain train --nproc N``). Gradients are
averaged by ``DistributedDataParallel`` over gloo, since the trainer runs on CPU. Without that
environment a process is a group of one and nothing here costs anything.
"""
from __future__ import annotations

import os
import uuid
from collections.abc import Callable
from dataclasses import dataclass

import torch
from torch import distributed as dist
from torch import nn


@dataclass(frozen=True)
class Group:
    """This process's place among the training processes."""

    rank: int = 0
    world: int = 1

    @property
    def main(self) -> bool:
        """Rank 0: the one process that logs and writes checkpoints."""
        return self.rank == 0

    def mean(self, values: list[float]) -> list[float]:
        """The mean of each value over the processes (the same list everywhere)."""
        if self.world == 1:
            return values
        tensor = torch.tensor(values, dtype=torch.float64)
        dist.all_reduce(tensor)
        return (tensor / self.world).tolist()

    def max(self, value: float) -> float:
        """The largest ``value`` of the processes: a step lasts as long as its slowest process."""
        if self.world == 1:
            return value
        tensor = torch.tensor([value], dtype=torch.float64)
        dist.all_reduce(tensor, op=dist.ReduceOp.MAX)
        return float(tensor)

    def gather(self, value) -> list:
        """Every process's ``value``, by rank (picklable objects)."""
        if self.world == 1:
            return [value]
        out: list = [None] * self.world
        dist.all_gather_object(out, value)
        return out

    def barrier(self) -> None:
        """Wait until every process is here."""
        if self.world > 1:
            dist.barrier()

    def wrap(self, module: nn.Module) -> nn.Module:
        """``module`` whose backward averages gradients over the processes. Unused parameters
        are expected: a task switched off, or a flow without edges in a batch, leaves its
        parameters without gradients in that step."""
        if self.world == 1:
            return module
        return nn.parallel.DistributedDataParallel(module, find_unused_parameters=True)


def join() -> Group:
    """The group of this process: from torchrun's environment, else a group of one. Joined
    once per process (a second call finds it): the rendezvous store of a launch is not reset,
    so a group built twice would find the first one's stale addresses."""
    if int(os.environ.get("WORLD_SIZE", "1")) == 1:
        return Group()
    if not dist.is_initialized():
        dist.init_process_group("gloo")
    return Group(dist.get_rank(), dist.get_world_size())


def leave() -> None:
    """Close this process's group, if it joined one: once, when the process is done."""
    if dist.is_initialized():
        dist.destroy_process_group()


def launch(nproc: int, fn: Callable, *args) -> list:
    """``fn(*args)`` in ``nproc`` new processes on this machine, as ``torchrun --standalone
    --nproc-per-node N`` starts them; their return values by rank. ``fn`` and ``args`` are
    pickled (spawned processes), so ``fn`` must be a module-level function."""
    from torch.distributed.launcher.api import LaunchConfig, elastic_launch

    config = LaunchConfig(min_nodes=1, max_nodes=1, nproc_per_node=nproc, run_id=str(uuid.uuid4()),
                          rdzv_backend="c10d", rdzv_endpoint="localhost:0", max_restarts=0)
    results = elastic_launch(config, fn)(*args)
    return [results[rank] for rank in range(nproc)]
