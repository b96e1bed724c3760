"""Textual LLVM IR (LLVM 3.8 to 19) to the module model, in pure Python.

The reader follows LLParser where it matters for correctness: a block ends at its terminator,
numbered values must increase, every name an instruction uses must be defined, and a label may
only open a block. Everything the model does not need (attribute groups, metadata bodies,
comdats, use-list orders) is kept as text or skipped, never interpreted.
"""
from __future__ import annotations

import re

from mir_runtime.errors import IRParseError
from mir_runtime.ir import types as T
from mir_runtime.ir.lexer import bracket_depth, join, strip_comment, tokenize
from mir_runtime.ir.model import (
    TERMINATORS,
    Argument,
    Block,
    Function,
    Global,
    Instruction,
    Module,
    Operand,
    OperandKind,
)

K = OperandKind

CONSTANT_WORDS = frozenset("true false null undef poison zeroinitializer none".split())
CONSTEXPR_OPS = frozenset(
    """getelementptr bitcast inttoptr ptrtoint addrspacecast trunc zext sext fptrunc fpext fptoui
    fptosi uitofp sitofp add sub mul shl lshr ashr and or xor udiv sdiv urem srem fadd fsub fmul
    fdiv frem fneg icmp fcmp select extractelement insertelement shufflevector extractvalue
    insertvalue""".split()
)
VALUE_WORDS = CONSTANT_WORDS | CONSTEXPR_OPS | {
    "blockaddress", "dso_local_equivalent", "no_cfi", "splat", "asm",
}
BINARY_OPS = frozenset(
    "add sub mul udiv sdiv urem srem shl lshr ashr and or xor fadd fsub fmul fdiv frem".split()
)
CAST_OPS = frozenset(
    """trunc zext sext fptrunc fpext fptoui fptosi uitofp sitofp ptrtoint inttoptr bitcast
    addrspacecast""".split()
)
CONTINUATION_WORDS = ("to", "catch", "cleanup", "filter", "unwind")

_LABEL_RE = re.compile(r'^\s*([-a-zA-Z$._0-9]+|"[^"]*")\s*:\s*$')
_OLD_LABEL_RE = re.compile(r"^\s*; <label>:(\d+)")
_TYPEDEF_RE = re.compile(r"^(%[-a-zA-Z$._0-9]+|%\"[^\"]*\") = type (.*)$", re.M)
_OPAQUE_PTR_RE = re.compile(r"(?<![%@$!\w.\-\"])ptr(?![\w.])")


class _Fail(Exception):
    """A parse failure at a token index of the instruction being read."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.message = message
        self.index = index


class _Cursor:
    """Recursive-descent reader over one statement's tokens."""

    __slots__ = ("toks", "i", "n", "module")

    def __init__(self, toks: list, module: Module, start: int = 0) -> None:
        self.toks = toks
        self.i = start
        self.n = len(toks)
        self.module = module

    # -- tokens -------------------------------------------------------------------------------
    def peek(self, ahead: int = 0) -> str:
        j = self.i + ahead
        return self.toks[j][1] if j < self.n else ""

    def next(self) -> str:
        if self.i >= self.n:
            raise _Fail("unexpected end of statement", self.i)
        tok = self.toks[self.i][1]
        self.i += 1
        return tok

    def expect(self, tok: str) -> None:
        if self.peek() != tok:
            found = self.peek() or "end of statement"
            raise _Fail(f"expected '{tok}', found '{found}'", self.i)
        self.i += 1

    def accept(self, tok: str) -> bool:
        if self.i < self.n and self.toks[self.i][1] == tok:
            self.i += 1
            return True
        return False

    def skip_group(self) -> None:
        """Skip a balanced bracket group starting at the current token."""
        depth = 0
        while True:
            tok = self.next()
            if tok in "([{<" and tok:
                depth += 1
            elif tok in ")]}>" and tok:
                depth -= 1
            if depth <= 0:
                return

    def number(self) -> int:
        tok = self.next()
        try:
            return int(tok)
        except ValueError:
            raise _Fail(f"expected an integer, found '{tok}'", self.i - 1) from None

    # -- types --------------------------------------------------------------------------------
    def at_type(self) -> bool:
        tok = self.peek()
        if not tok:
            return False
        c = tok[0]
        if c in "%[{":
            return True
        if c == "<":
            return True
        return tok == "target" or T.simple(tok) is not None

    def type(self) -> T.Type:
        start = self.i
        tok = self.next()
        c = tok[0]
        if c == "%":
            ty = T.named(tok)
        elif c == "[":
            count = self.number()
            self.expect("x")
            ty = T.array_of(self.type(), count)
            self.expect("]")
        elif c == "<":
            if self.peek() == "{":
                self.i += 1
                ty = T.struct_of(self._fields("}"), packed=True)
                self.expect(">")
            else:
                scalable = self.accept("vscale")
                if scalable:
                    self.expect("x")
                count = self.number()
                self.expect("x")
                ty = T.vector_of(self.type(), count, scalable)
                self.expect(">")
        elif c == "{":
            ty = T.struct_of(self._fields("}"))
        elif tok == "target":
            self.skip_group()
            ty = T.make(T.OTHER, join(self.toks, start, self.i))
        else:
            ty = T.simple(tok)
            if ty is None:
                raise _Fail(f"expected a type, found '{tok}'", start)
        while True:
            tok = self.peek()
            if tok == "*":
                self.i += 1
                ty = T.pointer_to(ty)
            elif tok == "addrspace":
                self.i += 1
                self.expect("(")
                space = self.number()
                self.expect(")")
                if ty.kind == T.PTR and ty.elem is None:
                    ty = T.pointer_to(None, space)
                else:
                    self.expect("*")
                    ty = T.pointer_to(ty, space)
            elif tok == "(":
                self.i += 1
                params: list[T.Type] = []
                vararg = False
                while not self.accept(")"):
                    if self.accept("..."):
                        vararg = True
                    else:
                        params.append(self.type())
                    if not self.accept(","):
                        self.expect(")")
                        break
                ty = T.function_of(ty, tuple(params), vararg)
            else:
                return ty

    def _fields(self, close: str) -> tuple:
        fields: list[T.Type] = []
        if self.accept(close):
            return ()
        while True:
            fields.append(self.type())
            if self.accept(close):
                return tuple(fields)
            self.expect(",")

    # -- values -------------------------------------------------------------------------------
    def value(self, ty: T.Type | None) -> Operand:
        start = self.i
        tok = self.next()
        c = tok[0]
        if c == "%":
            return Operand(K.LOCAL, ty, tok)
        if c == "@":
            return Operand(K.GLOBAL, ty, tok)
        if c == "!":
            self.i = start
            self.metadata()
            return Operand(K.METADATA, ty, join(self.toks, start, self.i))
        if c in "-+0123456789" or c == '"' or tok.startswith('c"'):
            return Operand(K.CONSTANT, ty, tok)
        if c in "[{<":
            self.i = start
            self.skip_group()
            return Operand(K.CONSTANT, ty, join(self.toks, start, self.i))
        if tok in CONSTANT_WORDS:
            return Operand(K.CONSTANT, ty, tok)
        if tok in CONSTEXPR_OPS:
            while self.peek() != "(":
                if not self.peek():
                    raise _Fail(f"expected '(' in constant expression '{tok}'", self.i)
                self.i += 1
            self.skip_group()
            return Operand(K.CONSTANT_EXPR, ty, join(self.toks, start, self.i))
        if tok == "blockaddress" or tok == "splat":
            self.skip_group()
            return Operand(K.CONSTANT, ty, join(self.toks, start, self.i))
        if tok == "dso_local_equivalent" or tok == "no_cfi":
            self.next()
            return Operand(K.CONSTANT, ty, join(self.toks, start, self.i))
        if tok == "asm":
            while not self.peek().startswith('"'):
                self.next()
            self.next()
            self.expect(",")
            if not self.next().startswith('"'):
                raise _Fail("expected inline asm constraint string", self.i - 1)
            return Operand(K.INLINE_ASM, ty, join(self.toks, start, self.i))
        raise _Fail(f"expected a value, found '{tok}'", start)

    def metadata(self) -> None:
        """Skip one metadata value: ``!12``, ``!"s"``, ``!{...}``, ``!DILocation(...)``."""
        tok = self.next()
        if tok == "!":
            if self.peek() == "{":
                self.skip_group()
            return
        if self.peek() == "(" and tok[1:2].isalpha():
            self.skip_group()

    def typed_value(self) -> Operand:
        ty = self.type()
        return self.value(ty)

    def skip_attributes(self) -> None:
        """Skip parameter/return attributes (``noundef``, ``align 8``, ``byval(%T)`` ...)."""
        while True:
            tok = self.peek()
            if not tok or not (tok[0].isalpha() or tok[0] == "_") or tok in VALUE_WORDS:
                return
            if T.simple(tok) is not None and tok not in ("opaque",):
                return
            self.i += 1
            nxt = self.peek()
            if nxt == "(":
                self.skip_group()
            elif tok in ("align", "dereferenceable", "dereferenceable_or_null", "alignstack") and nxt.isdigit():
                self.i += 1

    def skip_words(self) -> None:
        """Skip keyword flags (``nuw``, ``inbounds``, ``fast`` ...) up to the next type."""
        while True:
            tok = self.peek()
            if not tok:
                raise _Fail("unexpected end of statement", self.i)
            if self.at_type():
                return
            if tok == "cc":
                self.i += 2
                continue
            self.i += 1
            if self.peek() == "(" and tok not in ("addrspace",):
                self.skip_group()
            elif tok == "addrspace":
                self.skip_group()

    def label(self) -> str:
        self.expect("label")
        tok = self.next()
        if tok[0] != "%":
            raise _Fail(f"expected a block label, found '{tok}'", self.i - 1)
        return tok


# --- instructions ---------------------------------------------------------------------------


class _Inst:
    """What an opcode handler found: result type, operands, successors, callee."""

    __slots__ = ("type", "operands", "successors", "callee")

    def __init__(self, ty, operands, successors=(), callee=None) -> None:
        self.type = ty
        self.operands = operands
        self.successors = list(successors)
        self.callee = callee


def _block(name: str) -> Operand:
    return Operand(K.BLOCK, T.LABEL_T, name)


def _binary(cur: _Cursor) -> _Inst:
    cur.skip_words()
    ty = cur.type()
    a = cur.value(ty)
    cur.expect(",")
    b = cur.value(ty)
    return _Inst(ty, [a, b])


def _unary(cur: _Cursor) -> _Inst:
    cur.skip_words()
    op = cur.typed_value()
    return _Inst(op.type, [op])


def _compare(cur: _Cursor) -> _Inst:
    while cur.peek() in ("samesign",) or not cur.at_type():
        cur.next()  # fast-math flags and the predicate
    ty = cur.type()
    a = cur.value(ty)
    cur.expect(",")
    b = cur.value(ty)
    result = T.vector_of(T.I1, ty.count, ty.scalable) if ty.kind == T.VECTOR else T.I1
    return _Inst(result, [a, b])


def _cast(cur: _Cursor) -> _Inst:
    cur.skip_words()
    op = cur.typed_value()
    cur.expect("to")
    return _Inst(cur.type(), [op])


def _select(cur: _Cursor) -> _Inst:
    cur.skip_words()
    c = cur.typed_value()
    cur.expect(",")
    a = cur.typed_value()
    cur.expect(",")
    b = cur.typed_value()
    return _Inst(a.type, [c, a, b])


def _phi(cur: _Cursor) -> _Inst:
    cur.skip_words()
    ty = cur.type()
    ops = []
    while True:
        cur.expect("[")
        ops.append(cur.value(ty))
        cur.expect(",")
        if cur.next()[0] != "%":
            raise _Fail("expected an incoming block label", cur.i - 1)
        cur.expect("]")
        if not (cur.peek() == "," and cur.peek(1) == "["):
            return _Inst(ty, ops)
        cur.i += 1


def _alloca(cur: _Cursor) -> _Inst:
    while cur.peek() in ("inalloca", "swifterror"):
        cur.i += 1
    ty = cur.type()
    count = Operand(K.CONSTANT, T.I32, "1")
    space = 0
    while cur.accept(","):
        if cur.peek() == "align":
            cur.i += 2
        elif cur.peek() == "addrspace":
            cur.i += 1
            cur.expect("(")
            space = cur.number()
            cur.expect(")")
        elif cur.peek().startswith("!"):
            break
        else:
            count = cur.typed_value()
    pointee = None if cur.module.opaque_pointers else ty
    return _Inst(T.pointer_to(pointee, space), [count])


def _load(cur: _Cursor) -> _Inst:
    while cur.peek() in ("atomic", "volatile"):
        cur.i += 1
    ty = cur.type()
    if cur.accept(","):
        ptr = cur.typed_value()
        return _Inst(ty, [ptr])
    ptr = cur.value(ty)  # LLVM < 3.7: load i32* %p
    if ty.kind != T.PTR or ty.elem is None:
        raise _Fail("expected a pointer operand", cur.i - 1)
    return _Inst(ty.elem, [ptr])


def _store(cur: _Cursor) -> _Inst:
    while cur.peek() in ("atomic", "volatile"):
        cur.i += 1
    val = cur.typed_value()
    cur.expect(",")
    ptr = cur.typed_value()
    return _Inst(None, [val, ptr])


def _resolve(module: Module, ty: T.Type) -> T.Type:
    if ty.kind == T.NAMED:
        body = module.types.get(ty.text)
        if body is None:
            raise KeyError(ty.text)
        return body
    return ty


def _index(module: Module, ty: T.Type, index: Operand) -> T.Type:
    ty = _resolve(module, ty)
    if ty.kind == T.STRUCT:
        return ty.elems[int(index.text)]
    if ty.kind in (T.ARRAY, T.VECTOR):
        return ty.elem
    raise KeyError(ty.text)


def _gep(cur: _Cursor) -> _Inst:
    while not cur.at_type():
        cur.next()  # inbounds, nuw, nusw, inrange(...)
    first = cur.type()
    if cur.accept(","):
        source = first
        base = cur.typed_value()
    else:  # LLVM < 3.7: getelementptr %T* %p, ...
        base = cur.value(first)
        source = first.elem if first.kind == T.PTR else None
    ops = [base]
    while cur.accept(","):
        if cur.peek().startswith("!"):
            break
        if cur.peek() == "inrange":
            cur.i += 1
        ops.append(cur.typed_value())
    ptr_ty = base.type
    vector = ptr_ty if ptr_ty.kind == T.VECTOR else None
    for op in ops[1:]:
        if op.type.kind == T.VECTOR:
            vector = op.type
    if vector is not None and ptr_ty.kind == T.VECTOR:
        ptr_ty = ptr_ty.elem
    if ptr_ty.kind != T.PTR:
        raise _Fail("getelementptr base is not a pointer", cur.i - 1)
    if ptr_ty.elem is None:
        result = ptr_ty
    else:
        if source is None:
            raise _Fail("getelementptr without a source element type", cur.i - 1)
        try:
            elem = source
            for op in ops[2:]:
                elem = _index(cur.module, elem, op)
        except (KeyError, IndexError, ValueError):
            raise _Fail("cannot index the type of getelementptr", cur.i - 1) from None
        result = T.pointer_to(elem, ptr_ty.addrspace)
    if vector is not None:
        result = T.vector_of(result, vector.count, vector.scalable)
    return _Inst(result, ops)


def _indices(cur: _Cursor) -> list[int]:
    out = []
    while cur.peek() == "," and not cur.peek(1).startswith("!"):
        cur.i += 1
        out.append(cur.number())
    return out


def _extractvalue(cur: _Cursor) -> _Inst:
    agg = cur.typed_value()
    ty = agg.type
    try:
        for idx in _indices(cur):
            ty = _index(cur.module, ty, Operand(K.CONSTANT, T.I32, str(idx)))
    except (KeyError, IndexError, ValueError):
        raise _Fail("cannot index the aggregate of extractvalue", cur.i - 1) from None
    return _Inst(ty, [agg])


def _insertvalue(cur: _Cursor) -> _Inst:
    agg = cur.typed_value()
    cur.expect(",")
    elt = cur.typed_value()
    _indices(cur)
    return _Inst(agg.type, [agg, elt])


def _extractelement(cur: _Cursor) -> _Inst:
    vec = cur.typed_value()
    cur.expect(",")
    idx = cur.typed_value()
    if vec.type.kind != T.VECTOR:
        raise _Fail("extractelement of a non-vector", cur.i - 1)
    return _Inst(vec.type.elem, [vec, idx])


def _insertelement(cur: _Cursor) -> _Inst:
    vec = cur.typed_value()
    cur.expect(",")
    elt = cur.typed_value()
    cur.expect(",")
    idx = cur.typed_value()
    return _Inst(vec.type, [vec, elt, idx])


def _shufflevector(cur: _Cursor) -> _Inst:
    a = cur.typed_value()
    cur.expect(",")
    b = cur.typed_value()
    cur.expect(",")
    mask = cur.typed_value()
    if a.type.kind != T.VECTOR or mask.type.kind != T.VECTOR:
        raise _Fail("shufflevector of a non-vector", cur.i - 1)
    return _Inst(T.vector_of(a.type.elem, mask.type.count, mask.type.scalable), [a, b, mask])


def _call_target(cur: _Cursor) -> tuple[T.Type, Operand, list[Operand]]:
    """``<ty> <callee>(<args>) [attrs] [bundles]`` shared by call, invoke and callbr."""
    while not cur.at_type():
        tok = cur.next()
        if tok == "cc" or tok == "align":
            cur.i += 1
        elif cur.peek() == "(":
            cur.skip_group()
    ty = cur.type()
    callee = cur.value(None)
    cur.expect("(")
    args: list[Operand] = []
    if not cur.accept(")"):
        while True:
            arg_ty = cur.type()
            cur.skip_attributes()
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
    while cur.peek() and cur.peek() not in ("[", "to", ","):
        cur.i += 1  # function attributes, #N
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
    elif ty.kind == T.PTR and ty.elem is not None and ty.elem.kind == T.FUNC:
        ret, fn_ty = ty.elem.elem, ty.elem  # LLVM < 3.7: call i32 (i8*, ...)* @printf
    else:
        ret, fn_ty = ty, T.function_of(ty, tuple(a.type for a in args[:n_args]), False)
    callee.type = T.pointer_to(None if cur.module.opaque_pointers else fn_ty)
    return ret, callee, args


def _direct(callee: Operand) -> str | None:
    return callee.text if callee.kind == K.GLOBAL else None


def _call(cur: _Cursor) -> _Inst:
    ret, callee, args = _call_target(cur)
    return _Inst(None if ret.kind == T.VOID else ret, args + [callee], callee=_direct(callee))


def _invoke(cur: _Cursor) -> _Inst:
    ret, callee, args = _call_target(cur)
    cur.expect("to")
    normal = cur.label()
    cur.expect("unwind")
    unwind = cur.label()
    ops = args + [_block(normal), _block(unwind), callee]
    return _Inst(None if ret.kind == T.VOID else ret, ops, [normal, unwind], _direct(callee))


def _callbr(cur: _Cursor) -> _Inst:
    ret, callee, args = _call_target(cur)
    cur.expect("to")
    default = cur.label()
    cur.expect("[")
    indirect = []
    while not cur.accept("]"):
        indirect.append(cur.label())
        cur.accept(",")
    ops = args + [_block(default)] + [_block(b) for b in indirect] + [callee]
    return _Inst(None if ret.kind == T.VOID else ret, ops, [default] + indirect, _direct(callee))


def _ret(cur: _Cursor) -> _Inst:
    if cur.peek() == "void":
        cur.i += 1
        return _Inst(None, [])
    return _Inst(None, [cur.typed_value()])


def _br(cur: _Cursor) -> _Inst:
    if cur.peek() == "label":
        dest = cur.label()
        return _Inst(None, [_block(dest)], [dest])
    cond = cur.typed_value()
    cur.expect(",")
    true = cur.label()
    cur.expect(",")
    false = cur.label()
    return _Inst(None, [cond, _block(false), _block(true)], [true, false])


def _switch(cur: _Cursor) -> _Inst:
    cond = cur.typed_value()
    cur.expect(",")
    default = cur.label()
    ops = [cond, _block(default)]
    succ = [default]
    cur.expect("[")
    while not cur.accept("]"):
        ops.append(cur.typed_value())
        cur.expect(",")
        dest = cur.label()
        ops.append(_block(dest))
        succ.append(dest)
    return _Inst(None, ops, succ)


def _indirectbr(cur: _Cursor) -> _Inst:
    addr = cur.typed_value()
    cur.expect(",")
    cur.expect("[")
    dests = []
    while not cur.accept("]"):
        dests.append(cur.label())
        cur.accept(",")
    return _Inst(None, [addr] + [_block(d) for d in dests], dests)


def _no_operands(cur: _Cursor) -> _Inst:
    return _Inst(None, [])


def _resume(cur: _Cursor) -> _Inst:
    return _Inst(None, [cur.typed_value()])


def _fence(cur: _Cursor) -> _Inst:
    cur.i = cur.n
    return _Inst(None, [])


def _cmpxchg(cur: _Cursor) -> _Inst:
    while cur.peek() in ("weak", "volatile"):
        cur.i += 1
    ptr = cur.typed_value()
    cur.expect(",")
    cmp = cur.typed_value()
    cur.expect(",")
    new = cur.typed_value()
    return _Inst(T.struct_of((cmp.type, T.I1)), [ptr, cmp, new])


def _atomicrmw(cur: _Cursor) -> _Inst:
    cur.accept("volatile")
    cur.next()  # the operation
    ptr = cur.typed_value()
    cur.expect(",")
    val = cur.typed_value()
    return _Inst(val.type, [ptr, val])


def _va_arg(cur: _Cursor) -> _Inst:
    ptr = cur.typed_value()
    cur.expect(",")
    return _Inst(cur.type(), [ptr])


def _landingpad(cur: _Cursor) -> _Inst:
    ty = cur.type()
    ops = []
    while cur.i < cur.n:
        tok = cur.next()
        if tok in ("catch", "filter"):
            ops.append(cur.typed_value())
        elif tok == "personality":  # LLVM < 3.7 names the personality on the landingpad
            cur.typed_value()
        elif tok == "cleanup":
            continue
        elif tok == ",":
            break
        else:
            raise _Fail(f"unexpected '{tok}' in landingpad", cur.i - 1)
    return _Inst(ty, ops)


def _pad_parent(cur: _Cursor) -> Operand:
    cur.expect("within")
    tok = cur.next()
    if tok == "none":
        return Operand(K.CONSTANT, T.TOKEN_T, "none")
    return Operand(K.LOCAL, T.TOKEN_T, tok)


def _funclet_pad(cur: _Cursor) -> _Inst:
    parent = _pad_parent(cur)
    cur.expect("[")
    args = []
    while not cur.accept("]"):
        args.append(cur.typed_value())
        cur.accept(",")
    return _Inst(T.TOKEN_T, args + [parent])


def _catchswitch(cur: _Cursor) -> _Inst:
    parent = _pad_parent(cur)
    cur.expect("[")
    handlers = []
    while not cur.accept("]"):
        handlers.append(cur.label())
        cur.accept(",")
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
    return _Inst(T.TOKEN_T, ops, succ + handlers)


def _catchret(cur: _Cursor) -> _Inst:
    cur.expect("from")
    pad = cur.value(T.TOKEN_T)
    cur.expect("to")
    dest = cur.label()
    return _Inst(None, [pad, _block(dest)], [dest])


def _cleanupret(cur: _Cursor) -> _Inst:
    cur.expect("from")
    pad = cur.value(T.TOKEN_T)
    cur.expect("unwind")
    if cur.accept("to"):
        cur.expect("caller")
        return _Inst(None, [pad])
    dest = cur.label()
    return _Inst(None, [pad, _block(dest)], [dest])


HANDLERS = {
    **{op: _binary for op in BINARY_OPS},
    **{op: _cast for op in CAST_OPS},
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


# --- module ---------------------------------------------------------------------------------


class _Reader:
    """Reads a whole module, statement by statement, keeping line numbers for errors."""

    def __init__(self, text: str, path: str) -> None:
        self.path = path
        self.lines = text.split("\n")
        self.module = Module(path=path)
        self.module.opaque_pointers = _OPAQUE_PTR_RE.search(text) is not None
        self._pending_typedefs = {m.group(1): m.group(2) for m in _TYPEDEF_RE.finditer(text)}

    # -- errors -------------------------------------------------------------------------------
    def error(self, message: str, line: int, column: int = 1) -> IRParseError:
        return IRParseError(message, self.path, line, column)

    def token_error(self, fail: _Fail, toks: list, text: str, line: int, indent: int) -> IRParseError:
        idx = min(fail.index, len(toks))
        offset = sum(len(ws) + len(tok) for ws, tok in toks[:idx])
        if idx < len(toks):
            offset += len(toks[idx][0])
        before = text[:offset]
        nl = before.count("\n")
        column = offset - before.rfind("\n") if nl else offset + indent + 1
        return self.error(fail.message, line + nl, column)

    # -- statements ---------------------------------------------------------------------------
    def gather(self, i: int) -> tuple[str, int]:
        """The statement starting at line ``i`` (0-based), joined while brackets are open."""
        text = strip_comment(self.lines[i]).rstrip()
        depth = bracket_depth(text)
        j = i + 1
        while depth > 0 and j < len(self.lines):
            more = strip_comment(self.lines[j]).rstrip()
            text += "\n" + more
            depth += bracket_depth(more)
            j += 1
        if depth > 0:
            raise self.error("unexpected end of file: unclosed bracket", i + 1, 1)
        return text, j

    def parse(self) -> Module:
        lines = self.lines
        i = 0
        n = len(lines)
        while i < n:
            raw = lines[i]
            stripped = raw.strip()
            if not stripped or stripped[0] == ";":
                i += 1
                continue
            if stripped.startswith("define"):
                i = self.function(i, define=True)
            elif stripped.startswith("declare"):
                i = self.function(i, define=False)
            else:
                text, j = self.gather(i)
                self.top_level(text.strip(), i + 1)
                i = j
        return self.module

    def top_level(self, text: str, line: int) -> None:
        m = self.module
        c = text[0]
        if c == "@":
            self.global_value(text, line)
        elif c == "%":
            if " = type " not in text:
                raise self.error("expected a type definition", line)
        elif c == "!":
            name, _, body = text.partition("=")
            m.metadata[name.strip()] = body.strip()
        elif c == "$":
            name, _, body = text.partition("=")
            m.comdats[name.strip()] = body.strip()
        elif text.startswith("attributes "):
            name, _, body = text[len("attributes "):].partition("=")
            m.attribute_groups[name.strip()] = body.strip()
        elif text.startswith("source_filename"):
            m.source_filename = _unquote(text.partition("=")[2].strip())
        elif text.startswith("target triple"):
            m.target_triple = _unquote(text.partition("=")[2].strip())
        elif text.startswith("target datalayout"):
            m.data_layout = _unquote(text.partition("=")[2].strip())
        elif text.startswith("module asm"):
            m.module_asm.append(_unquote(text[len("module asm"):].strip()))
        elif text.startswith(("uselistorder", "deplibs", "target ")):
            pass
        else:
            word = text.split()[0] if text.split() else text
            raise self.error(f"unknown top-level entity '{word[:40]}'", line)

    def resolve_types(self) -> None:
        for name, body in self._pending_typedefs.items():
            body = strip_comment(body).strip()
            if body == "opaque":
                self.module.types[name] = None
                continue
            toks = tokenize(body)
            cur = _Cursor(toks, self.module)
            try:
                self.module.types[name] = cur.type()
            except (_Fail, IndexError, ValueError, RecursionError):
                line = _line_of(self.lines, name + " = type")
                raise self.error(f"cannot read the body of type {name}", line) from None

    def global_value(self, text: str, line: int) -> None:
        toks = tokenize(text)
        name = toks[0][1]
        if len(toks) < 3 or toks[1][1] != "=":
            raise self.error(f"expected '=' after {name}", line)
        cur = _Cursor(toks, self.module, 2)
        space = 0
        try:
            while True:
                tok = cur.next()
                if tok in ("global", "constant"):
                    value_ty = cur.type()
                    kind = "variable"
                    break
                if tok in ("alias", "ifunc"):
                    value_ty = cur.type()
                    if cur.accept(","):
                        target_ty = cur.type()
                    else:  # LLVM < 3.7: alias <pointer type> @target
                        target_ty = value_ty
                        value_ty = value_ty.elem if value_ty.kind == T.PTR and value_ty.elem else value_ty
                    if target_ty.kind == T.PTR:
                        space = target_ty.addrspace
                    kind = tok
                    break
                if tok == "addrspace":
                    cur.expect("(")
                    space = cur.number()
                    cur.expect(")")
                elif cur.peek() == "(":
                    cur.skip_group()  # thread_local(...), partition?
        except _Fail as fail:
            raise self.token_error(fail, toks, text, line, 0) from None
        pointee = None if self.module.opaque_pointers else value_ty
        self.module.globals.append(Global(name, kind, T.pointer_to(pointee, space), text, line))

    # -- functions ----------------------------------------------------------------------------
    def function(self, i: int, define: bool) -> int:
        header_line = i + 1
        text = strip_comment(self.lines[i]).rstrip()
        j = i + 1
        if define:
            while not text.endswith("{"):
                if j >= len(self.lines):
                    raise self.error("unexpected end of file in function header", header_line)
                text += " " + strip_comment(self.lines[j]).strip()
                j += 1
            text = text[:-1]
        else:
            depth = bracket_depth(text)
            while depth > 0 and j < len(self.lines):
                more = strip_comment(self.lines[j]).strip()
                text += " " + more
                depth += bracket_depth(more)
                j += 1
        toks = tokenize(text.strip())
        try:
            fn, slot = self.header(toks, header_line, define)
        except _Fail as fail:
            raise self.token_error(fail, toks, text.strip(), header_line, 0) from None
        self.module.functions.append(fn)
        if not define:
            return j
        return self.body(fn, j, slot)

    def header(self, toks: list, line: int, define: bool) -> tuple[Function, int]:
        """The function and its next free value number (after unnamed arguments)."""
        name_at = next((k for k, (_, tok) in enumerate(toks) if tok[0] == "@"), None)
        if name_at is None:
            raise _Fail("expected a function name", len(toks))
        cur = _Cursor(toks, self.module, 1)
        ret = None
        while cur.i < name_at:
            if cur.at_type():
                start = cur.i
                ret = cur.type()
                if cur.i == name_at:
                    break
                cur.i = start + 1
                ret = None
            else:
                cur.i += 1
        if ret is None:
            raise _Fail("expected a return type before the function name", name_at)
        cur.i = name_at + 1
        cur.expect("(")
        args: list[Argument] = []
        unnamed = 0
        if not cur.accept(")"):
            while True:
                if cur.accept("..."):
                    cur.expect(")")
                    break
                ty = cur.type()
                name = None
                while cur.peek() not in (",", ")"):
                    if not cur.peek():
                        raise _Fail("unexpected end of parameter list", cur.i)
                    if cur.peek() == "(":
                        cur.skip_group()
                        continue
                    tok = cur.next()
                    if tok[0] == "%":
                        name = tok
                if name is None:
                    name = f"%{unnamed}"
                    unnamed += 1
                elif name[1:].isdigit():
                    unnamed = int(name[1:]) + 1
                args.append(Argument(name, ty))
                if cur.accept(")"):
                    break
                cur.expect(",")
        group = None
        while cur.i < cur.n:
            tok = cur.next()
            if tok[0] == "#":
                group = tok
                break
            if tok in ("prefix", "prologue", "personality"):
                break
        return Function(toks[name_at][1], ret, args, [], not define, line, group), unnamed

    def body(self, fn: Function, j: int, slot: int) -> int:
        lines = self.lines
        n = len(lines)
        defined: dict[str, str] = {a.name: "argument" for a in fn.arguments}
        block: Block | None = None
        closed = True  # the previous block ended with a terminator
        instructions: list[Instruction] = []
        while True:
            if j >= n:
                raise self.error(f"unexpected end of file: function {fn.name} has no closing '}}'", fn.line)
            raw = lines[j]
            stripped = raw.strip()
            if not stripped:
                j += 1
                continue
            if stripped[0] == ";":
                m = _OLD_LABEL_RE.match(stripped)
                if m:
                    label = "%" + m.group(1)
                    slot = self._open_block(fn, block, closed, label, slot, defined, j + 1)
                    block, closed = fn.blocks[-1], False
                j += 1
                continue
            if stripped[0] == "}":
                if stripped.rstrip("}").strip() and not stripped[1:].lstrip().startswith(";"):
                    raise self.error("unexpected text after '}'", j + 1)
                break
            if ";" in stripped:
                stripped = strip_comment(stripped).strip()
            m = _LABEL_RE.match(stripped)
            if m:
                label = "%" + m.group(1)
                slot = self._open_block(fn, block, closed, label, slot, defined, j + 1)
                block, closed = fn.blocks[-1], False
                j += 1
                continue
            if stripped.startswith("#dbg_") or stripped.startswith("uselistorder"):
                j += 1  # LLVM 19 debug records and use-list orders are not instructions
                continue
            text, j = self.instruction_text(j)
            if closed:
                slot = self._open_block(fn, block, closed, None, slot, defined, j)
                block, closed = fn.blocks[-1], False
            inst, slot = self.instruction(text, raw, j, fn, slot, defined)
            block.instructions.append(inst)
            instructions.append(inst)
            if inst.opcode in TERMINATORS:
                closed = True
        if not fn.blocks:
            raise self.error(f"function {fn.name} has no basic blocks", fn.line)
        if not closed:
            last = fn.blocks[-1]
            raise self.error(f"block {last.name} in {fn.name} does not end with a terminator", last.line)
        self.check_uses(fn, instructions, defined)
        return j + 1

    def _open_block(self, fn, block, closed, label, slot, defined, line) -> int:
        if not closed:
            raise self.error(f"label {label} inside block {block.name}: previous block has no terminator", line)
        if label is None:
            label = f"%{slot}"
            slot += 1
        elif label[1:].isdigit():
            number = int(label[1:])
            if number < slot:
                raise self.error(f"block label {label} is out of order (expected %{slot} or later)", line)
            slot = number + 1
        if label in defined:
            raise self.error(f"redefinition of {label} in {fn.name}", line)
        defined[label] = "block"
        fn.blocks.append(Block(label, [], line))
        return slot

    def instruction_text(self, j: int) -> tuple[str, int]:
        """An instruction's text from line ``j``, continuing over brackets and continuation lines."""
        lines = self.lines
        first = strip_comment(lines[j]).rstrip()
        text = first.lstrip()
        depth = bracket_depth(text)
        j += 1
        while j < len(lines):
            nxt = lines[j]
            word = nxt.lstrip().split(" ", 1)[0]
            if depth <= 0 and word not in CONTINUATION_WORDS:
                break
            more = strip_comment(nxt).rstrip()
            text += "\n" + more
            depth += bracket_depth(more)
            j += 1
        if depth > 0:
            raise self.error("unexpected end of file: unclosed bracket in instruction", j)
        return text, j

    def instruction(self, text, raw, end_line, fn, slot, defined) -> tuple[Instruction, int]:
        line = end_line - text.count("\n")
        indent = len(raw) - len(raw.lstrip())
        toks = tokenize(text)
        name = None
        k = 0
        try:
            if toks and toks[0][1][0] == "%":
                if len(toks) < 2 or toks[1][1] != "=":
                    raise _Fail("expected '=' after the result name", 1)
                name = toks[0][1]
                k = 2
            if k >= len(toks):
                raise _Fail("expected an instruction opcode", k)
            opcode = toks[k][1]
            while opcode in CALL_PREFIXES:
                k += 1
                opcode = toks[k][1] if k < len(toks) else ""
            handler = HANDLERS.get(opcode)
            if handler is None:
                raise _Fail(f"unknown instruction '{opcode[:40]}'", k)
            cur = _Cursor(toks, self.module, k + 1)
            found = handler(cur)
            self.check_tail(cur)
        except _Fail as fail:
            raise self.token_error(fail, toks, text, line, indent) from None
        except RecursionError:
            raise self.error("instruction nested too deeply", line, indent + 1) from None
        if name is not None:
            if found.type is None:
                raise self.error(f"cannot name the void result of '{opcode}'", line, indent + 1)
            if name[1:].isdigit():
                number = int(name[1:])
                if number < slot:
                    raise self.error(f"value {name} is out of order (expected %{slot} or later)", line, indent + 1)
                slot = number + 1
            if name in defined:
                raise self.error(f"redefinition of {name} in {fn.name}", line, indent + 1)
            defined[name] = "local"
        inst = Instruction(opcode, name, found.type, found.operands, text, line, found.successors, found.callee)
        return inst, slot

    def check_tail(self, cur: _Cursor) -> None:
        """After the operands only flags, alignment, ordering and metadata attachments may follow."""
        while cur.i < cur.n:
            tok = cur.peek()
            if tok == "," or tok[0] in "!#" or tok[0].isalnum() or tok[0] == "_" or tok[0] == '"':
                cur.i += 1
            elif tok in "()[]{}<>" and tok:
                cur.skip_group()
            else:
                raise _Fail(f"unexpected '{tok}' after the operands", cur.i)

    def check_uses(self, fn: Function, instructions: list[Instruction], defined: dict) -> None:
        for inst in instructions:
            for op in inst.operands:
                if op.kind == K.LOCAL:
                    what = defined.get(op.text)
                    if what is None:
                        raise self.error(f"use of undefined value {op.text}", inst.line)
                    if what == "argument":
                        op.kind = K.ARGUMENT
                    elif what == "block":
                        op.kind = K.BLOCK
                elif op.kind == K.BLOCK and defined.get(op.text) != "block":
                    raise self.error(f"branch to undefined block {op.text}", inst.line)
            for succ in inst.successors:
                if defined.get(succ) != "block":
                    raise self.error(f"branch to undefined block {succ}", inst.line)

    def resolve_globals(self) -> None:
        functions = {f.name for f in self.module.functions}
        variables = {g.name for g in self.module.globals}
        seen: set[str] = set()
        for name in [f.name for f in self.module.functions] + [g.name for g in self.module.globals]:
            if name in seen:
                raise self.error(f"redefinition of {name}", _line_of(self.lines, name + " "))
            seen.add(name)
        for fn in self.module.functions:
            for block in fn.blocks:
                for inst in block.instructions:
                    for op in inst.operands:
                        if op.kind != K.GLOBAL:
                            continue
                        if op.text in functions:
                            op.kind = K.FUNCTION
                        elif op.text not in variables:
                            raise self.error(f"use of undefined global {op.text}", inst.line)
                    if inst.callee is not None and inst.callee not in functions:
                        inst.callee = None


def _unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        inner = text[1:-1]
        if "\\" in inner:
            inner = re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), inner)
        return inner
    return text


def _line_of(lines: list[str], needle: str) -> int:
    for k, line in enumerate(lines):
        if line.startswith(needle):
            return k + 1
    return 0


def parse_module(text: str, path: str = "<string>") -> Module:
    """Parse textual IR; every failure is an ``IRParseError`` located in ``path``."""
    if not text.strip():
        raise IRParseError("empty input: no LLVM IR", path, 1, 1)
    reader = _Reader(text, path)
    try:
        reader.resolve_types()
        module = reader.parse()
        reader.resolve_globals()
    except IRParseError:
        raise
    except RecursionError:
        raise IRParseError("input nested too deeply", path, 0, 0) from None
    except (_Fail, IndexError, ValueError, KeyError, AttributeError, TypeError) as exc:
        raise IRParseError(f"unreadable IR ({type(exc).__name__})", path, 0, 0) from None
    return module
