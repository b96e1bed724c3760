"""ProGraML 0.3.2's ``llvm2graph-10`` as the reference for graph parity (tests only).

``scripts/fetch-llvm2graph.sh`` puts the binary in ``.cache/programl``; ``$MIR_LLVM2GRAPH`` may
point elsewhere. Graphs are compared as ProGraML's note defines: multisets of node keys
(type, text, full_text) and edge keys (flow, position, source key, target key).
"""
from __future__ import annotations

import json
import os
import re
import subprocess
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
_BIN = Path(os.environ.get("MIR_LLVM2GRAPH", REPO / ".cache/programl/llvm2graph-10"))
_JSON = _BIN.parent / "graph2json"
_DOT = _BIN.parent / "graph2dot"
_METADATA_ID = re.compile(r"!\d+")
_ATTRIBUTE_GROUP = re.compile(r"#\d+")


def available() -> bool:
    return _BIN.is_file() and os.access(_BIN, os.X_OK) and _JSON.is_file()


def reference_graph(text: str) -> dict | None:
    """ProGraML's node-link JSON of ``text``, or None when llvm2graph-10 rejects the IR."""
    done = subprocess.run([str(_BIN), "--stdout_fmt=pb"], input=text.encode(), capture_output=True, timeout=120)
    if done.returncode != 0:
        return None
    out = subprocess.run([str(_JSON), "--stdin_fmt=pb"], input=done.stdout, capture_output=True, timeout=120, check=True)
    return json.loads(out.stdout)


def reference_dot(text: str) -> str | None:
    """ProGraML's ``graph2dot`` drawing of ``text``, or None when the binary is missing or rejects it."""
    if not _DOT.is_file():
        return None
    done = subprocess.run([str(_BIN), "--stdout_fmt=pb"], input=text.encode(), capture_output=True, timeout=120)
    if done.returncode != 0:
        return None
    out = subprocess.run([str(_DOT), "--stdin_fmt=pb"], input=done.stdout, capture_output=True, timeout=120, check=True)
    return out.stdout.decode()


def programl_networkx(data: dict):
    """ProGraML 0.3.2's ``programl.to_networkx`` of a graph whose ``graph2json`` output is ``data``:
    its ``transform_ops`` reads that JSON with ``networkx.readwrite.json_graph.node_link_graph(data,
    multigraph=True, directed=True)`` (the links under ``links``). ``graph2json`` gives every link
    the key 0, so two edges between the same nodes (an operand used twice) become one there, with
    the later edge's attributes."""
    from networkx.readwrite import json_graph

    return json_graph.node_link_graph(data, directed=True, multigraph=True, edges="links")


def graph_keys(data: dict, numbers: bool = True) -> tuple[Counter, Counter]:
    """Node-key and edge-key multisets; ``numbers=False`` blanks metadata and attribute numbers."""
    keys = []
    for node in data["nodes"]:
        full = node.get("features", {}).get("full_text", [""])[0]
        if not numbers:
            full = _ATTRIBUTE_GROUP.sub("#N", _METADATA_ID.sub("!N", full))
        keys.append((node["type"], node["text"], full))
    edges = Counter((e["flow"], e["position"], keys[e["source"]], keys[e["target"]]) for e in data["links"])
    return Counter(keys), edges


def compare(ours: dict, reference: dict) -> str:
    """``exact``, ``numbering`` (equal once metadata and attribute-group numbers are blanked) or
    ``different``."""
    if graph_keys(ours) == graph_keys(reference):
        return "exact"
    if graph_keys(ours, False) == graph_keys(reference, False):
        return "numbering"
    return "different"


def describe_difference(ours: dict, reference: dict, limit: int = 5) -> str:
    on, oe = graph_keys(ours, False)
    rn, re_ = graph_keys(reference, False)
    lines = [f"nodes {sum(on.values())} vs reference {sum(rn.values())}, edges {sum(oe.values())} vs {sum(re_.values())}"]
    lines += [f"  only ours:      {k}" for k in list((on - rn))[:limit]]
    lines += [f"  only reference: {k}" for k in list((rn - on))[:limit]]
    lines += [f"  edge only ours:      {k}" for k in list((oe - re_))[:limit]]
    lines += [f"  edge only reference: {k}" for k in list((re_ - oe))[:limit]]
    return "\n".join(lines)


_LLVM10_UNKNOWN = re.compile(r"\b(mustprogress|noundef|nocallback|nosync|willreturn|nofree)\b ?")


def llvm10_compatible(text: str) -> str:
    """clang-13/14 output rewritten so LLVM 10's parser accepts it (both sides read this text).

    Drops attributes LLVM 10 does not know and spells ``poison`` as ``undef``; the program's
    structure, which is what the parity test checks, is unchanged. One thing this rewrite cannot
    keep: LLVM 10 gives the intrinsics it knows its own attribute sets, which no longer match the
    rewritten text, so call-site ``#N`` numbers may differ (verdict ``numbering``).
    """
    text = _LLVM10_UNKNOWN.sub("", text)
    text = re.sub(r"\bpoison\b", "undef", text)
    text = re.sub(r"\bsret\((?:[^()]|\([^()]*\))*\)", "sret", text)  # LLVM 11+ typed sret
    text = re.sub(r"^(\s*(?:%\S+ = )?(?:atomicrmw|cmpxchg) .*?), align \d+", r"\1", text, flags=re.M)
    return re.sub(r"\buwtable\(\w+\)", "uwtable", text)
