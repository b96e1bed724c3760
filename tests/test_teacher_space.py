"""A distilled student exported in its teacher's space (``mir-export export --teacher-space``): its
distiller's maps folded in as the branches' readouts. The folded torch model is the student's
vectors through the maps; its ONNX files, its block files and the runtime's embedding equal it on
unseen shapes; fine-tuning gets the same model back from the checkpoint or the ONNX files."""
from __future__ import annotations

import json

import numpy as np
import pytest

torch = pytest.importorskip("torch")  # the training side: a runtime-only install skips it

from mir_export.pretrain.distill import MAPS, fold  # noqa: E402
from mir_export.pretrain.model import MIREncoder, config  # noqa: E402
from mir_runtime import blocks  # noqa: E402
from mir_runtime.features import GRAPH_INPUTS  # noqa: E402
from mir_runtime.modeldir import GRAPH_READOUT, STATEMENT_ENCODER  # noqa: E402

from models import IR, fixed_tokenizer  # noqa: E402
from test_graph_blocks import random_graph  # noqa: E402

TEACHER_WIDTH = 48  # the tiny student is 32 wide


@pytest.fixture(scope="module")
def distilled(tmp_path_factory):
    """(student, maps, run directory with a distilled checkpoint, its teacher-space model directory)."""
    from mir_export.export.encoders import export
    from mir_runtime import parse_ir
    from mir_runtime.statements import statements

    out = tmp_path_factory.mktemp("teacher-space")
    tokenizer = fixed_tokenizer(statements(parse_ir(IR)))
    tokenizer.save(str(out / "tok.json"))
    torch.manual_seed(0)
    student = MIREncoder(config("tiny", tokenizer.get_vocab_size())).eval()
    with torch.no_grad():  # trained-like: no zero biases for the exporter to fold away
        for p in student.parameters():
            p.add_(torch.randn_like(p) * 0.1)
    maps = {f"{name}.{key}": torch.randn(TEACHER_WIDTH, 32) * 0.2 if key == "weight" else torch.randn(TEACHER_WIDTH)
            for name in MAPS for key in ("weight", "bias")}
    torch.save({"model": student.state_dict(), "model_config": student.cfg.to_dict(), "distiller": maps},
               out / "checkpoint.pt")
    export(out / "checkpoint.pt", out / "tok.json", out / "model", teacher_space=True)
    return student, maps, out, out / "model"


def mapped(maps: dict, name: str, vectors: torch.Tensor) -> np.ndarray:
    return torch.nn.functional.linear(vectors, maps[f"{name}.weight"], maps[f"{name}.bias"]).numpy()


def test_folding_maps_the_students_vectors(distilled) -> None:
    student, maps, out, _ = distilled
    folded = fold(out / "checkpoint.pt")
    assert folded.cfg.readout == folded.cfg.vector_size == TEACHER_WIDTH
    ids = torch.randint(5, student.cfg.vocab_size, (6, 9))
    graph = random_graph(np.random.default_rng(1), 30, 90, 60, student.cfg.vocab_size)
    inputs = [torch.from_numpy(getattr(graph, n)) for n in GRAPH_INPUTS]
    with torch.inference_mode():
        np.testing.assert_allclose(folded.text(ids).numpy(), mapped(maps, "text", student.text(ids)), atol=1e-5)
        np.testing.assert_allclose(folded.graph(*inputs).numpy(), mapped(maps, "graph", student.graph(*inputs)),
                                   atol=1e-5)


def test_a_run_without_distillation_does_not_fold(tmp_path) -> None:
    model = MIREncoder(config("tiny", 40))
    torch.save({"model": model.state_dict(), "model_config": model.cfg.to_dict(), "distiller": None},
               tmp_path / "checkpoint.pt")
    with pytest.raises(ValueError, match="not a distilled run"):
        fold(tmp_path / "checkpoint.pt")


def test_the_model_directory_embeds_in_the_teachers_space(distilled, tmp_path) -> None:
    """Manifest and embedding at the teacher's width; the runtime's embedding of a file equals the
    folded torch model's through the same engine; both ONNX encoders equal torch on unseen shapes."""
    from mir_export.pretrain.torch_encoder import torch_engine
    from mir_runtime.backend import single_threaded_options
    from mir_runtime.model import Model

    import onnxruntime as ort

    _, _, out, directory = distilled
    manifest = json.loads((directory / "manifest.json").read_text())
    assert manifest["model"]["readout"] == TEACHER_WIDTH
    assert manifest["embedding_size"] == 3 * TEACHER_WIDTH + 2
    assert GRAPH_READOUT in manifest["files"]
    folded = fold(out / "checkpoint.pt")
    ids = np.random.default_rng(3).integers(5, folded.cfg.vocab_size, (11, 17))
    session = ort.InferenceSession(str(directory / STATEMENT_ENCODER), single_threaded_options(),
                                   providers=["CPUExecutionProvider"])
    with torch.inference_mode():
        expected = folded.text(torch.from_numpy(ids)).numpy()
    np.testing.assert_allclose(session.run(None, {"ids": ids})[0], expected, rtol=1e-4, atol=1e-5)
    source = tmp_path / "kernel.ll"
    source.write_text(IR)
    model = Model.load(directory, precision="fp32", threads=1)
    got = model.embed(source)
    assert got.shape == (3 * TEACHER_WIDTH + 2,)
    want = torch_engine(folded, manifest["pooling"]).embed(model.featurizer.read(source))
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


def test_big_graphs_are_read_out_after_the_blocks(distilled, monkeypatch) -> None:
    from mir_runtime.model import Model

    _, _, out, directory = distilled
    monkeypatch.setattr(blocks, "WHOLE_GRAPH_LIMIT", 400)
    monkeypatch.setattr(blocks, "BLOCK_NODES", 16)
    folded = fold(out / "checkpoint.pt")
    big = random_graph(np.random.default_rng(300), 300, 900, 300, folded.cfg.vocab_size, hub=100)
    assert blocks.is_big(big)
    backend = Model.load(directory, precision="fp32", threads=1).backend
    assert GRAPH_READOUT in backend.block_files
    with torch.inference_mode():
        expected = folded.graph(*(torch.from_numpy(getattr(big, n)) for n in GRAPH_INPUTS)).numpy()
    np.testing.assert_allclose(backend.run_graph(big), expected, rtol=1e-4, atol=1e-5)


def test_fine_tuning_starts_from_the_folded_model(distilled) -> None:
    """From the checkpoint (folded, sha256 not recorded here) and from the ONNX files alone
    (readouts recovered by name scope), the same weights."""
    from mir_export.pretrain.load import pretrained_encoder

    _, _, out, directory = distilled
    folded = fold(out / "checkpoint.pt").state_dict()
    for model in (pretrained_encoder(directory, out / "checkpoint.pt"), pretrained_encoder(directory)):
        assert model.cfg.readout == TEACHER_WIDTH
        for branch in ("text.", "graph."):
            for key, value in model.state_dict().items():
                if key.startswith(branch):
                    torch.testing.assert_close(value, folded[key], msg=key)
