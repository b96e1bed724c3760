"""ProGraML graph construction on small modules whose graphs are worked out by hand."""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from mir_runtime import parse_ir, read_ir
from mir_runtime.graph import CALL, CONSTANT, CONTROL, DATA, INSTRUCTION, VARIABLE, build_graph
from mir_runtime.graph import to_networkx, to_networkx_json, to_programl_json
from mir_runtime.graph.export import to_programl_json_text

SMALL = """
define i32 @f(i32 %a) {
entry:
  %x = add i32 %a, 1
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %t, label %e
t:
  ret i32 %x
e:
  ret i32 0
dead:
  ret i32 1
}
declare void @g()
"""


def edges(graph, flow=None):
    rows = zip(graph.edge_flow, graph.edge_source, graph.edge_target, graph.edge_position)
    return [(int(f), int(s), int(t), int(p)) for f, s, t, p in rows if flow is None or f == flow]


def node_of(graph, full_text):
    return int(np.flatnonzero(graph.node_full_text == full_text)[0])


def test_nodes_of_a_small_function() -> None:
    g = build_graph(parse_ir(SMALL))
    counts = Counter(zip(g.node_type.tolist(), g.node_text.tolist()))
    assert g.node_text[0] == "[external]" and g.node_type[0] == INSTRUCTION
    assert counts[(INSTRUCTION, "ret")] == 3 and counts[(INSTRUCTION, "; undefined function")] == 1
    # one variable node per use of %x (icmp, ret) and of %c; one for the used argument
    assert sorted(g.node_full_text[g.node_type == VARIABLE].tolist()) == ["i1 %c", "i32 %a", "i32 %x", "i32 %x"]
    # constants are shared module-wide: i32 0 feeds both icmp and ret
    assert Counter(g.node_full_text[g.node_type == CONSTANT].tolist()) == Counter({"i32 0": 1, "i32 1": 1})
    assert g.num_nodes == 1 + 6 + 1 + 4 + 2
    assert g.node_instruction[g.node_type == INSTRUCTION].tolist() == [-1, 0, 1, 2, 3, 4, 5, -1]


def test_edges_of_a_small_function() -> None:
    g = build_graph(parse_ir(SMALL))
    add, icmp, br = (node_of(g, t) for t in ("%x = add i32 %a, 1", "%c = icmp sgt i32 %x, 0", "br i1 %c, label %t, label %e"))
    ret_t, ret_e, ret_dead = (node_of(g, t) for t in ("ret i32 %x", "ret i32 0", "ret i32 1"))
    control = edges(g, CONTROL)
    assert sorted(control) == sorted([(0, add, icmp, 0), (0, icmp, br, 0), (0, br, ret_t, 0), (0, br, ret_e, 1)])
    assert not any(t == ret_dead for _, _, t, _ in control)  # unreachable: no control edge in
    calls = edges(g, CALL)
    decl = int(np.flatnonzero(g.node_text == "; undefined function")[0])
    # root -> entry, reachable exits -> root (not the unreachable block), and the declaration
    assert sorted(calls) == sorted([(2, 0, add, 0), (2, ret_t, 0, 0), (2, ret_e, 0, 0), (2, 0, decl, 0), (2, decl, 0, 0)])
    const0 = node_of(g, "i32 0")
    data = edges(g, DATA)
    assert (1, const0, icmp, 1) in data and (1, const0, ret_e, 0) in data
    assert len(data) == 11  # incl. the constant of the unreachable block's ret


def test_calls_link_call_sites_to_callees() -> None:
    text = """
define i32 @callee(i1 %c) {
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 2
}
define i32 @caller() {
  %r = call i32 @callee(i1 true)
  %s = call i32 bitcast (i32 (i1)* @callee to i32 (i1)*)(i1 false)
  ret i32 %r
}
"""
    g = build_graph(parse_ir(text))
    site = node_of(g, "%r = call i32 @callee(i1 true)")
    entry = node_of(g, "br i1 %c, label %a, label %b")
    exits = {node_of(g, "ret i32 1"), node_of(g, "ret i32 2")}
    calls = edges(g, CALL)
    assert (2, site, entry, 0) in calls
    assert {s for _, s, t, _ in calls if t == site and s != 0} == exits  # root: site is also an entry
    indirect = node_of(g, "%s = call i32 bitcast (i32 (i1)* @callee to i32 (i1)*)(i1 false)")
    assert not any(indirect in (s, t) for _, s, t, _ in calls)
    # the function operand of a direct call makes no node, but counts as a position
    assert (1, node_of(g, "i1 true"), site, 0) in edges(g, DATA)
    assert "i32 (i1)* bitcast (i32 (i1)* @callee to i32 (i1)*)" in g.node_full_text.tolist()


def test_globals_are_constants_with_their_definition() -> None:
    text = """
%struct.P = type { i32, i32 }
@p = global %struct.P zeroinitializer, align 4
define i32 @f() {
  %a = getelementptr inbounds %struct.P, %struct.P* @p, i64 0, i32 1
  %b = load i32, i32* %a
  store i32 %b, i32* getelementptr inbounds (%struct.P, %struct.P* @p, i64 0, i32 0)
  ret i32 %b
}"""
    g = build_graph(parse_ir(text))
    node = node_of(g, "@p = global %struct.P zeroinitializer, align 4")
    assert g.node_type[node] == CONSTANT and g.node_text[node] == "struct*"
    assert "struct* %a" not in g.node_full_text.tolist()
    assert "i32* %a" in g.node_full_text.tolist()


def test_programl_json_and_networkx() -> None:
    nx = pytest.importorskip("networkx")  # not in the runtime-only install
    g = build_graph(parse_ir(SMALL))
    data = to_programl_json(g)
    assert data["directed"] and data["multigraph"]
    assert data["nodes"][0] == {"block": 0, "function": 0, "id": 0, "text": "[external]", "type": 0}
    assert data["nodes"][1]["features"] == {"full_text": ["%x = add i32 %a, 1"]}
    assert [f["name"] for f in data["graph"]["function"]] == ["f", "g"]
    assert set(data["links"][0]) == {"flow", "key", "position", "source", "target"}
    nx_graph = to_networkx(g)
    assert nx_graph.number_of_nodes() == g.num_nodes and nx_graph.number_of_edges() == g.num_edges
    assert nx_graph.nodes[1]["text"] == "add"
    again = nx.node_link_graph(to_networkx_json(g), edges="edges")
    assert again.number_of_edges() == g.num_edges


def test_networkx_json_is_what_networkx_writes_without_networkx(datasets) -> None:
    """``graph --format networkx-json`` needs no networkx ([cpu] lacks it): the same JSON, in the same order."""
    import json

    nx = pytest.importorskip("networkx")  # the reference; the runtime-only install lacks it
    for path in sorted((datasets / "devmap" / "kernels_ir").glob("*.ll"))[:40]:
        g = build_graph(read_ir(path))
        expected = nx.node_link_data(to_networkx(g), edges="edges")
        assert json.dumps(to_networkx_json(g)) == json.dumps(expected), path


def test_programl_json_text_is_json_dumps_of_the_dicts(datasets) -> None:
    """``graph``'s output, written without the dicts, is their ``json.dumps`` text: on data-set
    kernels and on names and strings that need escaping."""
    import json

    odd = ('source_filename = "caf\\C3\\A9 \\22q\\22.c"\n@"g\\09 x" = global [3 x i8] c"\\00\\FF\\22"\n'
           'declare void @"\\E9t\\C3\\A9"()\n' + SMALL)
    graphs = [build_graph(parse_ir(odd)), build_graph(parse_ir("declare void @f()"))]
    graphs += [build_graph(read_ir(path)) for path in sorted((datasets / "devmap" / "kernels_ir").glob("*.ll"))[::20]]
    for g in graphs:
        assert to_programl_json_text(g) == json.dumps(to_programl_json(g))


def test_parallel_edges_get_distinct_keys() -> None:
    text = "define void @f(i1 %c) {\n  br i1 %c, label %a, label %a\na:\n  ret void\n}"
    g = build_graph(parse_ir(text))
    data = to_programl_json(g)
    br, ret = 1, 2
    pair = [link for link in data["links"] if (link["source"], link["target"]) == (br, ret)]
    assert sorted((link["position"], link["key"]) for link in pair) == [(0, 0), (1, 1)]
