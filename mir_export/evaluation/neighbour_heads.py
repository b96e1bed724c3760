"""Nearest-kernel score heads for thread coarsening, and their ONNX form.

A kernel's speedup curve over the candidate factors is predicted from the training kernels whose
embeddings are closest by cosine (after standardizing with the training rows' statistics): the
mean of their curves, or, for a decision under risk, the minimum (a factor is only worth trying if
it paid on every similar kernel; a wrong factor can cost 20x while a right one gains at most 2-3x).
With all training kernels as neighbours and the mean, it is the "best factor on average" rule.

For a ranking of what to try (the pass-pipeline task's ``tune``), ``cover`` orders the candidates
as a greedy cover of the neighbours' curves: first the candidate that raises most the neighbours'
summed gain over the default (class 0, which always runs), then the one that adds most beside it,
for ``COVER_STEPS`` picks, the rest by their mean; the scores are the mean plus ``COVER_SCALE``
per place in that order. A pipeline that wins big on half of the neighbours and loses on the rest
is a poor guess but a good second trial: the mean ranks it low, the cover does not. With every
training row a neighbour, the cover is the training modules' fixed K-set, whatever the code.

Rows may carry a context, a one-hot ``extras`` (thread coarsening: the GPU a kernel's curve was
measured on, every training kernel on every GPU). ``scope`` says which rows a query learns
from: ``same``, the rows of its own context (the nearest kernels on this GPU), or ``every``, the
nearest kernels' rows on every GPU (a factor pays only if it paid for similar kernels wherever
they ran). A head for one context (``for_context``) keeps the rows that scope reads and needs the
embedding alone.

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

# A column's spread is floored at this share of the median column's (and at 1e-6): near-constant
# columns (max-pooled units that saturate alike on every kernel) would otherwise turn the encoders'
# precision noise into the largest distances. The runtime embeds with int8 encoders by default
# and the heads' training rows are fp32: on the 17 coarsening kernels the two differ by up to
# 0.025 per column, a fifth of the median spread (0.12), while 39 columns spread less than 0.001.
MIN_STD_SHARE = 0.25
SCOPES = ("same", "every")
COVER_STEPS = 5  # picks of the greedy cover (the largest budget the judge reports)
COVER_SCALE = np.float32(100.0)  # a cover place in the scores: above any mean gain (log units)
QUANTUM = np.float32(1e4)  # cover values are compared at 1e-4 so float32 sums in another order pick alike
_CHOSEN = np.float32(1e9)


@dataclass
class NeighbourHead:
    mean: np.ndarray  # [D] standardization of the embedding
    std: np.ndarray  # [D]
    rows: np.ndarray  # [M, D] training embeddings, standardized, unit length
    targets: np.ndarray  # [M, C] their log speedups
    k: int | None  # neighbour kernels (None: all)
    aggregate: str  # "mean", "min" or "cover"
    margin: float
    contexts: np.ndarray  # [M, G] one-hot context of each row (G = 0: none)
    scope: str = "same"

    @classmethod
    def fit(cls, embedding: np.ndarray, targets: np.ndarray, k: int | None, aggregate: str, margin: float,
            contexts: np.ndarray | None = None, scope: str = "same") -> "NeighbourHead":
        """``k`` None: every training row (of the scope) is a neighbour."""
        if scope not in SCOPES:
            raise ValueError(f"unknown neighbour scope {scope!r} ({', '.join(SCOPES)})")
        x = np.asarray(embedding, dtype=np.float32)
        mean = x.mean(0)
        spread = x.std(0)
        floor = MIN_STD_SHARE * float(np.median(spread)) if spread.size else 0.0  # no columns: the run-time inputs alone
        std = np.maximum(spread, max(floor, 1e-6)).astype(np.float32)
        rows = _unit((x - mean) / std)
        contexts = np.zeros((len(x), 0), np.float32) if contexts is None else np.asarray(contexts, dtype=np.float32)
        return cls(mean, std, rows, np.asarray(targets, dtype=np.float32), k, aggregate, margin, contexts, scope)

    def for_context(self, context: np.ndarray) -> "NeighbourHead":
        """The head of one context (a one-hot row): the rows its scope reads, no context left."""
        keep = np.ones(len(self.rows), dtype=bool)
        if self.contexts.shape[1] and self.scope == "same":
            keep = self.contexts @ np.asarray(context, dtype=np.float32) > 0.5
        k = None if self.k is None else self._per_kernel() * self.k
        return NeighbourHead(self.mean, self.std, self.rows[keep], self.targets[keep], k, self.aggregate, self.margin,
                             self.contexts[keep][:, :0], "same")

    def _per_kernel(self) -> int:
        """Rows one neighbour kernel brings: one per context in scope ``every``, else one."""
        return max(self.contexts.shape[1], 1) if self.scope == "every" else 1

    def offsets(self) -> np.ndarray:
        offset = np.zeros(self.targets.shape[1], dtype=np.float32)
        offset[0] = self.margin
        return offset

    def predict(self, embedding: np.ndarray, extras: np.ndarray | None = None) -> np.ndarray:
        """Scores [N, C]: the neighbours' aggregated log speedups, plus the margin on factor 1
        (``extras``: each query's context, where the rows have one)."""
        if not self.contexts.shape[1]:
            return self._scores(embedding)
        return np.concatenate([self.for_context(c)._scores(e[None]) for e, c in zip(embedding, extras)])

    def _similarity(self, embedding: np.ndarray) -> np.ndarray:
        """[N, M] cosine of each standardized query to each training row."""
        return _unit((np.asarray(embedding, dtype=np.float32) - self.mean) / self.std) @ self.rows.T

    def _scores(self, embedding: np.ndarray) -> np.ndarray:
        if self.aggregate == "cover" and self._k() == len(self.rows):  # one ranking for all: covered once
            return np.repeat(cover_scores(self.targets[None]), len(embedding), axis=0)
        similarity = self._similarity(embedding)
        nearest = np.argsort(-similarity, axis=1, kind="stable")[:, : self._k()]
        curves = self.targets[nearest]  # [N, k, C]
        if self.aggregate == "cover":
            return cover_scores(curves)
        pooled = curves.min(1) if self.aggregate == "min" else curves.mean(1)
        return pooled + self.offsets()

    def ties(self, embedding: np.ndarray, tolerance: float = 1e-5) -> np.ndarray:
        """[N] bool: queries whose k-th and next nearest rows are equally similar within
        ``tolerance`` (modules with the same code): which of them is a neighbour is float rounding,
        so another backend (ONNX) may take the other and score such a query otherwise."""
        k = self._k()
        if k == len(self.rows) or self.contexts.shape[1]:
            return np.zeros(len(embedding), dtype=bool)
        similarity = -np.sort(-self._similarity(embedding), axis=1)
        return similarity[:, k - 1] - similarity[:, k] <= tolerance

    def _k(self) -> int:
        return len(self.rows) if self.k is None else min(self.k, len(self.rows))

    def export(self, path: Path) -> None:
        """ONNX: ``embedding`` [N, D] -> ``scores`` [N, C] (a head with contexts: export ``for_context``'s)."""
        if self.contexts.shape[1]:
            raise ValueError("a neighbour head with contexts is exported per context (for_context)")
        if self._k() == len(self.rows):
            return self._export_constant(path)
        constants = {"mean": self.mean, "std": self.std, "rows_t": self.rows.T.copy(), "targets": self.targets,
                     "k": np.array([self._k()], dtype=np.int64), "axis1": np.array([1], dtype=np.int64),
                     "offsets": self.offsets(), "eps": np.array(1e-12, dtype=np.float32)}
        reduce = "ReduceMin" if self.aggregate == "min" else "ReduceMean"
        nearest = [
            helper.make_node("Sub", ["embedding", "mean"], ["centred"]),
            helper.make_node("Div", ["centred", "std"], ["scaled"]),
            helper.make_node("ReduceL2", ["scaled", "axis1"], ["norm"], keepdims=1),
            helper.make_node("Max", ["norm", "eps"], ["safe_norm"]),
            helper.make_node("Div", ["scaled", "safe_norm"], ["unit"]),
            helper.make_node("MatMul", ["unit", "rows_t"], ["similarity"]),
            helper.make_node("TopK", ["similarity", "k"], ["top", "nearest"], axis=1, largest=1, sorted=1),
            helper.make_node("Gather", ["targets", "nearest"], ["curves"], axis=0),
        ]
        if self.aggregate == "cover":
            cover_nodes, cover_constants = _cover_graph(self.targets.shape[1])
            del constants["offsets"]  # a ranking has no margin
            return self._write("neighbour_cover_head", nearest + cover_nodes, constants | cover_constants, path)
        nodes = nearest + [
            helper.make_node(reduce, ["curves", "axis1"], ["pooled"], keepdims=0),
            helper.make_node("Add", ["pooled", "offsets"], ["scores"]),
        ]
        self._write("neighbour_head", nodes, constants, path)

    def _export_constant(self, path: Path) -> None:
        """Every training row a neighbour: one curve whatever the embedding (the best class on
        average, or the training rows' cover), written without the training rows it no longer needs."""
        if self.aggregate == "cover":
            curve = cover_scores(self.targets[None])[0]
        else:
            curve = (self.targets.min(0) if self.aggregate == "min" else self.targets.mean(0)) + self.offsets()
        constants = {"axis1": np.array([1], dtype=np.int64), "zero": np.array(0.0, dtype=np.float32),
                     "curve": curve.astype(np.float32)}
        nodes = [
            helper.make_node("ReduceSum", ["embedding", "axis1"], ["total"], keepdims=1),
            helper.make_node("Mul", ["total", "zero"], ["zeros"]),
            helper.make_node("Add", ["zeros", "curve"], ["scores"]),
        ]
        self._write("neighbour_head_every_row", nodes, constants, path)

    def _write(self, name: str, nodes: list, constants: dict[str, np.ndarray], path: Path) -> None:
        """The graph ``embedding`` [N, D] -> ``scores`` [N, C] of ``nodes`` over ``constants``, checked."""
        graph = helper.make_graph(
            nodes, name,
            [helper.make_tensor_value_info("embedding", TensorProto.FLOAT, ["rows", self.rows.shape[1]])],
            [helper.make_tensor_value_info("scores", TensorProto.FLOAT, ["rows", self.targets.shape[1]])],
            initializer=[numpy_helper.from_array(v, key) for key, v in constants.items()],
        )
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=10)
        onnx.checker.check_model(model)
        path.write_bytes(model.SerializeToString())


def cover_scores(curves: np.ndarray) -> np.ndarray:
    """[N, C] ranking scores of the neighbours' curves [N, k, C] (see the module docstring), in
    float32 as ``_cover_graph`` computes them; class 0 (the default) is never picked."""
    curves = np.asarray(curves, dtype=np.float32)
    rows, _, classes = curves.shape
    mean = curves.mean(1, dtype=np.float32)
    best = np.zeros(curves.shape[:2], dtype=np.float32)
    chosen = np.zeros((rows, classes), dtype=np.float32)
    chosen[:, 0] = 1.0
    bonus = np.zeros((rows, classes), dtype=np.float32)
    for step in range(COVER_STEPS):
        value = np.maximum(curves, best[:, :, None]).sum(1, dtype=np.float32)
        quantized = np.floor(value * QUANTUM + np.float32(0.5)) - chosen * _CHOSEN
        pick = np.eye(classes, dtype=np.float32)[quantized.argmax(1)]
        best = np.maximum(best, (curves * pick[:, None, :]).sum(2, dtype=np.float32))
        fresh = pick * (np.float32(1.0) - chosen)  # nothing once every class is placed
        chosen += fresh
        bonus += fresh * np.float32(COVER_STEPS - step)
    return mean + bonus * COVER_SCALE


def _cover_graph(classes: int) -> tuple[list, dict[str, np.ndarray]]:
    """``cover_scores`` as ONNX nodes from ``curves`` [N, k, C] to ``scores`` [N, C], unrolled."""
    mask = np.zeros((1, classes), dtype=np.float32)
    mask[0, 0] = 1.0
    constants = {"axis2": np.array([2], dtype=np.int64), "cover_zero": np.array(0.0, dtype=np.float32),
                 "cover_one": np.array(1.0, dtype=np.float32),
                 "quantum": np.array(QUANTUM), "half": np.array(0.5, dtype=np.float32),
                 "chosen_weight": np.array(_CHOSEN), "cover_scale": np.array(COVER_SCALE),
                 "chosen_0": mask, "depth": np.array([classes], dtype=np.int64),
                 "onehot_values": np.array([0.0, 1.0], dtype=np.float32)}
    nodes = [helper.make_node("ReduceMean", ["curves", "axis1"], ["curve_mean"], keepdims=0),
             helper.make_node("ReduceSum", ["curves", "axis2"], ["curve_sums"], keepdims=0),
             helper.make_node("Mul", ["curve_sums", "cover_zero"], ["best_0"]),
             helper.make_node("Mul", ["curve_mean", "cover_zero"], ["bonus_0"])]
    for step in range(COVER_STEPS):
        t, n = str(step), str(step + 1)
        constants[f"place_{t}"] = np.array(COVER_STEPS - step, dtype=np.float32)
        nodes += [
            helper.make_node("Unsqueeze", [f"best_{t}", "axis2"], [f"floor_{t}"]),
            helper.make_node("Max", ["curves", f"floor_{t}"], [f"raised_{t}"]),
            helper.make_node("ReduceSum", [f"raised_{t}", "axis1"], [f"value_{t}"], keepdims=0),
            helper.make_node("Mul", [f"value_{t}", "quantum"], [f"scaled_{t}"]),
            helper.make_node("Add", [f"scaled_{t}", "half"], [f"shifted_{t}"]),
            helper.make_node("Floor", [f"shifted_{t}"], [f"quantized_{t}"]),
            helper.make_node("Mul", [f"chosen_{t}", "chosen_weight"], [f"taken_{t}"]),
            helper.make_node("Sub", [f"quantized_{t}", f"taken_{t}"], [f"open_{t}"]),
            helper.make_node("ArgMax", [f"open_{t}"], [f"pick_{t}"], axis=1, keepdims=0),
            helper.make_node("OneHot", [f"pick_{t}", "depth", "onehot_values"], [f"picked_{t}"], axis=-1),
            helper.make_node("Unsqueeze", [f"picked_{t}", "axis1"], [f"picked3_{t}"]),
            helper.make_node("Mul", ["curves", f"picked3_{t}"], [f"column_{t}"]),
            helper.make_node("ReduceSum", [f"column_{t}", "axis2"], [f"gain_{t}"], keepdims=0),
            helper.make_node("Max", [f"best_{t}", f"gain_{t}"], [f"best_{n}"]),
            helper.make_node("Sub", ["cover_one", f"chosen_{t}"], [f"unplaced_{t}"]),
            helper.make_node("Mul", [f"picked_{t}", f"unplaced_{t}"], [f"fresh_{t}"]),
            helper.make_node("Add", [f"chosen_{t}", f"fresh_{t}"], [f"chosen_{n}"]),
            helper.make_node("Mul", [f"fresh_{t}", f"place_{t}"], [f"placed_{t}"]),
            helper.make_node("Add", [f"bonus_{t}", f"placed_{t}"], [f"bonus_{n}"]),
        ]
    last = str(COVER_STEPS)
    nodes += [helper.make_node("Mul", [f"bonus_{last}", "cover_scale"], ["cover_bonus"]),
              helper.make_node("Add", ["curve_mean", "cover_bonus"], ["scores"])]
    return nodes, constants


def _unit(x: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length in float32, as the ONNX graph computes them."""
    x = np.asarray(x, dtype=np.float32)
    return x / np.maximum(np.sqrt((x * x).sum(1, keepdims=True)), np.float32(1e-12))
