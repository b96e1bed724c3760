"""Nearest-kernel score heads for thread coarsening, and their ONNX form.

A kernel's speedup curve over the candidate factors is predicted from the training kernels whose
embeddings are closest by cosine (after standardizing with the training rows' statistics): the
mean of their curves, or, for a decision under risk, the minimum (a factor is only worth trying if
it paid on every similar kernel; a wrong factor can cost 20x while a right one gains at most 2-3x).
With all training kernels as neighbours and the mean, it is the "best factor on average" rule.

The ONNX file is written with ``onnx.helper`` (standardize, unit length, MatMul against the stored
training rows, TopK, Gather, ReduceMin/Mean, margin): scikit-learn's nearest-neighbour regressor
only averages. Equal similarities (kernels with identical IR) are broken towards the lower
training row, as ONNX's TopK does.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

MIN_STD = 1e-6


@dataclass
class NeighbourHead:
    mean: np.ndarray  # [D] standardization of the embedding
    std: np.ndarray  # [D]
    rows: np.ndarray  # [M, D] training embeddings, standardized, unit length
    targets: np.ndarray  # [M, C] their log speedups
    k: int
    aggregate: str  # "mean" or "min"
    margin: float

    @classmethod
    def fit(cls, embedding: np.ndarray, targets: np.ndarray, k: int | None, aggregate: str, margin: float) -> "NeighbourHead":
        """``k`` None: every training row is a neighbour."""
        x = np.asarray(embedding, dtype=np.float32)
        mean = x.mean(0)
        std = np.where(x.std(0) < MIN_STD, 1.0, x.std(0)).astype(np.float32)
        rows = _unit((x - mean) / std)
        return cls(mean, std, rows, np.asarray(targets, dtype=np.float32), min(k or len(x), len(x)), aggregate, margin)

    def offsets(self) -> np.ndarray:
        offset = np.zeros(self.targets.shape[1], dtype=np.float32)
        offset[0] = self.margin
        return offset

    def predict(self, embedding: np.ndarray, extras: np.ndarray | None = None) -> np.ndarray:
        """Scores [N, C]: the neighbours' aggregated log speedups, plus the margin on factor 1."""
        z = _unit((np.asarray(embedding, dtype=np.float32) - self.mean) / self.std)
        similarity = z @ self.rows.T
        nearest = np.argsort(-similarity, axis=1, kind="stable")[:, : self.k]
        curves = self.targets[nearest]  # [N, k, C]
        pooled = curves.min(1) if self.aggregate == "min" else curves.mean(1)
        return pooled + self.offsets()

    def export(self, path: Path) -> None:
        """ONNX: ``embedding`` [N, D] -> ``scores`` [N, C]."""
        constants = {"mean": self.mean, "std": self.std, "rows_t": self.rows.T.copy(), "targets": self.targets,
                     "k": np.array([self.k], dtype=np.int64), "axis1": np.array([1], dtype=np.int64),
                     "offsets": self.offsets(), "eps": np.array(1e-12, dtype=np.float32)}
        reduce = "ReduceMin" if self.aggregate == "min" else "ReduceMean"
        nodes = [
            helper.make_node("Sub", ["embedding", "mean"], ["centred"]),
            helper.make_node("Div", ["centred", "std"], ["scaled"]),
            helper.make_node("ReduceL2", ["scaled", "axis1"], ["norm"], keepdims=1),
            helper.make_node("Max", ["norm", "eps"], ["safe_norm"]),
            helper.make_node("Div", ["scaled", "safe_norm"], ["unit"]),
            helper.make_node("MatMul", ["unit", "rows_t"], ["similarity"]),
            helper.make_node("TopK", ["similarity", "k"], ["top", "nearest"], axis=1, largest=1, sorted=1),
            helper.make_node("Gather", ["targets", "nearest"], ["curves"], axis=0),
            helper.make_node(reduce, ["curves", "axis1"], ["pooled"], keepdims=0),
            helper.make_node("Add", ["pooled", "offsets"], ["scores"]),
        ]
        graph = helper.make_graph(
            nodes, "neighbour_head",
            [helper.make_tensor_value_info("embedding", TensorProto.FLOAT, ["rows", self.rows.shape[1]])],
            [helper.make_tensor_value_info("scores", TensorProto.FLOAT, ["rows", self.targets.shape[1]])],
            initializer=[numpy_helper.from_array(v, name) for name, v in constants.items()],
        )
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=10)
        onnx.checker.check_model(model)
        path.write_bytes(model.SerializeToString())


def _unit(x: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length in float32, as the ONNX graph computes them."""
    x = np.asarray(x, dtype=np.float32)
    return x / np.maximum(np.sqrt((x * x).sum(1, keepdims=True)), np.float32(1e-12))
