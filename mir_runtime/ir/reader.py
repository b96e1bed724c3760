"""Files to modules: decoding, bitcode through ``llvm-dis``, one spelling of strings, size limits, error locations."""
from __future__ import annotations

import os
import re
import subprocess
from typing import BinaryIO

from mir_runtime.errors import IRParseError
from mir_runtime.ir import bitcode
from mir_runtime.ir.model import Module
from mir_runtime.ir.parser import parse_module
from mir_runtime.ir.spelling import canonical
from mir_runtime.ir.upgrade import upgrade_intrinsics

MAX_BYTES = 256 * 1024 * 1024  # larger inputs are refused rather than exhausting memory
STDIN = "-"  # the command line's name for standard input (``clang -S -emit-llvm -o - x.c | mir-runtime ...``)
STDIN_NAME = "<stdin>"  # how messages and rows name it, as LLVM's own tools do
_BITCODE_MAGIC = (b"BC\xc0\xde", b"\xde\xc0\x17\x0b")


def _location(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    return line, offset - (data.rfind(b"\n", 0, offset) + 1) + 1


def decode(data: bytes, path: str = "<bytes>") -> str:
    r"""UTF-8 text of textual IR, or an ``IRParseError`` at the first offending byte. LLVM reads
    bytes, not characters: it takes any byte in a comment or a quoted string (a Latin-1 file name
    in ``; ModuleID``, a hand-written constant string), so such bytes are read too, as the ``\E9``
    escape LLVM itself prints for them; elsewhere LLVM refuses them, and so does this."""
    if len(data) > MAX_BYTES:
        raise IRParseError(f"input too large ({len(data)} bytes, limit {MAX_BYTES})", path, 1, 1)
    nul = data.find(b"\x00")
    if nul >= 0:
        raise IRParseError("binary data, not textual LLVM IR (NUL byte)", path, *_location(data, nul))
    if data.startswith(b"\xef\xbb\xbf"):  # shown as nothing by a terminal, so named
        raise IRParseError("a UTF-8 byte-order mark before the IR (LLVM reads none; remove it)", path, 1, 1)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return _escape_quoted_bytes(data.decode("utf-8", "surrogateescape"), path)


_UNDECODED = re.compile("[\udc80-\udcff]+")  # bytes that ``surrogateescape`` kept as code points
_QUOTE_SEMICOLON_NEWLINE = re.compile('["\n;]')


def _escape_quoted_bytes(text: str, path: str) -> str:
    r"""``text`` with each undecoded byte in a quoted string or a comment spelled ``\XX``; one at
    any other place is an ``IRParseError``. One pass over the text (LLVM's strings have no escaped
    quote: ``\22`` spells one)."""
    scanned, quoted, comment = 0, False, False
    for match in _UNDECODED.finditer(text):
        for mark in _QUOTE_SEMICOLON_NEWLINE.finditer(text, scanned, match.start()):
            char = mark.group()
            if char == "\n":
                quoted, comment = False, False
            elif char == '"' and not comment:
                quoted = not quoted
            elif char == ";" and not quoted:
                comment = True
        scanned = match.end()
        if not (quoted or comment):
            start = match.start()
            line, column = text.count("\n", 0, start) + 1, start - text.rfind("\n", 0, start)
            raise IRParseError(f"invalid UTF-8 byte 0x{ord(text[start]) - 0xDC00:02x} (LLVM takes such "
                               "bytes in comments and quoted strings only)", path, line, column)
    return _UNDECODED.sub(lambda m: "".join(f"\\{ord(c) - 0xDC00:02X}" for c in m.group()), text)


def disassemble(data: bytes, path: str) -> str:
    """Textual IR of LLVM bitcode via ``llvm-dis``: ``$MIR_LLVM_DIS``, else the installed one that
    matches the LLVM version that wrote the bitcode (``bitcode.choose_llvm_dis``)."""
    version = bitcode.producer_version(data)
    tool = bitcode.choose_llvm_dis(version)
    if tool is None:
        raise IRParseError("LLVM bitcode needs llvm-dis on PATH (e.g. apt-get install llvm)", path, 1, 1)
    try:
        status, out, first = bitcode.run_llvm_dis(tool, data, MAX_BYTES)
    except (OSError, subprocess.SubprocessError) as exc:
        raise IRParseError(f"llvm-dis failed: {exc}", path, 1, 1) from None
    if len(out) > MAX_BYTES:
        raise IRParseError(f"disassembled input too large (over {MAX_BYTES} bytes)", path, 1, 1)
    if status != 0:
        # a version mismatch may be the cause; where the versions agree, the bitcode itself is bad
        mismatch = version is not None and bitcode.tool_version(tool) != version
        hint = f" (bitcode of LLVM {version}; set MIR_LLVM_DIS to its llvm-dis)" if mismatch else ""
        raise IRParseError(f"{os.path.basename(tool)} rejected the bitcode: {first}{hint}", path, 1, 1)
    return decode(out, path)


def read_text(data: bytes, path: str = "<bytes>") -> str:
    """Textual IR from the bytes of a ``.ll`` or ``.bc`` file."""
    if data.startswith(_BITCODE_MAGIC):
        return disassemble(data, path)
    return decode(data, path)


def parse_ir(text: str, path: str = "<string>") -> Module:
    """Module of textual IR, upgraded as LLVM upgrades old intrinsics on reading; its strings and
    names spelled as ``llvm-dis`` prints them (``spelling``), so that a ``.ll`` and its ``.bc`` agree."""
    return upgrade_intrinsics(parse_module(canonical(text), path))


def read_stream(stream: BinaryIO, name: str = STDIN_NAME) -> Module:
    """Read a ``.ll`` (or ``.bc``) stream to its end into a module; failures are ``IRParseError``
    naming ``name``. Bounded: devices and pipes have no size to check first."""
    return parse_bytes(_bounded_read(stream, name), name)


def read_ir(path: str | os.PathLike) -> Module:
    """Read a ``.ll`` (or ``.bc``) file into a module; failures are ``IRParseError``."""
    return parse_bytes(read_bytes(path), str(path))


def read_bytes(path: str | os.PathLike) -> bytes:
    """The bytes of an IR file, as ``read_ir`` reads them (a caller that also wants their sha256
    hashes the very bytes it parses with ``parse_bytes``)."""
    name = str(path)
    try:
        stream = open(name, "rb")
    except OSError as exc:
        raise _unreadable(exc, name) from None
    with stream:
        return _bounded_read(stream, name)


def parse_bytes(data: bytes, name: str) -> Module:
    """The module of a ``.ll`` (or ``.bc``) file's bytes; failures are ``IRParseError`` naming ``name``."""
    return parse_ir(read_text(data, name), name)


def _bounded_read(stream: BinaryIO, name: str) -> bytes:
    try:
        data = stream.read(MAX_BYTES + 1)
    except OSError as exc:
        raise _unreadable(exc, name) from None
    if len(data) > MAX_BYTES:
        raise IRParseError(f"input too large (over {MAX_BYTES} bytes)", name, 1, 1)
    return data


def _unreadable(exc: OSError, name: str) -> IRParseError:
    """Opening or reading failed (missing, a directory, no permission, an I/O error)."""
    return IRParseError(f"cannot read file: {exc.strerror or exc}", name, 0, 0)
