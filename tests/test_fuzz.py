"""Bad input: mutated real IR must either read (and then graph and tokenize, as read and with its
locals promoted) or fail as a located
``IRParseError``, never as any other exception.

The seeds are the committed test programs compiled with clang-14 at -O0 and -O2, plus a few small
kernels of the evaluation data sets read in place (skipped where those are absent). Mutations are
line deletions, duplications and swaps, truncation, garbled lines, inserted bytes (non-UTF-8 and
NUL too), token swaps and odd numbers, and combinations of them.
"""
from __future__ import annotations

import contextlib
import difflib
import io
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

import clang as clang_helper  # tests/clang.py (pytest's pythonpath has tests/)
from paths import DATASETS
from mir_runtime import IRParseError, parse_ir, read_ir
from mir_runtime.graph import build_graph
from mir_runtime.ir import reader
from mir_runtime.ir.promote import promote
from mir_runtime.statements import statements

FUZZ_PATH = "fuzz/mutated.ll"
CI = bool(os.environ.get("CI"))
EXAMPLES = int(os.environ.get("MIR_FUZZ_EXAMPLES", 2000 if CI else 300))

# --- mutations, as plain data so that hypothesis can draw and shrink them ----------------------

GARBLE_ALPHABET = '()[]{}<>"\'%@!#=,:;*x \\.-0123456789abcizAZ_$\t'
ODD_BYTES = (b"\x00", b"\xff", b"\xfe", b"\xc3", b"\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\r", b"\x0b", b"\x0c")
ODD_NUMBERS = ("0", "-1", "1", "2", "63", "64", "65", "4294967296", "18446744073709551616", "99999999999999999999999", "-0")
_TOKEN = re.compile(rb'[%@!#]?[-\w.$]+|"[^"\n]*"|\S')
_NUMBER = re.compile(rb"(?<![\w.%@!#$])\d+")


def _token_class(token: bytes) -> int:
    first = token[:1]
    if first in (b"%", b"@", b"!", b"#", b'"'):
        return first[0]
    return 1 if token[:1].isdigit() or token[:1] == b"-" else 2 if token[:1].isalpha() else 3


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True) or [b""]


def apply_mutation(data: bytes, op: tuple) -> bytes:
    """``data`` with one mutation applied; indices are taken modulo what is there."""
    kind = op[0]
    if kind == "truncate":
        return data[: op[1] % (len(data) + 1)]
    if kind == "insert_bytes":
        at = op[1] % (len(data) + 1)
        return data[:at] + op[2] + data[at:]
    if kind in ("replace_token", "replace_like", "number"):
        pattern = _NUMBER if kind == "number" else _TOKEN
        matches = list(pattern.finditer(data))
        if not matches:
            return data
        target = matches[op[1] % len(matches)]
        if kind == "number":
            new = op[2]
        else:
            pool = matches
            if kind == "replace_like":  # a token of the same class: %local for %local, i32 for a word ...
                cls = _token_class(target.group())
                pool = [m for m in matches if _token_class(m.group()) == cls]
            new = pool[op[2] % len(pool)].group()
        return data[: target.start()] + new + data[target.end():]
    lines = _lines(data)
    n = len(lines)
    if kind == "delete":
        i = op[1] % n
        del lines[i : i + op[2]]
    elif kind == "duplicate":
        lines.insert(op[2] % (n + 1), lines[op[1] % n])
    elif kind == "swap":
        i, j = op[1] % n, op[2] % n
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "garble":
        i = op[1] % n
        line = lines[i]
        end = b"\n" if line.endswith(b"\n") else b""
        body = bytearray(line[: len(line) - len(end)])
        for edit, pos, chars in op[2]:
            at = pos % (len(body) + 1)
            if edit == "insert":
                body[at:at] = chars
            elif edit == "replace":
                body[at : at + len(chars)] = chars
            else:  # delete
                del body[at : at + len(chars)]
        lines[i] = bytes(body) + end
    else:
        raise ValueError(kind)
    return b"".join(lines)


def mutate(data: bytes, ops) -> bytes:
    for op in ops:
        data = apply_mutation(data, op)
    return data


_index = st.integers(min_value=0, max_value=1 << 20)
_chars = st.text(alphabet=GARBLE_ALPHABET, min_size=1, max_size=6).map(str.encode)
_odd = st.one_of(st.sampled_from(ODD_BYTES), st.binary(min_size=1, max_size=6))
mutation_ops = st.one_of(
    st.tuples(st.just("delete"), _index, st.integers(1, 4)),
    st.tuples(st.just("duplicate"), _index, _index),
    st.tuples(st.just("swap"), _index, _index),
    st.tuples(st.just("truncate"), _index),
    st.tuples(st.just("garble"), _index,
              st.lists(st.tuples(st.sampled_from(["insert", "replace", "delete"]), _index, _chars), min_size=1, max_size=3)),
    st.tuples(st.just("insert_bytes"), _index, _odd),
    st.tuples(st.just("replace_token"), _index, _index),
    st.tuples(st.just("replace_like"), _index, _index),
    st.tuples(st.just("number"), _index, st.sampled_from(ODD_NUMBERS).map(str.encode)),
)


def random_ops(rng: random.Random, count: int) -> list[tuple]:
    """The same kinds of mutations from a plain RNG (for exploring outside hypothesis)."""
    big = 1 << 20
    ops = []
    for _ in range(count):
        kind = rng.choice(["delete", "duplicate", "swap", "truncate", "garble", "insert_bytes", "replace_token",
                           "replace_like", "replace_like", "number"])
        if kind == "delete":
            ops.append((kind, rng.randrange(big), rng.randint(1, 4)))
        elif kind in ("duplicate", "swap", "replace_token", "replace_like"):
            ops.append((kind, rng.randrange(big), rng.randrange(big)))
        elif kind == "truncate":
            ops.append((kind, rng.randrange(big)))
        elif kind == "garble":
            edits = [(rng.choice(["insert", "replace", "delete"]), rng.randrange(big),
                      "".join(rng.choice(GARBLE_ALPHABET) for _ in range(rng.randint(1, 6))).encode())
                     for _ in range(rng.randint(1, 3))]
            ops.append((kind, rng.randrange(big), edits))
        elif kind == "insert_bytes":
            odd = rng.choice(ODD_BYTES) if rng.random() < 0.6 else bytes(rng.randrange(256) for _ in range(rng.randint(1, 6)))
            ops.append((kind, rng.randrange(big), odd))
        else:
            ops.append((kind, rng.randrange(big), rng.choice(ODD_NUMBERS).encode()))
    return ops


# --- the property ------------------------------------------------------------------------------


def check_bytes(data: bytes, path: str = FUZZ_PATH) -> None:
    """Read ``data`` as the file ``path`` would be read: success, or a located IRParseError."""
    try:
        module = parse_ir(reader.read_text(data, path), path)
    except IRParseError as error:
        assert error.file == path, f"error names {error.file!r}, not {path!r}: {error}"
        assert error.line >= 1, f"unlocated error: {error}"
        lines = len(re.split(rb"\r\n|\r|\n", data))  # a carriage return alone ends a line, as in the reader
        assert error.line <= lines, f"error past the end of the input: {error}"
        assert str(error) == f"{error.file}:{error.line}:{error.column}: {error.message}"
        return
    for form in (module, promote(module)):  # as read, and as a model with promote_allocas reads it
        build_graph(form)
        statements(form)


def changed_lines(before: bytes, after: bytes, limit: int = 40) -> str:
    """A short unified diff of ``before`` to ``after`` (line numbers in both), for failure notes."""
    old = before.decode("utf-8", "backslashreplace").split("\n")
    new = after.decode("utf-8", "backslashreplace").split("\n")
    diff = difflib.unified_diff(old, new, "seed", "mutated", n=1, lineterm="")
    return "\n".join(line[:200] for _, line in zip(range(limit), diff))


# --- seeds -------------------------------------------------------------------------------------

DATASET_SEEDS = 5


_OLD_MEM_INTRINSIC = re.compile(r"declare void @llvm\.mem(?:cpy|move|set)\.[^(]*\([^)]*i32, i1\)")


def dataset_seeds(count: int = DATASET_SEEDS) -> list[Path]:
    """``count`` small kernels of the evaluation data sets, the same every run: one with an old
    5-argument memory intrinsic (the reader upgrades those), the rest taken in turn from each set."""
    if not DATASETS.is_dir():
        return []
    pools = []
    for directory in sorted(d for d in DATASETS.iterdir() if (d / "kernels_ir").is_dir()):
        small = [p for p in (directory / "kernels_ir").glob("*.ll") if 1500 <= p.stat().st_size <= 6000]
        small.sort(key=lambda p: (p.stat().st_size, p.name))
        if small:
            pools.append(small)
    chosen: list[Path] = []
    for pool in pools:
        old = next((p for p in pool if _OLD_MEM_INTRINSIC.search(p.read_text(errors="replace"))), None)
        if old is not None:
            chosen.append(old)
            break
    rest = count - len(chosen)
    per_pool = [rest // len(pools) + (k < rest % len(pools)) for k in range(len(pools))] if pools else []
    for pool, want in zip(pools, per_pool):
        pool = [p for p in pool if p not in chosen]
        step = max(1, len(pool) // max(want, 1))
        chosen += pool[::step][:want]
    return chosen


class Seeds(dict):
    """Seed name -> bytes; a short repr, since hypothesis prints the test's arguments on failure."""

    def __repr__(self) -> str:
        return f"<{len(self)} seeds>"


@pytest.fixture(scope="session")
def seeds(tmp_path_factory) -> dict[str, bytes]:
    found: list[tuple[str, bytes]] = []
    if clang_helper.missing_reason(14) is None:
        compiler = clang_helper.shared_compiler(tmp_path_factory)
        keys = [(p, 14, opt, False) for p in clang_helper.PROGRAMS for opt in clang_helper.OPT_LEVELS]
        compiler.prefetch(keys)
        found += [(f"{p}-clang14-{opt}", compiler.get(p, 14, opt).read_bytes()) for p, _, opt, _ in keys]
    elif CI:
        pytest.fail("clang-14 is needed in CI for the fuzz seeds")
    found += [(p.name, p.read_bytes()) for p in dataset_seeds()]
    if not found:
        pytest.skip("no seeds: neither clang-14 nor the evaluation data sets are available")
    return Seeds(found)


def test_seeds_read_cleanly(seeds):
    for name, data in seeds.items():
        module = parse_ir(reader.read_text(data, name), name)
        for form in (module, promote(module)):
            build_graph(form)
            statements(form)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_mutated_ir_reads_or_fails_located(seeds, data):
    name = data.draw(st.sampled_from(sorted(seeds)), label="seed")
    ops = data.draw(st.lists(mutation_ops, min_size=1, max_size=4), label="mutations")
    mutated = mutate(seeds[name], ops)
    try:
        check_bytes(mutated)
    except BaseException:
        note("diff of the mutated seed:\n" + changed_lines(seeds[name], mutated))
        raise


# --- plain bad inputs --------------------------------------------------------------------------

SMALL = """\
define i32 @f(i32 %x) {
entry:
  %y = add i32 %x, 1
  ret i32 %y
}
"""


def _read_error(tmp_path: Path, data: bytes, name: str = "bad.ll") -> IRParseError:
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(IRParseError) as info:
        read_ir(path)
    error = info.value
    assert error.file == str(path)
    assert error.line >= 1
    assert str(error) == f"{error.file}:{error.line}:{error.column}: {error.message}"
    return error


def test_small_module_reads(tmp_path):
    path = tmp_path / "ok.ll"
    path.write_text(SMALL)
    module = read_ir(path)
    assert [i.opcode for i in module.instructions()] == ["add", "ret"]


@pytest.mark.parametrize("filler", ["; = load i32 ", '@s = constant [0 x i8] c"= getelementptr inbounds x'])
def test_long_lines_read_in_linear_time(filler):
    """A megabyte line that repeats what the legacy-syntax check looks for (in a comment, in a
    string) reads at once; the check once rescanned the line from every occurrence (minutes)."""
    line = filler + "= load i32 " * 100_000 + ('"' if filler.startswith("@") else "")
    start = time.process_time()
    with pytest.raises(IRParseError) if filler.startswith("@") else contextlib.nullcontext():
        parse_ir(line + "\n" + SMALL)  # the string's length does not match its type: located error
    assert time.process_time() - start < 5.0


def test_long_function_header_reads_in_linear_time():
    """A header line of 200,000 ')' fails at once; the empty-body check once searched from each."""
    start = time.process_time()
    with pytest.raises(IRParseError, match="end of file in function header"):
        parse_ir("define void @f() " + ")" * 200_000)
    assert time.process_time() - start < 5.0


def test_empty_file(tmp_path):
    error = _read_error(tmp_path, b"")
    assert error.line == 1


def test_whitespace_only_file(tmp_path):
    error = _read_error(tmp_path, b"  \n\t\n\n   \n")
    assert error.line >= 1


def test_binary_file(tmp_path):
    data = bytes(random.Random(7).randrange(256) for _ in range(4096)) + b"\x00"
    data = data.replace(b"BC", b"bc")  # not bitcode magic by chance
    error = _read_error(tmp_path, b"ELF\x01" + data, "bad.bin")
    first_nul = (b"ELF\x01" + data).find(b"\x00")
    assert error.line == (b"ELF\x01" + data).count(b"\n", 0, first_nul) + 1


def test_nul_byte_located(tmp_path):
    error = _read_error(tmp_path, SMALL.replace("add i32", "add\x00i32").encode())
    assert (error.line, error.column) == (3, 11)


def test_carriage_returns_alone_end_lines(tmp_path):
    """A module whose lines end in carriage returns alone reads as LLVM reads it: as the same module."""
    path = tmp_path / "cr.ll"
    path.write_bytes(SMALL.replace("\n", "\r").encode())
    assert [i.text for i in read_ir(path).instructions()] == [i.text for i in parse_ir(SMALL).instructions()]


def test_byte_order_mark_is_named(tmp_path):
    error = _read_error(tmp_path, b"\xef\xbb\xbf" + SMALL.encode())
    assert (error.line, error.column) == (1, 1) and "byte-order mark" in error.message


def test_non_utf8_byte_in_code(tmp_path):
    data = SMALL.replace("%y = add", "%y = \xff add").encode("latin-1")
    error = _read_error(tmp_path, data)
    assert (error.line, error.column) == (3, 8)
    assert "utf-8" in error.message.lower()


def test_non_utf8_bytes_in_comments_and_strings_read_as_llvm_reads_them(tmp_path):
    """LLVM takes any byte in a comment or a quoted string; a Latin-1 one reads as the ``\\E9``
    that llvm-dis prints for it, so the module equals its LLVM round trip."""
    latin1 = ("; ModuleID = 'caf\xe9.c'\n@s = constant [5 x i8] c\"caf\xe9\\00\"\n" + SMALL).encode("latin-1")
    path = tmp_path / "latin1.ll"
    path.write_bytes(latin1)
    escaped = parse_ir('@s = constant [5 x i8] c"caf\\E9\\00"\n' + SMALL)
    module = read_ir(path)
    assert [g.text for g in module.globals] == [g.text for g in escaped.globals]
    assert [i.text for i in module.instructions()] == [i.text for i in escaped.instructions()]
    # a semicolon inside a string starts no comment: the byte after the closing quote is outside both
    error = _read_error(tmp_path, b'@s = constant [2 x i8] c";\\00"\xe9\n' + SMALL.encode())
    assert (error.line, error.column) == (1, 31)


def test_truncated_function(tmp_path):
    text = SMALL.rsplit("}", 1)[0]  # no closing brace
    error = _read_error(tmp_path, text.encode())
    assert error.line in (1, 5)  # the unclosed define, or the end of the file


def test_truncated_mid_instruction(tmp_path):
    text = SMALL[: SMALL.index("1\n")]  # "%y = add i32 %x, " and nothing more
    error = _read_error(tmp_path, text.encode())
    assert error.line == 3


def test_unknown_instruction(tmp_path):
    error = _read_error(tmp_path, SMALL.replace("add i32", "frobnicate i32").encode())
    assert error.line == 3
    assert "frobnicate" in error.message


def test_undefined_value(tmp_path):
    error = _read_error(tmp_path, SMALL.replace("%x, 1", "%nope, 1").encode())
    assert error.line == 3
    assert "%nope" in error.message


def test_undefined_function(tmp_path):
    text = SMALL.replace("%y = add i32 %x, 1", "%y = call i32 @missing(i32 %x)")
    error = _read_error(tmp_path, text.encode())
    assert error.line == 3


def test_redefined_function(tmp_path):
    """The error points at the second definition, as LLVM's does (not at line 0)."""
    error = _read_error(tmp_path, (SMALL + "declare i32 @f(i32)\n").encode())
    assert error.line == 6
    assert "@f" in error.message


def test_redefined_global(tmp_path):
    error = _read_error(tmp_path, b"@g = global i32 0\n@g = global i32 1\n")
    assert error.line == 2


def test_file_over_the_size_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(reader, "MAX_BYTES", 64)
    error = _read_error(tmp_path, SMALL.encode())
    assert error.line == 1
    assert "too large" in error.message


def test_bytes_over_the_size_limit(monkeypatch):
    monkeypatch.setattr(reader, "MAX_BYTES", 64)
    with pytest.raises(IRParseError) as info:
        reader.read_text(SMALL.encode(), "mem.ll")
    assert info.value.file == "mem.ll" and info.value.line == 1


def test_missing_file(tmp_path):
    path = tmp_path / "absent.ll"
    with pytest.raises(IRParseError) as info:
        read_ir(path)
    assert info.value.file == str(path)


def test_stream_reads_and_is_bounded(monkeypatch):
    """``read_stream`` (standard input on the command line) reads to the end, names its source
    ``<stdin>`` unless told otherwise, and stops at the size limit as a file read does."""
    assert [f.name for f in reader.read_stream(io.BytesIO(SMALL.encode())).functions]
    with pytest.raises(IRParseError) as info:
        reader.read_stream(io.BytesIO(b"\xef\xbb\xbf" + SMALL.encode()))
    assert info.value.file == "<stdin>" and (info.value.line, info.value.column) == (1, 1)
    monkeypatch.setattr(reader, "MAX_BYTES", 64)
    with pytest.raises(IRParseError) as info:
        reader.read_stream(io.BytesIO(b" " * 65), "pipe")
    assert info.value.file == "pipe" and "too large" in info.value.message


def test_device_read_is_bounded(monkeypatch):
    """``/dev/zero`` has size 0 to ``stat`` and no end: the read stops at the limit."""
    monkeypatch.setattr(reader, "MAX_BYTES", 1 << 16)
    with pytest.raises(IRParseError) as info:
        read_ir("/dev/zero")
    assert info.value.file == "/dev/zero" and info.value.line == 1
    assert "too large" in info.value.message


def test_endless_pipe_read_is_bounded(monkeypatch):
    monkeypatch.setattr(reader, "MAX_BYTES", 1 << 16)
    producer = subprocess.Popen(["yes", "x"], stdout=subprocess.PIPE)
    try:
        path = f"/dev/fd/{producer.stdout.fileno()}"
        with pytest.raises(IRParseError) as info:
            read_ir(path)
        assert info.value.file == path and "too large" in info.value.message
    finally:
        producer.kill()
        producer.wait()
        producer.stdout.close()


def test_cli_on_dev_zero_is_one_line_exit_2():
    done = subprocess.run([sys.executable, "-m", "mir_runtime.cli", "graph", "/dev/zero"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip().startswith("/dev/zero:1:1: input too large")
    assert len(done.stderr.strip().splitlines()) == 1
