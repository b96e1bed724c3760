"""The multimodal IR encoder: a statement Transformer, a three-flow GCN, and pre-training heads.

Every module keeps to tensor inputs and plain ops (matmul, softmax, ``index_add``, gather) so the
``dynamo=True`` ONNX exporter turns them into fast onnxruntime graphs; message passing with
``index_add`` exports to ScatterND-add and is numerically one GCN per flow (``tests/test_model.py``
checks it against torch-geometric's ``GCNConv``).
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import torch
from torch import Tensor, nn
from torch.nn import functional as F

N_FLOWS = 3  # control, data, call
N_NODE_TYPES = 3  # instruction, variable, constant


@dataclass(frozen=True)
class ModelConfig:
    vocab_size: int
    d_model: int = 256
    text_layers: int = 4
    heads: int = 4
    ffn: int = 1024
    graph_layers: int = 4
    max_tokens: int = 64
    dropout: float = 0.1
    name: str = "small"
    readout: int = 0  # width of a linear readout after each branch's pooling (0: none, vectors are d_model wide)

    def to_dict(self) -> dict:
        """The settings, without a readout where there is none: checkpoints and manifests of
        models without one stay readable by releases before readouts."""
        return {k: v for k, v in asdict(self).items() if k != "readout" or v}

    @property
    def vector_size(self) -> int:
        """The width of a statement vector and of the graph vector."""
        return self.readout or self.d_model


def branch_readout(cfg: ModelConfig) -> nn.Module:
    """A branch's last step: a distilled student's map into its teacher's space (folded in at
    export, ``mir_export.pretrain.distill.fold``), else nothing. Pre-training never sets one."""
    return nn.Linear(cfg.d_model, cfg.readout) if cfg.readout else nn.Identity()


SIZES = {  # each size's settings beyond ModelConfig's defaults (``small``)
    "small": {},
    "compact": dict(d_model=128, text_layers=2, ffn=512, graph_layers=2),
    # compact's text branch, small's graph depth: a student that sees as many hops as its teacher
    "compact-deep": dict(d_model=128, text_layers=2, ffn=512, graph_layers=4),
    "paper": dict(d_model=512, text_layers=6, heads=8, ffn=2048, graph_layers=6),
    "tiny": dict(d_model=32, text_layers=1, heads=2, ffn=64, graph_layers=1, dropout=0.0),  # tests: trains in seconds
}


def config(name: str, vocab_size: int) -> ModelConfig:
    """``small``: the shipped default, trainable on CPU; ``compact``: d=128, 2+2 layers, about half
    of ``small``'s runtime cost a file (``benchmarks/RESULTS.md``); ``compact-deep``:
    ``compact`` with ``small``'s four graph layers; ``paper``: ~22M parameters, as published."""
    if name not in SIZES:
        raise ValueError(f"unknown model configuration {name!r} ({', '.join(SIZES)})")
    return ModelConfig(vocab_size, name=name, **SIZES[name])


# --- text -----------------------------------------------------------------------------------


class Dropout(nn.Dropout):
    """``nn.Dropout`` with a cheaper mask on the CPU, where pre-training runs on this project's
    budget: torch's CPU Bernoulli draws one Mersenne-twister number per element, and the masks of a
    contrastive step (some 16,000 graph nodes and 700 statements of 256 values) took a sixth of its
    time. Four 16-bit lanes of one 64-bit draw make the same mask at a third of the cost. And where
    torch's CPU dropout keeps a float mask for the backward pass, this keeps the boolean one: 3
    bytes less per masked value, gigabytes at a batch of 256 pairs. The drop probability is rounded
    to a multiple of 1/65536 and the kept values scaled to keep the expectation; other devices,
    evaluation and p of 0 or 1 are torch's own."""

    def forward(self, x: Tensor) -> Tensor:
        if not self.training or not 0 < self.p < 1 or x.device.type != "cpu":
            return super().forward(x)
        cut = min(round(self.p * 65536), 65535)
        count = x.numel()
        lanes = torch.randint(-2**63, 2**63 - 1, ((count + 3) // 4,), dtype=torch.int64).view(torch.int16)
        keep = lanes[:count].view(x.shape) >= cut - 32768
        return torch.where(keep, x * (65536 / (65536 - cut)), 0.0)  # autograd keeps the boolean mask alone


class TransformerLayer(nn.Module):
    """Pre-norm self-attention block, written out so that it exports as plain ONNX ops."""

    def __init__(self, d: int, heads: int, ffn: int, dropout: float) -> None:
        super().__init__()
        self.heads = heads
        self.norm1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)
        self.norm2 = nn.LayerNorm(d)
        self.ff1 = nn.Linear(d, ffn)
        self.ff2 = nn.Linear(ffn, d)
        self.drop = Dropout(dropout)

    def forward(self, x: Tensor, bias: Tensor) -> Tensor:
        n, length, d = x.shape
        h = self.heads
        q, k, v = self.qkv(self.norm1(x)).view(n, length, 3, h, d // h).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-1, -2) / math.sqrt(d // h) + bias  # bias: [n, 1, 1, L]
        attn = self.drop(torch.softmax(scores, dim=-1)) @ v
        x = x + self.drop(self.out(attn.transpose(1, 2).reshape(n, length, d)))
        return x + self.drop(self.ff2(self.drop(F.gelu(self.ff1(self.norm2(x))))))


class StatementEncoder(nn.Module):
    """Token ids of statements ``[N, L]`` (0 = padding) to token states and one vector each."""

    def __init__(self, cfg: ModelConfig) -> None:
        super().__init__()
        self.tokens = nn.Embedding(cfg.vocab_size, cfg.d_model, padding_idx=0)
        self.positions = nn.Embedding(cfg.max_tokens, cfg.d_model)
        self.layers = nn.ModuleList(
            TransformerLayer(cfg.d_model, cfg.heads, cfg.ffn, cfg.dropout) for _ in range(cfg.text_layers)
        )
        self.norm = nn.LayerNorm(cfg.d_model)
        self.drop = Dropout(cfg.dropout)
        self.readout = branch_readout(cfg)

    def states(self, ids: Tensor) -> Tensor:
        mask = ids.ne(0)
        positions = torch.arange(ids.shape[1], device=ids.device)
        x = self.drop(self.tokens(ids) + self.positions(positions))
        bias = (~mask).to(x.dtype)[:, None, None, :] * -1e9
        for layer in self.layers:
            x = layer(x, bias)
        return self.norm(x)

    def pool(self, states: Tensor, ids: Tensor) -> Tensor:
        """Mean of the non-padding token states: one vector per statement."""
        mask = ids.ne(0).to(states.dtype).unsqueeze(-1)
        return (states * mask).sum(1) / mask.sum(1).clamp(min=1.0)

    def forward(self, ids: Tensor) -> Tensor:
        return self.readout(self.pool(self.states(ids), ids))


class MaskedLMHead(nn.Module):
    """Predicts masked tokens from token states, decoder tied to the token embeddings."""

    def __init__(self, cfg: ModelConfig, embeddings: nn.Embedding) -> None:
        super().__init__()
        self.dense = nn.Linear(cfg.d_model, cfg.d_model)
        self.norm = nn.LayerNorm(cfg.d_model)
        self.embeddings = embeddings
        self.bias = nn.Parameter(torch.zeros(cfg.vocab_size))

    def forward(self, states: Tensor) -> Tensor:
        return self.norm(F.gelu(self.dense(states))) @ self.embeddings.weight.t() + self.bias


# --- graph ----------------------------------------------------------------------------------


def flow_norms(src: Tensor, dst: Tensor, flow: Tensor, nodes: int, dtype: torch.dtype) -> tuple[Tensor, Tensor]:
    """GCN normalization ``D_f^-1/2 (A_f + I) D_f^-1/2`` of every flow ``f`` at once: the
    self-loop weight of each (node, flow) ``[N, F]`` and the weight of each edge ``[E]``.

    The degree of a node in a flow is its in-degree there + 1. Edges must not contain self-loops
    (``graph_inputs`` drops them): the identity is added once per node and flow, which is what
    torch-geometric's ``GCNConv`` does with existing loops. Computed once per graph, shared by
    every layer.
    """
    slot_dst = dst * N_FLOWS + flow  # (node, flow) slots of a [N * F] table
    degree = torch.ones(nodes * N_FLOWS, dtype=dtype, device=dst.device).index_add(
        0, slot_dst, torch.ones_like(dst, dtype=dtype)
    )
    inv_sqrt = degree.rsqrt()
    return (inv_sqrt * inv_sqrt).view(nodes, N_FLOWS), inv_sqrt[src * N_FLOWS + flow] * inv_sqrt[slot_dst]


def flow_propagate(y: Tensor, src: Tensor, dst: Tensor, flow: Tensor, norms: tuple[Tensor, Tensor]) -> Tensor:
    """Sum over flows of each flow's GCN aggregation of its own node features ``y[:, f]``
    (``y``: ``[N, F, d]``): one gather and one ``index_add`` (ScatterND-add) over all edges, each
    edge carrying the features of its flow, instead of one pass per flow over masked edges."""
    self_norm, edge_norm = norms
    n, flows, d = y.shape
    messages = y.reshape(n * flows, d).index_select(0, src * flows + flow) * edge_norm.unsqueeze(-1)
    return (y * self_norm.unsqueeze(-1)).sum(1).index_add(0, dst, messages)


class FlowGCNLayer(nn.Module):
    """One GCN convolution per flow (edges used in both directions), summed, with a residual."""

    def __init__(self, d: int, dropout: float) -> None:
        super().__init__()
        self.weights = nn.ModuleList(nn.Linear(d, d, bias=False) for _ in range(N_FLOWS))
        self.bias = nn.Parameter(torch.zeros(d))
        self.norm = nn.LayerNorm(d)
        self.drop = Dropout(dropout)

    def forward(self, h: Tensor, src: Tensor, dst: Tensor, flow: Tensor, norms: tuple[Tensor, Tensor]) -> Tensor:
        return self.update(h, flow_propagate(self.transform(h), src, dst, flow, norms))

    def transform(self, h: Tensor) -> Tensor:
        """Each flow's linear map of the node states ``[N, d]``: ``[N, F, d]``."""
        return torch.stack([linear(h) for linear in self.weights], 1)

    def update(self, h: Tensor, aggregated: Tensor) -> Tensor:
        """The new node states from the old ones and their aggregated messages."""
        return self.norm(h + self.drop(F.gelu(self.bias + aggregated)))


def segment_sizes(segment: Tensor, count: int, dtype: torch.dtype) -> Tensor:
    return torch.zeros(count, dtype=dtype, device=segment.device).index_add(0, segment, torch.ones_like(segment, dtype=dtype))


def segment_sum(x: Tensor, segment: Tensor, count: int) -> Tensor:
    """The rows of ``x`` summed per segment: ``[count, ...]``."""
    return torch.zeros(count, *x.shape[1:], dtype=x.dtype, device=x.device).index_add(0, segment, x)


def segment_mean(x: Tensor, segment: Tensor, count: int) -> Tensor:
    return segment_sum(x, segment, count) / segment_sizes(segment, count, x.dtype).clamp(min=1.0).unsqueeze(-1)


def sample_max(vectors: Tensor, sample: Tensor, samples: int) -> Tensor:
    """The element-wise max of ``vectors`` [S, d] over each sample's rows: [samples, d]."""
    index = sample.unsqueeze(-1).expand_as(vectors)
    return vectors.new_zeros(samples, vectors.shape[-1]).scatter_reduce(0, index, vectors, "amax", include_self=False)


class GraphEncoder(nn.Module):
    """ProGraML graph to node latents and a pooled graph vector.

    Node features are the mean embedding of the node's tokens (the statement for instruction
    nodes, ``<type> <name>`` or the constant for the others) plus a node-type embedding; the token
    table is shared with the statement encoder.
    """

    def __init__(self, cfg: ModelConfig, tokens: nn.Embedding) -> None:
        super().__init__()
        self.tokens = tokens
        self.types = nn.Embedding(N_NODE_TYPES, cfg.d_model)
        self.inp = nn.Linear(cfg.d_model, cfg.d_model)
        self.layers = nn.ModuleList(FlowGCNLayer(cfg.d_model, cfg.dropout) for _ in range(cfg.graph_layers))
        self.readout = branch_readout(cfg)

    def node_features(self, node_tokens: Tensor, token_node: Tensor, node_type: Tensor) -> Tensor:
        n, x = node_type.shape[0], self.tokens(node_tokens)
        sums = torch.zeros(n, x.shape[-1], dtype=x.dtype, device=x.device).index_add(0, token_node, x)
        return self.node_input(sums, segment_sizes(token_node, n, x.dtype), node_type)

    def node_input(self, token_sums: Tensor, sizes: Tensor, node_type: Tensor) -> Tensor:
        """``node_features`` from the sums of each node's token embeddings and their counts."""
        return self.inp(token_sums / sizes.clamp(min=1.0).unsqueeze(-1) + self.types(node_type))

    def latents(self, node_tokens, token_node, node_type, edge_src, edge_dst, edge_flow) -> Tensor:
        h = self.node_features(node_tokens, token_node, node_type)
        src = torch.cat([edge_src, edge_dst])  # every edge in both directions
        dst = torch.cat([edge_dst, edge_src])
        flow = torch.cat([edge_flow, edge_flow])
        norms = flow_norms(src, dst, flow, h.shape[0], h.dtype)
        for layer in self.layers:
            h = layer(h, src, dst, flow, norms)
        return h

    def forward(self, node_tokens, token_node, node_type, edge_src, edge_dst, edge_flow) -> Tensor:
        """The mean of the node latents of one graph, read out: ``[vector_size]``."""
        return self.readout(self.latents(node_tokens, token_node, node_type, edge_src, edge_dst, edge_flow).mean(0))


# --- the whole encoder with its pre-training heads --------------------------------------------


def _init_weights(module: nn.Module) -> None:
    """BERT's initialization: N(0, 0.02) weights, zero biases (the tied decoder needs small embeddings)."""
    if isinstance(module, (nn.Linear, nn.Embedding)):
        nn.init.normal_(module.weight, std=0.02)
    if isinstance(module, nn.Linear) and module.bias is not None:
        nn.init.zeros_(module.bias)
    if isinstance(module, nn.Embedding) and module.padding_idx is not None:
        nn.init.zeros_(module.weight[module.padding_idx])


class MIREncoder(nn.Module):
    """Both branches, the file embedding (text ++ graph), and the three pre-training heads."""

    def __init__(self, cfg: ModelConfig) -> None:
        super().__init__()
        self.cfg = cfg
        self.text = StatementEncoder(cfg)
        self.graph = GraphEncoder(cfg, self.text.tokens)
        self.mlm = MaskedLMHead(cfg, self.text.tokens)
        self.edge_heads = nn.ModuleList(nn.Linear(cfg.d_model, cfg.d_model) for _ in range(N_FLOWS))
        d = cfg.d_model
        self.match = nn.Sequential(nn.Linear(4 * d, d), nn.GELU(), nn.Linear(d, 1))
        self.apply(_init_weights)


    def edge_logits(self, latents: Tensor, flow: int, src: Tensor, dst: Tensor) -> Tensor:
        """Inner-product decoder of one flow's adjacency."""
        z = self.edge_heads[flow](latents)
        return (z[src] * z[dst]).sum(-1) / math.sqrt(z.shape[-1])

    def match_logits(self, text: Tensor, graph: Tensor) -> Tensor:
        return self.match(torch.cat([text, graph, text * graph, (text - graph).abs()], -1)).squeeze(-1)


def load_checkpoint(path) -> MIREncoder:
    """The model of a pre-training checkpoint, in eval mode, on the CPU."""
    saved = torch.load(path, weights_only=False, map_location="cpu")
    model = MIREncoder(ModelConfig(**saved["model_config"]))
    model.load_state_dict(saved["model"])
    return model.eval()


def count_parameters(module: nn.Module) -> int:
    return sum(p.numel() for p in module.parameters())
