"""The graph encoder in bounded pieces equals the whole-graph one: in torch, and exported."""
from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch")  # the training side: a runtime-only install skips it

from mir_export import export as exporting  # noqa: E402
from mir_export import graph_pieces  # noqa: E402
from mir_export.model import MIREncoder, config  # noqa: E402
from mir_runtime.backend import single_threaded_options  # noqa: E402
from mir_runtime.features import GRAPH_INPUTS, GraphInputs  # noqa: E402


def random_graph(rng: np.random.Generator, nodes: int, tokens: int, edges: int, vocab: int) -> list[np.ndarray]:
    return [rng.integers(1, vocab, tokens), np.sort(rng.integers(0, nodes, tokens)), rng.integers(0, 3, nodes),
            rng.integers(0, nodes, edges), rng.integers(0, nodes, edges), rng.integers(0, 3, edges)]


@pytest.fixture
def small_pieces(monkeypatch):
    """Pieces of a few elements, so that small graphs cross many piece boundaries."""
    for name, size in (("TOKEN_PIECE", 7), ("NODE_PIECE", 5), ("EDGE_PIECE", 11)):
        monkeypatch.setattr(graph_pieces, name, size)


@pytest.mark.parametrize("nodes,tokens,edges", [(1, 1, 0), (123, 400, 333)])
def test_pieces_equal_the_whole_graph(small_pieces, nodes, tokens, edges) -> None:
    """The same sums in the same order; only matrix products of other row counts may round
    differently (torch takes another kernel for one row)."""
    torch.manual_seed(0)
    encoder = MIREncoder(config("tiny", 50)).eval().graph
    inputs = [torch.from_numpy(x) for x in random_graph(np.random.default_rng(nodes), nodes, tokens, edges, 50)]
    with torch.inference_mode():
        torch.testing.assert_close(graph_pieces.graph_vector(encoder, *inputs), encoder(*inputs), rtol=1e-5, atol=1e-6)


def test_exported_encoder_runs_big_graphs_in_pieces(tmp_path, monkeypatch) -> None:
    """Both branches of the export on unseen shapes, against the whole-graph torch model."""
    ort = pytest.importorskip("onnxruntime")
    monkeypatch.setattr(exporting, "WHOLE_GRAPH_LIMIT", 500)
    for name, size in (("TOKEN_PIECE", 64), ("NODE_PIECE", 32), ("EDGE_PIECE", 48)):
        monkeypatch.setattr(graph_pieces, name, size)
    torch.manual_seed(0)
    model = MIREncoder(config("tiny", 50)).eval()
    exporting.export_graph_encoder(model, tmp_path / "graph.onnx")
    session = ort.InferenceSession(str(tmp_path / "graph.onnx"), single_threaded_options(), providers=["CPUExecutionProvider"])
    for nodes, tokens, edges in ((3, 5, 2), (300, 1000, 700), (1000, 2500, 0)):  # whole, pieces, pieces without edges
        inputs = random_graph(np.random.default_rng(tokens), nodes, tokens, edges, 50)
        got = session.run(None, dict(zip(GRAPH_INPUTS, inputs)))[0]
        with torch.inference_mode():
            expected = model.graph(*(torch.from_numpy(x) for x in inputs)).numpy()
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-6)


def test_shipped_graph_encoder_equals_the_whole_graph_model(datasets) -> None:
    """Every device-mapping kernel (whole-graph branch) and a graph above the limit (pieces), the
    shipped fp32 graph encoder against its weights in torch, computing on the whole graph."""
    pytest.importorskip("onnxruntime")
    from mir_export.downstream.onnx_weights import encoder_from_onnx
    from mir_runtime.model import Model

    from paths import REPO

    model = encoder_from_onnx(REPO / "artifacts")
    served = Model.load(REPO / "artifacts", precision="fp32", threads=1)
    graphs = [served.featurizer.read(path).graph for path in sorted((datasets / "devmap" / "kernels_ir").glob("*.ll"))]
    big = random_graph(np.random.default_rng(0), 10000, 80000, 30000, model.cfg.vocab_size)
    assert len(big[0]) + 2 * len(big[3]) > exporting.WHOLE_GRAPH_LIMIT
    for inputs in [[getattr(g, n) for n in GRAPH_INPUTS] for g in graphs] + [big]:
        got = served.backend.run_graph(GraphInputs(*inputs))
        with torch.inference_mode():
            expected = model.graph(*(torch.from_numpy(x) for x in inputs)).numpy()
        np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-5)
    assert len(graphs) == 669
