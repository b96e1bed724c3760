"""LLVM bitcode to text: which ``llvm-dis`` to run, chosen by the LLVM version that wrote the file.

An ``llvm-dis`` reads bitcode of its own and older LLVM versions only, and prints its own textual
dialect (LLVM 17+ prints opaque pointers even for typed-pointer bitcode), so the best tool is the
one of the producer's major version, else the oldest newer one. The producer is the string in the
bitcode's identification block (``LLVM19.1.7``), read here with a minimal bitstream reader.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

_CHAR6 = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._"
_IDENTIFICATION_BLOCK = 13
_WRAPPER_MAGIC = b"\xde\xc0\x17\x0b"
_DEBIAN_LLVM_DIS = "/usr/lib/llvm-{}/bin/llvm-dis"


class _Bits:
    """Little-endian bit reader over bitcode (LLVM's bitstream format)."""

    def __init__(self, data: bytes) -> None:
        self.value = int.from_bytes(data, "little")
        self.end = len(data) * 8
        self.pos = 0

    def fixed(self, width: int) -> int:
        if self.pos + width > self.end:
            raise ValueError("truncated bitcode")
        out = (self.value >> self.pos) & ((1 << width) - 1)
        self.pos += width
        return out

    def vbr(self, width: int) -> int:
        out, shift, high = 0, 0, 1 << (width - 1)
        while True:
            piece = self.fixed(width)
            out |= (piece & (high - 1)) << shift
            if not piece & high:
                return out
            shift += width - 1
            if shift > 64:
                raise ValueError("bad VBR")

    def align32(self) -> None:
        self.pos = (self.pos + 31) & ~31


def _operand(bits: _Bits, op: tuple) -> int:
    encoding, width = op
    if encoding == 1:
        return bits.fixed(width)
    if encoding == 2:
        return bits.vbr(width)
    if encoding == 4:
        return ord(_CHAR6[bits.fixed(6)])
    raise ValueError("unsupported abbreviation operand")


def _record(bits: _Bits, abbrev: list) -> list[int]:
    values: list[int] = []
    k = 0
    while k < len(abbrev):
        op = abbrev[k]
        if op[0] == 0:  # literal
            values.append(op[1])
        elif op[0] == 3:  # array of the next operand
            k += 1
            values += [_operand(bits, abbrev[k]) for _ in range(bits.vbr(6))]
        elif op[0] == 5:  # blob
            size = bits.vbr(6)
            bits.align32()
            values += [bits.fixed(8) for _ in range(size)]
            bits.align32()
        else:
            values.append(_operand(bits, op))
        k += 1
    return values


def producer(data: bytes) -> str | None:
    """The producer string of LLVM bitcode (``LLVM14.0.6``), or None where the file has none."""
    try:
        if data.startswith(_WRAPPER_MAGIC) and len(data) >= 20:
            offset = int.from_bytes(data[8:12], "little")
            size = int.from_bytes(data[12:16], "little")
            data = data[offset : offset + size]
        if not data.startswith(b"BC\xc0\xde"):
            return None
        bits = _Bits(data[4:4096])  # the identification block comes first and is tiny
        if bits.fixed(2) != 1 or bits.vbr(8) != _IDENTIFICATION_BLOCK:  # ENTER_SUBBLOCK
            return None
        width = bits.vbr(4)
        bits.align32()
        bits.fixed(32)  # block length in words
        abbrevs: list[list] = []
        while True:
            code = bits.fixed(width)
            if code == 0:  # END_BLOCK
                return None
            if code == 2:  # DEFINE_ABBREV
                ops = []
                for _ in range(bits.vbr(5)):
                    if bits.fixed(1):
                        ops.append((0, bits.vbr(8)))
                    else:
                        encoding = bits.fixed(3)
                        ops.append((encoding, bits.vbr(5) if encoding in (1, 2) else 0))
                abbrevs.append(ops)
                continue
            if code == 3:  # UNABBREV_RECORD
                record = [bits.vbr(6)]
                record += [bits.vbr(6) for _ in range(bits.vbr(6))]
            elif code >= 4 and code - 4 < len(abbrevs):
                record = _record(bits, abbrevs[code - 4])
            else:
                return None
            if record and record[0] == 1:  # IDENTIFICATION_CODE_STRING
                return bytes(record[1:]).decode("ascii", "replace")
    except (ValueError, IndexError):
        return None


def producer_version(data: bytes) -> int | None:
    """The LLVM major version that wrote the bitcode, where its producer string says."""
    found = re.match(r"LLVM(\d+)", producer(data) or "")
    return int(found.group(1)) if found else None


def tool_version(tool: str) -> int | None:
    """The LLVM major version of an ``llvm-dis``: from its path, else from its ``--version``."""
    found = re.search(r"llvm-(\d+)", os.path.realpath(tool))
    if found:
        return int(found.group(1))
    try:
        out = subprocess.run([tool, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    found = re.search(r"LLVM version (\d+)", out)
    return int(found.group(1)) if found else None


def installed_llvm_dis() -> dict[int, str]:
    """Installed ``llvm-dis`` by major version: ``llvm-dis-N`` and ``llvm-dis`` on PATH, and
    Debian's ``/usr/lib/llvm-N/bin/llvm-dis``."""
    found: dict[int, str] = {}
    for version in range(40, 2, -1):
        for tool in (shutil.which(f"llvm-dis-{version}"), _DEBIAN_LLVM_DIS.format(version)):
            if tool and os.access(tool, os.X_OK):
                found.setdefault(version, tool)
    plain = shutil.which("llvm-dis")
    if plain:
        version = tool_version(plain)
        if version is not None:
            found.setdefault(version, plain)
        elif not found:
            found[0] = plain
    return found


def choose_llvm_dis(version: int | None) -> str | None:
    """``$MIR_LLVM_DIS``, else the installed ``llvm-dis`` of the producer's major version, else
    the oldest newer one, else the newest (which may still read it)."""
    explicit = os.environ.get("MIR_LLVM_DIS")
    if explicit:
        return explicit
    tools = installed_llvm_dis()
    if not tools:
        return None
    if version is not None:
        newer = [v for v in tools if v >= version]
        if newer:
            return tools[min(newer)]
    return tools[max(tools)]


def run_llvm_dis(tool: str, data: bytes, limit: int) -> tuple[int, bytes, str]:
    """``(exit status, stdout, first stderr line)`` of ``tool`` on ``data``; stdout is read up to
    ``limit + 1`` bytes and the tool stopped there, so huge output cannot exhaust memory."""
    with tempfile.TemporaryDirectory(prefix="mir-dis-") as tmp:
        source = Path(tmp) / "input.bc"
        source.write_bytes(data)
        with open(Path(tmp) / "stderr", "w+b") as err:
            proc = subprocess.Popen([tool, "-o", "-", str(source)], stdout=subprocess.PIPE, stderr=err)
            try:
                out = proc.stdout.read(limit + 1)
                if len(out) > limit:
                    proc.kill()
                status = proc.wait(timeout=600)
            finally:
                proc.stdout.close()
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
            err.seek(0)
            message = err.read(4096).decode("utf-8", "replace").strip().splitlines()
    return status, out, (message[0] if message else "unknown error")
