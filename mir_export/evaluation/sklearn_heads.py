"""scikit-learn heads (boosted trees, linear models) and their ONNX form.

A head is one scikit-learn pipeline over ``[embedding, log(1 + extras)]``: the embedding
standardized (and, for some settings, reduced to its first k principal components, k = 0:
dropped), the run-time inputs standardized, then the estimator. skl2onnx converts the pipeline; the ONNX file then
gets the runtime's raw inputs (``embedding`` [N, D], ``extras`` [N, K] when K > 0) in front and
one named output: ``probabilities`` [N, C] for a classifier, ``scores`` [N, C] (arg-max is the
decision) for a score regressor, ``value`` [N, 1] for a regressor of one number. Tree ensembles run natively in onnxruntime (``ai.onnx.ml``).
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from sklearn.compose import ColumnTransformer
from sklearn.decomposition import PCA
from sklearn.ensemble import GradientBoostingClassifier, GradientBoostingRegressor, VotingClassifier
from sklearn.linear_model import LogisticRegression, Ridge
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import StandardScaler

OPSET = {"": 18, "ai.onnx.ml": 3}
# LightGBM names the columns it was fitted on, and the pipeline hands it a bare array: harmless.
warnings.filterwarnings("ignore", message="X does not have valid feature names")
CLASSIFIER_FAMILIES = ("gbt", "boost", "linear")
VALUE_FAMILIES = ("gbr", "boostr", "linreg")  # regressors of one number (a user's numeric target)


def log_inputs(extras: np.ndarray) -> np.ndarray:
    """``log(1 + x)`` in float32, exactly as the ONNX head computes it (``Log(Add(x, 1))``)."""
    return np.log(np.asarray(extras, dtype=np.float32) + np.float32(1.0))


def head_inputs(embedding: np.ndarray, extras: np.ndarray) -> np.ndarray:
    """``[embedding, log(1 + extras)]`` in float32: what every head's ONNX form builds from its raw inputs."""
    return np.hstack([np.asarray(embedding, dtype=np.float32), log_inputs(extras)])


def estimator(family: str, options: dict, dims: int, extras: int, rows: int, seed: int) -> Pipeline:
    """The pipeline of ``family`` with ``options`` for inputs of ``dims`` + ``extras`` columns."""
    code: list = [StandardScaler()]
    components = options.get("pca")  # None: the whole embedding; k: its first k principal components
    if components is not None:
        code.append(PCA(n_components=min(int(components), dims, rows - 1), random_state=seed))
    parts = [("code", make_pipeline(*code), list(range(dims)))] if dims and components != 0 else []
    if extras:
        parts.append(("extras", StandardScaler(), list(range(dims, dims + extras))))
    if family == "gbt":
        from lightgbm import LGBMClassifier

        # depth: scikit-learn's GBM shape (trees of that depth, a leaf may hold one row), else
        # LightGBM's leaf-wise trees of ``leaves`` leaves; 63 bins: a few hundred rows fill no
        # more, and split search costs bins x columns per node
        depth = options.get("depth")
        shape = ({"max_depth": int(depth), "num_leaves": 2 ** int(depth), "min_child_samples": 1} if depth
                 else {"num_leaves": int(options["leaves"])})
        model = LGBMClassifier(**shape, max_bin=63, force_col_wise=True, random_state=seed, n_jobs=1, verbose=-1)
    elif family == "boost":
        # scikit-learn's defaults (100 trees of depth 3, learning rate 0.1): exact thresholds on
        # every column, where LightGBM's leaf-wise trees need 20 rows a leaf and binned columns
        model = GradientBoostingClassifier(max_depth=int(options["depth"]), random_state=seed)
    elif family == "linear":
        model = LogisticRegression(C=float(options["C"]), max_iter=5000)
    elif family in ("ridge", "linreg"):
        model = Ridge(alpha=float(options["alpha"]))
    elif family == "gbr":
        from lightgbm import LGBMRegressor

        model = LGBMRegressor(num_leaves=int(options["leaves"]), min_child_samples=int(options.get("min_child", 5)),
                              max_bin=63, force_col_wise=True, random_state=seed, n_jobs=1, verbose=-1)
    elif family == "boostr":
        model = GradientBoostingRegressor(max_depth=int(options["depth"]), random_state=seed)
    else:
        raise ValueError(f"unknown head family {family!r}")
    return Pipeline([("inputs", ColumnTransformer(parts)), ("model", model)])


def voting(members: list[Pipeline]) -> Pipeline:
    """The soft vote (mean probabilities) of ``members``, pipelines of ``estimator`` on the same inputs;
    wrapped in a pipeline so that every head's classifier is its last step."""
    vote = VotingClassifier([(f"member{k}", m) for k, m in enumerate(members)], voting="soft",
                            flatten_transform=False)  # skl2onnx converts only this form
    return Pipeline([("model", vote)])


@dataclass
class SklearnHead:
    pipeline: Pipeline
    dims: int
    extras: int
    margin: float  # score regressors: added to factor 1's score
    context: np.ndarray | None = None  # fixed extras (a one-hot GPU): the head then reads the embedding alone
    value: bool = False  # a regressor of one number: output ``value`` [N, 1]

    @classmethod
    def fit(cls, pipeline: Pipeline, embedding: np.ndarray, extras: np.ndarray, targets: np.ndarray,
            margin: float = 0.0, value: bool = False) -> "SklearnHead":
        head = cls(pipeline, embedding.shape[1], extras.shape[1], margin, value=value)
        pipeline.fit(head._x(embedding, extras), targets.ravel() if value else targets)
        return head

    @property
    def classifier(self) -> bool:
        return hasattr(self.pipeline, "predict_proba")

    def for_context(self, context: np.ndarray) -> "SklearnHead":
        """The head of one context (``extras`` fixed to the one-hot row ``context``)."""
        return replace(self, context=np.asarray(context, dtype=np.float32))

    def _x(self, embedding: np.ndarray, extras: np.ndarray) -> np.ndarray:
        if self.context is not None:
            extras = np.tile(self.context, (len(embedding), 1))
        return head_inputs(embedding, extras)

    def offsets(self, classes: int) -> np.ndarray:
        offset = np.zeros(classes, dtype=np.float32)
        offset[0] = self.margin
        return offset

    def predict(self, embedding: np.ndarray, extras: np.ndarray) -> np.ndarray:
        """Probabilities [N, C] (classifier), scores [N, C] (score regressor) or values [N, 1]."""
        x = self._x(embedding, extras)
        if self.classifier:
            return self.pipeline.predict_proba(x)
        if self.value:
            return np.asarray(self.pipeline.predict(x), dtype=np.float64).reshape(-1, 1)
        scores = np.asarray(self.pipeline.predict(x), dtype=np.float64)
        return scores + self.offsets(scores.shape[1])

    def export(self, path: Path) -> None:
        """One ONNX file taking the raw ``embedding`` (and ``extras``)."""
        from skl2onnx import convert_sklearn
        from skl2onnx.common.data_types import FloatTensorType

        register_lightgbm()
        options = {id(self.pipeline.steps[-1][1]): {"zipmap": False}} if self.classifier else None
        # name: skl2onnx's default is a random uuid; a fixed one gives the same bytes each export
        converted = convert_sklearn(self.pipeline, initial_types=[("X", FloatTensorType([None, self.dims + self.extras]))],
                                    options=options, target_opset=OPSET, name="sklearn_head")
        post: list = []
        if self.classifier:
            name = "probabilities"
        elif self.value:
            name = "value"
            post = [helper.make_node("Reshape", ["variable", "value_shape"], [name])]
            converted.graph.initializer.append(numpy_helper.from_array(np.array([-1, 1], dtype=np.int64), "value_shape"))
        else:
            name = "scores"
            classes = next(o for o in converted.graph.output if o.name == "variable").type.tensor_type.shape.dim[1].dim_value
            post = [helper.make_node("Add", ["variable", "margin_offsets"], [name])]
            converted.graph.initializer.append(numpy_helper.from_array(self.offsets(classes), "margin_offsets"))
        raw_inputs(converted.graph, self.dims, self.extras, self.context)
        converted.graph.node.extend(post)
        drop_unused_initializers(converted.graph)
        del converted.graph.output[:]  # one output: what the runtime reads (a classifier's ``label`` goes)
        converted.graph.output.append(helper.make_tensor_value_info(name, TensorProto.FLOAT, [None, None]))
        onnx.checker.check_model(converted)
        path.write_bytes(converted.SerializeToString())


def raw_inputs(graph: onnx.GraphProto, dims: int, extras: int, context: np.ndarray | None = None) -> None:
    """Replace the converted graph's input ``X`` by ``embedding`` (and ``extras``, or the constant
    ``context`` repeated for every row): X = [embedding, log(1 + extras)]."""
    del graph.input[:]
    graph.input.append(helper.make_tensor_value_info("embedding", TensorProto.FLOAT, [None, dims]))
    front = []
    if extras and context is not None:
        graph.initializer.extend([numpy_helper.from_array(context.reshape(1, extras), "context"),
                                  numpy_helper.from_array(np.array([0], dtype=np.int64), "first"),
                                  numpy_helper.from_array(np.array([extras], dtype=np.int64), "width")])
        front = [helper.make_node("Shape", ["embedding"], ["embedding_shape"]),
                 helper.make_node("Gather", ["embedding_shape", "first"], ["rows"], axis=0),
                 helper.make_node("Concat", ["rows", "width"], ["extras_shape"], axis=0),
                 helper.make_node("Expand", ["context", "extras_shape"], ["extras"])]
    elif extras:
        graph.input.append(helper.make_tensor_value_info("extras", TensorProto.FLOAT, [None, extras]))
    if extras:
        graph.initializer.append(numpy_helper.from_array(np.ones(1, dtype=np.float32), "one"))
        front += [helper.make_node("Add", ["extras", "one"], ["extras_plus_one"]),
                  helper.make_node("Log", ["extras_plus_one"], ["log_extras"]),
                  helper.make_node("Concat", ["embedding", "log_extras"], ["X"], axis=1)]
    else:
        front = [helper.make_node("Identity", ["embedding"], ["X"])]
    nodes = front + list(graph.node)
    del graph.node[:]
    graph.node.extend(nodes)


def drop_unused_initializers(graph: onnx.GraphProto) -> None:
    """Constants no node reads (skl2onnx leaves the vote's ``classes_ind``): onnxruntime warns about
    each one on stderr whenever it opens the head."""
    used = {name for node in graph.node for name in node.input}
    kept = [t for t in graph.initializer if t.name in used]
    del graph.initializer[:]
    graph.initializer.extend(kept)


def register_lightgbm() -> None:
    """skl2onnx converts LightGBM inside a pipeline with onnxmltools' converter (their documented way)."""
    from lightgbm import LGBMClassifier, LGBMRegressor
    from onnxmltools.convert.lightgbm.operator_converters.LightGbm import convert_lightgbm
    from skl2onnx import update_registered_converter
    from skl2onnx.common.shape_calculator import (
        calculate_linear_classifier_output_shapes, calculate_linear_regressor_output_shapes,
    )

    update_registered_converter(LGBMClassifier, "LightGbmLGBMClassifier", calculate_linear_classifier_output_shapes,
                                convert_lightgbm, options={"nocl": [True, False], "zipmap": [True, False, "columns"]})
    update_registered_converter(LGBMRegressor, "LightGbmLGBMRegressor", calculate_linear_regressor_output_shapes,
                                convert_lightgbm, options={"split": None})
