"""The data layout string: refused where LLVM 14 and LLVM 19 both refuse it, read otherwise."""
from __future__ import annotations

import random
import shutil
import subprocess

import pytest

from mir_runtime import IRParseError, parse_ir
from mir_runtime.ir.datalayout import layout_error

# layouts clang-13 and clang-19 write (x86-64 Linux, macOS and Windows, AArch64, PowerPC AIX,
# s390x, RISC-V, WebAssembly, NVPTX, AMDGPU, SPIR), the data sets' and none
WRITTEN = [
    "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128",
    "e-m:o-i64:64-f80:128-n8:16:32:64-S128",
    "e-m:w-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128",
    "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32",
    "E-m:a-Fi64-i64:64-n32:64-S128-v256:256:256-v512:512:512",
    "E-m:e-i1:8:16-i8:8:16-i64:64-f128:64-v128:64-a:8:16-n32:64",
    "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128",
    "e-m:e-p:32:32-p10:8:8-p20:8:8-i64:64-n32:64-S128-ni:1:10:20",
    "e-i64:64-i128:128-v16:16-v32:32-n16:32:64",
    "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-"
    "p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-"
    "v2048:2048-n32:64-S32-A5-G1-ni:7:8:9",
    "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1",
    "",
]


@pytest.mark.parametrize("layout", WRITTEN)
def test_layouts_compilers_write_are_read(layout: str) -> None:
    assert layout_error(layout) is None
    parse_ir(f'target datalayout = "{layout}"\n')


@pytest.mark.parametrize(
    "layout, message",
    [
        ("e-p", "Missing size specification for pointer"),
        ("e-p:64", "Missing alignment specification for pointer"),
        ("e-p:64:24", "Pointer ABI alignment must be a power of 2"),
        ("e-p:0:8", "Invalid pointer size of 0 bytes"),
        ("e-p16777216:64:64", "Invalid address space, must be a 24-bit integer"),
        ("e-p:64:64-", "Trailing separator"),
        ("e--p:64:64", "Expected token before separator"),
        ("e-m:q", "Unknown mangling in datalayout string"),
        ("e-m:ee", "Unknown mangling specifier"),
        ("e-m", "Expected mangling specifier"),
        ("x", "Unknown specifier"),
        ("e-n0", "Zero width native integer type"),
        ("e-Fz8", "Unknown function pointer alignment type"),
        ("e-S12", "number of bits must be a byte width multiple"),
        ("e-S24", "Alignment is neither 0 nor a power of 2"),
        ("e-G", "not a number"),
        ("e-A5x", "not a number"),
        ("e-ni:0", "Address space 0 can never be non-integral"),
        ("e-a8:8", "Sized aggregate specification"),
        ("e-i64", "Missing alignment specification in datalayout string"),
        ("e-i64:0", "ABI alignment specification must be >0 for non-aggregate types"),
        ("e-i64:24", "Invalid ABI alignment, must be a power of 2"),
        ("e-i64:64:32", "Preferred alignment cannot be less than the ABI alignment"),
        ("e-i64:4294967296", "does not fit in an unsigned int"),
        ("e-i64:\u0664", "not a number"),  # a digit, but not ASCII
        ("e-p:" + "9" * 5000 + ":64", "does not fit in an unsigned int"),  # no int() of thousands of digits
    ],
)
def test_layouts_llvm_refuses_are_refused(layout: str, message: str) -> None:
    assert message in (layout_error(layout) or "")
    with pytest.raises(IRParseError) as caught:
        parse_ir(f'source_filename = "k.c"\ntarget datalayout = "{layout}"\n')
    assert (caught.value.line, caught.value.column) == (2, 21)  # at the string, as llvm-as-19
    assert caught.value.message.startswith("invalid data layout: ")


@pytest.mark.parametrize("layout", ["e-i8:16", "e-p:64:64:64:128", "e-p:7:8", "e-p:000000000000000000000000064:64"])
def test_layouts_one_llvm_reads_are_read(layout: str) -> None:
    """LLVM 19 alone refuses the first two (an i8 aligned to two bytes, an index wider than its
    pointer); LLVM 14 accepts both, and both accept a pointer size that is no whole byte and a
    number written with leading zeros."""
    assert layout_error(layout) is None


_ATOMS = ["e", "E", "m:e", "m:o", "m:q", "m:", "p:64:64", "p:64:64:64", "p1:32:32", "p:0:8", "p:64", "p:64:24",
          "p270:32:32", "p:64:64:64:128", "i64:64", "i8:16", "i1:8:8", "i64:64:32", "i64:0", "f80:128", "v128:128",
          "a:0:64", "a8:8", "n8:16:32:64", "n0", "S128", "S12", "Fi8", "Fn32", "Fz8", "A5", "G1", "P1", "ni:1", "ni:0",
          "s0:64", "x", "", "4", ":", "i:8", "i64:64:64:64"]


@pytest.mark.skipif(not (shutil.which("llvm-as-14") and shutil.which("llvm-as-19")), reason="needs llvm-as-14 and -19")
def test_random_layouts_refused_exactly_where_both_llvms_refuse(tmp_path) -> None:
    """120 random layouts from specifications and one-character mutations of them (a session's
    run of 3,000 found no difference)."""
    rng = random.Random(44)
    path = tmp_path / "t.ll"

    def refused(tool: str, layout: str) -> bool:
        path.write_text(f'target datalayout = "{layout}"\n')
        return subprocess.run([tool, str(path), "-o", "/dev/null"], capture_output=True).returncode != 0

    differ = []
    for _ in range(120):
        layout = "-".join(rng.choice(_ATOMS) for _ in range(rng.randint(1, 5)))
        if rng.random() < 0.3:
            k = rng.randrange(len(layout) + 1)
            layout = layout[:k] + rng.choice("-:0123456789aefimnpsvxAEFGPS ") + layout[k + 1:]
        both = refused("llvm-as-14", layout) and refused("llvm-as-19", layout)
        if (layout_error(layout) is not None) != both:
            differ.append((layout, layout_error(layout), both))
    assert not differ, differ[:5]
