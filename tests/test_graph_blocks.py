"""Big graphs layer by layer in blocks of nodes (``mir_runtime.blocks`` with the exported block
files) equal the whole-graph encoder, in torch and in its fp32 ONNX file (where only the runtime
is installed), on unseen shapes; the backend sends big graphs there."""
from __future__ import annotations

import numpy as np
import pytest

from mir_runtime import blocks
from mir_runtime.backend import single_threaded_options
from mir_runtime.features import GRAPH_INPUTS, GraphInputs
from mir_runtime.modeldir import GRAPH_LAYER, GRAPH_NODES

ort = pytest.importorskip("onnxruntime")


def random_graph(rng: np.random.Generator, nodes: int, tokens: int, edges: int, vocab: int, hub: int = 0) -> GraphInputs:
    """Random tokens and edges (no self-loops, as the front end gives), ``hub`` more edges into
    and out of node 0 (a node whose messages span several edge chunks), unsorted token owners."""
    src, dst = rng.integers(0, nodes, edges + hub), rng.integers(0, nodes, edges + hub)
    src[edges:edges + hub // 2], dst[edges + hub // 2:] = 0, 0
    keep = src != dst
    return GraphInputs(rng.integers(1, vocab, tokens), rng.integers(0, nodes, tokens), rng.integers(0, 3, nodes),
                       src[keep], dst[keep], rng.integers(0, 3, edges + hub)[keep])


def whole(model, inputs: GraphInputs) -> np.ndarray:
    """``model.graph`` (torch) on the whole graph."""
    import torch

    with torch.inference_mode():
        return model.graph(*(torch.from_numpy(getattr(inputs, n)) for n in GRAPH_INPUTS)).numpy()


def block_runs(directory):
    sessions = [ort.InferenceSession(str(directory / f), single_threaded_options(), providers=["CPUExecutionProvider"])
                for f in (GRAPH_NODES, GRAPH_LAYER)]
    return [lambda feed, s=s: s.run(None, feed)[0] for s in sessions]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    torch = pytest.importorskip("torch")  # the training side: a runtime-only install skips it
    from mir_export.export import encoders as exporting
    from mir_export.pretrain.model import MIREncoder, config

    torch.manual_seed(0)
    model = MIREncoder(config("tiny", 50)).eval()
    with torch.no_grad():  # a trained model's non-zero biases and norms, so that every weight matters
        for p in model.parameters():
            p.add_(torch.randn_like(p) * 0.1)
    out = tmp_path_factory.mktemp("blocks")
    exporting.export_graph_blocks(model, out)
    return model, block_runs(out)


@pytest.mark.parametrize("nodes,tokens,edges,hub", [(1, 1, 0, 0), (7, 3, 0, 0), (123, 400, 333, 40), (64, 200, 900, 0)])
def test_blocks_equal_the_whole_graph(tiny, monkeypatch, nodes, tokens, edges, hub) -> None:
    """Blocks of a few nodes and edge chunks of a few edges, so that small graphs cross many
    boundaries: nodes without tokens, a hub, graphs without edges."""
    monkeypatch.setattr(blocks, "BLOCK_NODES", 5)
    monkeypatch.setattr(blocks, "BLOCK_EDGES", 7)
    model, (nodes_run, layer_run) = tiny
    inputs = random_graph(np.random.default_rng(nodes), nodes, tokens, edges, 50, hub)
    got = blocks.graph_vector(inputs, nodes_run, layer_run, model.cfg.graph_layers, model.cfg.d_model)
    np.testing.assert_allclose(got, whole(model, inputs), rtol=1e-5, atol=1e-6)


def test_the_backend_runs_big_graphs_in_blocks(model_dir, monkeypatch) -> None:
    """A model directory from ``mir-export export`` has the block files; graphs above the limit
    go through them (counted) and equal the whole-graph fp32 file, smaller ones run whole, at
    both precisions. Runs where only the runtime is installed, too."""
    from mir_runtime.model import Model

    _, _, directory = model_dir
    calls = []
    monkeypatch.setattr(blocks, "WHOLE_GRAPH_LIMIT", 400)
    monkeypatch.setattr(blocks, "BLOCK_NODES", 16)
    real = blocks.graph_vector
    monkeypatch.setattr(blocks, "graph_vector", lambda *a: calls.append(1) or real(*a))
    vocab = Model.load(directory).manifest.model["vocab_size"]
    small, big = (random_graph(np.random.default_rng(n), n, 3 * n, n, vocab, hub=n // 3) for n in (20, 300))
    fp32 = Model.load(directory, precision="fp32", threads=1).backend
    expected = fp32.encoder(1).run(None, {name: getattr(big, name) for name in GRAPH_INPUTS})[0]
    for precision in ("fp32", "int8"):
        backend = Model.load(directory, precision=precision, threads=1).backend
        np.testing.assert_allclose(backend.run_graph(big), expected, rtol=1e-5, atol=1e-5)
        feed = {name: getattr(small, name) for name in GRAPH_INPUTS}
        assert np.array_equal(backend.run_graph(small), backend.encoder(1).run(None, feed)[0])
    assert len(calls) == 2


@pytest.mark.slow  # every data-set graph through both encoders: 1.5 minutes
def test_shipped_graph_encoder_equals_the_whole_graph_model(datasets) -> None:
    """The shipped fp32 graph encoder on every device-mapping kernel, and the shipped block files
    on a graph above the limit, against their weights in torch computing on the whole graph."""
    pytest.importorskip("torch")
    from mir_export.pretrain.onnx_weights import encoder_from_onnx
    from mir_runtime.model import Model

    from paths import REPO

    model = encoder_from_onnx(REPO / "artifacts")
    served = Model.load(REPO / "artifacts", precision="fp32", threads=1)
    graphs = [served.featurizer.read(path).graph for path in sorted((datasets / "devmap" / "kernels_ir").glob("*.ll"))]
    big = random_graph(np.random.default_rng(0), 10000, 80000, 30000, model.cfg.vocab_size, hub=5000)
    assert blocks.is_big(big) and not any(map(blocks.is_big, graphs)) and len(graphs) == 669
    for inputs in graphs + [big]:
        np.testing.assert_allclose(served.backend.run_graph(inputs), whole(model, inputs), rtol=1e-4, atol=1e-5)
