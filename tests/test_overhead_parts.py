"""The parts of the overhead benchmark (benchmarks/test_overhead.py): the encoder rebuilt from its
ONNX files, the relational GCN, end-to-end fine-tuning, the memory probe and the key of the resumable run's lines."""
from __future__ import annotations

import copy
import json
import shutil
import time

import numpy as np
import pytest
torch = pytest.importorskip("torch")  # the training side: a runtime-only install skips it

from models import IR, LOOP
from paths import SHIPPED
from mir_export.evaluation.finetune import finetune, FinetuneConfig
from mir_export.pretrain.load import pretrained_encoder
from mir_export.pretrain.onnx_weights import encoder_from_onnx
from mir_export.tasks.devmap.overhead import OverheadConfig, PeakRSS, fingerprint
from mir_export.evaluation.rgcn import RGCN, RGCNConfig, batch, node_vocabulary, train_rgcn
from mir_export.export.encoders import export
from mir_runtime.modeldir import file_sha256
from mir_export.pretrain.torch_encoder import torch_engine
from mir_runtime import Model, parse_ir
from mir_runtime.graph import build_graph

torch.set_num_threads(1)


@pytest.fixture(scope="module")
def trained_like(model_dir, tmp_path_factory):
    """(torch model, directory): the tiny model with every parameter distinct and non-zero, as
    trained ones are (the exporter merges equal initializers and folds the zero biases of a
    freshly initialized model), exported."""
    model, _, tiny = model_dir
    original = copy.deepcopy(model)
    torch.manual_seed(1)
    with torch.no_grad():
        for parameter in original.parameters():
            parameter.add_(torch.randn_like(parameter) * 0.05)
    out = tmp_path_factory.mktemp("trained-like")
    torch.save({"model": original.state_dict(), "model_config": original.cfg.to_dict()}, out / "checkpoint.pt")
    export(out / "checkpoint.pt", tiny / "tokenizer.json", out / "model")
    return original, out / "model"


def test_encoder_rebuilt_from_onnx_equals_the_exported_weights_and_onnxruntime(trained_like) -> None:
    original, directory = trained_like
    rebuilt = encoder_from_onnx(directory)
    for branch in ("text", "graph"):
        expected = getattr(original, branch).state_dict()
        got = getattr(rebuilt, branch).state_dict()
        assert got.keys() == expected.keys()
        assert all(torch.equal(got[k], expected[k]) for k in expected), branch
    runtime = Model.load(directory, precision="fp32")
    module = parse_ir(IR)
    np.testing.assert_allclose(torch_engine(rebuilt, runtime.manifest.pooling).embed(runtime.featurizer(module)), runtime.embed_module(module),
                               rtol=1e-4, atol=1e-5)


def test_finetuning_starts_from_the_checkpoint_it_was_exported_from(trained_like, model_dir) -> None:
    original, directory = trained_like
    checkpoint = directory.parent / "checkpoint.pt"
    started = pretrained_encoder(directory, checkpoint)
    assert all(torch.equal(a, b) for a, b in zip(started.state_dict().values(), original.state_dict().values()))
    other = directory.parent / "other.pt"
    torch.save({"model": model_dir[0].state_dict(), "model_config": model_dir[0].cfg.to_dict()}, other)
    manifest = json.loads((directory / "manifest.json").read_text())
    recorded = directory.parent / "recorded"
    shutil.copytree(directory, recorded)
    manifest["training"] = {"checkpoint_sha256": file_sha256(checkpoint)}
    (recorded / "manifest.json").write_text(json.dumps(manifest))
    assert pretrained_encoder(recorded, checkpoint) is not None
    with pytest.raises(ValueError, match="not the checkpoint"):
        pretrained_encoder(recorded, other)


def _toy_graphs(rows: int = 24):
    graphs = [build_graph(parse_ir(LOOP if k % 2 else IR)) for k in range(rows)]
    labels = np.arange(rows) % 2
    extras = np.random.default_rng(0).uniform(1, 1e4, (rows, 2))  # noise: the label is in the code
    return graphs, extras, labels


def test_rgcn_forward_shape_and_unknown_node_texts() -> None:
    graphs, extras, _ = _toy_graphs(4)
    vocabulary = node_vocabulary(graphs[:1])  # the loop kernel's texts are partly unknown
    model = RGCN(vocabulary, extras, 3, RGCNConfig(hidden=8, layers=2))
    inputs = batch(graphs, vocabulary)
    assert inputs.nodes.shape[0] == sum(g.num_nodes for g in graphs)
    assert inputs.edge_index.shape[1] == 2 * sum(len(g.edge_source) for g in graphs)
    assert int(inputs.edge_type.max()) < 6 and (inputs.nodes == 0).any()
    assert model(inputs, torch.tensor(extras, dtype=torch.float32)).shape == (4, 3)


def test_rgcn_learns_a_toy_problem_from_the_graph() -> None:
    graphs, extras, labels = _toy_graphs()
    model = train_rgcn(graphs, extras, labels, 2, seed=0, cfg=RGCNConfig(hidden=16, layers=2, epochs=30, batch_size=8))
    assert (model.predict(graphs, extras) == labels).all()


def test_finetune_learns_end_to_end_from_the_onnx_weights(trained_like) -> None:
    _, directory = trained_like
    runtime = Model.load(directory, precision="fp32")
    files = [runtime.featurizer(parse_ir(LOOP if k % 2 else IR)) for k in range(6)]
    extras = np.ones((6, 2))
    labels = np.arange(6) % 2
    pretrained = pretrained_encoder(directory)
    before = copy.deepcopy(pretrained.state_dict())
    model = finetune(pretrained, files, extras, labels, 2, seed=0,
                     cfg=FinetuneConfig(statements=2, epochs=30, batch_size=6, encoder_lr=1e-3),
                     pooling=runtime.manifest.pooling)
    assert (model.predict(files, extras) == labels).all()
    assert all(torch.equal(before[k], v) for k, v in pretrained.state_dict().items())  # each fold starts afresh


def test_finetune_regresses_gains_and_reports_its_steps(trained_like) -> None:
    """The ``gains`` objective: a row of real targets per file by mean squared error, the outputs
    the predicted targets (the pass task's log gain of each pipeline)."""
    _, directory = trained_like
    runtime = Model.load(directory, precision="fp32")
    files = [runtime.featurizer(parse_ir(LOOP if k % 2 else IR)) for k in range(6)]
    none = np.zeros((6, 0))
    targets = np.array([[0.0, 1.0, -1.0] if k % 2 else [0.0, -1.0, 1.0] for k in range(6)])
    steps = []
    model = finetune(pretrained_encoder(directory), files, none, targets, 3, seed=0,
                     cfg=FinetuneConfig(statements=2, epochs=60, batch_size=6, encoder_lr=1e-3),
                     pooling=runtime.manifest.pooling, objective="gains", progress=lambda *a: steps.append(a))
    predicted = model.scores(files, none)
    assert predicted.shape == (6, 3) and (predicted.argmax(1) == targets.argmax(1)).all()
    assert [s[:2] for s in steps] == [(k, 60) for k in range(1, 61)] and steps[-1][2] < steps[0][2] / 2
    with pytest.raises(ValueError, match="objective"):
        finetune(pretrained_encoder(directory), files, none, targets, 3, seed=0, pooling="mean", objective="ranks")


def test_peak_rss_sees_an_allocation_held_longer_than_a_sample() -> None:
    with PeakRSS() as memory:
        block = np.ones(50_000_000 // 8)
        time.sleep(0.05)
        del block
    assert 45 < memory.mb < 100


def test_the_resumable_runs_key_follows_what_the_run_reads(tmp_path) -> None:
    """Re-exported task heads keep the finished (option, platform, fold) lines; another encoder or
    pooling does not, and another devmap learner (its pack's ``learners``) only for the head option."""
    manifest = json.loads((SHIPPED / "manifest.json").read_text())
    pack = json.loads((SHIPPED / "tasks" / "devmap" / "task.json").read_text())

    def key(change=lambda m: None, option: str = "head", learner: str | None = None) -> str:
        edited, heads = copy.deepcopy(manifest), copy.deepcopy(pack)
        change(edited)
        if learner:
            heads["learners"]["amd"].update(family=learner)
        (tmp_path / "manifest.json").write_text(json.dumps(edited))
        (tmp_path / "tasks" / "devmap").mkdir(parents=True, exist_ok=True)
        (tmp_path / "tasks" / "devmap" / "task.json").write_text(json.dumps(heads))
        return fingerprint(tmp_path, OverheadConfig(), option)

    shipped = key()
    assert key(lambda m: m["files"]["graph_encoder.int8.onnx"].update(sha256="0" * 64)) != shipped
    assert key(learner="gbt") != shipped
    for option in ("gnn", "finetune"):
        own = key(option=option)
        assert key(option=option, learner="gbt") == own
        assert key(lambda m: m["files"]["graph_encoder.int8.onnx"].update(sha256="0" * 64), option) != own
    assert key(lambda m: m.update(pooling="mean", embedding_size=2 * m["model"]["d_model"])) != shipped
