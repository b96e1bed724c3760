"""LLVM types as small interned objects.

A type keeps the text LLVM prints for it and just enough structure to compute result types
(pointee, elements, fields) and ProGraML's short spelling of struct pointers (``struct*``).
Named struct bodies live in the module's type table and are looked up when indexing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

INT, FLOAT, VOID, PTR, ARRAY, VECTOR, STRUCT, NAMED, FUNC, LABEL, METADATA, TOKEN, OTHER = range(13)


@dataclass(frozen=True, eq=False)
class Type:
    """One LLVM type; ``text`` is its printed form and its identity within a module."""

    kind: int
    text: str
    elem: "Type | None" = None  # pointee (typed pointers), array/vector element, function return
    elems: tuple = field(default=())  # struct fields, function parameters
    count: int = 0  # array/vector length
    addrspace: int = 0
    scalable: bool = False
    vararg: bool = False

    def __repr__(self) -> str:
        return f"Type({self.text!r})"

    def __reduce__(self) -> tuple:
        """Pickled by its fields: compiled (mypyc), a frozen class cannot be restored attribute by attribute."""
        return Type, (self.kind, self.text, self.elem, self.elems, self.count, self.addrspace, self.scalable, self.vararg)

    @property
    def is_opaque_pointer(self) -> bool:
        return self.kind == PTR and self.elem is None


_INTERN: dict[tuple, Type] = {}


def make(kind: int, text: str, **fields) -> Type:
    """The unique Type with this printed text and kind."""
    key = (kind, text)
    ty = _INTERN.get(key)
    if ty is None:
        ty = _INTERN[key] = Type(kind, text, **fields)
    return ty


def _space(addrspace: int) -> str:
    return f" addrspace({addrspace})" if addrspace else ""


_POINTERS: dict[tuple, Type] = {}  # (pointee, address space) -> pointer: the reader's most frequent constructor


def pointer_to(pointee: Type | None, addrspace: int = 0) -> Type:
    """``pointee*`` for typed pointers, ``ptr`` when ``pointee`` is None (opaque pointers)."""
    key = (pointee, addrspace)
    ty = _POINTERS.get(key)
    if ty is None:
        if pointee is None:
            ty = make(PTR, "ptr" + _space(addrspace), addrspace=addrspace)
        else:
            ty = make(PTR, f"{pointee.text}{_space(addrspace)}*", elem=pointee, addrspace=addrspace)
        _POINTERS[key] = ty
    return ty


def array_of(elem: Type, count: int) -> Type:
    return make(ARRAY, f"[{count} x {elem.text}]", elem=elem, count=count)


def vector_of(elem: Type, count: int, scalable: bool = False) -> Type:
    prefix = "vscale x " if scalable else ""
    return make(VECTOR, f"<{prefix}{count} x {elem.text}>", elem=elem, count=count, scalable=scalable)


def struct_of(fields: tuple, packed: bool = False) -> Type:
    inner = ", ".join(f.text for f in fields)
    text = "{ " + inner + " }" if fields else "{}"
    if packed:
        text = "<" + text + ">"
    return make(STRUCT, text, elems=fields)


def function_of(ret: Type, params: tuple, vararg: bool) -> Type:
    names = [p.text for p in params] + (["..."] if vararg else [])
    return make(FUNC, f"{ret.text} ({', '.join(names)})", elem=ret, elems=params, vararg=vararg)


def named(name: str) -> Type:
    return make(NAMED, name)


_SIMPLE_KIND = {
    "void": VOID, "label": LABEL, "metadata": METADATA, "token": TOKEN,
    "half": FLOAT, "bfloat": FLOAT, "float": FLOAT, "double": FLOAT, "x86_fp80": FLOAT,
    "fp128": FLOAT, "ppc_fp128": FLOAT, "x86_mmx": OTHER, "x86_amx": OTHER,
}


_SIMPLE: dict[str, Type] = {}  # keywords seen to name a type (only those: any word may be asked)


def simple(word: str) -> Type | None:
    """The type named by one keyword (``i32``, ``float``, ``ptr`` ...), or None."""
    ty = _SIMPLE.get(word)
    if ty is None:
        ty = _simple(word)
        if ty is not None:
            _SIMPLE[word] = ty
    return ty


MAX_INT_BITS = (1 << 24) - 1  # LLVM <= 16 (since 17: 2^23); i0 and wider types are not types


def _simple(word: str) -> Type | None:
    kind = _SIMPLE_KIND.get(word)
    if kind is not None:
        return make(kind, word)
    if word == "ptr":
        return pointer_to(None)
    if word[0] == "i" and word[1:].isdigit() and len(word) <= 9 and 0 < int(word[1:]) <= MAX_INT_BITS:
        return make(INT, word)
    return None


I1 = simple("i1")
I8 = simple("i8")
I32 = simple("i32")
VOID_T = simple("void")
TOKEN_T = simple("token")
LABEL_T = simple("label")


def scalar(ty: Type) -> Type:
    """A vector's element type, or the type itself."""
    return ty.elem if ty.kind == VECTOR else ty  # type: ignore[return-value]


_FLOAT_BITS = {"half": 16, "bfloat": 16, "float": 32, "double": 64, "x86_fp80": 80, "fp128": 128, "ppc_fp128": 128,
               "x86_mmx": 64, "x86_amx": 8192}  # the sizes of the non-integer types that have one
_CONVERSIONS = {  # cast: (source kind, destination kind, +1 widens, -1 narrows, 0 either)
    "trunc": (INT, INT, -1), "zext": (INT, INT, 1), "sext": (INT, INT, 1),
    "fptrunc": (FLOAT, FLOAT, -1), "fpext": (FLOAT, FLOAT, 1),
    "uitofp": (INT, FLOAT, 0), "sitofp": (INT, FLOAT, 0), "fptoui": (FLOAT, INT, 0), "fptosi": (FLOAT, INT, 0),
    "ptrtoint": (PTR, INT, 0), "ptrtoaddr": (PTR, INT, 0), "inttoptr": (INT, PTR, 0),
}


_UNCASTABLE = frozenset((ARRAY, STRUCT, NAMED, VOID, FUNC))  # aggregates and types of no value


def _bits(ty: Type) -> int:
    """A scalar type's size in bits (0 for types without one: pointers, labels ...)."""
    if ty.kind == INT:
        return int(ty.text[1:])
    return _FLOAT_BITS.get(ty.text, 0)


def cast_is_valid(opcode: str, src: Type, dst: Type) -> bool:
    """LLVM's ``CastInst::castIsValid``: the kinds each cast converts between, element for element
    of vectors of one length, wider or narrower as its name says; ``bitcast`` between types of one
    size, or pointers of one address space; ``addrspacecast`` between pointers of two."""
    if src.kind in _UNCASTABLE or dst.kind in _UNCASTABLE:
        return False
    a, b = scalar(src), scalar(dst)
    lengths = ((src.count, src.scalable) if src.kind == VECTOR else None,
               (dst.count, dst.scalable) if dst.kind == VECTOR else None)
    rule = _CONVERSIONS.get(opcode)
    if rule is not None:
        src_kind, dst_kind, direction = rule
        if a.kind != src_kind or b.kind != dst_kind or lengths[0] != lengths[1]:
            return False
        return direction == 0 or (_bits(b) - _bits(a)) * direction > 0
    if opcode == "addrspacecast":
        return a.kind == PTR and b.kind == PTR and a.addrspace != b.addrspace and lengths[0] == lengths[1]
    if (a.kind == PTR) != (b.kind == PTR):  # bitcast: never between a pointer and a non-pointer
        return False
    if a.kind != PTR:
        size = [(_bits(t) * (n[0] if n else 1), bool(n and n[1])) for t, n in zip((a, b), lengths)]
        return size[0][0] > 0 and size[0] == size[1]
    if a.addrspace != b.addrspace:
        return False
    return (lengths[0] or (1, False)) == (lengths[1] or (1, False))  # a vector of one pointer is one pointer


def compare_result(ty: Type) -> Type:
    """What comparing two values of type ``ty`` gives: i1, or a vector of as many i1."""
    return vector_of(I1, ty.count, ty.scalable) if ty.kind == VECTOR else I1  # type: ignore[arg-type, return-value]


# Instructions and constant expressions share LLParser's operand rules: each function returns the
# reason the operand types do not fit (worded for the reader's error), or None where they do.
def arithmetic_error(opcode: str, ty: Type) -> str | None:
    """Integers (or vectors of them) for ``add`` ... ``xor``, integers or pointers for ``icmp``,
    floating point for ``fadd`` ... ``fneg`` and ``fcmp``."""
    wanted: tuple[int, ...]
    if opcode == "icmp":
        wanted, words = (INT, PTR), "integer or pointer"
    elif opcode[0] == "f":
        wanted, words = (FLOAT,), "floating-point"
    else:
        wanted, words = (INT,), "integer"
    return None if scalar(ty).kind in wanted else f"{opcode} takes {words} operands, not {ty.text}"


def select_error(condition: Type, value: Type, other: Type) -> str | None:
    """LLVM's ``SelectInst::areInvalidOperands``: an i1 condition (a vector of them with vectors of
    as many elements), two values of one type."""
    if condition.kind == VECTOR:
        if condition.elem is not I1 or value.kind != VECTOR or (value.count, value.scalable) != (
                condition.count, condition.scalable):
            return f"a select on {condition.text} needs vectors of as many elements"
    elif condition is not I1:
        return f"select condition must be i1 or <n x i1>, not {condition.text}"
    if value is not other:
        return f"both values to select must have one type ({value.text}, {other.text})"
    return None


def mismatch(got: Type, expected: Type) -> str | None:
    """LLParser's complaint about a constant of type ``got`` used as ``expected`` (None: they are one)."""
    if got is expected:
        return None
    return f"constant expression type mismatch: got type '{got.text}' but expected '{expected.text}'"


def keyword_error(word: str, ty: Type) -> str | None:
    """LLParser's rule for a keyword constant of type ``ty``: ``true`` and ``false`` are i1s,
    ``null`` a pointer, ``none`` a token; ``undef``, ``poison`` and ``zeroinitializer`` fit any."""
    if word in ("true", "false"):
        return mismatch(I1, ty)  # type: ignore[arg-type]
    if word == "null" and ty.kind != PTR:
        return "null must be a pointer type"
    if word == "none" and ty.kind != TOKEN:
        return "invalid type for none constant"
    return None


def aggregate_error(table: dict[str, "Type | None"], ty: Type, opener: str, elements: list[Type]) -> str | None:
    """LLParser's rules for an aggregate constant used as ``ty``: an array (``opener`` ``[``) or
    vector (``<``) of elements of one type (a vector's scalars), of ``ty`` itself; a struct (``{``,
    or ``<{`` packed) of ``ty``'s fields, packed as it is (named structs are looked up in ``table``;
    an opaque one, or one named as another, has no fields)."""
    if opener in ("[", "<"):
        what = "array" if opener == "[" else "vector"
        if not elements:
            if opener == "<":
                return "constant vector must not be empty"
            return None if ty.kind == ARRAY and ty.count == 0 else "invalid empty array initializer"
        first = elements[0]
        for k, element in enumerate(elements[1:], 1):
            if element is not first:
                return f"{what} element #{k} is not of type '{first.text}'"
        if opener == "<" and first.kind not in (INT, FLOAT, PTR):
            return "invalid vector element type"
        built = array_of(first, len(elements)) if opener == "[" else vector_of(first, len(elements))
        return mismatch(built, ty)
    body = table.get(ty.text) if ty.kind == NAMED else ty
    if ty.kind not in (NAMED, STRUCT):
        return f"constant expression type mismatch: a struct constant is no {ty.text}"
    struct = body is not None and body.kind == STRUCT
    fields = body.elems if struct else ()  # type: ignore[union-attr]
    if len(fields) != len(elements):
        return "initializer with struct type has wrong # elements"
    if (struct and body.text.startswith("<")) != (opener == "<{"):  # type: ignore[union-attr]
        return "packed'ness of initializer and type don't match"
    for k, (field, element) in enumerate(zip(fields, elements)):
        if element is not field:
            return f"element {k} of struct initializer doesn't match struct element type"
    return None


_I32_ELEMENT = re.compile(r"i32\s+(-?\d+)")  # the i32 elements of a vector constant's text


def vector_error(opcode: str, types: list[Type], mask: str = "") -> str | None:
    """``extractelement``, ``insertelement`` and ``shufflevector`` as LLVM's ``isValidOperands``
    checks them (``mask``: the text of a shuffle's mask constant, whose elements must pick one of
    the two vectors' elements or be poison)."""
    vec = types[0]
    if opcode == "extractelement":
        if vec.kind != VECTOR:
            return "extractelement of a non-vector"
        return None if types[1].kind == INT else "invalid extractelement operands (the index is no integer)"
    if opcode == "insertelement":
        fits = vec.kind == VECTOR and types[1] is vec.elem and types[2].kind == INT
        return None if fits else "invalid insertelement operands"
    other, shuffle = types[1], types[2]
    if vec.kind != VECTOR or shuffle.kind != VECTOR:
        return "shufflevector of a non-vector"
    if other is not vec or shuffle.elem is not I32 or shuffle.scalable != vec.scalable:
        return "invalid shufflevector operands"
    for element in _I32_ELEMENT.findall(mask) if mask[:1] == "<" else ():
        # LLVM truncates the literal to i32; one of over 20 digits is refused before int() sees it
        if len(element) > 20 or int(element) % (1 << 32) >= 2 * vec.count:
            return f"invalid shufflevector operands (mask element {element[:20]})"
    return None


_SHORT: dict[Type, str] = {}  # short_text of each type, made once (types are interned)


def indexed(table: dict[str, "Type | None"], ty: Type, index: str) -> Type:
    """The type that one index (a constant's text) selects in ``ty``, as getelementptr and
    extractvalue step: a struct's field (a constant i32, or a vector splat of one, which LLVM
    allows), an array's or vector's element. Named structs are looked up in ``table`` (``None``:
    opaque). KeyError, IndexError or ValueError where LLVM refuses the index."""
    if ty.kind == NAMED:
        body = table.get(ty.text)
        if body is None:
            raise KeyError(ty.text)
        ty = body
    if ty.kind == STRUCT:
        if index.startswith("<") or index == "zeroinitializer":
            fields = {"0"} if index == "zeroinitializer" else set(_I32_ELEMENT.findall(index))
            if len(fields) != 1:
                raise ValueError(index)
            index = fields.pop()
        field = int(index) if len(index) <= 11 else -1  # far out of range either way
        if not 0 <= field < len(ty.elems):
            raise IndexError(field)  # Python would count a negative index from the end
        return ty.elems[field]
    if ty.kind in (ARRAY, VECTOR):
        return ty.elem  # type: ignore[return-value]
    raise KeyError(ty.text)


def short_text(ty: Type) -> str:
    """ProGraML's spelling: a struct, or pointer(s) to one, becomes ``struct`` plus the stars."""
    text = _SHORT.get(ty)
    if text is None:
        text = _SHORT[ty] = _short_text(ty)
    return text


def _short_text(ty: Type) -> str:
    depth = 0
    base = ty
    while base.kind == PTR and base.elem is not None:
        depth += 1
        base = base.elem
    if base.kind in (STRUCT, NAMED):
        return "struct" + "*" * depth
    return ty.text
