"""The pre-trained encoder back in torch, rebuilt from the fp32 ONNX files of a model directory.

Model directories ship no torch weights, but ``torch.onnx.export(dynamo=True)`` keeps every
parameter as an initializer: most under their torch name (``encoder.<parameter>``, ``encoder``
being the attribute of the export wrappers in ``mir_export.export.encoders``), and the weight of a
``Linear`` whose transpose the exporter folded into a constant (``val_N``) as the second input of
a ``MatMul`` whose name scope is that ``Linear``. The exporter also merges initializers of equal
value and folds away zero biases, which only an untrained model has: then some parameters cannot
be recovered, and loading fails naming them. Fine-tuning from a model directory without its
pre-training checkpoint (the shipped model) starts here; this reading depends on the name scopes
that torch's exporter records, so a checkpoint, when there is one, is the better start
(``load.pretrained_encoder``).
"""
from __future__ import annotations

import ast
from pathlib import Path

import torch
from torch import Tensor

from mir_export.pretrain.model import MIREncoder, ModelConfig
from mir_runtime.modeldir import GRAPH_ENCODER, STATEMENT_ENCODER, ModelDirectory

PREFIX = "encoder."  # the attribute name of the wrapped branch in mir_export.export.encoders


def _name_scopes(node) -> list[str]:
    for prop in node.metadata_props:
        if prop.key == "pkg.torch.onnx.name_scopes":
            return ast.literal_eval(prop.value)
    return []


def onnx_state_dict(path: Path) -> dict[str, Tensor]:
    """The parameters of one exported branch, by their name in that branch's ``state_dict``."""
    import onnx
    from onnx import numpy_helper

    graph = onnx.load(str(path)).graph
    arrays = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    state = {name[len(PREFIX):]: torch.from_numpy(a.copy()) for name, a in arrays.items() if name.startswith(PREFIX)}
    for node in graph.node:
        if node.op_type != "MatMul" or node.input[1] not in arrays:
            continue
        scopes = _name_scopes(node)  # ['', 'encoder', ..., 'encoder.layers.0.qkv', 'linear']
        if len(scopes) < 2 or not scopes[-2].startswith(PREFIX):
            raise ValueError(f"{path}: MatMul {node.name} with a constant weight has no torch name scope")
        state[scopes[-2][len(PREFIX):] + ".weight"] = torch.from_numpy(arrays[node.input[1]].T.copy())
    return state


def encoder_from_onnx(model_dir: Path) -> MIREncoder:
    """``MIREncoder`` with the text and graph branches of ``model_dir`` (sha256-checked); the
    pre-training heads, which are not exported, stay freshly initialized. In eval mode."""
    directory = ModelDirectory(model_dir)
    model = MIREncoder(ModelConfig(**directory.manifest.model))
    text = onnx_state_dict(directory.file(STATEMENT_ENCODER))
    graph = onnx_state_dict(directory.file(GRAPH_ENCODER))
    if not torch.equal(text["tokens.weight"], graph["tokens.weight"]):
        raise ValueError(f"{model_dir}: the two encoders hold different token tables (they are tied)")
    for branch, state, path in ((model.text, text, STATEMENT_ENCODER), (model.graph, graph, GRAPH_ENCODER)):
        missing = sorted(set(branch.state_dict()) - set(state))
        if missing:
            raise ValueError(f"{model_dir / path}: no initializer for {missing} (merged or folded by the exporter?)")
        branch.load_state_dict(state, strict=True)
    return model.eval()
