"""The file embedding's layouts (``mir_runtime.pooling``): what each part holds, the same in the
runtime's engine, in worker processes and in the training side's torch version."""
from __future__ import annotations

import numpy as np
import pytest

from models import IR, LOOP
from mir_runtime import Model
from mir_runtime.ir import parse_ir
from mir_runtime.pooling import MEAN, MEAN_MAX_SIZE, POOLINGS, branch_columns, embedding_size, pool


def test_layouts_hold_mean_max_graph_and_sizes() -> None:
    vectors = np.array([[1.0, -2.0], [3.0, 0.0]], dtype=np.float32)
    weights = np.array([3.0, 1.0], dtype=np.float32)  # the first statement occurs three times
    graph = np.array([5.0, 6.0], dtype=np.float32)
    assert pool(MEAN, vectors, weights, graph, 7).tolist() == [1.5, -1.5, 5.0, 6.0]
    rich = pool(MEAN_MAX_SIZE, vectors, weights, graph, 7)
    assert rich.dtype == np.float32 and len(rich) == embedding_size(MEAN_MAX_SIZE, 2)
    np.testing.assert_allclose(rich, [1.5, -1.5, 3.0, 0.0, 5.0, 6.0, np.log(5.0), np.log(8.0)], rtol=1e-6)


@pytest.mark.parametrize("pooling", POOLINGS)
def test_branch_columns_split_the_embedding(pooling) -> None:
    columns = branch_columns(pooling, 4)
    together = np.sort(np.concatenate([columns["text"], columns["graph"]]))
    assert together.tolist() == list(range(embedding_size(pooling, 4)))


@pytest.mark.parametrize("pooling", POOLINGS)
def test_a_file_without_statements_has_zeros_for_them(pooling) -> None:
    graph = np.ones(4, dtype=np.float32)
    got = pool(pooling, np.zeros((0, 4), dtype=np.float32), np.zeros(0, dtype=np.float32), graph, 3)
    assert len(got) == embedding_size(pooling, 4) and not got[:4].any() and np.isfinite(got).all()


def test_unknown_pooling_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown pooling"):
        embedding_size("median", 4)


def _files(tmp_path):
    files = []
    for k, text in enumerate((IR, LOOP)):
        files.append(tmp_path / f"{k}.ll")
        files[-1].write_text(text)
    return files


def test_worker_processes_pool_as_the_calling_process(model_dir, tmp_path) -> None:
    files = _files(tmp_path)
    with Model.load(model_dir[2], precision="fp32") as model:
        assert model.manifest.pooling == MEAN_MAX_SIZE and model.embedding_size == 3 * model.manifest.d_model + 2
        here = model.embed(files)
        apart = np.stack([v for _, v in model.iter_embed(files, workers=2)])
    np.testing.assert_array_equal(here, apart)


def test_the_training_side_pools_as_the_runtime(model_dir, tmp_path) -> None:
    torch = pytest.importorskip("torch")
    from mir_export.pretrain.pooled import sampled_embedding
    from mir_export.pretrain.torch_encoder import torch_engine

    encoder, _, directory = model_dir
    files = _files(tmp_path)
    with Model.load(directory, precision="fp32") as model:
        here = model.embed(files)
        features = [model.featurizer(parse_ir(f.read_text())) for f in files]
    through_engine = np.stack([torch_engine(encoder, MEAN_MAX_SIZE).embed(f) for f in features])
    np.testing.assert_allclose(through_engine, here, rtol=1e-4, atol=1e-5)
    with torch.no_grad():  # every statement drawn: the training side's vector is the runtime's
        drawn = [sampled_embedding(encoder, f, len(f.ids), torch.Generator().manual_seed(0), MEAN_MAX_SIZE).numpy()
                 for f in features]
    np.testing.assert_allclose(np.stack(drawn), here, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("pooling", POOLINGS)
def test_views_pooled_in_one_batch_equal_each_view_alone(model_dir, tmp_path, pooling) -> None:
    """A training step's views go through each branch together (statements in length chunks,
    graphs joined): the same vectors as one view at a time, whatever the statements drawn."""
    torch = pytest.importorskip("torch")
    from mir_export.pretrain.pooled import pooled_embedding, pooled_embeddings

    encoder, _, directory = model_dir
    with Model.load(directory, precision="fp32") as model:
        features = [model.featurizer(parse_ir(f.read_text())) for f in _files(tmp_path)]
    views = [features[0], features[1], features[0]]
    rows = [[0], list(range(len(features[1].ids)))[::-1], list(range(1, len(features[0].ids)))]
    with torch.no_grad():
        together = pooled_embeddings(encoder.eval(), views, rows, pooling).numpy()
        alone = np.stack([pooled_embedding(encoder, v, r, pooling).numpy() for v, r in zip(views, rows)])
    assert together.shape == (3, embedding_size(pooling, encoder.cfg.vector_size))
    np.testing.assert_allclose(together, alone, rtol=1e-4, atol=1e-5)
