"""A recursive-descent cursor over one statement's tokens: types, values and metadata.

Shared by the instruction grammar and the module reader. Failures are ``ParseFailure`` with the
index of the offending token, which the reader turns into a located ``IRParseError``.
"""
from __future__ import annotations

from mir_runtime.ir import types as T
from mir_runtime.ir.lexer import join
from mir_runtime.ir.model import Module, Operand, OperandKind

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

FAST_MATH_FLAGS = frozenset("nnan ninf nsz arcp contract afn reassoc fast".split())
FLAG_WORDS = FAST_MATH_FLAGS | {"nuw", "nsw", "exact", "disjoint", "nneg", "samesign"}

MAX_TYPE_DEPTH = 1024  # deeper types are refused (LLVM's own recursive reader overflows its stack)
_ARRAY, _VECTOR, _STRUCT, _FUNCTION = range(4)


class ParseFailure(Exception):
    """A parse failure at a token index of the instruction being read."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.message = message
        self.index = index


class Cursor:
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
            raise ParseFailure("unexpected end of statement", self.i)
        tok = self.toks[self.i][1]
        self.i += 1
        return tok

    def expect(self, tok: str) -> None:
        if self.peek() != tok:
            found = self.peek() or "end of statement"
            raise ParseFailure(f"expected '{tok}', found '{found}'", self.i)
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
        """A non-negative decimal integer (counts, indices, address spaces)."""
        tok = self.next()
        if not tok.isdigit():
            raise ParseFailure(f"expected an integer, found '{tok}'", self.i - 1)
        return int(tok)

    def alignment(self) -> int:
        """The number after ``align``: a power of two, at most 2**32, as LLVM requires."""
        value = self.number()
        if value & (value - 1) or not 0 < value <= 1 << 32:
            raise ParseFailure(f"alignment {value} is not a power of two (at most 2^32)", self.i - 1)
        return value

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
        """One type. Iterative, with an explicit stack of the aggregates and function types still
        open, so that nesting depth costs no Python stack (LLVM accepts thousands of levels)."""
        open_: list = []  # [kind, count or fields, extra] of each unfinished constructor
        while True:
            start = self.i
            tok = self.next()
            c = tok[0]
            if c == "%":
                ty = T.named(tok)
            elif c == "[":
                count = self.number()
                self.expect("x")
                open_.append([_ARRAY, count, None])
                self._check_depth(open_, start)
                continue
            elif c == "<":
                if self.accept("{"):
                    if self.accept("}"):
                        self.expect(">")
                        ty = T.struct_of((), packed=True)
                    else:
                        open_.append([_STRUCT, [], True])
                        self._check_depth(open_, start)
                        continue
                else:
                    scalable = self.accept("vscale")
                    if scalable:
                        self.expect("x")
                    count = self.number()
                    self.expect("x")
                    open_.append([_VECTOR, count, scalable])
                    self._check_depth(open_, start)
                    continue
            elif c == "{":
                if self.accept("}"):
                    ty = T.struct_of(())
                else:
                    open_.append([_STRUCT, [], False])
                    self._check_depth(open_, start)
                    continue
            elif tok == "target":
                self.skip_group()
                ty = T.make(T.OTHER, join(self.toks, start, self.i))
            else:
                ty = T.simple(tok)
                if ty is None:
                    raise ParseFailure(f"expected a type, found '{tok}'", start)
            if not open_:  # the common case: a plain type with no suffix
                nxt = self.peek()
                if nxt != "*" and nxt != "(" and nxt != "addrspace":
                    return ty
            # ``ty`` is complete: apply suffixes, then close every constructor it completes.
            while True:
                ty = self._suffixes(ty, open_)
                if ty is None:
                    break  # a function type's parameter list opened: read its first parameter
                if not open_:
                    return ty
                frame = open_[-1]
                kind = frame[0]
                if kind == _ARRAY:
                    self.expect("]")
                    ty = T.array_of(ty, frame[1])
                elif kind == _VECTOR:
                    self.expect(">")
                    ty = T.vector_of(ty, frame[1], frame[2])
                elif kind == _STRUCT:
                    frame[1].append(ty)
                    if self.accept(","):
                        break
                    self.expect("}")
                    if frame[2]:
                        self.expect(">")
                    ty = T.struct_of(tuple(frame[1]), packed=frame[2])
                else:  # _FUNCTION: frame[1] is [return type, parameters...]
                    frame[1].append(ty)
                    if self.accept(","):
                        if not self.accept("..."):
                            break
                        self.expect(")")
                        ty = T.function_of(frame[1][0], tuple(frame[1][1:]), True)
                    else:
                        self.expect(")")
                        ty = T.function_of(frame[1][0], tuple(frame[1][1:]), False)
                open_.pop()

    def _check_depth(self, open_: list, start: int) -> None:
        if len(open_) > MAX_TYPE_DEPTH:
            raise ParseFailure(f"type nested too deeply (over {MAX_TYPE_DEPTH} levels)", start)

    def _suffixes(self, ty: T.Type, open_: list) -> T.Type | None:
        """``ty`` with its pointer, address-space and function suffixes; None when a function
        type's parameter list opened (pushed on ``open_``, its parameters still to read)."""
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
                if self.accept(")"):
                    ty = T.function_of(ty, (), False)
                elif self.accept("..."):
                    self.expect(")")
                    ty = T.function_of(ty, (), True)
                else:
                    open_.append([_FUNCTION, [ty], None])
                    self._check_depth(open_, self.i - 1)
                    return None
            else:
                return ty

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
            while self.peek() != "(" or self.toks[self.i - 1][1] == "inrange":  # LLVM 19: inrange(a, b)
                if not self.peek():
                    raise ParseFailure(f"expected '(' in constant expression '{tok}'", self.i)
                if self.peek() == "(":
                    self.skip_group()
                else:
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
                raise ParseFailure("expected inline asm constraint string", self.i - 1)
            return Operand(K.INLINE_ASM, ty, join(self.toks, start, self.i))
        raise ParseFailure(f"expected a value, found '{tok}'", start)

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

    def typed_values(self, count: int) -> list[Operand]:
        """``count`` comma-separated ``<type> <value>`` operands."""
        values = [self.typed_value()]
        for _ in range(count - 1):
            self.expect(",")
            values.append(self.typed_value())
        return values

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
            elif tok == "align" and nxt.isdigit():
                self.alignment()
            elif tok in ("dereferenceable", "dereferenceable_or_null", "alignstack") and nxt.isdigit():
                self.i += 1

    def skip_words(self) -> None:
        """Skip an instruction's flags (``nuw``, ``exact``, ``fast`` ...) up to its first type;
        any other word is an error, as in LLVM."""
        while True:
            tok = self.peek()
            if tok in FLAG_WORDS:
                self.i += 1
                continue
            if self.at_type():
                return
            raise ParseFailure(f"expected a type, found '{tok or 'end of statement'}'", self.i)

    def label(self) -> str:
        self.expect("label")
        tok = self.next()
        if tok[0] != "%":
            raise ParseFailure(f"expected a block label, found '{tok}'", self.i - 1)
        return tok
