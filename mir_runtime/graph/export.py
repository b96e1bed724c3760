"""ProgramGraph to ProGraML's node-link JSON (as its ``graph2json`` writes it) and to networkx."""
from __future__ import annotations

from collections.abc import Iterator
from json.encoder import encode_basestring_ascii as _string  # json.dumps's own encoder of a string
from typing import Any

from mir_runtime.graph.programl import ROOT_TEXT, ProgramGraph


def _nodes(graph: ProgramGraph) -> Iterator[tuple[int, int, int, str, int, str]]:
    """Each node's id, block, function, text, type and full text."""
    columns = zip(
        graph.node_block.tolist(), graph.node_function.tolist(), graph.node_text.tolist(),
        graph.node_type.tolist(), graph.node_full_text.tolist(),
    )
    for i, (block, function, text, kind, full) in enumerate(columns):
        yield i, block, function, text, kind, full


def _links(graph: ProgramGraph) -> Iterator[tuple[int, int, int, int, int]]:
    """Each edge's flow, key (its number among the edges of its source and target), position,
    source and target."""
    seen: dict[tuple[int, int], int] = {}
    for s, t, f, p in zip(
        graph.edge_source.tolist(), graph.edge_target.tolist(),
        graph.edge_flow.tolist(), graph.edge_position.tolist(),
    ):
        key = seen.get((s, t), 0)
        seen[(s, t)] = key + 1
        yield f, key, p, s, t


def to_programl_json(graph: ProgramGraph) -> dict[str, Any]:
    """Node-link JSON with ProGraML's field names: ``nodes``, ``links`` (with ``key``), ``graph``."""
    nodes = []
    profiles = graph.node_profile
    for i, block, function, text, kind, full in _nodes(graph):
        node: dict[str, Any] = {"block": block, "function": function, "id": i, "text": text, "type": kind}
        if i or text != ROOT_TEXT:
            node["features"] = {"full_text": [full]}
            if i in profiles:
                node["features"].update((k, [v]) for k, v in profiles[i].items())
        nodes.append(node)
    links = [{"flow": f, "key": key, "position": p, "source": s, "target": t} for f, key, p, s, t in _links(graph)]
    module_features = {
        "llvm_data_layout": [graph.data_layout],
        "llvm_target_triple": [graph.target_triple],
    }
    return {
        "directed": True,
        "graph": {
            "function": [{"module": 0, "name": name} for name in graph.functions],
            "module": [{"features": module_features, "name": graph.module_name}],
        },
        "links": links,
        "multigraph": True,
        "nodes": nodes,
    }


def to_programl_json_text(graph: ProgramGraph) -> str:
    """``json.dumps(to_programl_json(graph))``, written without the dicts: the ``graph`` command's
    output, in half the time (tests/test_graph.py holds the two texts equal)."""
    functions = ", ".join(f'{{"module": 0, "name": {_string(name)}}}' for name in graph.functions)
    features = (f'{{"llvm_data_layout": [{_string(graph.data_layout)}], '
                f'"llvm_target_triple": [{_string(graph.target_triple)}]}}')
    links = ", ".join(f'{{"flow": {f}, "key": {key}, "position": {p}, "source": {s}, "target": {t}}}'
                      for f, key, p, s, t in _links(graph))
    nodes = []
    profiles = graph.node_profile
    for i, block, function, text, kind, full in _nodes(graph):
        node = f'{{"block": {block}, "function": {function}, "id": {i}, "text": {_string(text)}, "type": {kind}'
        if i or text != ROOT_TEXT:
            extra = "".join(f', "{k}": [{v}]' for k, v in profiles[i].items()) if i in profiles else ""
            node += f', "features": {{"full_text": [{_string(full)}]{extra}}}'
        nodes.append(node + "}")
    return (f'{{"directed": true, "graph": {{"function": [{functions}], "module": [{{"features": {features}, '
            f'"name": {_string(graph.module_name)}}}]}}, "links": [{links}], "multigraph": true, '
            f'"nodes": [{", ".join(nodes)}]}}')


def to_networkx(graph: ProgramGraph):
    """A ``networkx.MultiDiGraph`` with ProGraML's node and edge attributes."""
    try:
        import networkx as nx
    except ImportError:
        raise ImportError("to_networkx needs networkx: pip install networkx") from None
    data = to_programl_json(graph)
    g = nx.MultiDiGraph(**data["graph"])
    for node in data["nodes"]:
        attrs = {k: v for k, v in node.items() if k != "id"}
        g.add_node(node["id"], **attrs)
    for link in data["links"]:
        g.add_edge(link["source"], link["target"], key=link["key"], flow=link["flow"], position=link["position"])
    return g


def to_networkx_json(graph: ProgramGraph) -> dict[str, Any]:
    """networkx's own node-link form of :func:`to_networkx` (``nx.node_link_graph(data,
    edges="edges")`` reads it), written without networkx: nodes in id order, edges grouped by
    source node, then by target in order of first appearance, as networkx iterates them."""
    data = to_programl_json(graph)
    nodes = [{**{k: v for k, v in node.items() if k != "id"}, "id": node["id"]} for node in data["nodes"]]
    by_source: dict[int, dict[int, list[dict[str, Any]]]] = {}
    for link in data["links"]:
        by_source.setdefault(link["source"], {}).setdefault(link["target"], []).append(
            {"flow": link["flow"], "position": link["position"], "source": link["source"], "target": link["target"],
             "key": link["key"]})
    edges = [e for node in nodes for group in by_source.get(node["id"], {}).values() for e in group]
    return {"directed": True, "multigraph": True, "graph": data["graph"], "nodes": nodes, "edges": edges}
