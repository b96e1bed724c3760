"""``mir-export random-model``: a model directory's architecture with fresh weights, exported as a
model directory of its own: the baseline that shows what pre-training adds to every downstream
figure. Same tokenizer, pooling and front end (``promote_allocas``) as the model it is like; no
task heads and no whitening (they learned from the pre-trained embedding)."""
from __future__ import annotations

import tempfile
from pathlib import Path

import torch

from mir_export.pretrain.load import fresh_encoder
from mir_export.export.encoders import export
from mir_runtime.modeldir import ModelDirectory


def random_model(like: Path, out: Path, seed: int, command: str) -> dict:
    """Export ``like``'s architecture with weights drawn by ``seed`` into ``out``; the manifest."""
    manifest = ModelDirectory(like).manifest
    model = fresh_encoder(like, seed).eval()
    extra = {"training": {"weights": f"random initialization, seed {seed}", "like": str(like.resolve()),
                          "commands": [command]}}
    if manifest.promote_allocas:
        extra["promote_allocas"] = True
    with tempfile.TemporaryDirectory() as tmp:
        checkpoint = Path(tmp) / "checkpoint.pt"
        torch.save({"model": model.state_dict(), "model_config": model.cfg.to_dict()}, checkpoint)
        return export(checkpoint, like / "tokenizer.json", out, extra, manifest.pooling)
