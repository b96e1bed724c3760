"""The data layout string (``target datalayout = "..."``), checked as LLVM parses it.

No graph or statement reads the layout, so the reader keeps it as text; but a module whose layout
LLVM cannot parse is no module to LLVM, so the reader refuses it too. The rules are those of
``DataLayout::parseSpecifier``: ``-``-separated specifications, each a letter and ``:``-separated
decimal fields (bit sizes and alignments in bits, alignments whole bytes and powers of two). A
string is refused only where LLVM 14 and LLVM 19 both refuse it: LLVM 19 alone requires ``i8`` to
be aligned to one byte and a pointer's index width at most its size.
"""
from __future__ import annotations

_MANGLING = frozenset("elomwxa")  # ELF, GOFF, Mach-O, MIPS, Windows COFF, Windows x86 COFF, XCOFF
_ADDRESS_SPACES = 1 << 24


class _Refused(ValueError):
    pass


def layout_error(layout: str) -> str | None:
    """Why LLVM cannot parse ``layout`` (its own words), or None where it can."""
    try:
        rest = layout
        while rest:
            spec, rest = _split(rest, "-")
            _specification(*_split(spec, ":"))
    except _Refused as refused:
        return str(refused)
    return None


def _split(text: str, separator: str) -> tuple[str, str]:
    """``text`` before and after its first ``separator``; LLVM refuses an empty part on either side
    of it."""
    first, found, second = text.partition(separator)
    if found and not second:
        raise _Refused("Trailing separator in datalayout string")
    if second and not first:
        raise _Refused("Expected token before separator in datalayout string")
    return first, second


def _number(text: str, bits: int = 32) -> int:
    """A decimal field (StringRef::getAsInteger: digits only, within an unsigned of ``bits``)."""
    # leading zeros aside, over 20 digits never fit (and Python refuses to convert thousands)
    if not text.isascii() or not text.isdigit() or len(text.lstrip("0")) > 20 or int(text) >> bits:
        raise _Refused("not a number, or does not fit in an unsigned int")
    return int(text)


def _bytes(text: str, bits: int = 32) -> int:
    value = _number(text, bits)
    if value % 8:
        raise _Refused("number of bits must be a byte width multiple")
    return value // 8


def _power_of_two(value: int) -> bool:
    return value > 0 and value & (value - 1) == 0


def _address_space(text: str) -> int:
    space = _number(text)
    if space >= _ADDRESS_SPACES:
        raise _Refused("Invalid address space, must be a 24-bit integer")
    return space


def _specification(token: str, rest: str) -> None:
    """One specification: ``token`` (its letter and what follows it before the first ``:``) and
    ``rest`` (the fields after that ``:``)."""
    if token == "ni":  # non-integral address spaces
        while True:
            field, rest = _split(rest, ":")
            if _number(field) == 0:
                raise _Refused("Address space 0 can never be non-integral")
            if not rest:
                return
    letter, token = token[0], token[1:]
    if letter in "sEe":  # endianness; ``s`` is a deprecated one, ignored as LLVM does
        return
    if letter == "p":
        _pointer(token, rest)
    elif letter in "ivfa":
        _alignment(letter, token, rest)
    elif letter == "n":  # native integer widths
        while True:
            if _number(token) == 0:
                raise _Refused("Zero width native integer type in datalayout string")
            if not rest:
                return
            token, rest = _split(rest, ":")
    elif letter == "S":
        _optional_alignment(token)
    elif letter == "F":  # function pointer alignment: independent of (i) or a multiple of (n) the function's
        if token[:1] not in ("i", "n"):
            raise _Refused("Unknown function pointer alignment type in datalayout string")
        _optional_alignment(token[1:])
    elif letter in "PAG":  # program, alloca and globals address spaces
        _address_space(token)
    elif letter == "m":
        if token:
            raise _Refused("Unexpected trailing characters after mangling specifier in datalayout string")
        if not rest:
            raise _Refused("Expected mangling specifier in datalayout string")
        if len(rest) > 1:
            raise _Refused("Unknown mangling specifier in datalayout string")
        if rest not in _MANGLING:
            raise _Refused("Unknown mangling in datalayout string")
    else:
        raise _Refused("Unknown specifier in datalayout string")


def _optional_alignment(text: str) -> None:
    """The stack's or a function pointer's alignment: 0 (unspecified) or a power of two."""
    alignment = _bytes(text, 64)
    if alignment and not _power_of_two(alignment):
        raise _Refused("Alignment is neither 0 nor a power of 2")


def _pointer(token: str, rest: str) -> None:
    """``p[AS]:size:abi[:pref[:index]]`` (fields past the index are ignored, as in LLVM)."""
    if token:
        _address_space(token)
    if not rest:
        raise _Refused("Missing size specification for pointer in datalayout string")
    field, rest = _split(rest, ":")
    if _number(field) == 0:
        raise _Refused("Invalid pointer size of 0 bytes")
    if not rest:
        raise _Refused("Missing alignment specification for pointer in datalayout string")
    field, rest = _split(rest, ":")
    abi = _bytes(field)
    if not _power_of_two(abi):
        raise _Refused("Pointer ABI alignment must be a power of 2")
    if rest:
        field, rest = _split(rest, ":")
        preferred = _bytes(field)
        if not _power_of_two(preferred):
            raise _Refused("Pointer preferred alignment must be a power of 2")
        if rest:
            field, rest = _split(rest, ":")
            if _number(field) == 0:
                raise _Refused("Invalid index size of 0 bytes")
        if preferred < abi:
            raise _Refused("Preferred alignment cannot be less than the ABI alignment")


def _alignment(letter: str, token: str, rest: str) -> None:
    """``i``, ``v``, ``f`` (a bit size, then alignments) and ``a`` (aggregates: no size)."""
    size = _number(token) if token else 0
    if letter == "a" and size:
        raise _Refused("Sized aggregate specification in datalayout string")
    if not rest:
        raise _Refused("Missing alignment specification in datalayout string")
    field, rest = _split(rest, ":")
    abi = _bytes(field)
    if letter != "a" and not abi:
        raise _Refused("ABI alignment specification must be >0 for non-aggregate types")
    if abi >> 16:
        raise _Refused("Invalid ABI alignment, must be a 16bit integer")
    if abi and not _power_of_two(abi):
        raise _Refused("Invalid ABI alignment, must be a power of 2")
    preferred = abi
    if rest:
        field, rest = _split(rest, ":")
        preferred = _bytes(field)
    if preferred >> 16:
        raise _Refused("Invalid preferred alignment, must be a 16bit integer")
    if preferred and not _power_of_two(preferred):
        raise _Refused("Invalid preferred alignment, must be a power of 2")
    if size >= _ADDRESS_SPACES:
        raise _Refused("Invalid bit width, must be a 24-bit integer")
    if max(preferred, 1) < max(abi, 1):  # an alignment of 0 is taken as 1
        raise _Refused("Preferred alignment cannot be less than the ABI alignment")
