"""ProGraML graphs in the forms graph-learning code loads: networkx as ProGraML's own conversion
makes it (every attribute, on the parity files), PyG and DGL graphs and their data sets, DOT as
ProGraML draws it and Graphviz renders it, and ``mir-runtime graph`` writing them end to end."""
from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reference
from paths import DATASETS, REPO, SUMMARY, dataset_ir_files
from mir_runtime import parse_ir, read_ir
from mir_runtime.graph import CALL, CONTROL, DATA, build_graph, to_networkx, to_programl_json
from mir_runtime.graph.dot import EDGE_STYLE, NODE_STYLE, dot_binary, to_dot
from mir_runtime.graph.formats import FLOW_NAMES, Vocabulary, columns

GOOD = "define i32 @f(i32 %a) {\n  %x = add i32 %a, 1\n  ret i32 %x\n}\n"
BAD = "define i32 @f(i32 %a) {\n  %x = add i32 %a, 1\n  ret i32 %y\n}\n"
TWO = """
define i32 @f(i32 %a) {
entry:
  %c = icmp sgt i32 %a, 0
  br i1 %c, label %t, label %e
t:
  %r = call i32 @g(i32 %a)
  ret i32 %r
e:
  ret i32 0
}
define i32 @g(i32 %b) {
  ret i32 %b
}
"""
_NUMBERS = re.compile(r"[#!]\d+")


def run(*args: str, stdin: str | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mir_runtime.cli", "graph", *args], capture_output=True, text=True,
                          timeout=600, input=stdin, env=env)


def devmap_kernels(datasets: Path, every: int = 1) -> list[Path]:
    return sorted((datasets / "devmap" / "kernels_ir").glob("*.ll"))[::every]


# -- networkx: ProGraML's own conversion of llvm2graph-10's graphs, attribute for attribute --

NODE_ATTRIBUTES = {"type", "text", "function", "block", "features"}  # features: none on the root
EDGE_ATTRIBUTES = {"flow", "position"}


def _node_keys(graph, numbers: bool) -> dict:
    """Each node's attributes as one hashable key (``numbers=False``: #N/!N blanked)."""
    keys = {}
    for node, a in graph.nodes(data=True):
        assert a.keys() <= NODE_ATTRIBUTES and a.keys() >= NODE_ATTRIBUTES - {"features"}, a.keys()
        features = repr(sorted(a["features"].items())) if "features" in a else None
        if features is not None and not numbers:
            features = _NUMBERS.sub("#N", features)
        keys[node] = (a["type"], a["text"], a["function"], a["block"], features)
    return keys


def _edges(graph, keys: dict) -> Counter:
    found = Counter()
    for s, t, a in graph.edges(data=True):
        assert a.keys() == EDGE_ATTRIBUTES, a.keys()
        found[keys[s], keys[t], a["flow"], a["position"]] += 1
    return found


def networkx_difference(ours, theirs, data: dict, numbers: bool = True) -> str | None:
    """Where our networkx graph differs from ProGraML's (``theirs``, made of ``data``: graph2json's output), up to
    node numbering (ProGraML orders constants and edges by hash maps); None when every node, edge
    and graph attribute of ProGraML's networkx form is ours, and ours holds every edge of the
    graph (ProGraML's form keeps one of two edges between the same nodes: see
    ``reference.programl_networkx``), each pair's edges keyed 0, 1, ..."""
    if ours.graph != theirs.graph:
        return f"graph attributes {ours.graph} != {theirs.graph}"
    our_keys, their_keys = _node_keys(ours, numbers), _node_keys(theirs, numbers)
    if Counter(our_keys.values()) != Counter(their_keys.values()):
        only = Counter(our_keys.values()) - Counter(their_keys.values())
        return f"nodes differ: only ours {list(only)[:2]}"
    our_edges = _edges(ours, our_keys)
    if _edges(theirs, their_keys) - our_edges:
        return f"edges of ProGraML's form not ours: {list((_edges(theirs, their_keys) - our_edges))[:2]}"
    every = Counter((their_keys[e["source"]], their_keys[e["target"]], e["flow"], e["position"]) for e in data["links"])
    if every != our_edges:
        return f"edges of the graph differ: {list((every - our_edges) + (our_edges - every))[:2]}"
    if any(sorted(keyed) != list(range(len(keyed))) for targets in ours.adj.values() for keyed in targets.values()):
        return "edge keys are not 0, 1, ... per pair of nodes"
    return None


def _compare_networkx(text: str, name: str, numbers: bool) -> tuple[str, int]:
    """The verdict on one file, and how many edges ProGraML's own networkx form lost."""
    data = reference.reference_graph(text)
    if data is None:
        return "rejected", 0
    ours, theirs = to_networkx(build_graph(parse_ir(text, name))), reference.programl_networkx(data)
    difference = networkx_difference(ours, theirs, data, numbers)
    lost = ours.number_of_edges() - theirs.number_of_edges()
    return ("equal" if difference is None else f"{name}: {difference}"), lost


def _compare_all(texts: dict[str, str], numbers: bool) -> tuple[Counter, int]:
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda item: _compare_networkx(item[1], item[0], numbers), texts.items()))
    failures = [v for v, _ in results if v not in ("equal", "rejected")]
    assert not failures, "\n".join(failures[:5])
    return Counter(v for v, _ in results), sum(lost for _, lost in results)


def test_networkx_is_programl_networkx_on_the_data_sets(llvm2graph, datasets) -> None:
    """Every node, edge and graph attribute of ProGraML's networkx form (type, text, function,
    block, features/full_text; flow, position; function, module), on every data-set file: our
    graph is its graph, and every edge of ProGraML's networkx form is ours. The converse fails
    for edges between the same two nodes, which ProGraML's form keeps one of (see
    ``reference.programl_networkx``); ours keeps each, with keys 0, 1, ... A tenth of the files
    by default, every one with ``MIR_PARITY_ALL=1``."""
    pytest.importorskip("networkx")
    files = dataset_ir_files()
    if not os.environ.get("MIR_PARITY_ALL"):  # every file: 7 to 14 minutes on 2 cores; a tenth in the default run
        files = files[::10]
    counts, lost = _compare_all({str(f): f.read_text() for f in files}, numbers=True)
    SUMMARY.append(f"networkx parity: {counts['equal']} of {len(files)} data-set graphs equal to ProGraML's "
                   f"to_networkx of llvm2graph-10, every attribute; its form lost {lost} parallel edges, "
                   "ours keeps them")
    assert counts["equal"] == len(files)


@pytest.mark.slow  # the test programs compiled by two clangs, each through llvm2graph-10
def test_networkx_is_programl_networkx_on_the_test_programs(llvm2graph, compiled_programs) -> None:
    """The test programs by clang-13/14, rewritten for LLVM 10: equal up to #N/!N numbers."""
    pytest.importorskip("networkx")
    texts = {name: reference.llvm10_compatible(path.read_text()) for name, path in compiled_programs.items()}
    counts, lost = _compare_all(texts, numbers=False)
    SUMMARY.append(f"networkx parity: {counts['equal']} test-program graphs equal to ProGraML's up to #N/!N, "
                   f"{counts['rejected']} rejected by llvm2graph-10; its form lost {lost} parallel edges")
    assert counts["equal"] >= len(texts) * 3 // 4


def test_profile_weights_are_node_features_as_programl_lifts_them() -> None:
    """ProGraML adds llvm_profile_{total,true,false}_weight to a node whose instruction has !prof
    branch weights (true/false only for exactly two; the total of unsigned weights, or a value
    profile's total)."""
    text = """
define void @f(i1 %c, i32 %n, void ()* %p) {
  br i1 %c, label %a, label %b, !prof !0
a:
  switch i32 %n, label %b [ i32 1, label %b
                            i32 2, label %b ], !prof !1
b:
  call void %p(), !prof !2
  ret void
}
!0 = !{!"branch_weights", i32 3, i32 -1}
!1 = !{!"branch_weights", i32 1, i32 2, i32 4}
!2 = !{!"VP", i32 0, i64 1600, i64 7, i64 1600}
"""
    data = to_programl_json(build_graph(parse_ir(text)))
    features = {n["text"]: n["features"] for n in data["nodes"] if n["type"] == 0 and n["text"] != "[external]"}
    assert features["br"] == {"full_text": ["br i1 %c, label %a, label %b, !prof !0"],
                              "llvm_profile_total_weight": [3 + 2 ** 32 - 1],
                              "llvm_profile_true_weight": [3], "llvm_profile_false_weight": [-1]}
    assert {k: v for k, v in features["switch"].items() if k != "full_text"} == {"llvm_profile_total_weight": [7]}
    assert {k: v for k, v in features["call"].items() if k != "full_text"} == {"llvm_profile_total_weight": [1600]}
    assert set(features["ret"]) == {"full_text"}


# -- the tensor layout (numpy, no torch) --

def test_columns_lay_out_the_graph_as_programl_pyg_code_does() -> None:
    g = build_graph(parse_ir(TWO))
    vocabulary = Vocabulary()
    arrays = columns(g, vocabulary)
    n, e = g.num_nodes, g.num_edges
    assert arrays["x"].shape == (n, 2) and arrays["edge_index"].shape == (2, e) and arrays["edge_attr"].shape == (e, 2)
    assert all(a.dtype == np.int64 for a in arrays.values())
    assert [vocabulary.text[i] for i in arrays["x"][:, 0]] == g.node_text.tolist()
    assert [vocabulary.full_text[i] for i in arrays["full_text"]] == g.node_full_text.tolist()
    assert arrays["x"][:, 1].tolist() == g.node_type.tolist()
    assert arrays["block"].tolist() == g.node_block.tolist() and arrays["function"].tolist() == g.node_function.tolist()
    assert arrays["edge_attr"].tolist() == [[f, p] for f, p in zip(g.edge_flow.tolist(), g.edge_position.tolist())]
    for number, name in zip((CONTROL, DATA, CALL), FLOW_NAMES):
        chosen = g.edge_flow == number
        assert arrays[f"{name}_edge_index"].tolist() == [g.edge_source[chosen].tolist(), g.edge_target[chosen].tolist()]
        assert arrays[f"{name}_position"].tolist() == g.edge_position[chosen].tolist()
    assert sum(arrays[f"{name}_position"].size for name in FLOW_NAMES) == e


def test_a_vocabulary_is_shared_and_a_frozen_one_does_not_grow() -> None:
    vocabulary = Vocabulary()
    first = columns(build_graph(parse_ir(GOOD)), vocabulary)["x"][:, 0]
    again = columns(build_graph(parse_ir(GOOD.replace("@f", "@h"))), vocabulary)["x"][:, 0]
    assert first.tolist() == again.tolist()  # same texts, same ids, across graphs
    frozen = Vocabulary(vocabulary.text, vocabulary.full_text, frozen=True)
    ids = columns(build_graph(parse_ir(TWO)), frozen)["x"][:, 0]
    assert frozen.text == vocabulary.text  # nothing added
    assert set(ids.tolist()) - set(range(len(frozen.text))) == {len(frozen.text)}  # unknown: len, as ProGraML's nx2data


# -- PyG and DGL --

def test_torchfile_is_what_torch_load_reads(tmp_path) -> None:
    """The data set's file, written without torch, loads (weights only, and memory-mapped) as the
    tensors torch.save would have written."""
    torch = pytest.importorskip("torch")
    from mir_runtime.graph import torchfile

    arrays = {"x": np.arange(12).reshape(6, 2), "empty": np.zeros((2, 0), dtype=np.int64),
              "wide": np.array([2 ** 40, -5, 0]), "small": np.array([1, 2], dtype=np.int32)}
    value = (arrays, {"x": np.array([0, 6])}, ["a", 300, 70_000, -3, 2 ** 70, True, "caf\u00e9"])
    torchfile.save(value, tmp_path / "ours.pt")
    torch.save(({k: torch.from_numpy(v.astype(np.int64)) for k, v in arrays.items()}, {"x": torch.tensor([0, 6])},
                value[2]), tmp_path / "theirs.pt")
    for mmap in (False, True):
        ours, theirs = (torch.load(tmp_path / f"{n}.pt", weights_only=True, mmap=mmap) for n in ("ours", "theirs"))
        assert ours[2] == theirs[2]
        for mine, reference_part in zip(ours[:2], theirs[:2]):
            assert mine.keys() == reference_part.keys()
            for key in mine:
                assert mine[key].dtype == torch.int64 and torch.equal(mine[key], reference_part[key]), key
    first = (tmp_path / "ours.pt").read_bytes()
    torchfile.save(value, tmp_path / "ours.pt")
    assert (tmp_path / "ours.pt").read_bytes() == first  # the same value, the same bytes
    with pytest.raises(TypeError):
        torchfile.save({"f": np.zeros(2)}, tmp_path / "float.pt")


def test_to_pyg_round_trips_the_device_mapping_graphs(datasets) -> None:
    torch = pytest.importorskip("torch")
    pytest.importorskip("torch_geometric")
    from mir_runtime.graph.formats import to_pyg

    vocabulary = Vocabulary()
    for path in devmap_kernels(datasets, every=60):
        g = build_graph(read_ir(path))
        data = to_pyg(g, vocabulary)
        assert data.num_nodes == g.num_nodes and data.num_edges == g.num_edges
        assert data.edge_index.dtype == torch.long
        assert torch.equal(data.x[:, 1], torch.from_numpy(g.node_type.astype(np.int64)))
        assert [vocabulary.text[i] for i in data.x[:, 0].tolist()] == g.node_text.tolist()
        assert sum(data[f"{name}_edge_index"].shape[1] for name in FLOW_NAMES) == g.num_edges
        hetero = to_pyg(g, vocabulary, hetero=True)
        assert hetero["node"].num_nodes == g.num_nodes
        for name in FLOW_NAMES:
            assert torch.equal(hetero["node", name, "node"].edge_index, data[f"{name}_edge_index"])


def test_a_dataloader_batches_the_device_mapping_data_set(datasets, tmp_path) -> None:
    """The CLI's data set of device-mapping kernels: each graph as to_pyg makes it, PyG's own
    storage of them, and batches whose per-flow indices are offset like edge_index."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("torch_geometric")
    from torch_geometric.data import InMemoryDataset
    from torch_geometric.loader import DataLoader

    from mir_runtime.graph.datasets import load_pyg
    from mir_runtime.graph.formats import to_pyg

    files = [str(p) for p in devmap_kernels(datasets, every=20)]
    done = run(*files, "--format", "pyg", "-o", str(tmp_path / "devmap"), "--workers", "2")
    assert done.returncode == 0, done.stderr
    dataset = load_pyg(tmp_path / "devmap")
    assert len(dataset) == len(files) and dataset.files == files
    vocabulary = Vocabulary()
    graphs = [to_pyg(build_graph(read_ir(f)), vocabulary) for f in files]
    assert dataset.vocabulary.text == vocabulary.text and dataset.vocabulary.full_text == vocabulary.full_text
    for ours, expected in zip(dataset, graphs):
        assert set(ours.keys()) == set(expected.keys())
        assert all(torch.equal(ours[k], expected[k]) for k in expected.keys())
    collated, slices = InMemoryDataset.collate(graphs)  # PyG's own storage of the same list
    assert all(torch.equal(slices[k], dataset.slices[k]) for k in slices)
    batch = next(iter(DataLoader(dataset, batch_size=8, shuffle=False)))
    assert batch.num_graphs == 8 and batch.num_nodes == sum(g.num_nodes for g in graphs[:8])
    offset = torch.tensor([0] + [g.num_nodes for g in graphs[:7]]).cumsum(0)
    expected = torch.cat([g.call_edge_index + o for g, o in zip(graphs[:8], offset.tolist())], dim=1)
    assert torch.equal(batch.call_edge_index, expected)
    assert int(batch.edge_index.max()) < batch.num_nodes


def test_to_dgl_where_dgl_imports() -> None:
    """DGL 1.1.3 ([graphs], CPython 3.10/3.11 on x86-64 Linux) or any DGL that loads with this torch."""
    pytest.importorskip("torch")
    try:
        import dgl  # noqa: F401
    except Exception as exc:  # a DGL without this torch's libraries raises FileNotFoundError
        pytest.skip(f"dgl does not import: {type(exc).__name__}")
    from mir_runtime.graph.formats import to_dgl

    g = build_graph(parse_ir(TWO))
    out = to_dgl(g)
    assert out.num_nodes() == g.num_nodes and out.num_edges() == g.num_edges
    assert out.ndata["type"].tolist() == g.node_type.tolist() and out.edata["flow"].tolist() == g.edge_flow.tolist()
    assert [int(x) for x in out.edges()[0]] == g.edge_source.tolist()
    assert out.edata["position"].tolist() == g.edge_position.tolist()


def test_a_dgl_data_set_where_dgl_imports(tmp_path) -> None:
    pytest.importorskip("torch")
    try:
        import dgl
    except Exception as exc:
        pytest.skip(f"dgl does not import: {type(exc).__name__}")
    from mir_runtime.graph.datasets import load_dgl

    for name, text in (("a", GOOD), ("b", BAD), ("c", TWO)):
        (tmp_path / f"{name}.ll").write_text(text)
    done = run(str(tmp_path), "--format", "dgl", "-o", str(tmp_path / "set"), "--keep-going")
    assert done.returncode == 0, done.stderr
    graphs, vocabulary, files = load_dgl(tmp_path / "set")
    assert [Path(f).name for f in files] == ["a.ll", "c.ll"]
    assert [g.num_nodes() for g in graphs] == [build_graph(parse_ir(t)).num_nodes for t in (GOOD, TWO)]
    texts = build_graph(parse_ir(TWO)).node_text.tolist()
    assert [vocabulary.text[i] for i in graphs[1].ndata["text"].tolist()] == texts
    assert dgl.batch(graphs).num_nodes() == sum(g.num_nodes() for g in graphs)


def test_missing_libraries_are_one_line(monkeypatch) -> None:
    from mir_runtime.graph import formats

    monkeypatch.setitem(sys.modules, "torch_geometric", None)
    monkeypatch.setitem(sys.modules, "torch_geometric.data", None)
    monkeypatch.setitem(sys.modules, "dgl", None)
    if importlib.util.find_spec("torch") is None:  # the runtime alone: torch is the first thing missing
        for convert in (formats.to_pyg, formats.to_dgl):
            with pytest.raises(ImportError, match=rf"^{convert.__name__} needs torch: pip install 'mir-runtime\[graphs\]'$"):
                convert(build_graph(parse_ir(GOOD)))
        return
    with pytest.raises(ImportError, match=r"^to_pyg needs torch_geometric: pip install 'mir-runtime\[graphs\]'$"):
        formats.to_pyg(build_graph(parse_ir(GOOD)))
    with pytest.raises(ImportError, match=r"^to_dgl needs dgl .*brings DGL 1\.1\.3 .*load with torch 2\.13\.0\)$"):
        formats.to_dgl(build_graph(parse_ir(GOOD)))


# -- DOT: ProGraML's drawing, rendered by Graphviz --

_DOT_NODE = re.compile(r"^(\d+) ?\[(.*)\];$")
_DOT_EDGE = re.compile(r"^(\d+) -> (\d+) ?\[(.*)\];$")
_DOT_ATTRIBUTE = re.compile(r'(\w+)=("(?:[^"\\]|\\.)*"|[^,\s]+)')


def _dot_graph(text: str, empty_label_colour: bool = False) -> tuple[dict[str, dict], Counter]:
    """A DOT file's node attributes by id and its edges (source attrs, target attrs, edge attrs);
    ``empty_label_colour``: graph2dot's empty ``labelfontcolor`` read as the edge's colour."""
    def attributes(body: str) -> dict:
        found = {k: v.strip('"') for k, v in _DOT_ATTRIBUTE.findall(body)}
        if empty_label_colour and found.get("labelfontcolor") == "":
            found["labelfontcolor"] = found["color"]
        return found

    nodes, edges = {}, []
    for line in text.splitlines():
        if m := _DOT_EDGE.match(line.strip()):
            edges.append((m[1], m[2], attributes(m[3])))
        elif m := _DOT_NODE.match(line.strip()):
            nodes[m[1]] = attributes(m[2])
    key = {n: json.dumps(a, sort_keys=True) for n, a in nodes.items()}
    return nodes, Counter((key[s], key[t], json.dumps(a, sort_keys=True)) for s, t, a in edges)


def test_dot_draws_nodes_and_flows_in_programl_colours() -> None:
    g = build_graph(parse_ir(TWO))
    nodes, edges = _dot_graph(to_dot(g))
    assert len(nodes) == g.num_nodes and sum(edges.values()) == g.num_edges
    for node, attributes in nodes.items():
        kind = int(g.node_type[int(node)])
        assert attributes["label"] == g.node_text[int(node)]
        assert {k: attributes[k] for k in NODE_STYLE[kind]} == NODE_STYLE[kind]
    colours = Counter(json.loads(a)["color"] for _, _, a in edges.elements())
    assert colours == Counter({EDGE_STYLE[f]["color"]: int((g.edge_flow == f).sum()) for f in (CONTROL, DATA, CALL)})
    assert 'taillabel="1"' in to_dot(g)  # the branch's false successor


def test_dot_is_graph2dot_on_the_device_mapping_kernels(llvm2graph, datasets) -> None:
    """Our DOT draws what ProGraML's graph2dot draws: the same node and edge attributes, up to
    node numbering, except the position labels' colour, which graph2dot leaves empty."""
    for path in devmap_kernels(datasets, every=67):
        theirs = reference.reference_dot(path.read_text())
        if theirs is None:
            pytest.skip("graph2dot missing: run scripts/fetch-llvm2graph.sh")
        their_nodes, their_edges = _dot_graph(theirs, empty_label_colour=True)
        nodes, ours = _dot_graph(to_dot(build_graph(read_ir(path))))
        assert Counter(json.dumps(a, sort_keys=True) for a in nodes.values()) == \
            Counter(json.dumps(a, sort_keys=True) for a in their_nodes.values()), path
        assert ours == their_edges, path


@pytest.mark.skipif(dot_binary() is None, reason="Graphviz's dot is not installed")
def test_graphviz_renders_the_dot(tmp_path) -> None:
    g = build_graph(parse_ir(TWO))
    (tmp_path / "two.ll").write_text(TWO)
    odd = build_graph(parse_ir('define void @"quote\\22 back\\5C slash"() {\n  ret void\n}\n'))
    subprocess.run(["dot", "-Tsvg"], input=to_dot(odd), capture_output=True, text=True, check=True)  # names escaped
    dot_file = tmp_path / "two.dot"
    assert run(str(tmp_path / "two.ll"), "--format", "dot", "-o", str(dot_file)).returncode == 0
    svg = subprocess.run(["dot", "-Tsvg", str(dot_file)], capture_output=True, text=True, check=True).stdout
    assert svg.count('class="node"') == g.num_nodes and svg.count('class="edge"') == g.num_edges
    assert svg.count('class="cluster"') == 2  # @f and @g
    done = run(str(tmp_path / "two.ll"), "--format", "png", "-o", str(tmp_path / "two.png"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "two.png").read_bytes().startswith(b"\x89PNG\r\n")


@pytest.mark.skipif(dot_binary() is None, reason="Graphviz's dot is not installed")
def test_readme_picture_is_what_its_command_makes(tmp_path) -> None:
    readme = (REPO / "README.md").read_text()
    picture = re.search(r"!\[[^]]*\]\((docs/[^)]+\.svg)\)", readme)
    assert picture, "README shows no picture"
    command = next(line for line in readme.splitlines() if "--format svg" in line and "mir-runtime graph" in line)
    words = command.split("#")[0].split()
    out = Path(words[words.index("-o") + 1])
    words[words.index("-o") + 1] = str(tmp_path / out.name)
    words = [w.replace("$K", str(DATASETS / "devmap" / "kernels_ir")) for w in words]
    done = subprocess.run([sys.executable, "-m", "mir_runtime.cli", *words[1:]], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    made, shown = (tmp_path / out.name).read_text(), (REPO / picture[1]).read_text()
    version = subprocess.run(["dot", "-V"], capture_output=True, text=True).stderr.split("version")[1].split()[0]
    if f"graphviz version {version}" not in shown:  # another Graphviz lays it out its own way
        assert made.count('class="node"') == shown.count('class="node"')
        return
    assert made == shown


# -- the command line --

def test_a_directory_becomes_one_data_set(datasets, tmp_path) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("torch_geometric")
    from mir_runtime.graph.datasets import load_pyg

    folder = tmp_path / "kernels"
    folder.mkdir()
    for path in devmap_kernels(datasets, every=100):
        (folder / path.name).write_text(path.read_text())
    (folder / "sub").mkdir()
    (folder / "sub" / "g.ll").write_text(GOOD)
    done = run(str(folder), "--format", "pyg", "-o", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    dataset = load_pyg(tmp_path / "out")
    expected = sorted(str(p) for p in folder.rglob("*.ll"))
    assert dataset.files == expected and len(dataset) == len(expected)
    assert dataset[len(expected) - 1].num_nodes == build_graph(parse_ir(GOOD)).num_nodes
    again = run(str(folder), "--format", "pyg", "-o", str(tmp_path / "out"))  # a data set is replaced whole
    assert again.returncode == 0 and sorted(p.name for p in tmp_path.iterdir()) == ["kernels", "out"]


def test_a_pyg_data_set_is_written_without_torch(tmp_path) -> None:
    """Writing imports neither torch nor PyG (their imports cost more than the graphs); in the
    runtime-only install, which has neither, the command works all the same."""
    (tmp_path / "a.ll").write_text(GOOD)
    (tmp_path / "c.ll").write_text(TWO)
    probe = ("import sys; from mir_runtime.cli import main; "
             f"code = main(['graph', {str(tmp_path)!r}, '--format', 'pyg', '-o', {str(tmp_path / 'set')!r}]); "
             "print(code, sorted(m for m in sys.modules if m.split('.')[0] in ('torch', 'torch_geometric')))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stdout.strip() == "0 []", done.stdout + done.stderr
    assert (tmp_path / "set" / "processed" / "data.pt").is_file()
    assert json.loads((tmp_path / "set" / "graphs.json").read_text())["graphs"] == 2


def test_keep_going_leaves_bad_files_out_and_lists_them(tmp_path) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("torch_geometric")
    from mir_runtime.graph.datasets import load_pyg

    for name, text in (("a", GOOD), ("b", BAD), ("c", TWO)):
        (tmp_path / f"{name}.ll").write_text(text)
    files = [str(tmp_path / f"{n}.ll") for n in "abc"]
    out = tmp_path / "set"
    done = run(*files, "--format", "pyg", "-o", str(out), "--keep-going", "--workers", "2")
    assert done.returncode == 0, done.stderr
    assert load_pyg(out).files == [files[0], files[2]]
    listed = [json.loads(line) for line in (tmp_path / "set.failed.jsonl").read_text().splitlines()]
    assert [row["file"] for row in listed] == [files[1]] and "use of undefined value %y" in listed[0]["error"]
    assert done.stderr.splitlines()[0] == f"{files[1]}:3:1: use of undefined value %y"
    assert "1 of 3 inputs failed" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("form", ["pyg", "programl-json"])
def test_a_bad_file_without_keep_going_is_one_line_and_writes_nothing(tmp_path, form) -> None:
    if form == "pyg":
        pytest.importorskip("torch")
    (tmp_path / "a.ll").write_text(GOOD)
    (tmp_path / "b.ll").write_text(BAD)
    out = tmp_path / ("set" if form == "pyg" else "set.jsonl")
    done = run(str(tmp_path), "--format", form, "-o", str(out))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(f"{tmp_path / 'b.ll'}:3:1: use of undefined value")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.ll", "b.ll"]  # no output, no partial one


def test_json_lines_of_a_directory(tmp_path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.ll").write_text(GOOD)
    (tmp_path / "in" / "c.ll").write_text(TWO)
    done = run(str(tmp_path / "in"), "--format", "networkx-json", "-o", str(tmp_path / "g.jsonl"))
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in (tmp_path / "g.jsonl").read_text().splitlines()]
    assert [Path(r["file"]).name for r in rows] == ["a.ll", "c.ll"]
    assert len(rows[1]["graph"]["nodes"]) == build_graph(parse_ir(TWO)).num_nodes


def test_one_file_to_each_form(tmp_path) -> None:
    (tmp_path / "two.ll").write_text(TWO)
    dot = run(str(tmp_path / "two.ll"), "--format", "dot")
    assert dot.returncode == 0 and dot.stdout == to_dot(build_graph(parse_ir(TWO)))
    assert run("-", "--format", "dot", stdin=TWO).stdout == dot.stdout
    done = run(str(tmp_path / "two.ll"), "-o", str(tmp_path / "two.json"))
    assert done.returncode == 0 and json.loads((tmp_path / "two.json").read_text())["directed"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(texts=st.lists(st.one_of(st.just(GOOD.encode()), st.just(TWO.encode()),
                             st.text(max_size=80).map(str.encode), st.binary(max_size=80)), min_size=1, max_size=4))
def test_any_inputs_give_graphs_or_one_line_each(tmp_path_factory, capsys, texts) -> None:
    """Whatever the files hold, --keep-going writes the readable ones' graphs and names each other
    file on one line; exit status 2 only when none was readable."""
    import argparse

    from mir_runtime.graph_outputs import run as graph_run

    folder = tmp_path_factory.mktemp("inputs")
    for number, text in enumerate(texts):
        (folder / f"{number}.ll").write_bytes(text)
    out = folder / "g.jsonl"
    args = argparse.Namespace(files=[str(folder)], format="programl-json", output=str(out), out_dir=None,
                              keep_going=True)
    code = graph_run(args, workers=1)
    err = capsys.readouterr().err
    rows = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    bad = [line for line in err.splitlines() if not line.startswith("mir-runtime graph:")]
    assert len(rows) + len(bad) == len(texts) and "Traceback" not in err
    assert all(line.startswith(str(folder)) for line in bad)
    assert code == (2 if not rows else 0)


def test_the_command_offers_every_form() -> None:
    from mir_runtime.cli import build_parser
    from mir_runtime.graph.datasets import FORMATS
    from mir_runtime.graph_outputs import SUFFIXES

    parser, _ = build_parser(["graph"])
    for form in (*SUFFIXES, *FORMATS):
        assert parser.parse_args(["graph", "a.ll", "--format", form]).format == form


@pytest.mark.parametrize(("args", "message"), [
    (["--format", "pyg"], "--format pyg writes one data set of all inputs: give -o FOLDER"),
    (["--format", "dot", "-o", "x.jsonl"], "JSON lines hold JSON graphs"),
    (["-o", "a.json", "--out-dir", "d"], "not both"),
    (["EXTRA", "--format", "svg"], "several inputs need --out-dir DIR"),
])
def test_usage_problems_are_one_line(tmp_path, args, message) -> None:
    (tmp_path / "a.ll").write_text(GOOD)
    (tmp_path / "EXTRA").write_text(GOOD)
    args = [str(tmp_path / "EXTRA") if a == "EXTRA" else a for a in args]
    done = subprocess.run([sys.executable, "-m", "mir_runtime.cli", "graph", str(tmp_path / "a.ll"), *args],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and message in done.stderr, done.stderr


def test_a_folder_that_is_not_a_data_set_is_not_replaced(tmp_path) -> None:
    (tmp_path / "a.ll").write_text(GOOD)
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "keep.txt").write_text("mine")
    done = run(str(tmp_path / "a.ll"), "--format", "pyg", "-o", str(tmp_path / "mine"))
    assert done.returncode == 2 and "is not a graph data set" in done.stderr and done.stderr.count("\n") == 1
    assert (tmp_path / "mine" / "keep.txt").read_text() == "mine"


def test_dgl_without_dgl_is_one_line(tmp_path) -> None:
    try:
        import dgl  # noqa: F401
        pytest.skip("dgl imports here")
    except Exception:
        pass
    (tmp_path / "a.ll").write_text(GOOD)
    done = run(str(tmp_path / "a.ll"), "--format", "dgl", "-o", str(tmp_path / "set"))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert done.stderr.startswith("mir-runtime graph: --format dgl needs dgl")
