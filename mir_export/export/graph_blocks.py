"""The graph encoder's two block files, which the runtime runs layer by layer over blocks of nodes
on graphs too big to encode whole (``mir_runtime.blocks``, which aggregates the neighbours).

``NodeBlock``: a block's node features from its tokens (``GraphEncoder.node_features``).
``LayerBlock``: layer ``k``'s new states of a block from its states ``h [B, d]`` and its
aggregated neighbours per flow ``z [B, 3, d]``; since aggregation is linear,
``sum_f (A_f h) W_f`` equals ``FlowGCNLayer``'s ``sum_f A_f (h W_f)``. Every layer's weights are
stacked (the three flow weights as one ``[3d, d]`` matrix, so a layer is one MatMul) and picked by
``k``, so one file serves every layer.
"""
from __future__ import annotations

import torch
from torch import Tensor, nn
from torch.nn import functional as F

from mir_export.pretrain.model import GraphEncoder


class NodeBlock(nn.Module):
    def __init__(self, encoder: GraphEncoder) -> None:
        super().__init__()
        self.encoder = encoder

    def forward(self, node_tokens: Tensor, token_node: Tensor, node_type: Tensor) -> Tensor:
        return self.encoder.node_features(node_tokens, token_node, node_type)


class LayerBlock(nn.Module):
    def __init__(self, encoder: GraphEncoder) -> None:
        super().__init__()
        layers = encoder.layers
        with torch.no_grad():
            flows = [torch.cat([w.weight.t() for w in layer.weights]) for layer in layers]  # [3d, d] each
            self.register_buffer("weight", torch.stack(flows))
            self.register_buffer("bias", torch.stack([layer.bias for layer in layers]))
            self.register_buffer("norm_weight", torch.stack([layer.norm.weight for layer in layers]))
            self.register_buffer("norm_bias", torch.stack([layer.norm.bias for layer in layers]))
        self.eps = layers[0].norm.eps

    def forward(self, layer: Tensor, h: Tensor, z: Tensor) -> Tensor:
        aggregated = z.reshape(z.shape[0], -1) @ self.weight[layer]
        x = h + F.gelu(self.bias[layer] + aggregated)
        return F.layer_norm(x, (x.shape[-1],), self.norm_weight[layer], self.norm_bias[layer], self.eps)
