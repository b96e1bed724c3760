"""A torch ``MIREncoder`` as a backend of the runtime's engine (``mir_runtime.engine.Engine``):
same front end, same statement chunking and pooling as the shipped ONNX files, so a torch model
(fine-tuned, or a speed peer) embeds files exactly as they would."""
from __future__ import annotations

import numpy as np
import torch

from mir_export.pretrain.model import MIREncoder
from mir_runtime.engine import Engine
from mir_runtime.features import GRAPH_INPUTS, GraphInputs

TOKEN_BUDGET = 128  # padded tokens per statement call: the runtime's fp32 CPU chunks


class TorchBackend:
    """``model``'s two branches under ``inference_mode``, one call at a time: torch has its own
    threads. Inputs go to the model's device and vectors come back as numpy."""

    parallel_calls = 1

    def __init__(self, model: MIREncoder, token_budget: int = TOKEN_BUDGET) -> None:
        self.model = model
        self.token_budget = token_budget
        self.device = next(model.parameters()).device

    def run_statements(self, ids: np.ndarray) -> np.ndarray:
        with torch.inference_mode():
            return self.model.text(torch.from_numpy(ids).to(self.device)).cpu().numpy()

    def run_graph(self, inputs: GraphInputs) -> np.ndarray:
        with torch.inference_mode():
            tensors = (torch.from_numpy(getattr(inputs, n)).to(self.device) for n in GRAPH_INPUTS)
            return self.model.graph(*tensors).cpu().numpy()

    def close(self) -> None:
        pass


def torch_engine(model: MIREncoder, pooling: str, statement_cache: int = 0) -> Engine:
    """An engine on ``model`` pooling by ``pooling`` (the model directory's layout); no statement
    cache by default: the weights may change (fine-tuning)."""
    return Engine(TorchBackend(model), model.cfg.vector_size, pooling, statement_cache)
