"""A run's checkpoint: what it saves (with every process's random stream), the checks before a
run resumes from it or starts from another run's weights, and the hardware it ran on."""
from __future__ import annotations

from pathlib import Path

import torch
from torch import nn

from mir_export.pretrain import distributed
from mir_export.pretrain.model import MIREncoder, ModelConfig, config

from mir_export.pretrain.config import TrainConfig


class ResumeError(RuntimeError):
    """A run directory that this invocation cannot continue (other data, model, or nothing left to do)."""


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
