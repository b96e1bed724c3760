"""ProgramGraph to Graphviz DOT, drawn as ProGraML 0.3.2's ``graph2dot`` draws it, and DOT to
SVG or PNG with Graphviz's ``dot`` where it is installed.

Instructions are blue boxes, variables pink ellipses, constants red diamonds, each labelled by
its text (cut to 32 characters); control edges are blue, data red, call green, and an edge with a
non-zero position is labelled by it (at the consumer for data, at the source otherwise). Each
function is a dotted cluster; the root and the constants, which belong to no function, are outside.
The attribute values are ``graph2dot``'s; the DOT text is written in a fixed order (``graph2dot``'s
follows a hash map), and position labels take their edge's colour, which ``graph2dot`` means to
do but leaves empty.
"""
from __future__ import annotations

import shutil
import subprocess

from mir_runtime.graph.programl import CONSTANT, DATA, ProgramGraph

LABEL_LENGTH = 32  # graph2dot's kMaximumLabelLen
PICTURES = ("svg", "png")
RENDER_SECONDS = 600
_STYLE = {
    "graph": {"fontname": "Inconsolata", "fontsize": "20", "margin": "0", "nodesep": "0.4", "ranksep": "0.4"},
    "node": {"fontname": "Inconsolata", "fontsize": "20", "penwidth": "2", "width": "1", "margin": "0"},
    "edge": {"fontname": "Inconsolata", "fontsize": "20", "penwidth": "3", "arrowsize": ".8"},
}
NODE_STYLE = (  # by node type: INSTRUCTION, VARIABLE, CONSTANT
    {"shape": "box", "style": "filled", "fillcolor": "#3c78d8", "fontcolor": "#ffffff"},
    {"shape": "ellipse", "style": "filled", "fillcolor": "#f4cccc", "color": "#990000", "fontcolor": "#990000"},
    {"shape": "diamond", "style": "filled", "fillcolor": "#e99c9c", "color": "#990000", "fontcolor": "#990000"},
)
EDGE_STYLE = (  # by flow: CONTROL, DATA, CALL
    {"color": "#345393", "weight": "10"},
    {"color": "#990000", "weight": "0"},
    {"color": "#65ae4d", "weight": "1"},
)


class RenderError(Exception):
    """Graphviz could not draw a graph (or is not installed); the message says why."""


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _attributes(attributes: dict[str, str]) -> str:
    return "[" + ", ".join(f"{k}={_quoted(v)}" for k, v in attributes.items()) + "]"


def _cut(text: str) -> str:
    """labm8's TruncateWithEllipsis, as graph2dot cuts labels."""
    return text if len(text) <= LABEL_LENGTH else text[: LABEL_LENGTH - 3] + "..."


def to_dot(graph: ProgramGraph) -> str:
    """The DOT text of ``graph``: nodes named by their ids, edges in the graph's order."""
    lines = ["digraph main {"]
    lines += [f"{kind} {_attributes(attributes)};" for kind, attributes in _STYLE.items()]
    members: list[list[int]] = [[] for _ in range(len(graph.functions) + 1)]  # [0]: outside every function
    kinds = graph.node_type.tolist()
    for node, (kind, function) in enumerate(zip(kinds, graph.node_function.tolist())):
        members[0 if node == 0 or kind == CONSTANT else function + 1].append(node)
    texts = graph.node_text.tolist()
    for number, nodes in enumerate(members):
        if number == 0:
            lines.append("subgraph external {")
        else:  # a cluster's name must start with "cluster"; numbered, as two names may cut to one label
            name = _cut(graph.functions[number - 1])
            lines.append(f"subgraph cluster{number - 1} {{")
            lines.append(f"graph {_attributes({'label': name, 'margin': '10', 'style': 'dotted'})};")
        lines += [f"{n} {_attributes({'label': _cut(texts[n]), **NODE_STYLE[kinds[n]]})};" for n in nodes]
        lines.append("}")
    for s, t, f, p in zip(graph.edge_source.tolist(), graph.edge_target.tolist(), graph.edge_flow.tolist(),
                          graph.edge_position.tolist()):
        attributes = dict(EDGE_STYLE[f])
        if p:
            attributes["headlabel" if f == DATA else "taillabel"] = str(p)
            attributes["labelfontcolor"] = attributes["color"]
        lines.append(f"{s} -> {t} {_attributes(attributes)};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def dot_binary() -> str | None:
    """Graphviz's ``dot`` on the PATH, or None."""
    return shutil.which("dot")


def render(dot: str, kind: str) -> bytes:
    """``dot`` drawn as ``kind`` (svg or png) by Graphviz."""
    if kind not in PICTURES:
        raise ValueError(f"unknown picture format {kind!r}")
    binary = dot_binary()
    if binary is None:
        raise RenderError(f"--format {kind} needs Graphviz's dot on the PATH (apt-get install graphviz)")
    try:
        done = subprocess.run([binary, f"-T{kind}"], input=dot.encode(), capture_output=True,
                              timeout=RENDER_SECONDS)
    except subprocess.TimeoutExpired:
        raise RenderError(f"dot -T{kind} took over {RENDER_SECONDS} s") from None
    if done.returncode != 0 or not done.stdout:
        problem = " ".join(done.stderr.decode(errors="replace").split()) or f"exit status {done.returncode}"
        raise RenderError(f"dot -T{kind} failed: {problem}")
    return done.stdout
