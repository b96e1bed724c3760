"""Code as a correction to the run-time inputs: a stagewise head for binary decisions.

On kernels a fold has not seen, a tree model given the whole embedding splits on the code first
and learns kernels by heart: on AMD's unseen kernels the default vote lost to the run-time inputs
alone. Here the stages are fixed instead: scikit-learn's untuned GBM on the run-time inputs alone
first, then a few small LightGBM trees on every column boosted from its log-odds (Friedman's
stagewise additive model, continued on new columns), so the code moves a decision only where the
run-time inputs leave errors, and by little per tree.

The ONNX form: both tree ensembles on ``[embedding, log(1 + extras)]`` (the first reads the last K
columns) with their raw scores, added, then the logistic function. Trees split on one column at a
time, so no scaling is needed: the thresholds are on the raw values the runtime feeds.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, compose, helper, numpy_helper
from sklearn.ensemble import GradientBoostingClassifier

from mir_export.evaluation.sklearn_heads import (
    OPSET, drop_unused_initializers, head_inputs, raw_inputs, register_lightgbm,
)

LEARNING_RATE = 0.05  # the correction's: half the GBM's, so no single code tree decides


@dataclass
class StagewiseHead:
    base: GradientBoostingClassifier  # on the run-time inputs alone
    correction: object  # lightgbm.LGBMClassifier on every column, boosted from ``base``'s log-odds
    dims: int
    extras: int

    @classmethod
    def fit(cls, options: dict, embedding: np.ndarray, extras: np.ndarray, labels: np.ndarray,
            seed: int) -> StagewiseHead:
        """``options``: the correction's ``trees``, ``leaves``, ``min_child`` (rows a leaf) and
        ``colsample`` (share of columns per tree)."""
        from lightgbm import LGBMClassifier

        if extras.shape[1] == 0 or len(np.unique(labels)) != 2:
            raise ValueError("a stagewise head needs run-time inputs and two classes")
        dims = embedding.shape[1]
        x = head_inputs(embedding, extras)
        base = GradientBoostingClassifier(max_depth=3, random_state=seed).fit(x[:, dims:], labels)  # as INPUTS_ONLY
        correction = LGBMClassifier(
            n_estimators=int(options["trees"]), learning_rate=LEARNING_RATE, num_leaves=int(options["leaves"]),
            min_child_samples=int(options["min_child"]), colsample_bytree=float(options["colsample"]), max_bin=63,
            force_col_wise=True, random_state=seed, n_jobs=1, verbose=-1,
        ).fit(x, labels, init_score=base.decision_function(x[:, dims:]))
        return cls(base, correction, dims, extras.shape[1])

    def predict(self, embedding: np.ndarray, extras: np.ndarray) -> np.ndarray:
        """Probabilities [N, 2]."""
        x = head_inputs(embedding, extras)
        z = self.base.decision_function(x[:, self.dims:]) + self.correction.predict(x, raw_score=True)
        p = 1.0 / (1.0 + np.exp(-z))
        return np.stack([1.0 - p, p], 1)

    def export(self, path: Path) -> None:
        """One ONNX file taking the raw ``embedding`` and ``extras``, output ``probabilities``."""
        from skl2onnx import convert_sklearn
        from skl2onnx.common.data_types import FloatTensorType

        register_lightgbm()
        stages, ir_version = [], None
        for prefix, model, width in (("base_", self.base, self.extras), ("correction_", self.correction,
                                                                         self.dims + self.extras)):
            converted = convert_sklearn(model, initial_types=[("X", FloatTensorType([None, width]))],
                                        options={id(model): {"zipmap": False}}, target_opset=OPSET,
                                        name=prefix + "trees")
            for node in converted.graph.node:  # raw scores [-z, z] instead of probabilities
                for attribute in node.attribute:
                    if attribute.name == "post_transform":
                        attribute.s = b"NONE"
            stages.append(compose.add_prefix(converted, prefix).graph)
            ir_version = converted.ir_version
        graph = helper.make_graph([], "stagewise_head", [], [])
        graph.initializer.extend(numpy_helper.from_array(np.array([value], dtype=np.int64), name) for name, value in
                                 (("base_start", self.dims), ("base_end", self.dims + self.extras), ("column_axis", 1)))
        graph.node.extend([helper.make_node("Slice", ["X", "base_start", "base_end", "column_axis"], ["base_X"]),
                           helper.make_node("Identity", ["X"], ["correction_X"])])
        for stage in stages:
            graph.node.extend(stage.node)
            graph.initializer.extend(stage.initializer)
        # [-z1, z1] + [-z2, z2] through the logistic function: [1 - p, p]
        graph.node.extend([helper.make_node("Add", ["base_probabilities", "correction_probabilities"], ["log_odds"]),
                           helper.make_node("Sigmoid", ["log_odds"], ["probabilities"])])
        raw_inputs(graph, self.dims, self.extras)
        drop_unused_initializers(graph)
        graph.output.append(helper.make_tensor_value_info("probabilities", TensorProto.FLOAT, [None, None]))
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid(d, v) for d, v in OPSET.items()],
                                  ir_version=ir_version)
        onnx.checker.check_model(model)
        path.write_bytes(model.SerializeToString())
