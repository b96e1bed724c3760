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

import re
from collections import deque
from dataclasses import dataclass, field
from typing import Final

import numpy as np

from mir_runtime.graph.slots import (
    CALL_OPCODES,
    MetadataSlots,
    function_renumbering,
    instruction_attachments,
    module_slots,
    references_metadata_node,
    renumber,
    renumber_metadata,
)
from mir_runtime.ir.model import Module, OperandKind
from mir_runtime.ir.types import Type, short_text

# Final: compiled (mypyc), each is a C constant where a plain module global is a dictionary lookup.
INSTRUCTION: Final = 0
VARIABLE: Final = 1
CONSTANT: Final = 2
CONTROL: Final = 0
DATA: Final = 1
CALL: Final = 2
NODE_TYPES = ("INSTRUCTION", "VARIABLE", "CONSTANT")
FLOWS = ("CONTROL", "DATA", "CALL")
ROOT_TEXT = "[external]"
_PROFILE = re.compile(r'^(?:distinct )?!\{!"([^"]*)"((?:, [^,{}]+)*)\}$')  # a !prof node: its name, operands
_WEIGHT = re.compile(r"^i(\d+) (-?\d+)$")
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
    # node -> ProGraML's profile features of an instruction with !prof branch weights, in its order
    node_profile: dict[int, dict[str, int]] = field(default_factory=dict)
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
    """Nodes and edges as columns, one append per field (the builder's hot path), numpy arrays at
    the end. A node's function and block come in runs, set where they change; its instruction
    index follows from its type, counting all instruction nodes but the root and declarations."""

    def __init__(self) -> None:
        self.kinds: list[int] = []
        self.texts: list[str] = []
        self.full_texts: list[str] = []
        self.run_starts: list[int] = []  # the first node of each run of nodes of one function and block
        self.run_functions: list[int] = []
        self.run_blocks: list[int] = []
        self.unnumbered: list[int] = []  # instruction nodes that stand for no instruction
        self.sources: list[int] = []
        self.targets: list[int] = []
        self.flows: list[int] = []
        self.positions: list[int] = []

    def run(self, function: int, block: int) -> None:
        """The nodes added from now on are of ``function`` and ``block``."""
        self.run_starts.append(len(self.kinds))
        self.run_functions.append(function)
        self.run_blocks.append(block)

    def node(self, kind: int, text: str, full: str) -> int:
        self.kinds.append(kind)
        self.texts.append(text)
        self.full_texts.append(full)
        return len(self.kinds) - 1

    def edge(self, flow: int, source: int, target: int, position: int = 0) -> None:
        self.sources.append(source)
        self.targets.append(target)
        self.flows.append(flow)
        self.positions.append(position)

    def data_edges(self, source: int, uses: list[int]) -> None:
        """Data edges from ``source`` to ``uses``, node and operand position in turn."""
        for k in range(0, len(uses), 2):
            self.edge(DATA, source, uses[k], uses[k + 1])

    def graph(self, module: Module) -> ProgramGraph:
        n = len(self.kinds)
        kinds = _small(self.kinds)
        starts = self.run_starts
        runs = [end - start for start, end in zip(starts, starts[1:] + [n])]
        numbered = kinds == INSTRUCTION
        numbered[self.unnumbered] = False
        instruction = np.full(n, -1, dtype=np.int32)
        instruction[numbered] = np.arange(int(numbered.sum()), dtype=np.int32)
        return ProgramGraph(
            node_type=kinds,
            node_text=_objects(self.texts),
            node_full_text=_objects(self.full_texts),
            node_function=np.repeat(np.array(self.run_functions, dtype=np.int32), runs),
            node_block=np.repeat(np.array(self.run_blocks, dtype=np.int32), runs),
            node_instruction=instruction,
            edge_source=_int32(self.sources),
            edge_target=_int32(self.targets),
            edge_flow=_small(self.flows),
            edge_position=_int32(self.positions),
            functions=[_plain_name(f.name) for f in module.functions],
            module_name=module.source_filename,
            target_triple=module.target_triple,
            data_layout=module.data_layout,
        )


def build_graph(module: Module) -> ProgramGraph:
    """The ProGraML graph of ``module``."""
    b = _Builder()
    b.run(0, 0)
    root = b.node(INSTRUCTION, ROOT_TEXT, "")
    b.unnumbered.append(root)
    globals_by_name = {g.name: g for g in module.globals}
    # Uses are flat lists, node and operand position in turn: no tuple per use.
    constants: dict[str, tuple[str, str, list[int]]] = {}  # key -> (text, full_text, uses)
    call_sites: list[tuple[int, str]] = []
    entry_exits: dict[str, tuple[int, list[int]]] = {}
    block_count = 0
    base_slots = module_slots(module)
    metadata_slots = MetadataSlots(module) if module.metadata else None
    global_metadata = metadata_slots.module_renumbering() if metadata_slots else {}
    profiles: dict[int, dict[str, int]] = {}
    kinds, texts, full_texts = b.kinds, b.texts, b.full_texts  # the hot loop appends the columns itself
    sources, targets, flows, positions = b.sources, b.targets, b.flows, b.positions

    for fi, fn in enumerate(module.functions):
        if fn.is_declaration:
            b.run(fi, 0)
            node = b.node(INSTRUCTION, DECLARATION_TEXT, "")
            b.unnumbered.append(node)
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
        arg_uses: dict[str, list[int]] = {}
        variable_texts: dict[str, tuple[str, str]] = {}  # the texts of a value's variable nodes (one per use)
        pending_names: list[str] = []  # each local use's value, and its variable node, for the edges from producers
        pending_nodes: list[int] = []
        ends: dict[str, tuple[int, int]] = {}
        for block in fn.blocks:
            b.run(fi, block_count)
            first = last = -1
            for inst in block.instructions:
                text = renumber(inst.text, attribute_numbers) if inst.opcode in CALL_OPCODES else inst.text
                if metadata_numbers and "!" in text and not references_metadata_node(text):
                    text = renumber_metadata(text, metadata_numbers)
                node = len(kinds)
                kinds.append(INSTRUCTION)
                texts.append(inst.opcode)
                full_texts.append(text)
                if inst.name is not None:
                    producers[inst.name] = node
                if metadata_slots is not None and "!prof" in inst.text:
                    profile = _profile(inst.text, module.metadata)
                    if profile:
                        profiles[node] = profile
                if last >= 0:
                    sources.append(last)
                    targets.append(node)
                    flows.append(CONTROL)
                    positions.append(0)
                if inst.opcode == "call" and inst.callee is not None:
                    call_sites.append((node, inst.callee))
                for position, op in enumerate(inst.operands):
                    kind = op.kind
                    if kind is _LOCAL:
                        spelled = variable_texts.get(op.text)
                        if spelled is None:
                            short = short_text(producer_types[op.text])
                            spelled = variable_texts[op.text] = (short, f"{short} {op.text}")
                        var = len(kinds)
                        kinds.append(VARIABLE)
                        texts.append(spelled[0])
                        full_texts.append(spelled[1])
                        sources.append(var)
                        targets.append(node)
                        flows.append(DATA)
                        positions.append(position)
                        pending_names.append(op.text)
                        pending_nodes.append(var)
                    elif kind is _CONSTANT or kind is _CONSTANT_EXPR:
                        key = op.typed_text
                        entry = constants.get(key)
                        if entry is None:
                            entry = constants[key] = (short_text(op.type), key, [])  # type: ignore[arg-type]
                        entry[2].append(node)
                        entry[2].append(position)
                    elif kind is _GLOBAL:
                        entry = constants.get(op.text)
                        if entry is None:
                            g = globals_by_name[op.text]
                            full = renumber_metadata(g.text, global_metadata) if global_metadata else g.text
                            if g.kind != "variable":
                                full += "\n"  # LLVM prints aliases and ifuncs with a newline
                            entry = constants[op.text] = (short_text(g.type), full, [])
                        entry[2].append(node)
                        entry[2].append(position)
                    elif kind is _ARGUMENT:
                        used = arg_uses.setdefault(op.text, [])
                        used.append(node)
                        used.append(position)
                if first < 0:
                    first = node
                last = node
            block_count += 1
            ends[block.name] = (first, last)
        b.run(fi, block_count)
        for arg in fn.arguments:
            uses = arg_uses.get(arg.name)
            if uses:
                b.data_edges(b.node(VARIABLE, short_text(arg.type), f"{arg.type.text} {arg.name}"), uses)
        for k in range(len(pending_names)):
            b.edge(DATA, producers[pending_names[k]], pending_nodes[k])
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
    b.run(0, block_count)
    for text, full, uses in constants.values():
        b.data_edges(b.node(CONSTANT, text, full), uses)
    graph = b.graph(module)
    graph.node_profile = profiles
    return graph


def _profile(text: str, metadata: dict[str, str]) -> dict[str, int]:
    """ProGraML's profile features of an instruction with a ``!prof`` attachment, as LLVM 10's
    ``extractProfTotalWeight`` (the branch weights' sum as unsigned, or a value profile's total)
    and ``extractProfMetadata`` (exactly two branch weights, signed) find them."""
    node = next((n for kind, n in instruction_attachments(text) if kind == "prof"), None)
    body = metadata.get(node, "") if node is not None else ""
    found = _PROFILE.match(body)
    if found is None:
        return {}
    operands = found[2].split(", ")[1:] if found[2] else []
    weights = [_WEIGHT.match(o) for o in operands]
    out: dict[str, int] = {}
    if found[1] == "branch_weights" and all(weights):
        out["llvm_profile_total_weight"] = sum(int(w[2]) % (1 << int(w[1])) for w in weights if w)
        if len(weights) == 2:
            out["llvm_profile_true_weight"], out["llvm_profile_false_weight"] = (int(w[2]) for w in weights if w)
    elif found[1] == "VP" and len(operands) > 2 and weights[1]:
        out["llvm_profile_total_weight"] = int(weights[1][2]) % (1 << int(weights[1][1]))
    return out


def _small(values: list[int]) -> np.ndarray:
    """int8 of values below 128 (node types, flows): through bytes, three times faster than ``np.array``."""
    return np.frombuffer(bytearray(values), dtype=np.int8)


def _int32(values: list[int]) -> np.ndarray:
    return np.fromiter(values, dtype=np.int32, count=len(values))


def _objects(strings: list[str]) -> np.ndarray:
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
