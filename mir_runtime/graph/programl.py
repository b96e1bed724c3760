"""ProGraML 0.3.2 program graphs from the module model, built the way its LLVM builder does.

Nodes: the root ``[external]``, one instruction node per instruction (one ``; undefined function``
node per declaration), one variable node per *use* of an instruction result, one per used
argument, and one constant node per distinct constant or global in the module. Edges: control
(within a block, and from a terminator to each successor's first instruction, position =
successor index, by a breadth-first walk from the entry block), data (operand position = LLVM
operand index) and call (root to every function entry and back from its exits; each direct
``call`` to its callee's entry, and from the callee's exits back).

Instruction and global ``full_text`` is the text as LLVM 10 prints the value on its own, which
differs from the file only in attribute-group and metadata numbers (see ``slots.py``).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from itertools import chain
from typing import Final

import numpy as np

from mir_runtime.graph.slots import (
    CALL_OPCODES,
    MetadataSlots,
    function_renumbering,
    module_slots,
    references_metadata_node,
    renumber,
    renumber_metadata,
)
from mir_runtime.ir.model import Module, OperandKind
from mir_runtime.ir.types import Type, short_text

INSTRUCTION, VARIABLE, CONSTANT = 0, 1, 2
CONTROL, DATA, CALL = 0, 1, 2
NODE_TYPES = ("INSTRUCTION", "VARIABLE", "CONSTANT")
FLOWS = ("CONTROL", "DATA", "CALL")
ROOT_TEXT = "[external]"
DECLARATION_TEXT = "; undefined function"

# The operand kinds the builder tests, as constants: compiled (mypyc), each is a C static where
# ``OperandKind.LOCAL`` is an attribute lookup, once per operand.
_LOCAL: Final = OperandKind.LOCAL
_CONSTANT: Final = OperandKind.CONSTANT
_CONSTANT_EXPR: Final = OperandKind.CONSTANT_EXPR
_GLOBAL: Final = OperandKind.GLOBAL
_ARGUMENT: Final = OperandKind.ARGUMENT


@dataclass
class ProgramGraph:
    """A ProGraML graph as parallel numpy arrays (node ``i`` is row ``i`` of every node array)."""

    node_type: np.ndarray  # int8: INSTRUCTION, VARIABLE, CONSTANT
    node_text: np.ndarray  # object: opcode, shortened type, or ROOT/DECLARATION text
    node_full_text: np.ndarray  # object: instruction as printed, ``<type> <name>``, constant text
    node_function: np.ndarray  # int32: index into ``functions``
    node_block: np.ndarray  # int32: module-wide block counter
    node_instruction: np.ndarray  # int32: index of the instruction in module order, else -1
    edge_source: np.ndarray  # int32
    edge_target: np.ndarray  # int32
    edge_flow: np.ndarray  # int8: CONTROL, DATA, CALL
    edge_position: np.ndarray  # int32
    functions: list[str] = field(default_factory=list)
    module_name: str = ""
    target_triple: str = ""
    data_layout: str = ""

    @property
    def num_nodes(self) -> int:
        return len(self.node_type)

    @property
    def num_edges(self) -> int:
        return len(self.edge_source)


def _plain_name(name: str) -> str:
    name = name[1:]
    if name.startswith('"') and name.endswith('"'):
        name = name[1:-1]
    return name


class _Builder:
    """Nodes and edges as rows (one append each: the builder's hot path), columns at the end."""

    def __init__(self) -> None:
        self.nodes: list[tuple[int, str, str, int, int, int]] = []  # type, text, full text, function, block, inst
        self.edges: list[tuple[int, int, int, int]] = []  # source, target, flow, position

    def node(self, kind: int, text: str, full: str, function: int, block: int, inst: int = -1) -> int:
        self.nodes.append((kind, text, full, function, block, inst))
        return len(self.nodes) - 1

    def edge(self, flow: int, source: int, target: int, position: int = 0) -> None:
        self.edges.append((source, target, flow, position))


def build_graph(module: Module) -> ProgramGraph:
    """The ProGraML graph of ``module``."""
    b = _Builder()
    root = b.node(INSTRUCTION, ROOT_TEXT, "", 0, 0)
    globals_by_name = {g.name: g for g in module.globals}
    constants: dict[str, tuple[str, str, list]] = {}  # key -> (text, full_text, uses)
    call_sites: list[tuple[int, str]] = []
    entry_exits: dict[str, tuple[int, list[int]]] = {}
    block_count = 0
    inst_index = 0
    base_slots = module_slots(module)
    metadata_slots = MetadataSlots(module) if module.metadata else None
    global_metadata = metadata_slots.module_renumbering() if metadata_slots else {}

    for fi, fn in enumerate(module.functions):
        if fn.is_declaration:
            node = b.node(INSTRUCTION, DECLARATION_TEXT, "", fi, 0)
            entry_exits[fn.name] = (node, [node])
            continue
        producers: dict[str, int] = {}
        producer_types: dict[str, Type] = {}
        for block in fn.blocks:
            for inst in block.instructions:
                if inst.name is not None:
                    producer_types[inst.name] = inst.type  # type: ignore[assignment]
        attribute_numbers = function_renumbering(module, fn, base_slots)
        metadata_numbers = metadata_slots.function_renumbering(fn) if metadata_slots else {}
        arg_uses: dict[str, list] = {}
        variable_texts: dict[str, tuple[str, str]] = {}  # the texts of a value's variable nodes (one per use)
        pending: list[tuple[str, int]] = []
        ends: dict[str, tuple[int, int]] = {}
        add_node, add_edge = b.nodes.append, b.edges.append  # the hot loop appends rows itself
        for block in fn.blocks:
            first = last = -1
            for inst in block.instructions:
                text = renumber(inst.text, attribute_numbers) if inst.opcode in CALL_OPCODES else inst.text
                if metadata_numbers and "!" in text and not references_metadata_node(text):
                    text = renumber_metadata(text, metadata_numbers)
                node = len(b.nodes)
                add_node((INSTRUCTION, inst.opcode, text, fi, block_count, inst_index))
                inst_index += 1
                if inst.name is not None:
                    producers[inst.name] = node
                if last >= 0:
                    add_edge((last, node, CONTROL, 0))
                if inst.opcode == "call" and inst.callee is not None:
                    call_sites.append((node, inst.callee))
                for position, op in enumerate(inst.operands):
                    kind = op.kind
                    if kind is _LOCAL:
                        spelled = variable_texts.get(op.text)
                        if spelled is None:
                            short = short_text(producer_types[op.text])
                            spelled = variable_texts[op.text] = (short, f"{short} {op.text}")
                        var = len(b.nodes)
                        add_node((VARIABLE, spelled[0], spelled[1], fi, block_count, -1))
                        add_edge((var, node, DATA, position))
                        pending.append((op.text, var))
                    elif kind is _CONSTANT or kind is _CONSTANT_EXPR:
                        key = op.typed_text
                        entry = constants.get(key)
                        if entry is None:
                            entry = constants[key] = (short_text(op.type), key, [])  # type: ignore[arg-type]
                        entry[2].append((node, position))
                    elif kind is _GLOBAL:
                        entry = constants.get(op.text)
                        if entry is None:
                            g = globals_by_name[op.text]
                            full = renumber_metadata(g.text, global_metadata) if global_metadata else g.text
                            if g.kind != "variable":
                                full += "\n"  # LLVM prints aliases and ifuncs with a newline
                            entry = constants[op.text] = (short_text(g.type), full, [])
                        entry[2].append((node, position))
                    elif kind is _ARGUMENT:
                        arg_uses.setdefault(op.text, []).append((node, position))
                if first < 0:
                    first = node
                last = node
            block_count += 1
            ends[block.name] = (first, last)
        for arg in fn.arguments:
            uses = arg_uses.get(arg.name)
            if uses:
                var = b.node(VARIABLE, short_text(arg.type), f"{arg.type.text} {arg.name}", fi, block_count)
                for node, position in uses:
                    b.edge(DATA, var, node, position)
        for name, var in pending:
            add_edge((producers[name], var, DATA, 0))
        entry_exits[fn.name] = (ends[fn.blocks[0].name][0], _control_flow(fn, ends, b))

    for first_node, exits in entry_exits.values():
        b.edge(CALL, root, first_node)
        for exit_node in exits:
            b.edge(CALL, exit_node, root)
    for site, callee in call_sites:
        first_node, exits = entry_exits[callee]
        b.edge(CALL, site, first_node)
        for exit_node in exits:
            b.edge(CALL, exit_node, site)
    for text, full, uses in constants.values():
        node = b.node(CONSTANT, text, full, 0, block_count)
        b.edges.extend((node, target, DATA, position) for target, position in uses)

    kinds, texts, full_texts, functions, blocks, instructions = zip(*b.nodes)
    edges = np.fromiter(chain.from_iterable(b.edges), dtype=np.int32, count=4 * len(b.edges)).reshape(-1, 4)
    return ProgramGraph(
        node_type=np.array(kinds, dtype=np.int8),
        node_text=_objects(texts),
        node_full_text=_objects(full_texts),
        node_function=np.array(functions, dtype=np.int32),
        node_block=np.array(blocks, dtype=np.int32),
        node_instruction=np.array(instructions, dtype=np.int32),
        edge_source=edges[:, 0].copy(),
        edge_target=edges[:, 1].copy(),
        edge_flow=edges[:, 2].astype(np.int8),
        edge_position=edges[:, 3].copy(),
        functions=[_plain_name(f.name) for f in module.functions],
        module_name=module.source_filename,
        target_triple=module.target_triple,
        data_layout=module.data_layout,
    )


def _objects(strings: tuple[str, ...]) -> np.ndarray:
    out = np.empty(len(strings), dtype=object)
    out[:] = strings
    return out


def _control_flow(fn, ends: dict, b: _Builder) -> list[int]:
    """Control edges between blocks reachable from the entry; returns the function's exits."""
    successors = {block.name: block.instructions[-1].successors for block in fn.blocks}
    entry = fn.blocks[0].name
    seen = {entry}
    queue = deque([entry])
    exits: list[int] = []
    while queue:
        current = queue.popleft()
        last = ends[current][1]
        succ = successors[current]
        for position, target in enumerate(succ):
            b.edge(CONTROL, last, ends[target][0], position)
            if target not in seen:
                seen.add(target)
                queue.append(target)
        if not succ:
            exits.append(last)
    return exits
