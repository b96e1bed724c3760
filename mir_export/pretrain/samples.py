"""Pre-training samples: one per unique function, with its statements and its ProGraML graph.

A module's functions are deduplicated by the hash of their statements (C headers, inline
functions and -O0/-O2 twins repeat a lot), so a sample is a function: its own module made of the
function, stubs for what it calls, and the module's globals and types. The graph is built by the
runtime's builder, so training sees exactly the inputs serving will.
"""
from __future__ import annotations

import pickle
from dataclasses import dataclass, replace
from functools import partial
from typing import BinaryIO

import numpy as np

from mir_export.corpus.manifest import function_key
from mir_runtime.features import GraphInputs, encode_nodes, encode_statements, graph_inputs
from mir_runtime.graph import build_graph
from mir_runtime.ir import Function, Module
from mir_runtime.statements import instruction_statements

MAX_NODES = 2048  # larger functions are left out of pre-training batches
MIN_INSTRUCTIONS = 2


# Where the pickled classes of data directories written before the training side had one package per
# stage now live: such a directory still loads, and is not prepared again.
MOVED_MODULES = {"mir_export.samples": "mir_export.pretrain.samples",
                 "mir_export.contrastive_data": "mir_export.pretrain.contrastive_data"}


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str):
        return super().find_class(MOVED_MODULES.get(module, module), name)


def load_pickle(f: BinaryIO):
    """``pickle.load`` of samples written by this or an earlier layout of ``mir_export``."""
    return _Unpickler(f).load()


@dataclass
class Sample:
    """A function as the encoder's inputs; arrays are compact and widened when batched."""

    key: str  # function_key of the function's statements
    statements: list[np.ndarray]  # int32 token ids per statement
    node_tokens: np.ndarray  # int32
    node_lengths: np.ndarray  # int16 tokens per node
    node_type: np.ndarray  # int8
    edges: np.ndarray  # int32 [3, E]: source, target, flow
    package: str = ""

    @property
    def num_nodes(self) -> int:
        return len(self.node_type)

    def graph(self) -> GraphInputs:
        lengths = self.node_lengths.astype(np.int64)
        return GraphInputs(
            node_tokens=self.node_tokens.astype(np.int64),
            token_node=np.repeat(np.arange(len(lengths), dtype=np.int64), lengths),
            node_type=self.node_type.astype(np.int64),
            edge_src=self.edges[0].astype(np.int64),
            edge_dst=self.edges[1].astype(np.int64),
            edge_flow=self.edges[2].astype(np.int64),
        )


def function_module(module: Module, fn: Function) -> Module:
    """``fn`` alone in a module, with body-less stubs for every function it calls."""
    functions = {f.name: f for f in module.functions}
    called = {i.callee for b in fn.blocks for i in b.instructions if i.callee is not None}
    stubs = [
        Function(name, functions[name].return_type, [], [], True, functions[name].line)
        for name in sorted(called - {fn.name}) if name in functions
    ]
    return replace(module, functions=[fn] + stubs)


def module_samples(module: Module, tokenizer, seen: set[str] | None = None, keyed_by: Module | None = None) -> list[Sample]:
    """A sample per defined function of ``module`` that fits the size limits.

    Functions whose key is in ``seen`` are skipped (and new keys added): featurizing is the
    expensive part, and corpora repeat functions many times over. ``keyed_by``: the module as read,
    when ``module`` is its promoted form (the same functions in the same order): keys stay those
    of the statements as read, which a variants manifest records.
    """
    samples = []
    for k, fn in enumerate(module.functions):
        if fn.is_declaration:
            continue
        instructions = [i for b in fn.blocks for i in b.instructions]
        if len(instructions) < MIN_INSTRUCTIONS:
            continue
        statements = instruction_statements(instructions, module.types)
        key = function_key(statements if keyed_by is None else instruction_statements(
            [i for b in keyed_by.functions[k].blocks for i in b.instructions], keyed_by.types))
        if seen is not None:
            if key in seen:
                continue
            seen.add(key)
        graph = build_graph(function_module(module, fn))
        if graph.num_nodes > MAX_NODES:
            continue
        ids = encode_statements(tokenizer, statements)
        inputs = graph_inputs(graph, partial(encode_nodes, tokenizer), ids, range(len(ids)), module.types)
        samples.append(
            Sample(
                key=key,
                statements=[np.asarray(s, dtype=np.int32) for s in ids],
                node_tokens=inputs.node_tokens.astype(np.int32),
                node_lengths=np.bincount(inputs.token_node, minlength=inputs.num_nodes).astype(np.int16),
                node_type=inputs.node_type.astype(np.int8),
                edges=np.stack([inputs.edge_src, inputs.edge_dst, inputs.edge_flow]).astype(np.int32),
            )
        )
    return samples
