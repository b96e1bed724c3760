"""A recursive-descent cursor over one statement's tokens: types, values and metadata.

Shared by the instruction grammar and the module reader. Failures are ``ParseFailure`` with the
index of the offending token, which the reader turns into a located ``IRParseError``.
"""
from __future__ import annotations

from mir_runtime.ir import keywords as W
from mir_runtime.ir import types as T
from mir_runtime.ir.lexer import join
from mir_runtime.ir.model import Module, Operand, OperandKind

K = OperandKind

CONSTANT_WORDS = frozenset("true false null undef poison zeroinitializer none".split())
CONSTEXPR_OPS = frozenset(
    """getelementptr bitcast inttoptr ptrtoint ptrtoaddr addrspacecast trunc zext sext fptrunc fpext
    fptoui fptosi uitofp sitofp add sub mul shl lshr ashr and or xor udiv sdiv urem srem fadd fsub
    fmul fdiv frem fneg icmp fcmp select extractelement insertelement shufflevector extractvalue
    insertvalue""".split()
)
# Operand counts of the constant expressions whose operands are all ``<type> <value>``.
_CONSTEXPR_ARITY = {"fneg": 1, "select": 3, "insertelement": 3, "shufflevector": 3}
_VECTOR_OPS = frozenset(("extractelement", "insertelement", "shufflevector"))
_CONSTEXPR_FLAGS = frozenset(("nuw", "nsw", "exact", "inbounds", "nusw"))
_ASM_WORDS = frozenset(("sideeffect", "alignstack", "inteldialect", "unwind"))

FAST_MATH_FLAGS = frozenset("nnan ninf nsz arcp contract afn reassoc fast".split())

MAX_TYPE_DEPTH = 1024  # deeper types are refused (LLVM's own recursive reader overflows its stack)
_ARRAY, _VECTOR, _STRUCT, _FUNCTION = range(4)
_NOT_POINTEES = frozenset((T.VOID, T.LABEL, T.METADATA, T.TOKEN))  # LLVM: no pointers to these
_NOT_ELEMENTS = _NOT_POINTEES | {T.FUNC}  # nor arrays or structs of them
_VECTOR_ELEMENTS = frozenset((T.INT, T.FLOAT, T.PTR))
_TYPE_SUFFIXES = frozenset(("*", "(", "addrspace"))  # what may extend a complete type


def _string_length(token: str) -> int:
    """The bytes of a ``c"..."`` constant: ``\\XX`` is one byte, as is ``\\\\``."""
    body = token[2:-1]
    length = len(body) if body.isascii() else len(body.encode("utf-8"))
    at = body.find("\\")
    while at >= 0:
        escaped = body[at + 1 : at + 3]
        if escaped[:1] == "\\":
            length -= 1
            at = body.find("\\", at + 2)
        else:
            if len(escaped) == 2 and all(ch in "0123456789abcdefABCDEF" for ch in escaped):
                length -= 2
            at = body.find("\\", at + 1)
    return length


class ParseFailure(Exception):
    """A parse failure at a token index of the instruction being read."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.message = message
        self.index = index


MAX_DIGITS = 40  # no count, alignment or index LLVM takes is near 10^40


def _integer(tok: str, index: int) -> int:
    """``int(tok)``, refusing more than ``MAX_DIGITS`` digits (Python's ``int`` refuses 4,300, and
    would say so as a bare ``ValueError``)."""
    if len(tok.lstrip("-")) > MAX_DIGITS:
        raise ParseFailure(f"integer of {len(tok)} digits is too large", index)
    return int(tok)


class Cursor:
    """Recursive-descent reader over one statement's tokens."""

    __slots__ = ("toks", "i", "n", "module", "global_uses")

    def __init__(self, toks: list, module: Module, start: int = 0) -> None:
        self.toks = toks
        self.i = start
        self.n = len(toks)
        self.module = module
        self.global_uses: list[tuple[str, T.Type]] | None = None  # when a list: each typed @name a constant reads

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
        return _integer(tok, self.i - 1)

    def uint32(self) -> int:
        value = self.number()
        if value >= 1 << 32:
            raise ParseFailure(f"{value} does not fit in 32 bits", self.i - 1)
        return value

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
        i, toks, n = self.i, self.toks, self.n
        if i + 1 < n:  # the common cases first: a keyword (i32, float, ptr ...) and its stars
            ty = T.simple(toks[i][1])
            j = i + 1
            if ty is not None:
                while j < n and toks[j][1] == "*" and ty.kind not in _NOT_POINTEES:
                    ty = T.pointer_to(ty)
                    j += 1
                if j == n or toks[j][1] not in _TYPE_SUFFIXES:
                    self.i = j
                    return ty
        open_: list = []  # [kind, count or fields, extra] of each unfinished constructor
        while True:
            start = self.i
            tok = self.next()
            c = tok[0]
            if c == "%":
                if tok not in self.module.types:
                    raise ParseFailure(f"use of undefined type named '{tok}'", start)
                body = self.module.types[tok]
                # a name for a type that is no struct (``%t = type i32``) is that type, as in LLVM
                ty = body if body is not None and body.kind not in (T.STRUCT, T.NAMED) else T.named(tok)
            elif c == "[":
                count = self.number()
                if count >= 1 << 64:
                    raise ParseFailure(f"an array of {count} elements (at most 2^64-1)", self.i - 1)
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
                    if not 0 < count < 1 << 32:
                        raise ParseFailure(f"a vector of {count} elements (1 to 2^32-1 may be)", self.i - 1)
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
                if self.peek() != "(":
                    raise ParseFailure("expected '(' after 'target'", self.i)
                self.skip_group()
                ty = T.make(T.OTHER, join(self.toks, start, self.i))
            else:
                ty = T.simple(tok)
                if ty is None:
                    raise ParseFailure(f"expected a type, found '{tok}'", start)
            if not open_ and self.peek() not in _TYPE_SUFFIXES:  # a plain type with no suffix
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
                if ty.kind in _NOT_ELEMENTS and kind != _FUNCTION or kind == _VECTOR and ty.kind not in _VECTOR_ELEMENTS:
                    raise ParseFailure(f"{ty.text} cannot be an element of an aggregate type", self.i)
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
                if ty.kind in _NOT_POINTEES:
                    raise ParseFailure(f"a pointer to {ty.text} (LLVM requires i8* for void)", self.i)
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
    def _valued(self, ty: T.Type | None) -> None:
        """LLVM has no values of type void or of a function type."""
        if ty is T.VOID_T:
            raise ParseFailure("a value of type void (void is only a function result)", self.i)
        if ty is not None and ty.kind == T.FUNC:
            raise ParseFailure(f"functions are not values, refer to them as pointers ({ty.text})", self.i)

    def value(self, ty: T.Type | None) -> Operand:
        self._valued(ty)
        start = self.i
        if start < self.n:
            tok = self.toks[start][1]
            c = tok[0]
            if c == "%":
                self.i = start + 1
                return Operand(K.LOCAL, ty, tok)
            if c == "!":
                if ty is None or ty.kind != T.METADATA:
                    raise ParseFailure(f"metadata {tok} where a value is expected", start)
                self.metadata()
                return Operand(K.METADATA, ty, join(self.toks, start, self.i))
        return self.constant(ty)

    def constant(self, ty: T.Type | None) -> Operand:
        """A constant as LLParser reads it, of type ``ty``: the elements of aggregates and the
        operands of constant expressions are read too, and each must fit ``ty`` as LLVM requires."""
        self._valued(ty)
        start = self.i
        tok = self.next()
        c = tok[0]
        if c == "@":
            if self.global_uses is not None and ty is not None:
                self.global_uses.append((tok, ty))
            return Operand(K.GLOBAL, ty, tok)
        if c in "0123456789" or (c in "-+" and len(tok) > 1):
            if ty is not None:
                integer = tok.isdigit() or (c == "-" and tok[1:].isdigit())
                if integer and ty.kind != T.INT:
                    raise ParseFailure(f"integer constant {tok[:20]} must have integer type, not {ty.text}", start)
                if not integer and ty.kind != T.FLOAT:
                    raise ParseFailure(f"floating point constant {tok[:20]} invalid for type {ty.text}", start)
            return Operand(K.CONSTANT, ty, tok)
        if c == "c" and tok[1:2] == '"':
            if ty is not None and not (ty.kind == T.ARRAY and ty.elem is T.I8 and ty.count == _string_length(tok)):
                raise ParseFailure(f"the string {tok[:20]}... is not of type {ty.text}", start)
            return Operand(K.CONSTANT, ty, tok)
        if tok in CONSTANT_WORDS:
            refused = None if ty is None else T.keyword_error(tok, ty)
            if refused is not None:
                raise ParseFailure(refused, start)
            return Operand(K.CONSTANT, ty, tok)
        if c in "[{<":
            self.i = start
            self.aggregate(ty)
            return Operand(K.CONSTANT, ty, join(self.toks, start, self.i))
        if tok in CONSTEXPR_OPS:
            result = self.constant_expression(tok)
            refused = None if ty is None else T.mismatch(result, ty)
            if refused is not None:
                raise ParseFailure(refused, start)
            return Operand(K.CONSTANT_EXPR, ty, join(self.toks, start, self.i))
        if tok == "blockaddress":
            self.expect("(")
            self.global_name()
            self.expect(",")
            if self.next()[:1] != "%":
                raise ParseFailure("expected a basic block in blockaddress", self.i - 1)
            self.expect(")")
            return Operand(K.CONSTANT, ty, join(self.toks, start, self.i))
        if tok == "splat":  # LLVM 19
            self.expect("(")
            self.constant(self.type())
            self.expect(")")
            return Operand(K.CONSTANT, ty, join(self.toks, start, self.i))
        if tok == "ptrauth":  # LLVM 19: ptrauth (ptr @f, i32 KEY[, i64 DISC[, ptr ADDR[, ptr DEACTIVATION]]])
            self.expect("(")
            self.constant(self.type())
            while self.accept(","):
                self.constant(self.type())
            self.expect(")")
            return Operand(K.CONSTANT, ty, join(self.toks, start, self.i))
        if tok == "dso_local_equivalent" or tok == "no_cfi":
            self.global_name()
            return Operand(K.CONSTANT, ty, join(self.toks, start, self.i))
        if tok == "asm":
            while self.peek() in _ASM_WORDS:
                self.i += 1
            self.string()
            self.expect(",")
            self.string()
            return Operand(K.INLINE_ASM, ty, join(self.toks, start, self.i))
        if c == "%":
            raise ParseFailure(f"expected a constant, found the local value '{tok}'", start)
        raise ParseFailure(f"expected a value, found '{tok}'", start)

    def aggregate(self, ty: T.Type | None) -> None:
        """An array, vector or struct constant: ``[i32 1, i32 2]``, ``<{ i8 0 }>``, ``{}`` ...; its
        elements fit ``ty`` (the type it is used as) as LLParser requires."""
        start = self.i
        opener = self.next()
        packed = opener == "<" and self.accept("{")
        close = "}" if packed or opener == "{" else "]" if opener == "[" else ">"
        elements = []
        if not self.accept(close):
            while True:
                elements.append(self.constant(self.type()).type)
                if self.accept(close):
                    break
                self.expect(",")
        if packed:
            self.expect(">")
        refused = None if ty is None else T.aggregate_error(self.module.types, ty, "<{" if packed else opener, elements)  # type: ignore[arg-type]
        if refused is not None:
            raise ParseFailure(refused, start)

    def constant_expression(self, op: str) -> T.Type:
        """The rest of a constant expression after its opcode, e.g. ``inbounds (i8, ptr @g, i64 1)``;
        its result type."""
        at = self.i - 1  # LLVM's errors point at the opcode
        if op == "icmp" or op == "fcmp":
            predicate = self.next()
            if predicate not in (W.ICMP_PREDICATES if op == "icmp" else W.FCMP_PREDICATES):
                raise ParseFailure(f"expected a comparison predicate, found '{predicate}'", self.i - 1)
        while self.peek() in _CONSTEXPR_FLAGS:
            self.i += 1
        if op == "getelementptr" and self.accept("inrange"):  # LLVM 19: inrange(-8, 16)
            self.expect("(")
            self.signed()
            self.expect(",")
            self.signed()
            self.expect(")")
        self.expect("(")
        if op == "getelementptr":
            source: T.Type | None = self.type()
            operands = []
            if self.module.legacy_syntax and self.peek() != ",":
                operands.append(self.constant(source))  # LLVM < 3.7: no source element type
                source = source.elem if source.kind == T.PTR else None  # type: ignore[union-attr]
            while self.accept(","):
                self.accept("inrange")
                operands.append(self.constant(self.type()))
            if not operands:
                raise ParseFailure("expected comma after getelementptr's type", self.i)
            result = self.gep_result(source, operands, self.i - 1)
        elif op in W.CAST_OPS:
            source = self.type()
            self.constant(source)
            self.expect("to")
            target = self.type()
            if not T.cast_is_valid(op, source, target):
                raise ParseFailure(f"invalid cast opcode for cast from '{source.text}' to '{target.text}'", at)
            result = target
        elif op == "extractvalue" or op == "insertvalue":  # LLVM <= 14
            aggregate = self.type()
            self.constant(aggregate)
            if op == "insertvalue":
                self.expect(",")
                self.constant(self.type())
            indices = []
            while self.accept(","):
                indices.append(self.number())
            member = self.member(aggregate, indices, op)
            result = member if op == "extractvalue" else aggregate
        else:
            operands = [self.constant(self.type())]
            for _ in range(_CONSTEXPR_ARITY.get(op, 2) - 1):
                self.expect(",")
                operands.append(self.constant(self.type()))
            result = self.expression_type(op, operands, at)
        self.expect(")")
        return result

    def expression_type(self, op: str, operands: list[Operand], at: int) -> T.Type:
        """The result type of a constant expression's operator on ``operands``, which must fit
        LLParser's rules for it (as for the instruction; the binary operators and comparisons take
        two operands of one type)."""
        types = [operand.type for operand in operands]
        first = types[0]
        if op == "select":
            message = T.select_error(*types)  # type: ignore[arg-type]
        elif op in _VECTOR_OPS:
            message = T.vector_error(op, types, operands[-1].text)  # type: ignore[arg-type]
        elif types[-1] is not first:
            message = f"operands of constexpr must have same type ({first.text}, {types[-1].text})"  # type: ignore[union-attr]
        else:
            message = T.arithmetic_error(op, first)  # type: ignore[arg-type]
        if message is not None:
            raise ParseFailure(message, at)
        if op == "select":
            return types[1]  # type: ignore[return-value]
        if op == "extractelement":
            return first.elem  # type: ignore[return-value, union-attr]
        if op == "shufflevector":
            return T.vector_of(first.elem, types[2].count, types[2].scalable)  # type: ignore[arg-type, union-attr]
        return T.compare_result(first) if op in ("icmp", "fcmp") else first  # type: ignore[arg-type, return-value]

    def pointee(self, ptr: T.Type, ty: T.Type, message: str) -> None:
        """A typed pointer's pointee is the type the instruction or expression names (both are
        written out)."""
        if ptr.kind == T.PTR and ptr.elem is not None and ptr.elem is not ty:
            raise ParseFailure(f"{message} ({ty.text} and {ptr.text})", self.i - 1)

    def gep_result(self, source: T.Type | None, operands: list[Operand], at: int) -> T.Type:
        """The type of a getelementptr over ``operands`` (the base, then the indices) in its
        ``source`` element type (None: LLVM < 3.7 syntax, where the base's pointee is the source):
        a pointer (with typed pointers, to the type the indices reach), or a vector of them where
        the base or an index is a vector."""
        ptr = operands[0].type
        vector = ptr if ptr.kind == T.VECTOR else None  # type: ignore[union-attr]
        for op in operands[1:]:
            if op.type.kind == T.VECTOR:  # type: ignore[union-attr]
                vector = op.type
        ptr = T.scalar(ptr)  # type: ignore[arg-type]
        if ptr.kind != T.PTR:
            raise ParseFailure("getelementptr base is not a pointer", at)
        if ptr.elem is not None and source is None:
            raise ParseFailure("getelementptr without a source element type", at)
        if source is not None:
            self.pointee(ptr, source, "explicit pointee type doesn't match operand's pointee type")
        elem = self.gep_target(source, operands[1:], at) if source is not None else None
        result = ptr if ptr.elem is None else T.pointer_to(elem, ptr.addrspace)
        return result if vector is None else T.vector_of(result, vector.count, vector.scalable)

    def gep_target(self, source: T.Type, indices: list[Operand], at: int) -> T.Type:
        """The type a getelementptr's ``indices`` reach in its ``source`` element type (the first
        index steps over the pointer): LLParser refuses indices that do not fit the type, such as
        a struct field past the last, whether the pointer is typed or opaque."""
        try:
            for index in indices[1:]:
                if source.kind in (T.STRUCT, T.NAMED) and index.type.text != "i32" and not (  # type: ignore[union-attr]
                        index.type.kind == T.VECTOR and index.type.elem.text == "i32"):  # type: ignore[union-attr]
                    raise ValueError(index.type.text)  # type: ignore[union-attr]  # a struct's field is an i32 (or a splat of one)
                source = T.indexed(self.module.types, source, index.text)
        except (KeyError, IndexError, ValueError):
            raise ParseFailure("cannot index the type of getelementptr", at) from None
        return source

    def member(self, ty: T.Type, indices: list[int], what: str) -> T.Type:
        """The type that extractvalue's or insertvalue's ``indices`` select in the aggregate type
        ``ty``: at least one, each a struct field or an array element within bounds (LLVM's rule;
        a vector is no aggregate here)."""
        if not indices:
            raise ParseFailure(f"expected ',' and the indices of {what}", self.i)
        try:
            for idx in indices:
                if ty.kind == T.VECTOR or (ty.kind == T.ARRAY and idx >= ty.count):
                    raise IndexError(idx)
                ty = T.indexed(self.module.types, ty, str(idx))
        except (KeyError, IndexError, ValueError):
            raise ParseFailure(f"cannot index the aggregate of {what}", self.i - 1) from None
        return ty

    def global_name(self) -> str:
        tok = self.next()
        if tok[:1] != "@":
            raise ParseFailure(f"expected a global name, found '{tok}'", self.i - 1)
        return tok

    def string(self) -> str:
        tok = self.next()
        if tok[:1] != '"':
            raise ParseFailure(f"expected a string, found '{tok}'", self.i - 1)
        return tok

    def signed(self) -> int:
        tok = self.next()
        if not tok.lstrip("-").isdigit():
            raise ParseFailure(f"expected an integer, found '{tok}'", self.i - 1)
        return _integer(tok, self.i - 1)

    def metadata(self) -> None:
        """Skip one metadata value: ``!12``, ``!"s"``, ``!{...}``, ``!DILocation(...)``."""
        tok = self.next()
        if tok == "!":
            if self.peek() != "{":
                raise ParseFailure("expected '{' after '!'", self.i)
            self.skip_group()
            return
        if tok[1:].isdigit() or tok[1:2] == '"':
            return
        if self.peek() != "(":  # a name (``!dbg``) is an attachment's kind, never a value
            raise ParseFailure(f"expected a metadata node, found '{tok}'", self.i - 1)
        self.skip_group()

    def metadata_tuple(self) -> None:
        """``!{...}``, as LLParser reads a tuple: each element ``null``, a metadata value (``!7``,
        ``!"s"``, ``!{...}``, ``!DIExpression(...)``) or a ``<type> <constant>``."""
        self.expect("!")
        self.expect("{")
        if self.accept("}"):
            return
        while True:
            tok = self.peek()
            if tok == "null":
                self.i += 1
            elif tok == "!":
                self.metadata_tuple()
            elif tok[:1] == "!":
                self.metadata()
            else:
                start = self.i
                ty = self.type()
                if ty.kind in (T.LABEL, T.METADATA):
                    raise ParseFailure(f"a metadata element of type {ty.text}", start)
                self.constant(ty)
            if self.accept("}"):
                return
            self.expect(",")

    def sized_type(self) -> T.Type:
        """A type that values, loads and allocations have: any but void."""
        start = self.i
        ty = self.type()
        if ty is T.VOID_T:
            raise ParseFailure("void is only a function result", start)
        return ty

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

    def attributes(self, allowed: frozenset) -> None:
        """Attributes LLVM allows here (``allowed``: parameter, return or function attributes)
        with their arguments, and string attributes (``"key"="value"``)."""
        toks = self.toks
        while self.i < self.n:
            tok = toks[self.i][1]
            if tok in allowed:
                self.i += 1
                self.attribute_argument(tok)
            elif tok[0] == '"':
                self.i += 1
                if self.accept("="):
                    self.string()
            else:
                return

    def attribute_argument(self, word: str) -> None:
        """What follows an attribute word: ``align 8``, ``dereferenceable(8)``, ``byval(%T)``,
        ``memory(read)`` ...; nothing for most."""
        if word in W.INT_ARGUMENT:
            if self.accept("("):
                if word.startswith("align"):
                    self.alignment()
                elif self.number() == 0:
                    raise ParseFailure(f"{word} bytes must be non-zero", self.i - 1)
                self.expect(")")
            elif word == "align":
                self.alignment()
            else:
                raise ParseFailure(f"expected '(' after '{word}'", self.i)
        elif word in W.TYPE_ARGUMENT:
            if self.accept("("):
                self.type()
                self.expect(")")
        elif word == "memory":  # LLVM 16+: memory(read), memory(argmem: readwrite, inaccessiblemem: none)
            self.expect("(")
            while True:
                access = self.next()
                if access in W.MEMORY_LOCATIONS:
                    self.expect(":")
                    access = self.next()
                if access not in W.MEMORY_ACCESS:
                    raise ParseFailure(f"expected a memory location or access kind, found '{access}'", self.i - 1)
                if self.accept(")"):
                    break
                self.expect(",")
        elif word == "allocsize" or word == "vscale_range":  # (N) or (N, M), 32-bit
            self.expect("(")
            self.uint32()
            if self.accept(","):
                self.uint32()
            self.expect(")")
        elif word == "uwtable" and self.accept("("):
            if self.next() not in ("sync", "async"):
                raise ParseFailure("expected 'sync' or 'async' in uwtable", self.i - 1)
            self.expect(")")
        elif word == "allockind":  # LLVM 15: allockind("alloc,zeroed")
            self.expect("(")
            for kind in self.string()[1:-1].split(","):
                if kind not in W.ALLOC_KINDS:
                    raise ParseFailure(f"unknown allockind '{kind[:40]}'", self.i - 1)
            self.expect(")")
        elif word == "range":  # LLVM 19: range(i32 -1, 2)
            self.expect("(")
            if self.type().kind != T.INT:
                raise ParseFailure("the range must have integer type", self.i - 1)
            self.signed()
            self.expect(",")
            self.signed()
            self.expect(")")
        elif word in W.GROUP_ARGUMENT and self.peek() == "(":
            self.skip_group()

    def function_attributes(self) -> None:
        """Function attributes, string attributes and attribute groups (``#3``), in any order."""
        while True:
            self.attributes(W.FUNCTION_ATTRIBUTES)
            tok = self.peek()
            if tok[:1] != "#" or not tok[1:].isdigit():
                return
            self.i += 1

    def linkage(self) -> None:
        """The optional linkage, preemption, visibility and DLL storage words, in LLVM's order."""
        for words in W.LINKAGE_SLOTS:
            if self.peek() in words:
                self.i += 1

    def flags(self, allowed: frozenset) -> bool:
        """Skip an instruction's flags up to its first type: only those LLVM allows on its opcode
        (``allowed``), an integer flag (``nuw``, ``exact`` ...) once; any other word is an error,
        as in LLVM. Whether there were any."""
        seen = set()
        while True:
            tok = self.peek()
            if tok in allowed and (tok in FAST_MATH_FLAGS or tok not in seen):
                seen.add(tok)
                self.i += 1
                continue
            if self.at_type():
                return bool(seen)
            raise ParseFailure(f"expected a type, found '{tok or 'end of statement'}'", self.i)

    def label(self) -> str:
        self.expect("label")
        tok = self.next()
        if tok[0] != "%":
            raise ParseFailure(f"expected a block label, found '{tok}'", self.i - 1)
        return tok
