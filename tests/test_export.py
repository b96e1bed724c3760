"""Exported ONNX encoders equal the torch model on shapes never seen at export time, for the shipped
size (``small``) and the ``compact`` one (d = 128, 2 + 2 layers)."""
from __future__ import annotations

import json

import numpy as np
import pytest
torch = pytest.importorskip("torch")  # the training side: a runtime-only install skips it

from mir_export.export.encoders import (
    GRAPH_ENCODER, GRAPH_ENCODER_INT8, GRAPH_INPUTS, GRAPH_LAYER, GRAPH_NODES, STATEMENT_ENCODER,
    STATEMENT_ENCODER_INT8, export,
)
from mir_export.pretrain.model import MIREncoder, config
from mir_runtime.backend import single_threaded_options
from mir_runtime.modeldir import file_sha256
from mir_export.pretrain.tokenizer import train_tokenizer

ort = pytest.importorskip("onnxruntime")


def cosine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return (a * b).sum(-1) / (np.linalg.norm(a, axis=-1) * np.linalg.norm(b, axis=-1))


@pytest.fixture(scope="module", params=["small", "compact"])
def exported(tmp_path_factory, request):
    out = tmp_path_factory.mktemp(f"export-{request.param}")
    tokenizer = train_tokenizer(["%1 = add i32 %0, 1", "ret i32 %1"] * 10, vocab_size=100, min_frequency=1)
    tokenizer.save(str(out / "tok.json"))
    torch.manual_seed(0)
    model = MIREncoder(config(request.param, 600)).eval()
    torch.save({"model": model.state_dict(), "model_config": model.cfg.to_dict()}, out / "checkpoint.pt")
    manifest = export(out / "checkpoint.pt", out / "tok.json", out / "artifacts", {"note": "test"})
    return model, out / "artifacts", manifest


def session(path):
    return ort.InferenceSession(str(path), single_threaded_options(), providers=["CPUExecutionProvider"])


@pytest.mark.parametrize("shape", [(1, 2), (1, 64), (37, 23), (300, 5)])
def test_statement_encoder(exported, shape) -> None:
    model, out, _ = exported
    rng = np.random.default_rng(shape[0])
    ids = rng.integers(5, 600, size=shape)
    ids[:, 0], ids[:, -1] = 2, 3
    ids[0, shape[1] // 2 + 1 :] = 0  # padding in one row
    expected = model.text(torch.from_numpy(ids)).detach().numpy()
    fp32 = session(out / STATEMENT_ENCODER).run(None, {"ids": ids})[0]
    int8 = session(out / STATEMENT_ENCODER_INT8).run(None, {"ids": ids})[0]
    assert cosine(fp32, expected).min() >= 0.9999
    assert cosine(int8, expected).min() >= 0.99


@pytest.mark.parametrize("nodes,tokens,edges", [(1, 3, 0), (5000, 20000, 9000), (7, 7, 30)])
def test_graph_encoder(exported, nodes, tokens, edges) -> None:
    model, out, _ = exported
    rng = np.random.default_rng(nodes)
    inputs = [
        rng.integers(5, 600, tokens), np.sort(rng.integers(0, nodes, tokens)), rng.integers(0, 3, nodes),
        rng.integers(0, nodes, edges), rng.integers(0, nodes, edges), rng.integers(0, 3, edges),
    ]
    expected = model.graph(*[torch.from_numpy(x) for x in inputs]).detach().numpy()
    got = session(out / GRAPH_ENCODER).run(None, dict(zip(GRAPH_INPUTS, inputs)))[0]
    int8 = session(out / GRAPH_ENCODER_INT8).run(None, dict(zip(GRAPH_INPUTS, inputs)))[0]
    assert cosine(got, expected) >= 0.9999
    assert cosine(int8, expected) >= 0.99


def test_manifest(exported) -> None:
    model, out, manifest = exported
    assert json.loads((out / "manifest.json").read_text()) == manifest
    assert manifest["opset"] == 18 and manifest["note"] == "test"
    assert manifest["embedding_size"] == 3 * model.cfg.d_model + 2 == {"small": 770, "compact": 386}[model.cfg.name]
    for name, entry in manifest["files"].items():
        assert entry["sha256"] == file_sha256(out / name)
    for fp32, int8 in ((STATEMENT_ENCODER, STATEMENT_ENCODER_INT8), (GRAPH_ENCODER, GRAPH_ENCODER_INT8)):
        assert (out / int8).stat().st_size < 0.5 * (out / fp32).stat().st_size
    assert {GRAPH_NODES, GRAPH_LAYER} <= set(manifest["files"])  # big graphs, in blocks


def test_files_carry_no_source_locations(exported) -> None:
    """The exporter's per-node stack traces (absolute paths, line numbers) are dropped, so a
    checkpoint exports to the same bytes from any checkout; the name scopes stay (fine-tuning
    reads weights back through them)."""
    _, out, manifest = exported
    for name in (n for n in manifest["files"] if n.endswith(".onnx")):
        data = (out / name).read_bytes()
        assert b"mir_export/pretrain/model.py" not in data and b"pkg.torch.onnx.stack_trace" not in data, name
        assert b"pkg.torch.onnx.name_scopes" in data, name


def test_parity_on_real_functions(exported) -> None:
    from mir_export.export.encoders import parity
    from mir_export.pretrain.samples import module_samples
    from mir_runtime import parse_ir
    from models import IR

    model, out, _ = exported
    tokenizer = train_tokenizer(["%ID = add i32 %ID, 1", "ret i32 %ID"] * 10, vocab_size=100, min_frequency=1)
    figures = parity(out, model, module_samples(parse_ir(IR), tokenizer))
    assert figures["functions"] == 1
    assert figures["statement_fp32_cosine"]["min"] >= 0.9999 and figures["file_fp32_cosine"]["min"] >= 0.9999
    assert figures["statement_int8_cosine"]["min"] >= 0.99  # a random model; the shipped one is held to 0.999
