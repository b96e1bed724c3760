"""Which written heads answer one class for every input, proven from the head file itself.

A pack records them in its task entry (``constant``: selector value -> class) when it is written,
so that ``mir-runtime tasks``, ``predict`` and the model card say so and ask for no input the
answer does not depend on. Only what the file proves is recorded; a head of any other form is
never called constant, however often it answers one class on some rows:

- a neighbour head of every training row (``neighbour_head_every_row``): one score curve whatever
  the embedding, so its arg-max is the answer;
- a nearest-neighbour head (``neighbour_head``): each score is the mean (or minimum) of ``k``
  stored rows' values plus an offset, so it lies between the mean of that column's ``k`` smallest
  and ``k`` largest values (the minimum: between its smallest and its ``k``-th largest). When one
  class's lowest possible score is above every other class's highest, no embedding changes the answer.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np


def constant_class(path: Path) -> int | None:
    """The class index a head file answers for every input, or None where the file does not prove one."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(path))
    stored = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    ops = [n.op_type for n in model.graph.node]
    if model.graph.name == "neighbour_head_every_row" and "curve" in stored:
        return int(np.asarray(stored["curve"], dtype=np.float64).argmax())
    if model.graph.name != "neighbour_head" or not {"targets", "offsets", "k"} <= set(stored):
        return None
    targets = np.asarray(stored["targets"], dtype=np.float64)  # [M, C]
    offsets = np.asarray(stored["offsets"], dtype=np.float64)  # [C]
    k = min(int(np.asarray(stored["k"]).ravel()[0]), len(targets))
    ordered = np.sort(targets, axis=0)
    if "ReduceMin" in ops:
        low, high = ordered[0], ordered[-k]
    elif "ReduceMean" in ops:
        low, high = ordered[:k].mean(0), ordered[-k:].mean(0)
    else:
        return None
    low, high = low + offsets, high + offsets
    for c in range(targets.shape[1]):
        others = np.delete(high, c)
        # arg-max takes the first of equal scores: a class before c must fall strictly below, one after it may tie
        if (low[c] > others[:c]).all() and (low[c] >= others[c:]).all():
            return c
    return None


def constant_heads(heads: Mapping[str, Path], classes: Sequence[str]) -> dict[str, str]:
    """Selector value -> class, for each written head file (``heads``: value -> path) that answers one class whatever its input."""
    found = {key: constant_class(path) for key, path in heads.items()}
    return {key: classes[c] for key, c in found.items() if c is not None}
