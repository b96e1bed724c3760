"""ProgramGraph to the forms graph-learning code loads: PyTorch Geometric and DGL graphs.

The layout is ProGraML's own PyG code's (``nx2data`` in its graph-level classification task):
``x`` is ``[text id, node type]`` per node and ``edge_attr`` is ``[flow, position]`` per edge, so a
model written for ProGraML's tensors reads these. Beside them: each node's full-text id, block
and function, and each flow's own ``edge_index`` with its positions, for models that pass
messages per flow. Text ids index a ``Vocabulary``: pass one to every graph of a data set so that
ids agree across graphs.

torch, PyG and DGL are imported when a converter runs, never with this module: the runtime needs
none of them (``pip install 'mir-runtime[graphs]'`` brings them).
"""
from __future__ import annotations

import importlib
from collections.abc import Iterable
from types import ModuleType
from typing import Any

import numpy as np

from mir_runtime.graph.programl import FLOWS, NODE_TYPES, ProgramGraph

FLOW_NAMES = tuple(flow.lower() for flow in FLOWS)  # control, data, call: the per-flow attributes' prefixes
GRAPHS_EXTRA = "pip install 'mir-runtime[graphs]'"
NO_DGL = (f"{GRAPHS_EXTRA} brings DGL 1.1.3 on CPython 3.10 and 3.11, x86-64 Linux (the newer DGL releases on "
          "PyPI do not load with torch 2.13.0)")


class Vocabulary:
    """Node text and full text to ids, in order of first appearance. A frozen vocabulary (one a
    model was trained with) gives a text it lacks the id ``len(vocabulary)``, as ProGraML's
    ``nx2data`` does, and never grows."""

    def __init__(self, text: Iterable[str] = (), full_text: Iterable[str] = (), frozen: bool = False) -> None:
        self._text = {t: i for i, t in enumerate(dict.fromkeys(text))}
        self._full_text = {t: i for i, t in enumerate(dict.fromkeys(full_text))}
        self.frozen = frozen

    @property
    def text(self) -> list[str]:
        """The node texts by id."""
        return list(self._text)

    @property
    def full_text(self) -> list[str]:
        """The full texts by id."""
        return list(self._full_text)

    def ids(self, graph: ProgramGraph) -> tuple[np.ndarray, np.ndarray]:
        """Each node's text id and full-text id (int64), adding texts not seen before unless frozen."""
        return self._ids(self._text, graph.node_text), self._ids(self._full_text, graph.node_full_text)

    def _ids(self, index: dict[str, int], strings: np.ndarray) -> np.ndarray:
        if self.frozen:
            unknown = len(index)
            found = (index.get(s, unknown) for s in strings.tolist())
        else:
            found = (index.setdefault(s, len(index)) for s in strings.tolist())
        return np.fromiter(found, dtype=np.int64, count=len(strings))

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "full_text": self.full_text}


def columns(graph: ProgramGraph, vocabulary: Vocabulary) -> dict[str, np.ndarray]:
    """The graph as named int64 arrays, exactly as ``to_pyg``'s ``Data`` holds them: node arrays
    first (``x`` [N, 2], ``full_text``, ``block``, ``function`` [N]), then ``edge_index`` [2, E],
    ``edge_attr`` [E, 2], and ``<flow>_edge_index`` [2, E_flow] with ``<flow>_position`` [E_flow]
    for each flow in edge order."""
    text, full_text = vocabulary.ids(graph)
    node_type = graph.node_type.astype(np.int64)
    source = graph.edge_source.astype(np.int64)
    target = graph.edge_target.astype(np.int64)
    flow = graph.edge_flow.astype(np.int64)
    position = graph.edge_position.astype(np.int64)
    out = {
        "x": np.stack([text, node_type], axis=1),
        "full_text": full_text,
        "block": graph.node_block.astype(np.int64),
        "function": graph.node_function.astype(np.int64),
        "edge_index": np.stack([source, target]),
        "edge_attr": np.stack([flow, position], axis=1),
    }
    for number, name in enumerate(FLOW_NAMES):
        chosen = flow == number
        out[f"{name}_edge_index"] = np.stack([source[chosen], target[chosen]])
        out[f"{name}_position"] = position[chosen]
    return out


def to_pyg(graph: ProgramGraph, vocabulary: Vocabulary | None = None, hetero: bool = False) -> Any:
    """A ``torch_geometric.data.Data`` of ``graph`` (see ``columns``); ``hetero=True`` gives a
    ``HeteroData`` with one node type ``node`` (``x``, ``full_text``, ``block``, ``function``) and
    an edge type ``(node, <flow>, node)`` per flow (``edge_index``, ``position``). Text ids index
    ``vocabulary`` (default: a new one of this graph's texts)."""
    torch, geometric = need("torch", "to_pyg"), need("torch_geometric.data", "to_pyg")
    arrays = {k: torch.from_numpy(v) for k, v in columns(graph, vocabulary or Vocabulary()).items()}
    if not hetero:
        return geometric.Data(**arrays)
    data = geometric.HeteroData()
    for key in ("x", "full_text", "block", "function"):
        data["node"][key] = arrays[key]
    for name in FLOW_NAMES:
        data["node", name, "node"].edge_index = arrays[f"{name}_edge_index"]
        data["node", name, "node"].position = arrays[f"{name}_position"]
    return data


def to_dgl(graph: ProgramGraph, vocabulary: Vocabulary | None = None) -> Any:
    """A ``dgl.DGLGraph`` of ``graph``: the graph ProGraML's ``to_dgl`` makes (every edge, in one
    edge type) with the attributes it drops, ``ndata`` ``type``, ``text``, ``full_text``,
    ``block``, ``function`` and ``edata`` ``flow``, ``position``."""
    torch, dgl = need("torch", "to_dgl"), need("dgl", "to_dgl")
    arrays = {k: torch.from_numpy(v) for k, v in columns(graph, vocabulary or Vocabulary()).items()}
    out = dgl.graph((arrays["edge_index"][0], arrays["edge_index"][1]), num_nodes=graph.num_nodes)
    out.ndata["text"], out.ndata["type"] = (column.contiguous() for column in arrays["x"].T)
    for key in ("full_text", "block", "function"):
        out.ndata[key] = arrays[key]
    out.edata["flow"], out.edata["position"] = (column.contiguous() for column in arrays["edge_attr"].T)
    return out


def need(module: str, what: str) -> ModuleType:
    """``module``, imported now (never with this file: the runtime does not depend on it), or an
    ImportError whose one line says what to install."""
    try:
        return importlib.import_module(module)
    except Exception as exc:  # DGL without a build for this torch raises FileNotFoundError, not ImportError
        top = module.split(".")[0]
        if top == "dgl":
            why = " ".join(str(exc).split())
            raise ImportError(f"{what} needs dgl ({type(exc).__name__}: {why}); {NO_DGL}") from None
        raise ImportError(f"{what} needs {top}: {GRAPHS_EXTRA}") from None


def labels() -> dict[str, list[str]]:
    """The names of node types and flows by number, for a data set's description."""
    return {"node_types": list(NODE_TYPES), "flows": list(FLOWS)}
