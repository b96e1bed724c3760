"""The encoder's building blocks: GCN equivalence, padding invariance, shapes."""
from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")  # the training side: a runtime-only install skips it
from torch_geometric.nn import GCNConv

from mir_export.pretrain.model import N_FLOWS, SIZES, Dropout, MIREncoder, config, count_parameters, flow_norms, flow_propagate
from mir_export.pretrain.cli import ARCHITECTURES


def test_flow_message_passing_equals_one_gcnconv_per_flow() -> None:
    torch.manual_seed(0)
    n, d = 60, 8
    x = torch.randn(n, d)
    src, dst = torch.randint(0, n, (300,)), torch.randint(0, n, (300,))
    keep = src != dst
    src, dst = src[keep], dst[keep]
    src, dst = torch.cat([src, src[:40]]), torch.cat([dst, dst[:40]])  # duplicate edges must add up
    flow = torch.randint(0, N_FLOWS, src.shape)
    convs = [GCNConv(d, d) for _ in range(N_FLOWS)]
    y = torch.stack([x @ conv.lin.weight.t() for conv in convs], 1)
    ours = flow_propagate(y, src, dst, flow, flow_norms(src, dst, flow, n, x.dtype))
    expected = sum(conv(x, torch.stack([src[flow == f], dst[flow == f]])) - conv.bias for f, conv in enumerate(convs))
    assert torch.allclose(ours, expected, atol=1e-5)


def test_cpu_dropout_drops_at_its_rate_keeps_the_expectation_and_repeats_by_seed() -> None:
    drop = Dropout(0.1)
    x = torch.ones(1000, 257, requires_grad=True)  # a count that is not a multiple of the 4 lanes of a draw
    torch.manual_seed(3)
    y = drop(x)
    kept = y.detach() != 0
    assert abs(kept.float().mean().item() - 0.9) < 0.005
    assert torch.allclose(y.detach()[kept], torch.full_like(y.detach()[kept], 65536 / (65536 - 6554)))
    assert abs(y.detach().mean().item() - 1.0) < 0.01
    y.sum().backward()
    assert torch.equal(x.grad, y.detach())  # the gradient is the mask, scaled
    torch.manual_seed(3)
    saved = []
    with torch.autograd.graph.saved_tensors_hooks(lambda t: saved.append(t.dtype) or t, lambda t: t):
        again = drop(x)
    assert torch.equal(again.detach(), y.detach())
    assert saved == [torch.bool]  # the backward pass keeps the boolean mask (torch's CPU dropout: a float one)
    assert torch.equal(drop.eval()(x), x)
    assert torch.equal(Dropout(0.0)(x), x)


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
    assert 5e6 < count_parameters(MIREncoder(config("small", 8000))) < 8e6
    assert 1e6 < count_parameters(MIREncoder(config("compact", 8000))) < 2e6
    assert 20e6 < count_parameters(MIREncoder(config("paper", 8000))) < 40e6
    assert ARCHITECTURES == tuple(SIZES)  # the CLI's choices, named without importing torch
