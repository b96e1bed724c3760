"""The runtime model (featurizer, onnxruntime backend, engine): same embedding as the torch model,
manifest checks, providers."""
from __future__ import annotations

import hashlib

import numpy as np
import pytest

from mir_runtime import parse_ir
from functools import partial

from mir_runtime.features import GRAPH_INPUTS, GraphInputs, encode_nodes, encode_statements, graph_inputs
from mir_runtime.graph import build_graph
from mir_runtime.model import Model
from mir_runtime.modeldir import ModelFileError
from mir_runtime.statements import statements
from models import IR

pytest.importorskip("onnxruntime")


def test_embedding_equals_the_torch_model(model_dir) -> None:
    torch = pytest.importorskip("torch")
    model, tokenizer, directory = model_dir
    module = parse_ir(IR)
    encoder = Model.load(directory, precision="fp32")
    got = encoder.embed_module(module)
    ids = encode_statements(tokenizer, statements(module))
    rows = torch.nn.utils.rnn.pad_sequence([torch.tensor(i) for i in ids], batch_first=True)
    vectors = model.text(rows)
    g = graph_inputs(build_graph(module), partial(encode_nodes, tokenizer), ids, range(len(ids)), module.types)
    graph = model.graph(*[torch.from_numpy(getattr(g, n)) for n in
                          ("node_tokens", "token_node", "node_type", "edge_src", "edge_dst", "edge_flow")])
    sizes = torch.log1p(torch.tensor([len(ids), g.num_nodes], dtype=torch.float32))
    expected = torch.cat([vectors.mean(0), vectors.amax(0), graph, sizes]).detach().numpy()  # mean-max-size
    assert got.shape == (encoder.embedding_size,) and got.dtype == np.float32
    assert np.dot(got, expected) / np.linalg.norm(got) / np.linalg.norm(expected) > 0.9999
    assert encoder.providers == ["CPUExecutionProvider"]


def test_int8_is_the_cpu_default_and_close(model_dir) -> None:
    _, _, directory = model_dir
    module = parse_ir(IR)
    fp32 = Model.load(directory, precision="fp32").embed_module(module)
    int8 = Model.load(directory).embed_module(module)
    assert np.dot(fp32, int8) / np.linalg.norm(fp32) / np.linalg.norm(int8) > 0.99


def test_graph_encoder_is_exact_and_repeatable_with_several_threads(model_dir) -> None:
    """Many edges into few nodes (duplicate ScatterND indices), two threads: every run gives the
    same bits, equal to torch. onnxruntime's CPU ScatterND-add loses sums when it splits the
    updates over threads, so the runtime runs the graph encoder single-threaded."""
    model, _, directory = model_dir
    encoder = Model.load(directory, precision="fp32", threads=2)
    rng = np.random.default_rng(0)
    nodes, edges, tokens = 3000, 30000, 9000
    graph = GraphInputs(
        node_tokens=rng.integers(5, encoder.manifest.model["vocab_size"], tokens),
        token_node=np.sort(rng.integers(0, nodes, tokens)), node_type=rng.integers(0, 3, nodes),
        edge_src=rng.integers(0, nodes, edges), edge_dst=rng.integers(0, 40, edges), edge_flow=rng.integers(0, 3, edges),
    )
    runs = [encoder.backend.run_graph(graph) for _ in range(8)]
    assert all(np.array_equal(runs[0], r) for r in runs[1:])
    torch = pytest.importorskip("torch")  # and equal to the torch model, where the training side is installed
    with torch.no_grad():
        expected = model.graph(*(torch.from_numpy(getattr(graph, n)) for n in GRAPH_INPUTS)).numpy()
    assert np.dot(runs[0], expected) / np.linalg.norm(runs[0]) / np.linalg.norm(expected) > 0.9999


def test_corrupted_or_missing_files_are_clear_errors(model_dir, tmp_path) -> None:
    import shutil

    _, _, directory = model_dir
    broken = tmp_path / "broken"
    shutil.copytree(directory, broken)
    for precision, name in (("fp32", "graph_encoder.onnx"), ("int8", "graph_encoder.int8.onnx")):
        with open(broken / name, "ab") as f:
            f.write(b"\0")
        with pytest.raises(ModelFileError, match=f"{name}: sha256"):
            Model.load(broken, precision=precision)
        (broken / name).unlink()
        with pytest.raises(ModelFileError, match=f"{name}: missing"):
            Model.load(broken, precision=precision)
    with pytest.raises(ModelFileError, match="no manifest.json"):
        Model.load(tmp_path)


def test_a_big_file_is_read_in_a_child_process(model_dir, tmp_path, monkeypatch) -> None:
    """From ``ISOLATED_BYTES`` on, the front end runs in a child process (this process's reader is
    broken here, the child's is not): the same features as in this process, and a bad file's
    located error comes back."""
    from dataclasses import fields

    from mir_runtime import IRParseError, featurizer

    _, _, directory = model_dir
    model = Model.load(directory, threads=1)
    good, bad = tmp_path / "good.ll", tmp_path / "bad.ll"
    good.write_text(IR)
    bad.write_text(IR.replace("ret i32 %r", "ret i32 %nowhere"))
    here = model.featurizer.read(good)  # below the limit: read here
    monkeypatch.setattr(featurizer, "ISOLATED_BYTES", 100)
    monkeypatch.setattr(featurizer, "parse_bytes", lambda *a: pytest.fail("read in this process"))
    child = model.featurizer.read(good)
    assert child.ids == here.ids and np.array_equal(child.weights, here.weights)
    assert child.sha256 == here.sha256 == hashlib.sha256(good.read_bytes()).hexdigest()  # the store's key
    assert all(np.array_equal(getattr(child.graph, f.name), getattr(here.graph, f.name)) for f in fields(GraphInputs))
    with pytest.raises(IRParseError, match=rf"^{bad}:\d+:\d+: .*%nowhere"):
        model.featurizer.read(bad)


def test_reading_pauses_the_collector_and_restores_its_state(model_dir, tmp_path, monkeypatch) -> None:
    """The cyclic collector is off while a file is read and featurized (``paused_gc``), on again
    afterwards, and left off for a caller that had turned it off; the features do not change."""
    import gc

    from mir_runtime import featurizer

    _, _, directory = model_dir
    model = Model.load(directory, threads=1)
    path = tmp_path / "f.ll"
    path.write_text(IR)
    seen: list[bool] = []
    real = featurizer.statements
    monkeypatch.setattr(featurizer, "statements", lambda module: (seen.append(gc.isenabled()), real(module))[1])
    assert gc.isenabled()
    first = model.featurizer.read(path)
    assert seen == [False] and gc.isenabled()
    gc.disable()
    try:
        again = model.featurizer(parse_ir(IR))
        assert not gc.isenabled()
    finally:
        gc.enable()
    assert again.ids == first.ids and np.array_equal(again.weights, first.weights)
