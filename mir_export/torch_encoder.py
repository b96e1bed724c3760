"""The runtime's ``Encoder`` with a torch ``MIREncoder`` in place of its two onnxruntime calls:
same front end, same statement chunking and pooling, so a torch model (fine-tuned, or a speed
peer) embeds files exactly as the shipped ONNX files would."""
from __future__ import annotations

import numpy as np
import torch

from mir_export.model import MIREncoder
from mir_runtime.cache import StatementCache
from mir_runtime.encoder import Encoder
from mir_runtime.features import GRAPH_INPUTS, GraphInputs


class TorchEncoder(Encoder):
    def __init__(self, base: Encoder, model: MIREncoder) -> None:
        """``base`` gives the tokenizer and manifest; ``model`` computes (under ``inference_mode``).
        No statement cache: the model's weights may change (fine-tuning); no thread pool: torch
        has its own threads."""
        self.__dict__.update(base.__dict__)
        self.statement_cache = StatementCache(0)
        self.pool = None
        self.model = model

    def run_statements(self, ids: np.ndarray) -> np.ndarray:
        with torch.inference_mode():
            return self.model.text(torch.from_numpy(ids)).numpy()

    def run_graph(self, inputs: GraphInputs) -> np.ndarray:
        with torch.inference_mode():
            return self.model.graph(*(torch.from_numpy(getattr(inputs, n)) for n in GRAPH_INPUTS)).numpy()
