"""Files to modules: decoding, bitcode through ``llvm-dis``, size limits, and error locations."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from mir_runtime.errors import IRParseError
from mir_runtime.ir.model import Module
from mir_runtime.ir.parser import parse_module
from mir_runtime.ir.upgrade import upgrade_intrinsics

MAX_BYTES = 256 * 1024 * 1024  # larger inputs are refused rather than exhausting memory
_BITCODE_MAGIC = (b"BC\xc0\xde", b"\xde\xc0\x17\x0b")


def _location(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    return line, offset - (data.rfind(b"\n", 0, offset) + 1) + 1


def decode(data: bytes, path: str = "<bytes>") -> str:
    """UTF-8 text of textual IR, or an ``IRParseError`` at the first offending byte."""
    if len(data) > MAX_BYTES:
        raise IRParseError(f"input too large ({len(data)} bytes, limit {MAX_BYTES})", path, 1, 1)
    nul = data.find(b"\x00")
    if nul >= 0:
        raise IRParseError("binary data, not textual LLVM IR (NUL byte)", path, *_location(data, nul))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        message = f"invalid UTF-8 byte 0x{data[exc.start]:02x}"
        raise IRParseError(message, path, *_location(data, exc.start)) from None


def disassemble(data: bytes, path: str) -> str:
    """Textual IR of LLVM bitcode via ``llvm-dis`` (``$MIR_LLVM_DIS`` or the first on PATH)."""
    tool = os.environ.get("MIR_LLVM_DIS") or shutil.which("llvm-dis") or _versioned_llvm_dis()
    if tool is None:
        raise IRParseError("LLVM bitcode needs llvm-dis on PATH (e.g. apt-get install llvm)", path, 1, 1)
    try:
        done = subprocess.run([tool, "-o", "-", "-"], input=data, capture_output=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise IRParseError(f"llvm-dis failed: {exc}", path, 1, 1) from None
    if done.returncode != 0:
        first = (done.stderr.decode("utf-8", "replace").strip().splitlines() or ["unknown error"])[0]
        raise IRParseError(f"llvm-dis rejected the bitcode: {first}", path, 1, 1)
    return decode(done.stdout, path)


def _versioned_llvm_dis() -> str | None:
    for version in range(25, 9, -1):
        tool = shutil.which(f"llvm-dis-{version}")
        if tool:
            return tool
    return None


def read_text(data: bytes, path: str = "<bytes>") -> str:
    """Textual IR from the bytes of a ``.ll`` or ``.bc`` file."""
    if data.startswith(_BITCODE_MAGIC):
        return disassemble(data, path)
    return decode(data, path)


def parse_ir(text: str, path: str = "<string>") -> Module:
    """Module of textual IR, upgraded as LLVM upgrades old intrinsics on reading."""
    return upgrade_intrinsics(parse_module(text, path))


def read_ir(path: str | os.PathLike) -> Module:
    """Read a ``.ll`` (or ``.bc``) file into a module; failures are ``IRParseError``."""
    name = str(path)
    try:
        size = os.path.getsize(name)
        if size > MAX_BYTES:
            raise IRParseError(f"input too large ({size} bytes, limit {MAX_BYTES})", name, 1, 1)
        data = Path(name).read_bytes()
    except OSError as exc:
        raise IRParseError(f"cannot read file: {exc.strerror or exc}", name, 0, 0) from None
    return parse_ir(read_text(data, name), name)
