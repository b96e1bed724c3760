"""The graph encoder in pieces of bounded size: what the exported graph encoder runs on big graphs.

``GraphEncoder`` works on whole-graph tensors: the embedding of every token ``[T, d]``, the
message of every edge ``[2E, d]``, every node's three flow transforms ``[N, 3, d]``; for a 17 MB
module (500k nodes, 3.7M tokens, 1M edges) that was 10 GB. ``graph_vector`` computes the same
vector with ``scan`` (an ONNX ``Scan``) over fixed-size pieces of the tokens, nodes and edges: its
working set is a few ``[N, d]`` tensors (node states, the accumulator of the messages) and one
piece. The sums are added in the same order, padding adds zeros, so in fp32 the vector equals
``GraphEncoder``'s (``tests/test_graph_pieces.py``). An edge piece transforms its source nodes by
all three flows and keeps its own flow's (on edges 3x the multiplications ``GraphEncoder`` makes
once per node), since an ``[N, 3, d]`` table would triple the working set.

Node-sized tensors are padded to whole pieces (``rows``); padded nodes are nobody's neighbours and
are left out of the mean.
"""
from __future__ import annotations

import torch
from torch import Tensor
from torch._higher_order_ops.scan import scan

from mir_export.model import FlowGCNLayer, GraphEncoder, flow_norms, segment_sizes

TOKEN_PIECE = 65536  # tokens per piece: [TOKEN_PIECE, d] embeddings, 64 MiB at d = 256
NODE_PIECE = 8192  # nodes per piece: [NODE_PIECE, 3, d] transforms, 24 MiB
EDGE_PIECE = 8192  # edges per piece: [EDGE_PIECE, 3, d] transforms of their sources, 24 MiB


def pieces(n, size: int, *tensors: Tensor) -> tuple[Tensor, ...]:
    """``tensors`` (length ``n``, which may be symbolic) as ``[k, size]`` pieces, padded with
    zeros to at least one piece, and the mask of the real entries ``[k, size]``."""
    k = n // size + 1
    position = torch.arange(k * size, device=tensors[0].device)
    at = position.clamp(max=n)  # n: the zero appended to each tensor
    return (*(torch.cat([t, t.new_zeros(1)])[at].view(k, size) for t in tensors), (position < n).view(k, size))


def _each_piece(rows: int, fn, *xs: Tensor) -> Tensor:
    """``fn(*piece)`` for every piece of ``xs`` ``[k, size, ...]``, stacked to ``[k * size, ...]``."""
    def body(carry: Tensor, piece: tuple[Tensor, ...]):
        return carry.clone(), fn(*piece)

    _, out = scan(body, xs[0].new_zeros(1), xs)
    return out.reshape(rows, *out.shape[2:])


def _add_pieces(acc: Tensor, fn, *xs: Tensor) -> Tensor:
    """``acc.index_add(0, index, values)`` for ``index, values = fn(*piece)``, piece by piece, in order."""
    def body(carry: Tensor, piece: tuple[Tensor, ...]):
        index, values = fn(*piece)
        return carry.index_add(0, index, values), carry.new_zeros(1)

    return scan(body, acc, xs)[0]


def _layer(layer: FlowGCNLayer, h: Tensor, row_pieces: Tensor, self_norm: Tensor, edges: tuple[Tensor, ...]) -> Tensor:
    d = h.shape[1]
    rows = h.shape[0]
    acc = _each_piece(rows, lambda r: (layer.transform(h.index_select(0, r)) * self_norm.index_select(0, r).unsqueeze(-1)).sum(1),
                      row_pieces)

    def messages(src: Tensor, dst: Tensor, flow: Tensor, norm: Tensor, real: Tensor):
        y = layer.transform(h.index_select(0, src))
        picked = y.gather(1, flow.view(-1, 1, 1).expand(-1, 1, d)).squeeze(1)
        return dst, picked * (norm * real.to(norm.dtype)).unsqueeze(-1)

    acc = _add_pieces(acc, messages, *edges)
    return _each_piece(rows, lambda r: layer.update(h.index_select(0, r), acc.index_select(0, r)), row_pieces)


def graph_vector(encoder: GraphEncoder, node_tokens: Tensor, token_node: Tensor, node_type: Tensor,
                 edge_src: Tensor, edge_dst: Tensor, edge_flow: Tensor) -> Tensor:
    """``encoder(...)``, the mean node latent ``[d]``, computed piece by piece."""
    n = node_type.shape[0]
    dtype = encoder.types.weight.dtype
    row_pieces, type_pieces, _ = pieces(n, NODE_PIECE, torch.arange(n, device=node_type.device), node_type)
    rows = row_pieces.numel()
    row_pieces = torch.arange(rows, device=node_type.device).view(row_pieces.shape)  # padded rows too

    def token_embeddings(tokens: Tensor, nodes: Tensor, real: Tensor):
        return nodes * real, encoder.tokens(tokens) * real.to(dtype).unsqueeze(-1)

    sums = _add_pieces(torch.zeros(rows, encoder.types.embedding_dim, dtype=dtype, device=node_type.device),
                       token_embeddings, *pieces(node_tokens.shape[0], TOKEN_PIECE, node_tokens, token_node))
    sizes = segment_sizes(token_node, rows, dtype)
    h = _each_piece(rows, lambda r, t: encoder.node_input(sums.index_select(0, r), sizes.index_select(0, r), t),
                    row_pieces, type_pieces)
    src = torch.cat([edge_src, edge_dst])  # every edge in both directions, as GraphEncoder.latents
    dst = torch.cat([edge_dst, edge_src])
    flow = torch.cat([edge_flow, edge_flow])
    self_norm, edge_norm = flow_norms(src, dst, flow, rows, dtype)
    edges = pieces(src.shape[0], EDGE_PIECE, src, dst, flow, edge_norm)
    for layer in encoder.layers:
        h = _layer(layer, h, row_pieces, self_norm, edges)
    return h[:n].mean(0)
