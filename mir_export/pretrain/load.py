"""The encoder in torch from where it lives: a run's checkpoint (folded into its teacher's space
for a distilled run), a model directory's fp32 ONNX files, or fresh weights of a directory's
architecture. Pre-training's later stages, the export and the evaluation all start from it."""
from __future__ import annotations

from pathlib import Path

import torch

from mir_export.pretrain.distill import fold
from mir_export.pretrain.model import MIREncoder, ModelConfig, config, load_checkpoint
from mir_export.pretrain.onnx_weights import encoder_from_onnx
from mir_runtime.modeldir import ModelDirectory, file_sha256


def exported_model(checkpoint: Path, teacher_space: bool = False) -> MIREncoder:
    """The encoder ``checkpoint`` exports to: its model, or with ``teacher_space`` a distilled
    student with its maps into the teacher's space folded in (``mir_export.pretrain.distill.fold``)."""
    return fold(checkpoint) if teacher_space else load_checkpoint(checkpoint)


def pretrained_encoder(model_dir: Path, checkpoint: Path | None = None) -> MIREncoder:
    """The pre-trained encoder of ``model_dir`` in torch, in eval mode: the pre-training
    checkpoint's weights when given (the one the directory was exported from, when its manifest
    records the checkpoint's sha256; else at least of the same configuration; folded for a directory
    exported in its teacher's space), else rebuilt from the directory's fp32 ONNX files."""
    if checkpoint is None:
        return encoder_from_onnx(model_dir)
    manifest = ModelDirectory(model_dir).manifest
    recorded = (manifest.sections.get("training") or {}).get("checkpoint_sha256")
    if recorded is not None and file_sha256(checkpoint) != recorded:
        raise ValueError(f"{checkpoint}: not the checkpoint {model_dir} was exported from (sha256 differs)")
    model = exported_model(checkpoint, teacher_space=bool(manifest.readout))
    if model.cfg != ModelConfig(**manifest.model):
        raise ValueError(f"{checkpoint}: model {model.cfg} is not the one of {model_dir} ({manifest.model})")
    return model


def fresh_encoder(model_dir: Path, seed: int, architecture: str | None = None) -> MIREncoder:
    """``model_dir``'s architecture with fresh weights: the same model without pre-training, the
    baseline that shows what pre-training adds; ``architecture`` (a name of ``model.SIZES``)
    instead: another size for the same tokenizer."""
    torch.manual_seed(seed)
    settings = ModelDirectory(model_dir).manifest.model
    return MIREncoder(config(architecture, settings["vocab_size"]) if architecture else ModelConfig(**settings))
