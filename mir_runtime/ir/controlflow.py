"""The verifier's rules on a function's control flow, which LLParser leaves to it.

``llvm-as`` refuses a module whose functions break them ("assembly parsed, but does not verify as
correct!"), and a graph built from one would draw flow that cannot happen: a phi fed from a block
that never branches to it, a value used on a path where it was never computed. So the reader
checks them after each function, as LLVM's ``Verifier`` does:
- the entry block has no predecessors;
- phis open their block, and each phi has one entry per predecessor edge (a block a switch reaches
  twice, twice), entries for the same block with the same value;
- each instruction's result dominates its uses: a use in the same block comes after it, one in
  another block lies in blocks its block dominates, a phi's use sits at the end of its incoming
  block, an ``invoke``'s or ``callbr``'s result exists only on the edge to its normal (default)
  destination, and uses in blocks unreachable from the entry are not checked. Only a phi may use
  its own result (in a reachable block).

The dominator tree is Cooper, Harvey and Kennedy's ("A Simple, Fast Dominance Algorithm", 2001)
over the reverse postorder, numbered in preorder and postorder so that each query is two
comparisons.
"""
from __future__ import annotations

from typing import Final

from mir_runtime.ir.model import Block, Function, Instruction, OperandKind

_LOCAL: Final = OperandKind.LOCAL  # compiled, a C constant where a module global is a dictionary lookup
_EDGE_RESULTS = ("invoke", "callbr")  # results defined on the edge to the first successor


def check_function(fn: Function) -> tuple[str, int] | None:
    """The first rule ``fn`` breaks, as (message, line), or None. Its names are resolved (every
    block a terminator or phi names exists), as the reader's own use check leaves them."""
    blocks = fn.blocks
    index, succs, preds = block_edges(fn)
    if preds[0]:
        source = blocks[preds[0][0]].instructions[-1]
        return f"the entry block {blocks[0].name} of {fn.name} has a predecessor", source.line
    order: dict[str, int] = {}  # each result's place in the function, counting every instruction
    sites: list[tuple[int, Instruction]] = []  # by place: the block and the instruction
    for i, block in enumerate(blocks):
        for inst in block.instructions:
            if inst.name is not None:
                order[inst.name] = len(sites)
            sites.append((i, inst))
        failure = _check_phis(block, preds[i], index, blocks)
        if failure:
            return failure
    tree = _Dominators(succs, preds) if len(blocks) > 1 else None
    place = 0
    for i, block in enumerate(blocks):
        first = place
        reachable = tree is None or tree.reachable(i)
        for inst in block.instructions:
            if inst.opcode == "phi":
                for op, incoming in zip(inst.operands, inst.incoming):
                    d = order.get(op.text) if op.kind is _LOCAL else None
                    if d is not None and not _dominates(tree, sites[d], d, index[incoming], i, place, True):
                        return f"{op.text} does not dominate its use in {block.name}", inst.line
            elif reachable:  # LLVM checks no use in an unreachable block
                for op in inst.operands:
                    if op.kind is not _LOCAL:
                        continue
                    d = order.get(op.text)
                    if d is None or first <= d < place:  # a label argument; defined above in the block
                        continue
                    if d == place:
                        return f"{op.text} uses its own value (only a phi may)", inst.line
                    if not _dominates(tree, sites[d], d, i, i, place, False):
                        return f"{op.text} does not dominate its use in {block.name}", inst.line
            place += 1
    return None


def block_edges(fn: Function) -> tuple[dict[str, int], list[list[int]], list[list[int]]]:
    """Each block's index by name, and by index its successors and predecessors (one entry per
    edge, in terminator order: a switch that reaches a block twice lists it twice)."""
    index = {block.name: i for i, block in enumerate(fn.blocks)}
    succs = [[index[name] for name in block.instructions[-1].successors] for block in fn.blocks]
    preds: list[list[int]] = [[] for _ in fn.blocks]
    for i, targets in enumerate(succs):
        for t in targets:
            preds[t].append(i)
    return index, succs, preds


def _check_phis(block: Block, preds: list[int], index: dict[str, int], blocks: list[Block]) -> tuple[str, int] | None:
    """The verifier's rules on a block's phis: all at its top, each with one entry per edge that
    enters it, and one value for a block that enters it twice."""
    insts = block.instructions
    top = 0
    while insts[top].opcode == "phi":  # the block ends with a terminator, no phi
        top += 1
    late = next((inst for inst in insts[top:] if inst.opcode == "phi"), None)
    if late is not None:
        return f"phi not at the top of block {block.name}", late.line
    wanted = sorted(preds)
    for inst in insts[:top]:
        entries = sorted(zip((index[name] for name in inst.incoming), range(len(inst.incoming))))
        if [b for b, _ in entries] != wanted:
            expected = ", ".join(blocks[p].name for p in wanted) or "none"
            return f"phi's incoming blocks do not match the predecessors of {block.name} ({expected})", inst.line
        for (b, j), (b0, j0) in zip(entries[1:], entries):
            if b == b0 and _differ(inst.operands[j], inst.operands[j0]):
                return f"phi has different values for {blocks[b].name}, which it is reached from twice", inst.line
    return None


def _differ(a, b) -> bool:
    """Values that are certainly different: unlike names, a name and a constant, or two decimal
    integers. Other constants may be one value written two ways (``1.0``, ``1.000000e+00``)."""
    if a.text == b.text:
        return False
    if a.text[:1] in "%@" or b.text[:1] in "%@":
        return True
    integers = a.text.lstrip("-").isdigit() and b.text.lstrip("-").isdigit()
    return integers and int(a.text) != int(b.text)


def _dominates(tree: _Dominators | None, site: tuple[int, Instruction], d: int, use_block: int, i: int, place: int,
               phi: bool) -> bool:
    """LLVM's ``DominatorTree::dominates(Def, Use)``: the definition at place ``d`` (``site``: its
    block and instruction) reaches the use in block ``i`` at ``place`` (a phi's: the end of
    ``use_block``, its incoming block)."""
    def_block, inst = site
    if tree is None:  # one block: the use comes after, or is a phi's (the end of the block)
        return inst.opcode not in _EDGE_RESULTS and (phi or d < place)
    if not tree.reachable(use_block):
        return True
    if not tree.reachable(def_block):
        return False
    if inst.opcode in _EDGE_RESULTS:
        return tree.edge_dominates(def_block, use_block, i if phi else None)
    if def_block != use_block:
        return tree.dominates(def_block, use_block)
    return phi or d < place


class _Dominators:
    """A function's dominator tree over block indices, block 0 the entry."""

    def __init__(self, succs: list[list[int]], preds: list[list[int]]) -> None:
        self.succs, self.preds = succs, preds
        n = len(succs)
        idom = immediate_dominators(succs, preds)
        children: list[list[int]] = [[] for _ in range(n)]
        for b in range(1, n):
            if idom[b] >= 0:
                children[idom[b]].append(b)
        self.pre = [-1] * n  # -1: unreachable
        self.post = [-1] * n
        clock = 0
        stack = [(0, 0)]
        while stack:
            b, c = stack.pop()
            if c == 0:
                self.pre[b] = clock
                clock += 1
            if c < len(children[b]):
                stack.append((b, c + 1))
                stack.append((children[b][c], 0))
            else:
                self.post[b] = clock
                clock += 1

    def reachable(self, b: int) -> bool:
        return self.pre[b] >= 0

    def dominates(self, a: int, b: int) -> bool:
        """``a`` dominates ``b`` (each dominates itself; anything dominates an unreachable block)."""
        if self.pre[b] < 0:
            return True
        return self.pre[a] >= 0 and self.pre[a] <= self.pre[b] and self.post[b] <= self.post[a]

    def edge_dominates(self, start: int, use_block: int, phi_block: int | None) -> bool:
        """LLVM's ``DominatorTree::dominates(BasicBlockEdge, Use)`` for the edge from ``start`` to its
        first successor, where an ``invoke`` or ``callbr`` defines its result: a use in
        ``use_block`` (a phi's in ``phi_block``, on the edge from ``use_block``) lies beyond it."""
        end = self.succs[start][0]
        if phi_block == end and use_block == start:
            return True
        if not self.dominates(end, use_block):
            return False
        preds = self.preds[end]
        if len(preds) == 1:
            return True
        if preds.count(start) > 1:  # two edges from start: neither dominates anything
            return False
        return all(p == start or self.dominates(end, p) for p in preds)


def immediate_dominators(succs: list[list[int]], preds: list[list[int]]) -> list[int]:
    """Each block's immediate dominator (-1: none, the entry and unreachable blocks), by Lengauer and
    Tarjan's algorithm with path compression: O(E log V) whatever the graph, where the simpler
    iterative algorithms take quadratic time on a chain of blocks that all branch to one block."""
    n = len(succs)
    number = [-1] * n  # depth-first preorder number
    vertex: list[int] = []  # by number: the block
    parent = [-1] * n  # by number: the parent's number in the search tree
    stack = [(0, -1)]
    while stack:
        b, up = stack.pop()
        if number[b] >= 0:
            continue
        number[b] = len(vertex)
        parent[len(vertex)] = up
        vertex.append(b)
        for s in reversed(succs[b]):
            if number[s] < 0:
                stack.append((s, number[b]))
    m = len(vertex)
    semi = list(range(m))
    label = list(range(m))
    ancestor = [-1] * m
    dom = [0] * m
    bucket: list[list[int]] = [[] for _ in range(m)]

    def evaluate(v: int) -> int:
        if ancestor[v] < 0:
            return v
        path = []
        while ancestor[ancestor[v]] >= 0:
            path.append(v)
            v = ancestor[v]
        while path:  # compress, from the top of the path down
            v = path.pop()
            a = ancestor[v]
            if semi[label[a]] < semi[label[v]]:
                label[v] = label[a]
            ancestor[v] = ancestor[a]
        return label[v]

    for w in range(m - 1, 0, -1):
        for p in preds[vertex[w]]:
            v = number[p]
            if v >= 0:
                u = evaluate(v)
                if semi[u] < semi[w]:
                    semi[w] = semi[u]
        bucket[semi[w]].append(w)
        ancestor[w] = parent[w]
        for v in bucket[parent[w]]:
            u = evaluate(v)
            dom[v] = u if semi[u] < semi[v] else parent[w]
        bucket[parent[w]] = []
    idom = [-1] * n
    for w in range(1, m):
        if dom[w] != semi[w]:
            dom[w] = dom[dom[w]]
        idom[vertex[w]] = vertex[dom[w]]
    return idom
