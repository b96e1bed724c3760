"""Local variables promoted to SSA values, as LLVM's ``mem2reg`` promotes them.

At -O0, clang keeps every local variable in an ``alloca`` and reads and writes it with ``load``
and ``store``; any optimizing pipeline starts by promoting those to SSA values (``phi`` where
paths meet). The same function therefore looks very different at -O0 and at -O2: most of its -O0
statements are memory traffic of locals that -O2 never has. Promoting them first gives an encoder
one form of the code whatever level it was compiled at; on the retrieval proxy (finding a
function's -O2 variant from its -O0 one, clang-13, 1,184 held-out functions of a 9-package build)
it lifted the shipped encoder's recall@1 from 0.215 to 0.607 (``opt -passes=mem2reg`` first; this
module gives the same statements, ``tests/test_promote.py``).

The rules are PromoteMemoryToRegister's:
- an alloca of the entry block, of one element, used only as the address of simple (not volatile,
  not atomic) loads and stores of its allocated type, and by ``llvm.lifetime`` markers (directly
  or through a cast that nothing else uses) and debug intrinsics, is promotable (its address never
  escapes, so no other instruction can see it);
- phis go to the iterated dominance frontier of the blocks that store to it (Cytron et al. 1991),
  pruned to blocks where it is live on entry; a load before any store reads ``undef``;
- values are renamed along the dominator tree; loads, stores, the alloca and its markers go, and
  a new phi whose entries are all one value (itself and ``undef`` aside) is that value, as
  LLVM's ``SimplifyPHINode`` makes it.
Debug intrinsics of a promoted alloca are dropped, where LLVM turns ``llvm.dbg.declare`` into
``llvm.dbg.value`` calls after each store: they describe source variables, not computation.
Blocks unreachable from the entry read ``undef`` (LLVM keeps their loads, reading an undefined
address). New phis are named as LLVM names them, the alloca's name and ``.0``, ``.1`` ... (names
the function already has are skipped); statements spell every local name ``%ID`` anyway. The
renaming is linear in the function's size (one walk of the dominator tree with an undo log of
the current values, where LLVM's walk copies every alloca's value at each branch). A function
that would need more new phis than it has instructions (``PHI_BUDGET``) is left as read.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from mir_runtime.ir.controlflow import block_edges, immediate_dominators
from mir_runtime.ir.lexer import tokenize
from mir_runtime.ir.model import Block, Function, Instruction, Module, Operand, OperandKind
from mir_runtime.ir.types import Type

_LOCAL: Final = OperandKind.LOCAL  # compiled, a C constant where a module global is a dictionary lookup
# At most this many new phis, or the function's instruction count if larger: compiled code needs a
# small fraction of that (sqlite3's amalgamation at -O0: 8,621 new phis for 301,815 instructions,
# at most a fifth of any one function's), while a crafted function of n locals live across n joins
# needs n * n: 1,500 of each, a 223 KB file, took 333 s and gave 2.2 million statements before this
# limit. Such a function is read as it is.
PHI_BUDGET = 10_000
_MARKERS = re.compile(r'@"?llvm\.(?:lifetime\.(?:start|end)|dbg\.(?:declare|value|addr|assign))\b')
_PLAIN = re.compile(r"%[-a-zA-Z$._][-a-zA-Z$._0-9]*")  # a name LLVM prints without quotes
_SIMPLE = re.compile(r"(?:%[^=]*=\s*)?(?:load|store)\s+(?!volatile\b|atomic\b)")


def promote(module: Module) -> Module:
    """``module`` with the promotable allocas of every defined function promoted (the module itself
    if there are none)."""
    functions = [_promote(fn, module.types) for fn in module.functions]
    if all(new is old for new, old in zip(functions, module.functions)):
        return module
    return replace(module, functions=functions)


def _promote(fn: Function, types: dict) -> Function:
    if fn.is_declaration or not any(i.opcode == "alloca" for i in fn.blocks[0].instructions):
        return fn
    allocas, casts = _promotable(fn, types)
    if not allocas:
        return fn
    try:
        return _Promotion(fn, allocas, casts).run()
    except _TooManyPhis:
        return fn


class _TooManyPhis(Exception):
    """Promotion would add more phis than the function has instructions (``PHI_BUDGET``)."""


def _allocated(alloca: Instruction) -> str | None:
    """The allocated type's text of a one-element alloca, or None (an array size, ``inalloca``)."""
    if len(alloca.operands) != 1 or alloca.operands[0].text != "1":
        return None
    rest = alloca.text.split("=", 1)[1].strip()
    if not rest.startswith("alloca ") or rest.startswith(("alloca inalloca ", "alloca swifterror ")):
        return None
    return rest[len("alloca "):]


def _promotable(fn: Function, types: dict) -> tuple[dict[str, Instruction], dict[str, str]]:
    """The entry block's allocas that may be promoted, by name, and the casts of their addresses
    that only lifetime markers use (or nothing), to the alloca's name."""
    allocas = {i.name: i for i in fn.blocks[0].instructions
               if i.opcode == "alloca" and i.name is not None and _allocated(i) is not None}
    if not allocas:  # arrays only (optimized code): no need to look at the uses
        return {}, {}
    uses: dict[str, list[tuple[Instruction, int]]] = {}
    for block in fn.blocks:
        for inst in block.instructions:
            for position, op in enumerate(inst.operands):
                if op.kind is _LOCAL:
                    uses.setdefault(op.text, []).append((inst, position))
    casts: dict[str, str] = {}
    for name in list(allocas):
        allocated = _allocated(allocas[name])
        for inst, position in uses.get(name, ()):
            if inst.opcode == "load" and _SIMPLE.match(inst.text) and inst.name not in types:
                typed = inst.type
            elif inst.opcode == "store" and position == 1 and _SIMPLE.match(inst.text) \
                    and inst.operands[0].text != name:
                typed = inst.operands[0].type
            elif _marker(inst):
                continue
            elif inst.opcode in ("bitcast", "addrspacecast") and inst.name is not None \
                    and all(_marker(i) for i, _ in uses.get(inst.name, ())):
                casts[inst.name] = name
                continue
            else:
                typed = None
            if typed is None or not (allocated == typed.text or allocated.startswith(typed.text + ",")):  # type: ignore[union-attr]
                del allocas[name]
                break
    return allocas, {cast: name for cast, name in casts.items() if name in allocas}


def _marker(inst: Instruction) -> bool:
    """A lifetime marker or debug intrinsic: says something about an address, uses no value."""
    return inst.opcode == "call" and inst.callee is not None and _MARKERS.match(inst.callee) is not None


class _Promotion:
    """One function's promotion: phi placement, renaming, rewriting."""

    def __init__(self, fn: Function, allocas: dict[str, Instruction], casts: dict[str, str]) -> None:
        self.fn = fn
        self.allocas = allocas
        self.casts = casts  # a cast of a promoted alloca's address (only markers use it) -> the alloca
        _, self.succs, self.preds = block_edges(fn)
        self.idom = immediate_dominators(self.succs, self.preds)
        self.reachable = [i == 0 or d >= 0 for i, d in enumerate(self.idom)]
        self.types: dict[str, Type | None] = {name: None for name in allocas}  # the value type, from a load or store
        self.replaced: dict[str | None, Operand] = {}  # a removed value's name -> what replaces it
        self.targets: dict[int, str] = {}  # id() of an instruction that goes with an alloca -> the alloca
        self._phi_of: dict[int, str] = {}  # id() of a new phi -> its alloca
        self._names: set[str] | None = None  # the function's names, once a phi needs a fresh one

    def run(self) -> Function:
        stores, loaded_first = self._accesses()
        phis = self._place(stores, loaded_first)
        self._rename(phis)
        self._simplify(phis)
        return self._rewrite(phis)

    def _accesses(self) -> tuple[dict[str, set[int]], dict[str, set[int]]]:
        """Blocks that store to each alloca, and blocks whose first access to it is a load (read on
        entry); marks what goes."""
        stores: dict[str, set[int]] = {name: set() for name in self.allocas}
        loaded_first: dict[str, set[int]] = {name: set() for name in self.allocas}
        for b, block in enumerate(self.fn.blocks):
            seen: set[str] = set()
            for inst in block.instructions:
                target = self._address(inst)
                if target is None:
                    continue
                self.targets[id(inst)] = target
                if inst.opcode == "store":
                    stores[target].add(b)
                    self.types[target] = inst.operands[0].type
                elif inst.opcode == "load":
                    if target not in seen:
                        loaded_first[target].add(b)
                    self.types[target] = inst.type
                else:
                    continue
                seen.add(target)
        return stores, loaded_first

    def _address(self, inst: Instruction) -> str | None:
        """The promoted alloca ``inst`` loads, stores to, casts or marks, else None."""
        if inst.opcode == "load":
            name = inst.operands[0].text
        elif inst.opcode == "store":
            name = inst.operands[1].text
        elif inst.name in self.casts:
            return self.casts[inst.name]
        elif _marker(inst):
            names = [op.text for op in inst.operands if op.kind is _LOCAL] + [
                t for op in inst.operands if op.kind is OperandKind.METADATA for _, t in tokenize(op.text)]
            return next((self.casts.get(n, n) for n in names if n in self.allocas or n in self.casts), None)
        else:
            return None
        return name if name in self.allocas else None

    def _frontiers(self) -> list[set[int]]:
        frontier: list[set[int]] = [set() for _ in self.fn.blocks]
        for b, preds in enumerate(self.preds):
            if len(set(preds)) < 2 or not self.reachable[b]:
                continue
            for p in set(preds):
                runner = p
                while self.reachable[runner] and runner != self.idom[b]:
                    frontier[runner].add(b)
                    if runner == 0:
                        break
                    runner = self.idom[runner]
        return frontier

    def _live_in(self, stores: set[int], loaded_first: set[int]) -> set[int]:
        """Blocks where the alloca's value on entry is read (pruned SSA, as LLVM computes it): those
        that load it before any store, and their predecessors back to the blocks that store it."""
        work = list(loaded_first)
        live: set[int] = set()
        while work:
            b = work.pop()
            if b in live:
                continue
            live.add(b)
            work.extend(p for p in self.preds[b] if p not in stores and p not in live)
        return live

    def _place(self, stores: dict[str, set[int]], loaded_first: dict[str, set[int]]) -> dict[int, list[Instruction]]:
        """New phis per block, one per alloca live there at a join of its stores."""
        frontier = self._frontiers()
        phis: dict[int, list[Instruction]] = {}
        budget = max(PHI_BUDGET, sum(len(block.instructions) for block in self.fn.blocks))
        for name, alloca in self.allocas.items():
            if self.types[name] is None:
                continue
            live = self._live_in(stores[name], loaded_first[name])
            placed: set[int] = set()
            work = [b for b in stores[name] if self.reachable[b]]
            while work:
                for d in frontier[work.pop()]:
                    if d in placed or d not in live:
                        continue
                    placed.add(d)
                    budget -= 1
                    if budget < 0:
                        raise _TooManyPhis
                    phi = Instruction("phi", self._fresh(name), self.types[name], [], "", alloca.line, incoming=[])
                    phis.setdefault(d, []).append(phi)
                    self._phi_of[id(phi)] = name
                    if d not in stores[name]:
                        work.append(d)
        return phis

    def _fresh(self, alloca: str) -> str:
        """A name no value or block of the function has: the alloca's with ``.0``, ``.1`` ... after
        it, as LLVM names the phis it makes (a quoted or numbered name: ``%.N.k``, ``%.promoted.k``)."""
        if self._names is None:
            self._names = {a.name for a in self.fn.arguments} | {b.name for b in self.fn.blocks} | {
                i.name for b in self.fn.blocks for i in b.instructions if i.name is not None}
        bare = alloca[1:].strip('"')
        stem = next((c for c in (f"%{bare}", f"%.{bare}") if _PLAIN.fullmatch(c)), "%.promoted")
        k = 0
        while f"{stem}.{k}" in self._names:
            k += 1
        name = f"{stem}.{k}"
        self._names.add(name)
        return name

    def _rename(self, phis: dict[int, list[Instruction]]) -> None:
        """Each alloca's current value along the dominator tree (one undo log, so linear in the
        function's size): a phi sets it, a load is replaced by it, a store sets it, and each edge
        out of a block gives the successor's phis the value at its end. The entries are then put
        in LLVM's order: the order its renaming walk, depth first over the control flow from the
        entry, first crosses each edge into the block."""
        undef = {name: Operand(OperandKind.CONSTANT, self.types[name], "undef") for name in self.allocas
                 if self.types[name] is not None}
        blocks = self.fn.blocks
        children: list[list[int]] = [[] for _ in blocks]
        for b, d in enumerate(self.idom):
            if b and d >= 0:
                children[d].append(b)
        at_end: dict[tuple[int, int], Operand] = {}  # (id of a phi, predecessor) -> its entry
        current = dict(undef)
        undo: list[tuple[str, Operand]] = []
        stack: list[tuple[int, int]] = [(0, -1)]
        while stack:
            b, mark = stack.pop()
            if mark >= 0:  # leaving b's subtree
                while len(undo) > mark:
                    name, value = undo.pop()
                    current[name] = value
                continue
            stack.append((b, len(undo)))
            for phi in phis.get(b, ()):
                name = self._phi_of[id(phi)]
                undo.append((name, current[name]))
                current[name] = Operand(_LOCAL, phi.type, phi.name)  # type: ignore[arg-type]
            self._visit(blocks[b], current, undo)
            for s in self.succs[b]:
                for phi in phis.get(s, ()):
                    at_end[id(phi), b] = current[self._phi_of[id(phi)]]
            stack.extend((c, -1) for c in reversed(children[b]))
        for b, block in enumerate(blocks):  # unreachable from the entry: reads undef
            if not self.reachable[b]:
                self._visit(block, dict(undef), [])
        arrivals = self._arrivals()
        for b, block_phis in phis.items():
            for phi in block_phis:
                undefined = undef[self._phi_of[id(phi)]]
                for pred in arrivals[b]:
                    phi.operands.append(at_end.get((id(phi), pred), undefined))
                    phi.incoming.append(blocks[pred].name)  # type: ignore[union-attr]

    def _arrivals(self) -> list[list[int]]:
        """Each block's predecessors, one per edge, in the order LLVM's renaming walk crosses the
        edges (``PromoteMem2Reg::RenamePass``: depth first, the first successor followed at once,
        the others put on a stack); edges from blocks it never reaches (unreachable) last."""
        arrivals: list[list[int]] = [[] for _ in self.fn.blocks]
        visited: set[int] = set()
        work = [(0, -1)]
        while work:
            b, pred = work.pop()
            while True:
                if pred >= 0:
                    arrivals[b].extend([pred] * self.succs[pred].count(b))
                if b in visited:
                    break
                visited.add(b)
                successors = self.succs[b]
                if not successors:
                    break
                seen = {successors[0]}
                for s in successors[1:]:
                    if s not in seen:
                        seen.add(s)
                        work.append((s, b))
                pred, b = b, successors[0]
        for b, targets in enumerate(self.succs):
            if b not in visited:
                for s in dict.fromkeys(targets):
                    arrivals[s].extend([b] * targets.count(s))
        return arrivals

    def _visit(self, block: Block, values: dict[str, Operand], undo: list[tuple[str, Operand]]) -> None:
        for inst in block.instructions:
            name = self.targets.get(id(inst))
            if name is None or name not in values:
                continue
            if inst.opcode == "load":
                self.replaced[inst.name] = values[name]
            elif inst.opcode == "store":
                undo.append((name, values[name]))
                values[name] = self._resolve(inst.operands[0])

    def _resolve(self, op: Operand) -> Operand:
        """What ``op`` stands for once removed values are replaced (chains shortened as walked)."""
        path: list[str] = []
        while op.kind is _LOCAL and op.text in self.replaced and len(path) <= len(self.replaced):
            path.append(op.text)
            op = self.replaced[op.text]
        for name in path[:-1]:
            self.replaced[name] = op
        return op

    def _simplify(self, phis: dict[int, list[Instruction]]) -> None:
        """LLVM's ``SimplifyPHINode`` on the new phis, until none changes: entries of one value
        (itself and ``undef`` aside) are that value; with an ``undef`` entry only if the value is no
        instruction's (LLVM also asks that the instruction dominate the phi); only ``undef``: undef.
        A worklist: a phi is looked at again only when one it reads has gone."""
        users: dict[str, list[Instruction]] = {}
        for block_phis in phis.values():
            for phi in block_phis:
                for op in phi.operands:
                    if op.kind is _LOCAL:
                        users.setdefault(op.text, []).append(phi)
        gone: set[int] = set()
        work = [phi for block_phis in phis.values() for phi in block_phis]
        while work:
            phi = work.pop()
            if id(phi) in gone:
                continue
            entries = [op for op in map(self._resolve, phi.operands) if op.text != phi.name]
            values = {op.text: op for op in entries if op.text != "undef"}
            if len(values) > 1 or (values and len(values) < len({op.text for op in entries})
                                   and next(iter(values.values())).kind is _LOCAL):
                continue
            self.replaced[phi.name] = next(iter(values.values())) if values else \
                Operand(OperandKind.CONSTANT, phi.type, "undef")
            gone.add(id(phi))
            work.extend(users.get(phi.name, ()))  # type: ignore[arg-type]
        for b, block_phis in phis.items():
            phis[b] = [phi for phi in block_phis if id(phi) not in gone]

    def _rewrite(self, phis: dict[int, list[Instruction]]) -> Function:
        blocks = []
        for b, block in enumerate(self.fn.blocks):
            out = [self._phi_text(phi) for phi in reversed(phis.get(b, []))]  # LLVM: each at the front
            for inst in block.instructions:
                if id(inst) in self.targets or inst.name in self.allocas:
                    continue
                out.append(self._substituted(inst))
            blocks.append(Block(block.name, out, block.line))
        return replace(self.fn, blocks=blocks)

    def _phi_text(self, phi: Instruction) -> Instruction:
        operands = [self._resolve(op) for op in phi.operands]
        entries = ", ".join(f"[ {op.text}, {block} ]" for op, block in zip(operands, phi.incoming))
        return phi.rewritten(operands, f"{phi.name} = phi {phi.type.text} {entries}")  # type: ignore[union-attr]

    def _substituted(self, inst: Instruction) -> Instruction:
        names = {op.text for op in inst.operands if op.kind is _LOCAL and op.text in self.replaced}
        names.update(t for op in inst.operands if op.kind is OperandKind.METADATA
                     for _, t in tokenize(op.text) if t in self.replaced)
        if not names:
            return inst
        spelled = {name: self._resolve(Operand(_LOCAL, None, name)).text for name in names}
        operands = [self._resolve(op) if op.kind is _LOCAL else
                    Operand(op.kind, op.type, _spell(op.text, spelled)) if op.kind is OperandKind.METADATA else op
                    for op in inst.operands]
        return inst.rewritten(operands, _spell(inst.text, spelled))


def _spell(text: str, spelled: dict[str, str]) -> str:
    """``text`` with each token named in ``spelled`` replaced."""
    return "".join(ws + spelled.get(tok, tok) for ws, tok in tokenize(text)).strip()

