"""The encoder's building blocks: GCN equivalence, padding invariance, shapes."""
from __future__ import annotations

import torch
from torch_geometric.nn import GCNConv

from mir_export.model import MIREncoder, config, count_parameters, gcn_propagate


def test_index_add_message_passing_equals_gcnconv() -> None:
    torch.manual_seed(0)
    n, d = 60, 8
    x = torch.randn(n, d)
    src, dst = torch.randint(0, n, (300,)), torch.randint(0, n, (300,))
    keep = src != dst
    src, dst = src[keep], dst[keep]
    src, dst = torch.cat([src, src[:40]]), torch.cat([dst, dst[:40]])  # duplicate edges must add up
    conv = GCNConv(d, d)
    ours = gcn_propagate(x @ conv.lin.weight.t(), src, dst) + conv.bias
    assert torch.allclose(ours, conv(x, torch.stack([src, dst])), atol=1e-5)


def test_statement_vector_ignores_padding() -> None:
    model = MIREncoder(config("tiny", 50)).eval()
    ids = torch.tensor([[2, 10, 11, 12, 3]])
    padded = torch.tensor([[2, 10, 11, 12, 3, 0, 0, 0]])
    assert torch.allclose(model.text(ids), model.text(padded), atol=1e-5)


def test_shapes_and_sizes() -> None:
    model = MIREncoder(config("tiny", 50)).eval()
    nodes = 5
    latents = model.graph.latents(
        torch.tensor([5, 6, 7, 8, 9, 10]), torch.tensor([0, 0, 1, 2, 3, 4]), torch.tensor([0, 0, 1, 2, 0]),
        torch.tensor([0, 1, 2]), torch.tensor([1, 2, 3]), torch.tensor([0, 1, 2]),
    )
    assert latents.shape == (nodes, 32)
    assert model.embedding_size == 64
    assert 5e6 < count_parameters(MIREncoder(config("small", 8000))) < 8e6
    assert 20e6 < count_parameters(MIREncoder(config("paper", 8000))) < 40e6


def test_edge_weights_select_a_subgraph() -> None:
    torch.manual_seed(1)
    x = torch.randn(10, 4)
    src, dst = torch.tensor([0, 1, 2, 3, 4, 5]), torch.tensor([1, 2, 3, 4, 5, 6])
    weight = torch.tensor([1.0, 0.0, 1.0, 0.0, 1.0, 1.0])
    keep = weight.bool()
    assert torch.allclose(gcn_propagate(x, src, dst, weight), gcn_propagate(x, src[keep], dst[keep]), atol=1e-6)
