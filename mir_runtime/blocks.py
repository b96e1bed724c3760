"""Big graphs through the graph encoder layer by layer, in blocks of nodes: memory two ``[nodes, d]``
arrays and one block, whatever the size of the module.

The whole-graph encoder holds every token's embedding ``[T, d]``, every edge direction's message
``[2E, d]`` and every node's three flow transforms ``[N, 3, d]`` at once (10 GB for a 17 MB
module). Here, as GNN libraries infer on graphs too big for one pass (layer-wise inference over
batches of nodes), each layer runs over blocks of ``BLOCK_NODES`` target nodes. A GCN layer's
aggregation is linear, so each flow's weight may be applied after aggregating:
``sum_f A_f (h W_f) = sum_f (A_f h) W_f``. numpy aggregates a block's incoming messages per flow,
``z = [A_0 h, A_1 h, A_2 h]`` over the block's rows (edges sorted by target once, gathered at most
``BLOCK_EDGES`` at a time, added with ``np.add.reduceat``), and the model directory's two block
files do the rest in onnxruntime: ``graph_nodes.onnx`` (a block's node features from its tokens)
and ``graph_layer.onnx`` (layer ``k``'s update of a block from ``h`` and ``z``). The vector equals
the whole-graph encoder's in fp32 up to rounding (``tests/test_graph_blocks.py``); the block
files are fp32 at either precision.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from mir_runtime.features import GraphInputs

N_FLOWS = 3  # control, data, call
BLOCK_NODES = 1024  # target nodes per call: z is [BLOCK_NODES, 3, d] (24 MiB at d = 256)
BLOCK_EDGES = 1 << 14  # edge directions gathered at once: [BLOCK_EDGES, d] (16 MiB)
# Graphs with more tokens + edge directions than this run in blocks; smaller ones whole, where the
# blocks would only add calls (and an int8 encoder keeps its own rounding).
WHOLE_GRAPH_LIMIT = 1 << 17

Run = Callable[[dict[str, np.ndarray]], np.ndarray]  # one block file's session: feed -> its output


def is_big(inputs: GraphInputs) -> bool:
    return len(inputs.node_tokens) + 2 * len(inputs.edge_src) > WHOLE_GRAPH_LIMIT


def node_features(inputs: GraphInputs, nodes: Run, d: int) -> np.ndarray:
    """The first node states ``[N, d]``, a block of nodes per call (with their tokens)."""
    tokens, owner = inputs.node_tokens, inputs.token_node
    if np.any(owner[1:] < owner[:-1]):  # the front end's are sorted already
        order = np.argsort(owner, kind="stable")
        tokens, owner = tokens[order], owner[order]
    n = inputs.num_nodes
    bounds = np.searchsorted(owner, np.arange(0, n + BLOCK_NODES, BLOCK_NODES).clip(max=n))
    h = np.empty((n, d), dtype=np.float32)
    for k, start in enumerate(range(0, n, BLOCK_NODES)):
        end, (t0, t1) = min(start + BLOCK_NODES, n), bounds[k:k + 2]
        h[start:end] = nodes({"node_tokens": tokens[t0:t1], "token_node": owner[t0:t1] - start,
                              "node_type": inputs.node_type[start:end]})
    return h


class Edges:
    """Every edge in both directions, sorted by its target slot ``(node, flow)``, with its GCN
    weight ``D_f^-1/2 A_f D_f^-1/2``, and the self-loop weight of each slot ``[N, 3]``
    (``mir_export.pretrain.model.flow_norms``: the degree of a slot is its in-degree + 1)."""

    def __init__(self, inputs: GraphInputs) -> None:
        n = inputs.num_nodes
        index = np.int32 if n * N_FLOWS < 2**31 else np.int64  # half the memory of int64 where it fits
        src = np.concatenate([inputs.edge_src, inputs.edge_dst]).astype(index)
        dst = np.concatenate([inputs.edge_dst, inputs.edge_src])
        slot = (dst * N_FLOWS + np.tile(inputs.edge_flow, 2)).astype(index)
        degree = np.bincount(slot, minlength=n * N_FLOWS).astype(np.float32) + np.float32(1)
        inv_sqrt = np.float32(1) / np.sqrt(degree)
        self.self_norm = (inv_sqrt * inv_sqrt).reshape(n, N_FLOWS)
        order = np.argsort(slot, kind="stable")
        self.src, self.slot = src[order], slot[order]
        self.norm = inv_sqrt[self.src * N_FLOWS + self.slot % N_FLOWS] * inv_sqrt[self.slot]

    def aggregate(self, h: np.ndarray, start: int, end: int) -> np.ndarray:
        """``z [end - start, 3, d]``: each flow's normalized sum over the in-neighbours of nodes
        ``start..end`` and the node itself."""
        d = h.shape[1]
        z = np.zeros(((end - start) * N_FLOWS, d), dtype=np.float32)
        e0, e1 = np.searchsorted(self.slot, [start * N_FLOWS, end * N_FLOWS])
        for c0 in range(e0, e1, BLOCK_EDGES):
            c1 = min(c0 + BLOCK_EDGES, e1)
            slot = self.slot[c0:c1]
            messages = h[self.src[c0:c1]]
            messages *= self.norm[c0:c1, None]
            first = np.flatnonzero(np.concatenate([[True], slot[1:] != slot[:-1]]))
            z[slot[first] - start * N_FLOWS] += np.add.reduceat(messages, first, axis=0)
        z = z.reshape(end - start, N_FLOWS, d)
        z += self.self_norm[start:end, :, None] * h[start:end, None, :]
        return z


def graph_vector(inputs: GraphInputs, nodes: Run, layer: Run, layers: int, d: int) -> np.ndarray:
    """The graph vector ``[d]``: the mean of the last node states, layer by layer in blocks."""
    h = node_features(inputs, nodes, d)
    edges = Edges(inputs)
    n = inputs.num_nodes
    after = np.empty_like(h)
    for k in range(layers):
        index = np.array(k, dtype=np.int64)
        for start in range(0, n, BLOCK_NODES):
            end = min(start + BLOCK_NODES, n)
            after[start:end] = layer({"layer": index, "h": h[start:end], "z": edges.aggregate(h, start, end)})
        h, after = after, h
    return h.mean(0)
