"""A pre-trained checkpoint to the runtime's files: tokenizer, ONNX encoders, manifest.

Each branch is exported on its own with ``torch.onnx.export(..., dynamo=True)`` at a pinned
opset, as one self-contained file (no external data): the statement encoder (token ids
``[N, L]`` to statement vectors ``[N, d]``) and the graph encoder (``mir_runtime.features.GraphInputs``
to the graph vector ``[d]``), each with an int8 dynamically quantized copy (the CPU default);
``d`` is the model's ``vector_size`` (its width, or a folded readout's).
The exporter records each node's Python stack trace (absolute source paths and line numbers):
``onnx_export`` drops it, so a checkpoint exports to the same bytes from any checkout and the
shipped files name no developer's directories.
"""
from __future__ import annotations

import json
import warnings
from pathlib import Path

import torch
from torch import Tensor, nn

from mir_export.export.graph_blocks import LayerBlock, NodeBlock
from mir_export.pretrain.load import exported_model
from mir_export.pretrain.model import MIREncoder
from mir_runtime.backend import single_threaded_options
from mir_runtime.features import GRAPH_INPUTS
from mir_runtime.modeldir import (
    ENCODER_FILES, FORMAT_VERSION, GRAPH_ENCODER, GRAPH_ENCODER_INT8, GRAPH_LAYER, GRAPH_NODES, GRAPH_READOUT, MANIFEST,
    STATEMENT_ENCODER, STATEMENT_ENCODER_INT8, TOKENIZER, file_sha256,
)
from mir_runtime.pooling import MEAN_MAX_SIZE, embedding_size

OPSET = 18


class _Statements(nn.Module):
    def __init__(self, model: MIREncoder) -> None:
        super().__init__()
        self.encoder = model.text

    def forward(self, ids: Tensor) -> Tensor:
        return self.encoder(ids)


class _Graph(nn.Module):
    def __init__(self, model: MIREncoder) -> None:
        super().__init__()
        self.encoder = model.graph  # not "graph": that name belongs to the exported FX module

    def forward(self, node_tokens, token_node, node_type, edge_src, edge_dst, edge_flow) -> Tensor:
        return self.encoder(node_tokens, token_node, node_type, edge_src, edge_dst, edge_flow)


STACK_TRACE = "pkg.torch.onnx.stack_trace"  # node metadata that depends on where the sources live


def onnx_export(module: nn.Module, example: tuple, path: Path, input_names: list[str], output_names: list[str],
                dynamic_shapes: tuple) -> None:
    """``module`` to one self-contained ONNX file (``dynamo=True``, ``OPSET``), without stack traces."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        program = torch.onnx.export(
            module.eval(), example, dynamo=True, opset_version=OPSET, input_names=input_names,
            output_names=output_names, dynamic_shapes=dynamic_shapes, verbose=False,
        )
    for node in program.model.graph.all_nodes():
        node.metadata_props.pop(STACK_TRACE, None)
    program.save(str(path), external_data=False)


def export_statement_encoder(model: MIREncoder, path: Path) -> None:
    ids = torch.randint(5, model.cfg.vocab_size, (4, 9))
    n = torch.export.Dim("statements", min=1)
    length = torch.export.Dim("tokens", min=2, max=model.cfg.max_tokens)
    onnx_export(_Statements(model), (ids,), path, ["ids"], ["statement_vectors"], ({0: n, 1: length},))


def export_graph_encoder(model: MIREncoder, path: Path) -> None:
    nodes, tokens, edges = 12, 30, 20
    example = (
        torch.randint(5, model.cfg.vocab_size, (tokens,)), torch.randint(0, nodes, (tokens,)).sort().values,
        torch.randint(0, 3, (nodes,)), torch.randint(0, nodes, (edges,)), torch.randint(0, nodes, (edges,)),
        torch.randint(0, 3, (edges,)),
    )
    t, n, e = torch.export.Dim("tokens", min=1), torch.export.Dim("nodes", min=1), torch.export.Dim("edges", min=0)
    onnx_export(_Graph(model), example, path, list(GRAPH_INPUTS), ["graph_vector"],
                ({0: t}, {0: t}, {0: n}, {0: e}, {0: e}, {0: e}))


def export_graph_blocks(model: MIREncoder, out: Path) -> list[str]:
    """The fp32 files the runtime runs big graphs with, layer by layer in blocks of nodes
    (``mir_export.export.graph_blocks``, ``mir_runtime.blocks``), and their names: two, and the graph
    readout where the model has one."""
    nodes, tokens, d = 12, 30, model.cfg.d_model
    example = (torch.randint(5, model.cfg.vocab_size, (tokens,)), torch.randint(0, nodes, (tokens,)).sort().values,
               torch.randint(0, 3, (nodes,)))
    t, n = torch.export.Dim("tokens", min=1), torch.export.Dim("nodes", min=1)
    onnx_export(NodeBlock(model.graph), example, out / GRAPH_NODES, ["node_tokens", "token_node", "node_type"],
                ["node_states"], ({0: t}, {0: t}, {0: n}))
    example = (torch.tensor(1), torch.randn(nodes, d), torch.randn(nodes, 3, d))
    onnx_export(LayerBlock(model.graph), example, out / GRAPH_LAYER, ["layer", "h", "z"], ["node_states"],
                (None, {0: n}, {0: n}))
    if not model.cfg.readout:
        return [GRAPH_NODES, GRAPH_LAYER]
    onnx_export(model.graph.readout, (torch.randn(d),), out / GRAPH_READOUT, ["h"], ["graph_vector"], (None,))
    return [GRAPH_NODES, GRAPH_LAYER, GRAPH_READOUT]


def quantize_int8(source: Path, target: Path) -> None:
    """Dynamic int8 quantization of the matrix multiplications (weights int8, activations on the fly).

    The quantizer transposes a Gemm's weight in place but keeps the exporter's shape record of it,
    which its own shape inference then refuses when the weight is not square (a folded readout):
    those records go, and every other model quantizes to the same bytes as before.
    """
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    model = onnx.load(str(source))
    oblong = {i.name for i in model.graph.initializer if len(i.dims) == 2 and i.dims[0] != i.dims[1]}
    stale = {name for node in model.graph.node if node.op_type == "Gemm" for name in node.input} & oblong
    kept = [info for info in model.graph.value_info if info.name not in stale]
    del model.graph.value_info[:]
    model.graph.value_info.extend(kept)
    quantize_dynamic(model, str(target), weight_type=QuantType.QInt8)


def export(checkpoint: Path, tokenizer: Path, out: Path, extra: dict | None = None,
           pooling: str = MEAN_MAX_SIZE, teacher_space: bool = False) -> dict:
    """Write the runtime's files for ``checkpoint`` (``exported_model``) into ``out`` and return
    the manifest; the file embedding's layout is ``pooling`` (``mir_runtime.pooling``)."""
    out.mkdir(parents=True, exist_ok=True)
    model = exported_model(checkpoint, teacher_space)
    (out / TOKENIZER).write_bytes(tokenizer.read_bytes())
    export_statement_encoder(model, out / STATEMENT_ENCODER)
    quantize_int8(out / STATEMENT_ENCODER, out / STATEMENT_ENCODER_INT8)
    export_graph_encoder(model, out / GRAPH_ENCODER)
    quantize_int8(out / GRAPH_ENCODER, out / GRAPH_ENCODER_INT8)
    files = [TOKENIZER, STATEMENT_ENCODER, STATEMENT_ENCODER_INT8, GRAPH_ENCODER, GRAPH_ENCODER_INT8,
             *export_graph_blocks(model, out)]
    manifest = {
        "format_version": FORMAT_VERSION,
        "model": model.cfg.to_dict(),
        "embedding_size": embedding_size(pooling, model.cfg.vector_size),
        "pooling": pooling,
        "opset": OPSET,
        "files": {name: _file_entry(out / name) for name in files},
        **(extra or {}),
    }
    (out / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def parity(out: Path, model: MIREncoder, samples: list) -> dict:
    """Cosine of onnxruntime (fp32 and int8) against torch on real held-out functions: each
    statement vector, and each function's embedding (mean statement vector ++ graph vector, both
    branches at that precision)."""
    import numpy as np
    import onnxruntime as ort

    open_session = lambda name: ort.InferenceSession(  # noqa: E731
        str(out / name), single_threaded_options(), providers=["CPUExecutionProvider"])
    text = {precision: open_session(files[0]) for precision, files in ENCODER_FILES.items()}
    graph = {precision: open_session(files[1]) for precision, files in ENCODER_FILES.items()}
    cos = lambda a, b: (a * b).sum(-1) / (np.linalg.norm(a, axis=-1) * np.linalg.norm(b, axis=-1))  # noqa: E731
    found: dict[str, list] = {f"{kind}_{p}": [] for kind in ("statement", "file") for p in text}
    with torch.inference_mode():
        for sample in samples:
            ids = np.zeros((len(sample.statements), max(len(s) for s in sample.statements)), dtype=np.int64)
            for k, s in enumerate(sample.statements):
                ids[k, : len(s)] = s
            inputs = sample.graph()
            feed = {name: getattr(inputs, name) for name in GRAPH_INPUTS}
            expected_text = model.text(torch.from_numpy(ids)).numpy()
            expected_graph = model.graph(*(torch.from_numpy(feed[n]) for n in GRAPH_INPUTS)).numpy()
            for precision, session in text.items():
                got_text = session.run(None, {"ids": ids})[0]
                got_graph = graph[precision].run(None, feed)[0]
                found[f"statement_{precision}"].append(cos(got_text, expected_text))
                found[f"file_{precision}"].append(np.array([cos(
                    np.concatenate([got_text.mean(0), got_graph]), np.concatenate([expected_text.mean(0), expected_graph])
                )]))
    return {
        "functions": len(samples),
        **{f"{key}_cosine": {"min": round(float(np.concatenate(v).min()), 6), "mean": round(float(np.concatenate(v).mean()), 6)}
           for key, v in found.items()},
    }


def _file_entry(path: Path) -> dict:
    return {"sha256": file_sha256(path), "bytes": path.stat().st_size}


def update_manifest(out: Path, files: list[str], replace: tuple[str, ...] = (), **sections: dict) -> dict:
    """Add ``files`` (already written into ``out``) with their sha256 to ``out/manifest.json``,
    and merge ``sections`` (``tasks={...}``, ``metrics={...}``) one level deep into it; the
    sections named in ``replace`` are replaced whole (a section written by one command only)."""
    path = out / MANIFEST
    manifest = json.loads(path.read_text())
    manifest["files"].update({name: _file_entry(out / name) for name in files})
    for key, value in sections.items():
        if key in replace:
            manifest[key] = value
        else:
            manifest.setdefault(key, {}).update(value)
    path.write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest
