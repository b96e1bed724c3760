"""The grammar of each LLVM instruction: operands in LLVM's operand order, result type, successors.

One handler per opcode reads the tokens after the opcode with a ``Cursor`` and returns the
``Parts`` the module reader turns into an ``Instruction``.
"""
from __future__ import annotations

from collections.abc import Iterable

from mir_runtime.ir import keywords as W
from mir_runtime.ir import types as T
from mir_runtime.ir.cursor import FAST_MATH_FLAGS, Cursor, ParseFailure
from mir_runtime.ir.lexer import join
from mir_runtime.ir.model import Operand, OperandKind

K = OperandKind

BINARY_OPS = frozenset(
    "add sub mul udiv sdiv urem srem shl lshr ashr and or xor fadd fsub fmul fdiv frem".split()
)

class Parts:
    """What an opcode handler found: result type, operands, successors, callee, and the blocks
    it names without branching to them (a phi's incoming blocks), which must exist."""

    __slots__ = ("type", "operands", "successors", "callee", "blocks")

    def __init__(self, ty: T.Type | None, operands: list[Operand], successors: Iterable[str] = (),
                 callee: str | None = None, blocks: list[str] | tuple = ()) -> None:
        self.type = ty
        self.operands = operands
        self.successors = list(successors)
        self.callee = callee
        self.blocks = blocks


# The flags LLVM reads after each opcode (llvm-as-14 and -19 tried word by word; fptrunc and fpext
# took fast-math flags in LLVM 20, icmp samesign in LLVM 20); other opcodes take none.
_WRAP = frozenset(("nuw", "nsw"))
_FLAGS = {
    **{op: _WRAP for op in ("add", "sub", "mul", "shl", "trunc")},
    **{op: frozenset(("exact",)) for op in ("udiv", "sdiv", "lshr", "ashr")},
    **{op: FAST_MATH_FLAGS for op in ("fadd", "fsub", "fmul", "fdiv", "frem", "fneg", "fcmp", "select", "phi",
                                      "fptrunc", "fpext")},
    "or": frozenset(("disjoint",)), "zext": frozenset(("nneg",)), "uitofp": frozenset(("nneg",)),
    "icmp": frozenset(("samesign",)),
}


def _flags(cur: Cursor) -> bool:
    """The flags after the opcode just read; whether there were any."""
    return cur.flags(_FLAGS.get(cur.toks[cur.i - 1][1], frozenset()))


def _fast_math_result(flagged: bool, ty: T.Type, what: str, at: int) -> None:
    """LLVM takes fast-math flags on a select, phi or call only with a floating-point result (an
    aggregate of floats is left to LLVM: newer versions take those too)."""
    if flagged and T.scalar(ty).kind in (T.INT, T.PTR, T.VOID):
        raise ParseFailure(f"fast-math flags on a {what} of type {ty.text}", at)


def _block(name: str) -> Operand:
    return Operand(K.BLOCK, T.LABEL_T, name)


def _check(message: str | None, at: int) -> None:
    """Raise one of ``types``' operand-rule messages at token ``at``."""
    if message is not None:
        raise ParseFailure(message, at)


def _binary(cur: Cursor) -> Parts:
    opcode = cur.toks[cur.i - 1][1]
    _flags(cur)
    at = cur.i
    ty = cur.type()
    _check(T.arithmetic_error(opcode, ty), at)
    a = cur.value(ty)
    cur.expect(",")
    b = cur.value(ty)
    return Parts(ty, [a, b])


def _unary(cur: Cursor) -> Parts:
    opcode = cur.toks[cur.i - 1][1]
    _flags(cur)
    at = cur.i
    op = cur.typed_value()
    if opcode == "fneg":
        _check(T.arithmetic_error(opcode, op.type), at)  # type: ignore[arg-type]
    return Parts(op.type, [op])


def _compare(cur: Cursor) -> Parts:
    icmp = cur.toks[cur.i - 1][1] == "icmp"
    allowed = _FLAGS["icmp" if icmp else "fcmp"]
    while cur.peek() in allowed:
        cur.i += 1
    predicate = cur.next()
    if predicate not in (W.ICMP_PREDICATES if icmp else W.FCMP_PREDICATES):
        raise ParseFailure(f"expected a comparison predicate, found '{predicate}'", cur.i - 1)
    at = cur.i
    ty = cur.type()
    _check(T.arithmetic_error("icmp" if icmp else "fcmp", ty), at)
    a = cur.value(ty)
    cur.expect(",")
    b = cur.value(ty)
    return Parts(T.compare_result(ty), [a, b])


def _cast(cur: Cursor) -> Parts:
    opcode = cur.toks[cur.i - 1][1]
    _flags(cur)
    at = cur.i
    op = cur.typed_value()
    cur.expect("to")
    ty = cur.type()
    if not T.cast_is_valid(opcode, op.type, ty):  # type: ignore[arg-type]
        raise ParseFailure(f"invalid cast opcode for cast from '{op.type.text}' to '{ty.text}'", at)  # type: ignore[union-attr]
    return Parts(ty, [op])


def _select(cur: Cursor) -> Parts:
    start = cur.i
    flagged = _flags(cur)
    at = cur.i
    c, a, b = cur.typed_values(3)
    _fast_math_result(flagged, a.type, "select", start)  # type: ignore[arg-type]
    _check(T.select_error(c.type, a.type, b.type), at)  # type: ignore[arg-type]
    return Parts(a.type, [c, a, b])


def _phi(cur: Cursor) -> Parts:
    start = cur.i
    flagged = _flags(cur)
    ty = cur.type()
    _fast_math_result(flagged, ty, "phi", start)
    ops = []
    blocks = []
    while True:
        cur.expect("[")
        ops.append(cur.value(ty))
        cur.expect(",")
        block = cur.next()
        if block[0] != "%":
            raise ParseFailure("expected an incoming block label", cur.i - 1)
        blocks.append(block)
        cur.expect("]")
        if not (cur.peek() == "," and cur.peek(1) == "["):
            return Parts(ty, ops, blocks=blocks)
        cur.i += 1


def _alloca(cur: Cursor) -> Parts:
    """``alloca [inalloca] [swifterror] <ty> [, <ty> <count>] [, align N] [, addrspace(N)]``, each
    part once and in this order, as in LLVM; attachments are left to the reader's tail check."""
    cur.accept("inalloca")
    cur.accept("swifterror")
    ty = cur.sized_type()
    count = Operand(K.CONSTANT, T.I32, "1")
    space = 0
    if cur.peek() == "," and cur.peek(1) not in ("align", "addrspace") and cur.peek(1)[:1] != "!":
        cur.i += 1
        count = cur.typed_value()
    if cur.peek() == "," and cur.peek(1) == "align":
        cur.i += 2
        cur.alignment()
    if cur.peek() == "," and cur.peek(1) == "addrspace":
        cur.i += 2
        cur.expect("(")
        space = cur.number()
        cur.expect(")")
    pointee = None if cur.module.opaque_pointers else ty
    return Parts(T.pointer_to(pointee, space), [count])


def _load(cur: Cursor) -> Parts:
    cur.accept("atomic")
    cur.accept("volatile")
    ty = cur.sized_type()
    if cur.accept(","):
        at = cur.i
        ptr = cur.typed_value()
        if ptr.type.kind != T.PTR:  # type: ignore[union-attr]
            raise ParseFailure(f"load operand must be a pointer, not {ptr.type.text}", at)  # type: ignore[union-attr]
        cur.pointee(ptr.type, ty, "explicit pointee type doesn't match operand's pointee type")  # type: ignore[arg-type]
        return Parts(ty, [ptr])
    ptr = cur.value(ty)  # LLVM < 3.7: load i32* %p
    if ty.kind != T.PTR or ty.elem is None:
        raise ParseFailure("expected a pointer operand", cur.i - 1)
    return Parts(ty.elem, [ptr])


def _store(cur: Cursor) -> Parts:
    cur.accept("atomic")
    cur.accept("volatile")
    val = cur.typed_value()
    cur.expect(",")
    at = cur.i
    ptr = cur.typed_value()
    if ptr.type.kind != T.PTR:  # type: ignore[union-attr]
        raise ParseFailure(f"store operand must be a pointer, not {ptr.type.text}", at)  # type: ignore[union-attr]
    cur.pointee(ptr.type, val.type, "stored value and pointer type do not match")  # type: ignore[arg-type]
    return Parts(None, [val, ptr])


def _gep(cur: Cursor) -> Parts:
    while cur.peek() in ("inbounds", "nuw", "nusw"):
        cur.i += 1
    first = cur.sized_type()
    source: T.Type | None
    if cur.accept(","):
        source = first
        base = cur.typed_value()
    else:  # LLVM < 3.7: getelementptr %T* %p, ...
        base = cur.value(first)
        source = first.elem if first.kind == T.PTR else None
    ops = [base]
    while cur.accept(","):
        if cur.peek().startswith("!"):
            cur.i -= 1
            break
        if cur.peek() == "inrange":
            cur.i += 1
        ops.append(cur.typed_value())
    return Parts(cur.gep_result(source, ops, cur.i - 1), ops)


def _indices(cur: Cursor) -> list[int]:
    out = []
    while cur.peek() == "," and not cur.peek(1).startswith("!"):
        cur.i += 1
        out.append(cur.number())
    return out


def _member(cur: Cursor, ty: T.Type, what: str) -> T.Type:
    """The type that the indices after an extractvalue's or insertvalue's operands select."""
    return cur.member(ty, _indices(cur), what)


def _extractvalue(cur: Cursor) -> Parts:
    agg = cur.typed_value()
    return Parts(_member(cur, agg.type, "extractvalue"), [agg])  # type: ignore[arg-type]


def _insertvalue(cur: Cursor) -> Parts:
    agg, elt = cur.typed_values(2)
    _member(cur, agg.type, "insertvalue")  # type: ignore[arg-type]
    return Parts(agg.type, [agg, elt])


# The vector instructions' operand types are written out, so the reader checks them as LLVM does.
def _extractelement(cur: Cursor) -> Parts:
    vec, idx = cur.typed_values(2)
    _check(T.vector_error("extractelement", [vec.type, idx.type]), cur.i - 1)  # type: ignore[list-item]
    return Parts(vec.type.elem, [vec, idx])  # type: ignore[union-attr]


def _insertelement(cur: Cursor) -> Parts:
    vec, elt, idx = cur.typed_values(3)
    _check(T.vector_error("insertelement", [vec.type, elt.type, idx.type]), cur.i - 1)  # type: ignore[list-item]
    return Parts(vec.type, [vec, elt, idx])


def _shufflevector(cur: Cursor) -> Parts:
    a, b, mask = cur.typed_values(3)
    _check(T.vector_error("shufflevector", [a.type, b.type, mask.type], mask.text), cur.i - 1)  # type: ignore[list-item]
    return Parts(T.vector_of(a.type.elem, mask.type.count, mask.type.scalable), [a, b, mask])  # type: ignore[arg-type, union-attr]


def _call_target(cur: Cursor) -> tuple[T.Type, Operand, list[Operand]]:
    """``[cc] [return attributes] [addrspace(N)] <ty> <callee>(<args>) [function attributes]
    [bundles]``, shared by call, invoke and callbr (a call's fast-math flags come before it, read
    by ``_call``); every word is checked, as in LLVM."""
    if cur.peek() in W.CALLING_CONVENTIONS:
        cur.i += 1
    elif cur.accept("cc"):
        cur.number()
    cur.attributes(W.RETURN_ATTRIBUTES)
    if cur.accept("addrspace"):
        cur.expect("(")
        cur.number()
        cur.expect(")")
    ty = cur.type()
    callee = cur.value(None)
    cur.expect("(")
    args: list[Operand] = []
    if not cur.accept(")"):
        while True:
            arg_ty = cur.type()
            cur.attributes(W.PARAMETER_ATTRIBUTES)
            if arg_ty.kind == T.METADATA:
                start = cur.i
                if cur.peek().startswith("!"):
                    cur.metadata()
                else:
                    cur.typed_value()
                args.append(Operand(K.METADATA, arg_ty, join(cur.toks, start, cur.i)))
            else:
                args.append(cur.value(arg_ty))
            if cur.accept(")"):
                break
            cur.expect(",")
    n_args = len(args)
    cur.function_attributes()
    if cur.peek() == "[" and cur.peek(1).startswith('"'):
        cur.i += 1  # operand bundles: [ "tag"(ty val, ...), ... ]
        while True:
            cur.next()
            cur.expect("(")
            if not cur.accept(")"):
                while True:
                    args.append(cur.typed_value())
                    if cur.accept(")"):
                        break
                    cur.expect(",")
            if cur.accept("]"):
                break
            cur.expect(",")
    if ty.kind == T.FUNC:
        ret, fn_ty = ty.elem, ty
    elif cur.module.legacy_syntax and ty.kind == T.PTR and ty.elem is not None and ty.elem.kind == T.FUNC:
        ret, fn_ty = ty.elem.elem, ty.elem  # LLVM < 3.7: call i32 (i8*, ...)* @printf
    else:
        ret, fn_ty = ty, T.function_of(ty, tuple(a.type for a in args[:n_args]), False)
    callee.type = T.pointer_to(None if cur.module.opaque_pointers else fn_ty)
    return ret, callee, args  # type: ignore[return-value]


def _direct(callee: Operand) -> str | None:
    return callee.text if callee.kind == K.GLOBAL else None


def _call(cur: Cursor) -> Parts:
    start = cur.i
    while cur.peek() in FAST_MATH_FLAGS:
        cur.i += 1
    flagged = cur.i > start
    ret, callee, args = _call_target(cur)
    _fast_math_result(flagged, ret, "call", start)
    return Parts(None if ret.kind == T.VOID else ret, args + [callee], callee=_direct(callee))


def _invoke(cur: Cursor) -> Parts:
    ret, callee, args = _call_target(cur)
    cur.expect("to")
    normal = cur.label()
    cur.expect("unwind")
    unwind = cur.label()
    ops = args + [_block(normal), _block(unwind), callee]
    return Parts(None if ret.kind == T.VOID else ret, ops, [normal, unwind], _direct(callee))


def _callbr(cur: Cursor) -> Parts:
    ret, callee, args = _call_target(cur)
    cur.expect("to")
    default = cur.label()
    indirect = _bracketed(cur, Cursor.label)
    ops = args + [_block(default)] + [_block(b) for b in indirect] + [callee]
    return Parts(None if ret.kind == T.VOID else ret, ops, [default] + indirect, _direct(callee))


def _ret(cur: Cursor) -> Parts:
    ty = cur.type()  # a full type: ``ret void (i8*)* %f`` returns a function pointer
    if ty.kind == T.VOID:
        return Parts(None, [])
    return Parts(None, [cur.value(ty)])


def _br(cur: Cursor) -> Parts:
    if cur.peek() == "label":
        dest = cur.label()
        return Parts(None, [_block(dest)], [dest])
    at = cur.i
    cond = cur.typed_value()
    if cond.type is not T.I1:
        raise ParseFailure(f"branch condition must have type i1, not {cond.type.text}", at)  # type: ignore[union-attr]
    cur.expect(",")
    true = cur.label()
    cur.expect(",")
    false = cur.label()
    return Parts(None, [cond, _block(false), _block(true)], [true, false])


def _truncated(literal: str, bits: int) -> int:
    """A decimal literal modulo 2**bits, as LLVM truncates one to its integer type, of any length
    (Python's ``int`` refuses strings of over 4,300 digits, so they are read in pieces)."""
    digits, modulus, value = literal.lstrip("-"), 1 << bits, 0
    for k in range(0, len(digits), 1000):
        piece = digits[k:k + 1000]
        value = (value * 10 ** len(piece) + int(piece)) % modulus
    return -value % modulus if literal.startswith("-") else value


def _switch(cur: Cursor) -> Parts:
    """An integer condition, then cases that are integer constants of its type (LLParser's rules
    and the verifier's), each value once."""
    at = cur.i
    cond = cur.typed_value()
    if cond.type.kind != T.INT:  # type: ignore[union-attr]
        raise ParseFailure(f"switch condition must have integer type, not {cond.type.text}", at)  # type: ignore[union-attr]
    cur.expect(",")
    default = cur.label()
    ops = [cond, _block(default)]
    succ = [default]
    cur.expect("[")
    seen: set[str | int] = set()
    while not cur.accept("]"):
        at = cur.i
        case = cur.typed_value()
        if case.kind not in (K.CONSTANT, K.CONSTANT_EXPR) or case.text in ("undef", "poison"):
            raise ParseFailure(f"case value {case.text} is not a constant integer", at)
        if case.type.text != cond.type.text:  # type: ignore[union-attr]
            raise ParseFailure(f"case value of type {case.type.text} in a switch on {cond.type.text}", at)  # type: ignore[union-attr]
        value: str | int = case.text
        if case.text.lstrip("-").isdigit() and case.type.kind == T.INT:  # type: ignore[union-attr]
            value = _truncated(case.text, int(case.type.text[1:]))  # type: ignore[union-attr]
        if value in seen:
            raise ParseFailure(f"duplicate case value {case.text} in switch", cur.i - 1)
        seen.add(value)
        ops.append(case)
        cur.expect(",")
        dest = cur.label()
        ops.append(_block(dest))
        succ.append(dest)
    return Parts(None, ops, succ)


def _indirectbr(cur: Cursor) -> Parts:
    addr = cur.typed_value()
    cur.expect(",")
    dests = _bracketed(cur, Cursor.label)
    return Parts(None, [addr] + [_block(d) for d in dests], dests)


def _no_operands(cur: Cursor) -> Parts:
    return Parts(None, [])


def _resume(cur: Cursor) -> Parts:
    return Parts(None, [cur.typed_value()])


def _fence(cur: Cursor) -> Parts:  # its scope and ordering: the parser's check_tail
    return Parts(None, [])


def _cmpxchg(cur: Cursor) -> Parts:
    cur.accept("weak")
    cur.accept("volatile")
    ptr, cmp, new = cur.typed_values(3)
    return Parts(T.struct_of((cmp.type, T.I1)), [ptr, cmp, new])


def _atomicrmw(cur: Cursor) -> Parts:
    cur.accept("volatile")
    operation = cur.next()
    if operation not in W.ATOMICRMW_OPERATIONS:
        raise ParseFailure(f"expected an atomicrmw operation, found '{operation}'", cur.i - 1)
    ptr, val = cur.typed_values(2)
    return Parts(val.type, [ptr, val])


def _va_arg(cur: Cursor) -> Parts:
    ptr = cur.typed_value()
    cur.expect(",")
    return Parts(cur.type(), [ptr])


def _landingpad(cur: Cursor) -> Parts:
    """``landingpad <ty> [cleanup] (catch|filter <ty> <value>)*``; the rest is the tail's."""
    ty = cur.type()
    if cur.accept("personality"):  # LLVM < 3.7 names the personality on the landingpad
        cur.typed_value()
    cur.accept("cleanup")
    ops = []
    while cur.peek() in ("catch", "filter"):
        cur.i += 1
        ops.append(cur.typed_value())
    return Parts(ty, ops)


def _bracketed(cur: Cursor, read) -> list:
    """``[ item, item, ... ]`` where ``read(cur)`` reads one item."""
    cur.expect("[")
    items = []
    while not cur.accept("]"):
        items.append(read(cur))
        cur.accept(",")
    return items


def _pad_parent(cur: Cursor) -> Operand:
    cur.expect("within")
    tok = cur.next()
    if tok == "none":
        return Operand(K.CONSTANT, T.TOKEN_T, "none")
    return Operand(K.LOCAL, T.TOKEN_T, tok)


def _funclet_pad(cur: Cursor) -> Parts:
    parent = _pad_parent(cur)
    args = _bracketed(cur, Cursor.typed_value)
    return Parts(T.TOKEN_T, args + [parent])


def _catchswitch(cur: Cursor) -> Parts:
    parent = _pad_parent(cur)
    handlers = _bracketed(cur, Cursor.label)
    cur.expect("unwind")
    ops = [parent]
    succ = []
    if cur.accept("to"):
        cur.expect("caller")
    else:
        unwind = cur.label()
        ops.append(_block(unwind))
        succ.append(unwind)
    ops += [_block(h) for h in handlers]
    return Parts(T.TOKEN_T, ops, succ + handlers)


def _catchret(cur: Cursor) -> Parts:
    cur.expect("from")
    pad = cur.value(T.TOKEN_T)
    cur.expect("to")
    dest = cur.label()
    return Parts(None, [pad, _block(dest)], [dest])


def _cleanupret(cur: Cursor) -> Parts:
    cur.expect("from")
    pad = cur.value(T.TOKEN_T)
    cur.expect("unwind")
    if cur.accept("to"):
        cur.expect("caller")
        return Parts(None, [pad])
    dest = cur.label()
    return Parts(None, [pad, _block(dest)], [dest])


HANDLERS = {
    **{op: _binary for op in BINARY_OPS},
    **{op: _cast for op in W.CAST_OPS},
    "fneg": _unary, "freeze": _unary,
    "icmp": _compare, "fcmp": _compare,
    "select": _select, "phi": _phi, "alloca": _alloca, "load": _load, "store": _store,
    "getelementptr": _gep, "extractvalue": _extractvalue, "insertvalue": _insertvalue,
    "extractelement": _extractelement, "insertelement": _insertelement,
    "shufflevector": _shufflevector, "call": _call, "invoke": _invoke, "callbr": _callbr,
    "ret": _ret, "br": _br, "switch": _switch, "indirectbr": _indirectbr,
    "unreachable": _no_operands, "resume": _resume, "fence": _fence, "cmpxchg": _cmpxchg,
    "atomicrmw": _atomicrmw, "va_arg": _va_arg, "landingpad": _landingpad,
    "catchpad": _funclet_pad, "cleanuppad": _funclet_pad, "catchswitch": _catchswitch,
    "catchret": _catchret, "cleanupret": _cleanupret,
}
CALL_PREFIXES = frozenset(("tail", "musttail", "notail"))
