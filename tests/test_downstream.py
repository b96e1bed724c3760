"""Downstream protocols: folds, speedup arithmetic, name matching, the head and its ONNX export."""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
torch = pytest.importorskip("torch")  # the training side: a runtime-only install skips it

from mir_export.features.baselines import IR2VEC_SIZE, ir2vec_vectors
from mir_export.evaluation.datasets import (
    DEVICES, FACTORS, GPUS, PLATFORMS, Coarsening, Devmap, read_coarsening, read_devmap,
)
from mir_export.features.embedding import distinct_files
from mir_export.evaluation.heads import HeadConfig, MlpHead, export_head, logits, train_head
from mir_export.evaluation.protocol import (
    capped, coarsening_references, coarsening_speedups, devmap_folds, devmap_references, devmap_scores, evaluate_coarsening,
    evaluate_devmap, geomean,
)
from mir_export.evaluation.report import devmap_markdown

torch.set_num_threads(1)
FAST = HeadConfig(epochs=40)


def synthetic_devmap(rows: int = 120, platform: str = "amd") -> Devmap:
    """Kernels of 1-6 rows each; the GPU wins for large transfers."""
    rng = np.random.default_rng(0)
    benchmark = np.repeat([f"k{k}" for k in range(rows)], rng.integers(1, 7, rows))[:rows]
    transfer = rng.uniform(1e3, 1e7, rows)
    runtimes = np.stack([transfer / 1e5 + 1.0, np.full(rows, 30.0)], axis=1)
    return Devmap(platform, benchmark, np.array(["default"] * rows), np.stack([transfer, np.full(rows, 64.0)], 1),
                  runtimes, runtimes.argmin(1), ())


@pytest.mark.parametrize("grouped", [False, True])
def test_folds_partition_rows_stratified_and_groups_never_split(grouped) -> None:
    table = synthetic_devmap()
    folds = devmap_folds(table.oracle, seed=3, groups=table.benchmark if grouped else None)
    assert len(folds) == 10
    tests = np.concatenate([test for _, test in folds])
    assert sorted(tests) == list(range(len(table.oracle)))
    share = table.oracle.mean()
    for train, test in folds:
        assert not set(train) & set(test)
        if grouped:
            assert not set(table.benchmark[train]) & set(table.benchmark[test])
        else:  # every fold keeps the class balance within one row
            assert abs(table.oracle[test].sum() - share * len(test)) <= 1
    again = devmap_folds(table.oracle, seed=3, groups=table.benchmark if grouped else None)
    assert all((a[1] == b[1]).all() for a, b in zip(folds, again))


def test_devmap_speedups_static_is_one_and_oracle_is_best() -> None:
    table = synthetic_devmap(platform="nvidia")  # static device GPU
    references = devmap_references(table)
    assert references["static"]["speedup"] == pytest.approx(1.0)
    assert references["static"]["accuracy"] == pytest.approx((table.oracle == 1).mean())
    assert references["oracle"]["accuracy"] == 1.0
    expected = (table.runtimes[:, 1] / table.runtimes.min(1)).mean()
    assert references["oracle"]["speedup"] == pytest.approx(expected)
    always_cpu = devmap_scores(table, np.zeros(len(table.oracle), dtype=np.int64))
    assert always_cpu["speedup"] == pytest.approx((table.runtimes[:, 1] / table.runtimes[:, 0]).mean())


def test_coarsening_caps_at_the_largest_measured_factor() -> None:
    nan = np.nan
    runtimes = np.array([[10.0, 5.0, 4.0, 8.0, nan, nan], [10.0, 20.0, 30.0, 40.0, 50.0, 2.0]])
    predicted = np.array([5, 5])  # factor 32 for both: the first kernel was measured up to 8 only
    assert capped(runtimes, predicted).tolist() == [3, 5]
    table = Coarsening("fermi", ("a", "b"), runtimes, np.array([2, 5]), ())
    assert coarsening_speedups(table, predicted).tolist() == [10.0 / 8.0, 5.0]
    assert coarsening_speedups(table, np.array([0, 0])).tolist() == [1.0, 1.0]
    assert geomean(np.array([2.0, 8.0])) == pytest.approx(4.0)


def _write(path, header: list[str], rows: list[list]) -> None:
    path.write_text("\n".join(",".join(map(str, r)) for r in [header, *rows]) + "\n")


def test_coarsening_tables_are_matched_by_kernel_name_not_row_order(tmp_path) -> None:
    folder = tmp_path / "threadcoarsening"
    folder.mkdir()
    gpus = [g.capitalize() for g in GPUS]
    _write(folder / "pact-2014-runtimes.csv", ["kernel", "cf", *[f"runtime_{g}" for g in gpus]], [
        ["zeta", 2, 1, 1, 1, 1], ["alpha", 1, 9, 9, 9, 9], ["zeta", 1, 5, 5, 5, 5], ["alpha", 2, 3, 3, 3, ""],
    ])
    _write(folder / "pact-2014-oracles.csv", ["kernel", *[f"{c}_{g}" for g in gpus for c in ("cf", "runtime")]], [
        ["zeta", *[2.0, 1] * 4], ["alpha", 2.0, 3, 2.0, 3, 2.0, 3, 1.0, 9],
    ])
    table = read_coarsening(tmp_path, "fermi")
    assert table.kernels == ("alpha", "zeta")
    assert table.runtimes[:, :2].tolist() == [[9.0, 3.0], [5.0, 1.0]]
    assert table.oracle.tolist() == [1, 1]
    assert [p.name for p in table.ir] == ["alpha.ll", "zeta.ll"]
    tahiti = read_coarsening(tmp_path, "tahiti")  # alpha x2 not measured there
    assert np.isnan(tahiti.runtimes[0, 1]) and tahiti.oracle.tolist() == [0, 1]
    assert coarsening_references(tahiti)["oracle"]["speedup"] == pytest.approx(np.sqrt(5.0))


def test_head_learns_a_separable_problem_and_the_protocol_runs() -> None:
    table = synthetic_devmap()
    embedding = np.random.default_rng(1).normal(size=(len(table.oracle), 8))  # noise: extras decide
    head = train_head(embedding, table.extras, table.oracle, len(DEVICES), seed=0, cfg=FAST)
    assert (logits(head, embedding, table.extras).argmax(1) == table.oracle).mean() >= 0.95

    def fit(x, extras, labels, groups, seed):
        h = train_head(x, extras, labels, len(DEVICES), seed, FAST)
        return lambda tx, te: logits(h, tx, te).argmax(1)

    scores = evaluate_devmap(table, embedding, table.extras, fit, seeds=[0], grouped=True)
    assert scores["accuracy"]["mean"] >= 0.85 and scores["speedup"]["mean"] > 1.0


@pytest.mark.parametrize("platforms", [PLATFORMS, ("amd",)])
def test_devmap_report_has_a_column_pair_per_platform_run(platforms) -> None:
    """Runs of one platform each (``--platforms amd``) write their own report too."""
    entries = {}
    for platform in platforms:
        table = synthetic_devmap(platform=platform)
        scores = evaluate_devmap(table, np.zeros((len(table.oracle), 0)), table.extras,
                                 lambda *_: lambda x, e: np.ones(len(x), dtype=np.int64), seeds=[0], grouped=False)
        entries[platform] = {**devmap_references(table), "stratified": {"runtime": scores}, "grouped": {"runtime": scores}}
    results = {"model": "m", "seeds": [0], "features": ["runtime"], "platforms": entries,
               "selection": {"learners": ["gbt(leaves=31)"], "inner": "3-fold"}}
    rows = [line for line in devmap_markdown(results).splitlines() if line.startswith("|")]
    assert rows[0] == "| | " + " | ".join(f"{p.upper()} accuracy % | {p.upper()} speedup" for p in platforms) + " |"
    assert {line.count("|") for line in rows} == {2 + 2 * len(platforms)}
    assert rows[-1].startswith("| MIREncoder (published) | 93.60 | – |")


def test_strict_coarsening_holds_a_kernel_out_on_every_gpu() -> None:
    """The strict protocol trains on the other kernels' rows of every GPU, never on a row of the
    test kernel, and tells the fit which kernel each row is (inner folds hold kernels out whole)."""
    runtimes = np.tile([[4.0, 2.0, 1.0, 3.0, 5.0, np.nan]], (5, 1))
    tables = [Coarsening(gpu, tuple("abcde"), runtimes, np.full(5, 2), ()) for gpu in ("fermi", "kepler")]
    features = np.arange(5, dtype=np.float64)[:, None]  # the kernel's index
    seen = []

    def fit(x, extras, targets, groups, seed):
        seen.append(set(x[:, 0].tolist()))
        assert extras.shape == (8, 2) and targets.shape == (8, len(FACTORS))
        assert groups.tolist() == x[:, 0].tolist()  # each row's kernel
        return lambda tx, te: np.full(len(tx), 2)

    scores = evaluate_coarsening(tables, features, fit, seeds=[0, 1], hold_out="kernel")
    assert seen == [set(range(5)) - {k} for k in range(5)] * 2
    assert scores["fermi"]["mean"] == pytest.approx(4.0) and scores["mean"]["std"] == 0.0
    with pytest.raises(ValueError, match="hold-out"):
        evaluate_coarsening(tables, features, fit, seeds=[0], hold_out="gpu")


def test_pooled_coarsening_leaves_each_row_out_and_reports_both_means() -> None:
    first = Coarsening("fermi", tuple("ab"), np.array([[4.0, 1.0, 4.0, 4.0, 4.0, 4.0], [4.0, 4.0, 1.0, 4.0, 4.0, 4.0]]),
                       np.array([1, 2]), ())
    second = Coarsening("kepler", tuple("ab"), np.full((2, 6), 4.0), np.zeros(2, dtype=np.int64), ())

    def fit(x, extras, targets, groups, seed):
        assert len(x) == 3 and extras.shape == (3, 2) and groups is None  # the GPU one-hot beside the features
        return lambda tx, te: np.full(len(tx), 1)  # factor 2 for every row

    scores = evaluate_coarsening([first, second], np.zeros((2, 3)), fit, seeds=[0], hold_out="row")
    # fermi: kernel a 4x at factor 2, kernel b 1x; kepler: 1x, 1x
    assert scores["fermi"]["mean"] == pytest.approx(2.0) and scores["kepler"]["mean"] == pytest.approx(1.0)
    assert scores["mean"]["mean"] == pytest.approx(1.5)  # geometric per GPU, then the mean
    assert scores["notebook_mean"]["mean"] == pytest.approx((2.5 + 1.0) / 2)  # IR2Vec's notebook: arithmetic


@pytest.mark.parametrize("extras_size", [2, 0])
def test_exported_head_matches_torch_on_unseen_batch_sizes(tmp_path, extras_size) -> None:
    ort = pytest.importorskip("onnxruntime")
    rng = np.random.default_rng(extras_size)
    embedding, extras = rng.normal(3.0, 2.0, (20, 16)), rng.uniform(0, 1e6, (20, extras_size))
    head = train_head(embedding, extras, rng.integers(0, len(FACTORS), 20), len(FACTORS), 0, HeadConfig(epochs=2))
    export_head(head, tmp_path / "head.onnx")
    session = ort.InferenceSession(str(tmp_path / "head.onnx"), providers=["CPUExecutionProvider"])
    assert [i.name for i in session.get_inputs()] == ["embedding", "extras"][: 1 + bool(extras_size)]
    for n in (1, 7):
        feed = {"embedding": rng.normal(3.0, 2.0, (n, 16)).astype(np.float32)}
        if extras_size:
            feed["extras"] = rng.uniform(0, 1e6, (n, extras_size)).astype(np.float32)
        got = session.run(None, feed)[0]
        expected = MlpHead(head).predict(feed["embedding"], feed.get("extras", np.zeros((n, 0), np.float32)))
        assert got.shape == (n, len(FACTORS)) and [o.name for o in session.get_outputs()] == ["probabilities"]
        np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-6)


def test_real_tables_have_every_row_and_ir_file(datasets) -> None:
    for platform in PLATFORMS:
        table = read_devmap(datasets, platform)
        assert len(table.oracle) == 669 and len(set(table.benchmark)) == 256
        assert all(path.is_file() for path in table.ir)
        assert (table.runtimes.argmin(1) == table.oracle).all()
    assert (read_devmap(datasets, "amd").oracle == 0).sum() == 395  # static AMD = CPU on 395 rows (59.0%)
    for gpu in GPUS:
        table = read_coarsening(datasets, gpu)
        assert len(table.kernels) == 17 and all(path.is_file() for path in table.ir)
        assert (np.nanargmin(table.runtimes, 1) == table.oracle).all()  # the oracles file agrees by name


def test_identical_files_are_featurized_once(tmp_path) -> None:
    a, b, c = (tmp_path / f"{name}.ll" for name in "abc")
    a.write_text("same")
    b.write_text("other")
    c.write_text("same")
    unique, index = distinct_files([a, b, c, a])
    assert unique == [a, b] and index.tolist() == [0, 1, 0, 0]


def test_ir2vec_rejected_files_are_zeros_and_reported(tmp_path) -> None:
    pytest.importorskip("ir2vec")
    good, bad = tmp_path / "good.ll", tmp_path / "bad.ll"
    good.write_text("define i32 @f(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n")
    bad.write_text("define i32 @f(i32 %x {\n")
    vectors, rejected = ir2vec_vectors([bad, good, bad, good])
    assert sorted(rejected) == [str(bad)] and "error" in rejected[str(bad)]
    assert vectors.shape == (4, IR2VEC_SIZE) and not vectors[0].any() and vectors[1].any()
    assert (vectors[1] == vectors[3]).all()
    other = tmp_path / "other.ll"
    other.write_text("define i32 @g(i32 %x) {\n  %y = mul i32 %x, 3\n  ret i32 %y\n}\n")
    files = [good, bad, other, good]
    alone, two = ir2vec_vectors(files), ir2vec_vectors(files, workers=2)
    assert (alone[0] == two[0]).all() and alone[1] == two[1] and two[0][2].any()  # two chains, the same vectors


FAKE_IR2VEC = """import time


class _Embedding:
    def __init__(self, path):
        self.path = path

    def getProgramVector(self):
        return [float("nan") if self.path.endswith("nan.ll") else 1.0] * 300


def initEmbedding(path, *_):
    if path.endswith("hang.ll"):
        time.sleep(3600)
    return _Embedding(path)
"""


def test_a_file_ir2vec_hangs_on_is_rejected_after_the_time_limit(tmp_path, monkeypatch) -> None:
    fake = tmp_path / "fake"
    fake.mkdir()
    (fake / "ir2vec.py").write_text(FAKE_IR2VEC)  # hangs on hang.ll, as IR2Vec 2.1.1 does on a few
    monkeypatch.syspath_prepend(str(fake))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(fake), os.environ.get("PYTHONPATH", "")]))
    files = [tmp_path / f"{name}.ll" for name in ("a", "hang", "b")]
    for k, path in enumerate(files):
        path.write_text(f"; file {k}\n")
    vectors, rejected = ir2vec_vectors(files, seconds=3)
    assert list(rejected) == [str(files[1])] and "no vector after 3 s" in rejected[str(files[1])]
    assert vectors[0].all() and not vectors[1].any() and vectors[2].all()
    nan = tmp_path / "nan.ll"
    nan.write_text("; IR2Vec's arithmetic gives NaN here\n")
    vectors, rejected = ir2vec_vectors([files[0], nan])
    assert list(rejected) == [str(nan)] and "not finite" in rejected[str(nan)]
    assert vectors[0].all() and not vectors[1].any()


def test_embeddings_are_cached_per_encoder(model_dir, tmp_path, monkeypatch) -> None:
    from mir_export.features import embedding as features
    from models import IR

    monkeypatch.setenv("MIR_CACHE", str(tmp_path / "cache"))
    files = [tmp_path / "a.ll", tmp_path / "b.ll"]
    files[0].write_text(IR)
    files[1].write_text(IR)
    first = features.embed_files(files, model_dir[2])
    assert first.shape == (2, 3 * 32 + 2) and np.array_equal(first[0], first[1])
    monkeypatch.setattr(features, "Model", None)  # a second call must not load the model
    assert np.array_equal(features.embed_files(files[:1], model_dir[2]), first[:1])


def test_embedding_in_worker_processes_gives_the_same_vectors(model_dir, tmp_path, monkeypatch) -> None:
    from mir_export.features import embedding as features
    from models import IR, LOOP

    files = [tmp_path / "a.ll", tmp_path / "b.ll", tmp_path / "c.ll"]
    for path, text in zip(files, (IR, LOOP, IR)):
        path.write_text(text)
    runs = []
    for workers in (1, 2):
        monkeypatch.setenv("MIR_CACHE", str(tmp_path / f"cache{workers}"))
        runs.append(features.embed_files(files, model_dir[2], workers))
    np.testing.assert_allclose(runs[1], runs[0], rtol=0, atol=1e-5)
    assert not np.array_equal(runs[0][0], runs[0][1])


def test_token_counts_in_worker_processes_are_the_same(tmp_path) -> None:
    from mir_export.features.bags import token_counts

    files = []
    for k, body in enumerate(["%y = add i32 %x, 1", "%y = mul i32 %x, 3", "%y = sub i32 %x, %x"]):
        files.append(tmp_path / f"f{k}.ll")
        files[-1].write_text(f"define i32 @f(i32 %x) {{\n  {body}\n  ret i32 %y\n}}\n")
    (tmp_path / "bad.ll").write_text("define i32 @f(i32 %x {\n")
    files.append(tmp_path / "bad.ll")
    model = Path(__file__).resolve().parents[1] / "artifacts"
    alone, two = token_counts(files, model), token_counts(files, model, workers=2)
    assert alone == two and alone[0] != alone[1] and not alone[3]
