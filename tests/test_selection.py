"""Head families and nested selection: converted heads equal their library, the inner
cross-validation never sees an outer test row, margins keep factor 1 unless a gain clears them."""
from __future__ import annotations

import numpy as np
import pytest

from mir_export.evaluation.datasets import DEVICES, FACTORS, Coarsening
from mir_export.evaluation.learners import (
    CLASSIFIERS, COARSENING, DEFAULT_VOTE, INPUTS_ONLY, REGRESSORS, Learner, default_classifier, vote,
)
from mir_export.evaluation.protocol import (
    VECTORIZE_SPLITS, devmap_folds, evaluate_coarsening, evaluate_devmap, evaluate_vectorize, log_speedups,
)
from mir_export.evaluation.selection import (
    _error, accuracy, choose, classification_splitter, decide, family_folds, group_folds, inner_scores,
    leave_one_out, mean_log_speedup, nested_fit,
)
from mir_export.tasks.vectorize.labels import CLASSES
from test_downstream import synthetic_devmap

ort = pytest.importorskip("onnxruntime")
onnx = pytest.importorskip("onnx")


def _rows(n: int, dims: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    return rng.normal(size=(n, dims)).astype(np.float32), rng.uniform(1, 1e6, (n, 2)).astype(np.float32)


def _onnx(model, path, embedding, extras) -> np.ndarray:
    model.export(path)
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    feed = {"embedding": embedding} | ({"extras": extras} if extras.shape[1] else {})
    assert [i.name for i in session.get_inputs()] == list(feed)
    return session.run(None, feed)[0]


@pytest.mark.parametrize("learner", [c for c in CLASSIFIERS if c.family != "mlp"], ids=lambda c: c.name)
def test_converted_classifiers_equal_the_library_on_held_out_rows(tmp_path, learner) -> None:
    embedding, extras = _rows(160, 24, 0)
    labels = ((np.log(extras[:, 0]) > 11) ^ (embedding[:, 0] > 0.5)).astype(np.int64)
    model = learner.fit(embedding[:120], extras[:120], labels[:120], len(DEVICES), seed=0)
    expected = model.predict(embedding[120:], extras[120:])
    got = _onnx(model, tmp_path / "head.onnx", embedding[120:], extras[120:])
    assert got.shape == (40, len(DEVICES))
    np.testing.assert_allclose(got, expected, atol=1e-5)
    assert (got.argmax(1) == expected.argmax(1)).all()
    model.export(tmp_path / "again.onnx")  # the manifest's sha256 is reproducible
    assert (tmp_path / "again.onnx").read_bytes() == (tmp_path / "head.onnx").read_bytes()


@pytest.mark.parametrize("components", [0, 4])
def test_pca_settings_see_that_much_of_the_code_and_fit_it_on_their_own_rows(components) -> None:
    """``pca=0``: the run-time inputs alone (the embedding may be anything); ``pca=k``: k components
    of the rows the learner was given, so an inner fit never derives them from outer test rows."""
    embedding, extras = _rows(160, 24, 3)
    labels = (np.log(extras[:, 0]) > 11).astype(np.int64)
    learner = Learner("boost", (("depth", 3), ("pca", components)))
    model = learner.fit(embedding[:120], extras[:120], labels[:120], len(DEVICES), seed=0)
    pca = model.pipeline.named_steps["inputs"].named_transformers_.get("code")
    if components == 0:
        assert pca is None
        noise = np.random.default_rng(4).normal(size=embedding[120:].shape).astype(np.float32)
        np.testing.assert_array_equal(model.predict(noise, extras[120:]), model.predict(embedding[120:], extras[120:]))
    else:
        fitted = pca.steps[-1][1]
        assert fitted.n_components_ == components and fitted.n_samples_ == 120


def test_a_stagewise_head_corrects_the_run_time_inputs_with_the_code() -> None:
    """Its first stage reads the run-time inputs alone; the code trees start from that stage's
    log-odds and learn what the inputs cannot tell (here: a code column flips the label)."""
    embedding, extras = _rows(400, 24, 6)
    labels = ((np.log(extras[:, 0]) > 11) ^ (embedding[:, 0] > 0.5)).astype(np.int64)
    stagewise = next(c for c in CLASSIFIERS if c.family == "stagewise")
    head = stagewise.fit(embedding[:300], extras[:300], labels[:300], len(DEVICES), seed=0)
    assert head.base.n_features_in_ == extras.shape[1]
    inputs_only = INPUTS_ONLY.fit(embedding[:300], extras[:300], labels[:300], len(DEVICES), seed=0)
    right = {name: float((model.predict(embedding[300:], extras[300:]).argmax(1) == labels[300:]).mean())
             for name, model in (("stagewise", head), ("inputs", inputs_only))}
    assert right["stagewise"] > right["inputs"] + 0.15, right


def test_a_vote_is_the_mean_of_its_members_inside_the_selection_and_out() -> None:
    """The selection scores a vote by the mean of its members' inner outputs (no fit of its own):
    that must be what the refitted vote predicts; the manifest's form of it reads back."""
    embedding, extras = _rows(160, 24, 5)
    labels = ((np.log(extras[:, 0]) > 11) ^ (embedding[:, 0] > 0.5)).astype(np.int64)
    members = (Learner("boost", (("depth", 3),)), INPUTS_ONLY, Learner("gbt", (("leaves", 31),)))
    both = vote(*members)
    parts = [m.fit(embedding[:120], extras[:120], labels[:120], 2, 7).predict(embedding[120:], extras[120:])
             for m in members]
    whole = both.fit(embedding[:120], extras[:120], labels[:120], 2, 7).predict(embedding[120:], extras[120:])
    np.testing.assert_allclose(whole, np.mean(parts, 0), atol=1e-12)
    folds = classification_splitter(labels, None, 3)
    scored, per_row = inner_scores((*members, both), embedding, extras, labels, 2, folds, accuracy, 3)
    alone = inner_scores((both,), embedding, extras, labels, 2, folds, accuracy, 3)[1][both]
    np.testing.assert_array_equal(per_row[both], alone)
    assert Learner.from_dict({**both.to_dict(), "inner_accuracy": 0.9}) == both
    assert both.name == "vote(boost(depth=3) + boost(depth=3, pca=0) + gbt(leaves=31))"
    with pytest.raises(ValueError, match="two or more"):
        vote(INPUTS_ONLY)


def test_a_member_given_twice_counts_twice() -> None:
    """The vote that trusts the run-time inputs twice as much as the code: its refitted form and
    its inner score are the weighted mean (1/3, 2/3) of its two distinct members."""
    embedding, extras = _rows(160, 24, 6)
    labels = ((np.log(extras[:, 0]) > 11) ^ (embedding[:, 0] > 0.5)).astype(np.int64)
    code = Learner("gbt", (("depth", 3),))
    heavy = vote(code, INPUTS_ONLY, INPUTS_ONLY)
    assert heavy in CLASSIFIERS
    alone = [m.fit(embedding[:120], extras[:120], labels[:120], 2, 7).predict(embedding[120:], extras[120:])
             for m in (code, INPUTS_ONLY)]
    whole = heavy.fit(embedding[:120], extras[:120], labels[:120], 2, 7).predict(embedding[120:], extras[120:])
    np.testing.assert_allclose(whole, (alone[0] + 2 * alone[1]) / 3, atol=1e-12)
    folds = classification_splitter(labels, None, 3)
    per_row = inner_scores((heavy,), embedding, extras, labels, 2, folds, accuracy, 3)[1][heavy]
    outputs = np.zeros((len(labels), 2))
    for k, (train, test) in enumerate(folds):
        fitted = [m.fit(embedding[train], extras[train], labels[train], 2, 3000 + k) for m in (code, INPUTS_ONLY)]
        outputs[test] = (fitted[0].predict(embedding[test], extras[test]) + 2 * fitted[1].predict(embedding[test], extras[test])) / 3
    np.testing.assert_array_equal(per_row, accuracy(labels, outputs.argmax(1)))


@pytest.mark.parametrize("learner", [r for r in REGRESSORS if dict(r.settings)["margin"] in (0.0, 0.2)],
                         ids=lambda r: r.name)
def test_converted_score_regressors_equal_the_library_on_held_out_rows(tmp_path, learner) -> None:
    embedding, _ = _rows(24, 12, 1)
    targets = np.log(np.random.default_rng(2).uniform(0.5, 2.0, (24, len(FACTORS))))
    targets[:, 0] = 0.0
    none = np.zeros((24, 0), dtype=np.float32)
    model = learner.fit(embedding[:16], none[:16], targets[:16], len(FACTORS), seed=0)
    expected = model.predict(embedding[16:], none[16:])
    got = _onnx(model, tmp_path / "head.onnx", embedding[16:], none[16:])
    np.testing.assert_allclose(got, expected, atol=1e-5)
    assert (got.argmax(1) == expected.argmax(1)).all()
    assert np.allclose(got[:, 0], dict(learner.settings)["margin"], atol=1e-5)  # factor 1: no gain + margin
    if learner.family == "mean":  # one curve for every embedding: the head keeps it, not the training rows
        weights = onnx.load(str(tmp_path / "head.onnx")).graph.initializer
        assert sum(int(np.prod(w.dims)) for w in weights) <= len(FACTORS) + 2


@pytest.mark.parametrize("learner", [r for r in COARSENING if dict(r.settings)["margin"] in (0.0, 0.2)],
                         ids=lambda r: r.name)
def test_a_coarsening_head_fitted_on_every_gpu_exports_each_gpu_as_the_library_predicts(tmp_path, learner) -> None:
    """Fitted on rows of every GPU (the one-hot as extras), one GPU's head reads the embedding alone."""
    kernels, gpus = 12, 3
    embedding, _ = _rows(kernels, 8, 6)
    rows = np.concatenate([embedding] * gpus)
    onehot = np.repeat(np.eye(gpus, dtype=np.float32), kernels, axis=0)
    targets = np.log(np.random.default_rng(7).uniform(0.5, 2.0, (kernels * gpus, len(FACTORS))))
    targets[:, 0] = 0.0
    train = np.tile(np.arange(kernels) < 9, gpus)
    model = learner.fit(rows[train], onehot[train], targets[train], len(FACTORS), seed=0)
    for g in range(gpus):
        test = ~train & (onehot[:, g] == 1)
        expected = model.predict(rows[test], onehot[test])
        got = _onnx(model.for_context(np.eye(gpus)[g]), tmp_path / f"head-{g}.onnx", rows[test], np.zeros((3, 0)))
        np.testing.assert_allclose(got, expected, atol=1e-5)
        assert (got.argmax(1) == expected.argmax(1)).all()


def test_neighbours_of_one_gpu_or_of_every_gpu() -> None:
    """``same``: the nearest kernel's curve on the query's GPU; ``every``: its curves on all GPUs."""
    embedding = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.2]], dtype=np.float32)
    rows, onehot = np.concatenate([embedding] * 2), np.repeat(np.eye(2, dtype=np.float32), 3, axis=0)
    targets = np.zeros((6, len(FACTORS)))
    targets[0, 1], targets[3, 1] = 0.6, -0.2  # kernel 0: factor 2 pays on GPU 0, loses on GPU 1
    query, on_first = np.array([[0.9, 0.1]], dtype=np.float32), np.eye(2, dtype=np.float32)[:1]
    same = Learner("knn", (("aggregate", "mean"), ("k", 1), ("margin", 0.0), ("scope", "same")))
    every = Learner("knn", (("aggregate", "min"), ("k", 1), ("margin", 0.0), ("scope", "every")))
    assert same.fit(rows, onehot, targets, len(FACTORS), 0).predict(query, on_first)[0, 1] == pytest.approx(0.6)
    assert every.fit(rows, onehot, targets, len(FACTORS), 0).predict(query, on_first)[0, 1] == pytest.approx(-0.2)


def test_neighbours_are_not_decided_by_columns_that_hardly_vary() -> None:
    """A column almost constant over the training rows (a saturated max-pooled unit) must not turn
    the encoders' precision noise (int8 against fp32: about 0.01) into the nearest kernel."""
    rng = np.random.default_rng(8)
    embedding = np.hstack([rng.normal(0, 0.12, (16, 30)), np.full((16, 10), 0.5) + rng.normal(0, 1e-6, (16, 10))])
    targets = np.log(rng.uniform(0.5, 2.0, (16, len(FACTORS))))
    head = Learner("knn", (("aggregate", "mean"), ("k", 1), ("margin", 0.0))).fit(
        embedding, np.zeros((16, 0)), targets, len(FACTORS), 0)
    noisy = embedding + rng.normal(0, 0.01, embedding.shape)
    np.testing.assert_allclose(head.predict(noisy, np.zeros((16, 0))), targets, atol=1e-6)  # each finds itself


def test_a_margin_keeps_factor_one_unless_the_predicted_gain_clears_it() -> None:
    scores = np.array([[0.0, 0.1, 0.05], [0.0, 0.5, 0.3]])
    assert decide(scores, 0.0).tolist() == [1, 1]
    assert decide(scores, 0.2).tolist() == [0, 1]
    assert decide(scores, 1.0).tolist() == [0, 0]


def test_the_cautious_rule_takes_the_most_conservative_learner_within_one_standard_error() -> None:
    bold, safe, never = (Learner("knn", (("k", 1), ("margin", 0.0))), Learner("mean", (("margin", 0.1),)),
                         Learner("mean", (("margin", 1.0),)))
    noisy = np.array([0.35, -0.25] * 8)  # a mean gain of 0.05 that is mostly noise (standard error 0.08)
    scores = {bold: noisy, safe: noisy - 0.02, never: np.zeros(16)}
    learners = (bold, safe, never)
    assert choose(learners, scores, cautious=False) == bold
    assert choose(learners, scores, cautious=True) == never
    clear = {bold: np.array([0.31, 0.29] * 8), safe: np.full(16, 0.1), never: np.zeros(16)}
    assert choose(learners, clear, cautious=True) == bold


def test_held_to_the_default_each_a_big_win_on_one_group_vetoes_no_steady_learner() -> None:
    bold, steady, never = (Learner("knn", (("k", 3), ("margin", 0.0))), Learner("knn", (("k", 5), ("margin", 0.0))),
                           Learner("mean", (("margin", 10.0),)))
    packages = np.repeat(["a", "b", "c", "d", "e"], 10)
    # bold: 2x on package a, a little lost on the others; steady: a little gained on every package
    scores = {bold: np.repeat([0.7, -0.01, -0.01, -0.01, -0.01], 10),
              steady: np.repeat([0.02, 0.01, 0.015, 0.01, 0.02], 10) + np.tile(np.linspace(-0.002, 0.002, 10), 5),
              never: np.zeros(50)}
    learners = (bold, steady, never)
    assert choose(learners, scores, cautious=True, groups=packages) == never  # the bold one's band holds all
    assert choose(learners, scores, False, never, packages, each_clears=True) == steady
    assert choose((bold, never), {bold: scores[bold], never: scores[never]}, False, never, packages,
                  each_clears=True) == never  # one package's win alone does not clear its own band
    assert choose(learners, scores, False, never, each_clears=True) == bold  # rows as observations: it clears


def test_the_cautious_band_counts_a_group_of_rows_as_one_observation() -> None:
    bold, never = Learner("knn", (("k", 1), ("margin", 0.0))), Learner("mean", (("margin", 1.0),))
    # four loop families of eight kernels; the bold learner wins big on three, loses on the fourth
    gains = np.repeat([0.2, 0.2, 0.2, -0.3], 8) + np.tile(np.linspace(-0.01, 0.01, 8), 4)
    families = np.repeat(["s1", "s2", "s3", "s4"], 8)
    scores = {bold: gains, never: np.zeros(32)}
    assert choose((bold, never), scores, cautious=True) == bold  # 32 "independent" rows: a clear gain
    assert choose((bold, never), scores, cautious=True, groups=families) == never  # 4 families: noise
    expected = np.sqrt(4 / 3 * sum((8 * (g - gains.mean())) ** 2 for g in (0.2, 0.2, 0.2, -0.3))) / 32
    assert _error(gains, families) == pytest.approx(expected)
    assert _error(gains, np.arange(32)) == pytest.approx(_error(gains))  # one row a group: the plain one


def test_a_learner_replaces_the_default_only_when_it_clearly_beats_it() -> None:
    assert DEFAULT_VOTE in CLASSIFIERS and INPUTS_ONLY in CLASSIFIERS
    assert default_classifier(True) == DEFAULT_VOTE
    assert default_classifier(False) == INPUTS_ONLY  # no code columns: no tree of the code
    other = Learner("linear", (("C", 1.0),))
    right = np.array([1.0, 0.0] * 50)  # the default is right on half the rows
    lucky = right.copy()
    lucky[[1, 3, 5, 7, 9, 11]], lucky[[0, 2, 4, 8]] = 1.0, 0.0  # right on 6 rows more, wrong on 4: noise
    assert choose((DEFAULT_VOTE, other), {DEFAULT_VOTE: right, other: lucky}, cautious=False) == other
    assert choose((DEFAULT_VOTE, other), {DEFAULT_VOTE: right, other: lucky}, False, DEFAULT_VOTE) == DEFAULT_VOTE
    better = right.copy()
    better[1::2][:20] = 1.0  # twenty rows more: a real advantage
    assert choose((DEFAULT_VOTE, other), {DEFAULT_VOTE: right, other: better}, False, DEFAULT_VOTE) == other


def test_the_gbm_shaped_lightgbm_grows_depth_limited_trees_down_to_single_rows() -> None:
    """``gbt(depth=3)``: scikit-learn's GBM shape (100 trees of depth 3, learning rate 0.1, a leaf
    may hold one row), so the default's code member splits as the untuned GBM would, binned."""
    embedding, extras = _rows(60, 8, 2)
    labels = (embedding[:, 0] > 0.5).astype(np.int64)
    booster = Learner("gbt", (("depth", 3),)).fit(embedding, extras, labels, 2, 0).pipeline.steps[-1][1]
    assert (booster.max_depth, booster.num_leaves, booster.min_child_samples) == (3, 8, 1)
    assert (booster.n_estimators, booster.learning_rate) == (100, 0.1)
    depths = booster.booster_.trees_to_dataframe().groupby("tree_index")["node_depth"].max()
    assert depths.max() <= 4  # the root is depth 1 in LightGBM's frame: three splits deep at most


class Spy(Learner):
    """Records the row ids (column 0 of the embedding) of every fit; predicts a fixed class."""

    seen: list = []

    def fit(self, embedding, extras, targets, classes, seed):
        Spy.seen.append(set(embedding[:, 0].astype(int)))
        choice = dict(self.settings)["choice"]

        class Constant:
            def predict(self, e, x):
                out = np.zeros((len(e), classes))
                out[:, choice] = 1.0
                return out

        return Constant()


@pytest.mark.parametrize("grouped", [False, True])
def test_the_inner_cross_validation_never_sees_outer_test_rows(grouped) -> None:
    table = synthetic_devmap(150)
    ids = np.arange(len(table.oracle), dtype=np.float64)[:, None]
    chooser = nested_fit((Spy("spy", (("choice", 0),)), Spy("spy", (("choice", 1),))), len(DEVICES),
                         classification_splitter, accuracy)
    outer = devmap_folds(table.oracle, 4, table.benchmark if grouped else None)
    checked = []

    def fit(features, extras, targets, groups, seed):
        Spy.seen.clear()
        k = seed - 400
        assert (groups is not None) == grouped
        chosen = chooser(features, extras, targets, groups, seed)
        test = set(outer[k][1])
        assert Spy.seen and not any(rows & test for rows in Spy.seen)
        if grouped:  # inner folds keep each kernel whole too
            for inner_train, inner_test in classification_splitter(targets, groups, seed):
                assert not set(groups[inner_train]) & set(groups[inner_test])
        checked.append(k)
        return chosen

    result = evaluate_devmap(table, ids, table.extras, fit, seeds=[4], grouped=grouped)
    assert checked == list(range(10))
    assert sum(result["chosen"].values()) == 10 and all(name.startswith("spy(") for name in result["chosen"])


def test_vectorize_holds_out_whole_families_and_its_inner_cross_validation_never_sees_outer_test_rows() -> None:
    families = np.array([f"s{k % 12}" for k in range(60)])
    ids = np.arange(len(families), dtype=np.float64)[:, None]
    targets = np.log(np.random.default_rng(0).uniform(0.5, 2.0, (len(families), len(CLASSES))))
    targets[:, 0] = 0.0
    chooser = nested_fit((Spy("spy", (("choice", 0),)), Spy("spy", (("choice", 5),))), len(CLASSES), family_folds,
                         mean_log_speedup)
    outer = group_folds(families, VECTORIZE_SPLITS, 3)
    checked = []

    def fit(features, extras, targets, groups, seed):
        Spy.seen.clear()
        k = seed - 300
        train, test = outer[k]
        assert not set(families[train]) & set(families[test])
        assert groups.tolist() == families[train].tolist()
        chosen = chooser(features, extras, targets, groups, seed)
        assert Spy.seen and not any(rows & set(test) for rows in Spy.seen)
        for inner_train, inner_test in family_folds(targets, groups, seed):
            assert not set(groups[inner_train]) & set(groups[inner_test])
        checked.append(k)
        return chosen

    result = evaluate_vectorize(targets, families, ids, fit, seeds=[3])
    assert checked == list(range(VECTORIZE_SPLITS)) and sum(result["chosen"].values()) == VECTORIZE_SPLITS
    assert set(result["families"]) == set(families)
    with pytest.raises(ValueError, match="at least 2 groups"):
        group_folds(np.array(["s1"] * 5), VECTORIZE_SPLITS, 0)


def test_nested_coarsening_never_loses_to_factor_one_on_a_kernel_family_it_can_learn() -> None:
    """Kernels whose code says whether coarsening by 4 pays: the selection learns it, and its
    margin keeps factor 1 where gains are noise."""
    rng = np.random.default_rng(0)
    kernels = 9
    good = np.arange(kernels) % 2 == 0
    runtimes = np.tile([10.0, 9.0, 6.0, 8.0, 12.0, 20.0], (kernels, 1))
    runtimes[~good] = [10.0, 10.5, 14.0, 16.0, 18.0, 25.0]
    runtimes *= rng.uniform(0.98, 1.02, runtimes.shape)
    table = Coarsening("fermi", tuple(f"k{k}" for k in range(kernels)), runtimes, np.nanargmin(runtimes, 1), ())
    features = np.where(good[:, None], 1.0, -1.0) + rng.normal(0, 0.1, (kernels, 8))
    learners = tuple(r for r in COARSENING if r.family in ("mean", "knn") and dict(r.settings).get("k", 1) == 1)
    fit = nested_fit(learners, len(FACTORS), leave_one_out, mean_log_speedup, cautious=True)
    result = evaluate_coarsening([table], features, fit, seeds=[0])
    oracle = float(np.exp(log_speedups(table).max(1).mean()))
    assert result["fermi"]["mean"] >= 0.95 * oracle
