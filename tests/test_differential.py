"""Differential test against LLVM: a mutant of real IR that our reader accepts must be accepted by
``llvm-as`` of the LLVM that produced the seed (``llvm-as-14`` for typed pointers, ``llvm-as-19``
for opaque pointers), unless LLVM's complaint is in one of the documented tolerance classes below.

Seeds: the corpus sample (clang-14), the test programs compiled by clang-14 and clang-19 at -O0 and
-O2, and kernels of the evaluation data sets (old LLVM, read with ``llvm-as-14``), lavaMD's among
them. Mutations are those of test_fuzz.py, drawn by a seeded generator: the same mutants every run.
Only the mutants our reader accepts go to ``llvm-as``, in a thread pool while the reader goes on.
"""
from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import clang as clang_helper  # tests/clang.py (pytest's pythonpath has tests/)
from paths import DATASETS, REPO, SUMMARY
from test_fuzz import changed_lines, dataset_seeds, mutate, random_ops
from mir_runtime import IRParseError, parse_ir
from mir_runtime.ir import reader

pytestmark = pytest.mark.slow

MUTANTS = int(os.environ.get("MIR_DIFF_MUTANTS", 2000))
RNG_SEED = 14
CORPUS_SAMPLE = REPO / "tests" / "data" / "corpus_sample"
LAVAMD = "devmap/kernels_ir/rodinia-3.1-lavaMD-kernel_gpu_opencl.ll"

# What LLVM rejects and the reader accepts on purpose: (name, seed pattern, LLVM message pattern,
# why). README's "The IR reader" section lists the same classes.
TOLERATED = [
    ("bare byval", r"lavaMD", r"^expected '\('$",
     "old IR (LLVM <= 8) writes `byval` without a type, which LLVM 14 no longer reads; the data "
     "set's lavaMD kernel has it, and every mutant of that kernel inherits it"),
]


def _llvm_as(version: int) -> str | None:
    return shutil.which(f"llvm-as-{version}") or (
        f"/usr/lib/llvm-{version}/bin/llvm-as" if os.access(f"/usr/lib/llvm-{version}/bin/llvm-as", os.X_OK) else None)


def llvm_message(stderr: str) -> str:
    """The gist of llvm-as's complaint: the parser's message, or the verifier's first line."""
    lines = stderr.strip().splitlines() or ["(no message)"]
    if "does not verify" in lines[0]:
        return "verifier: " + (lines[1].strip() if len(lines) > 1 else "")
    found = re.search(r"error: (.*)$", lines[0])
    return found.group(1).strip() if found else lines[0].strip()


def tolerated(seed: str, message: str) -> str | None:
    for name, seed_pattern, pattern, _ in TOLERATED:
        if re.search(seed_pattern, seed) and re.search(pattern, message):
            return name
    return None


@pytest.fixture(scope="module")
def seeds(tmp_path_factory) -> dict[str, tuple[bytes, str]]:
    """Seed name -> (bytes, the llvm-as that must accept what the reader accepts)."""
    tools = {v: _llvm_as(v) for v in (14, 19)}
    for version, tool in tools.items():
        if tool is None:
            if clang_helper.in_ci():
                pytest.fail(f"llvm-as-{version} is needed in CI (scripts/install.sh installs llvm-{version})")
            pytest.skip(f"llvm-as-{version} is not installed")
    found = {str(p.relative_to(REPO)): (p.read_bytes(), tools[14]) for p in sorted(CORPUS_SAMPLE.rglob("*.ll"))}
    versions = [v for v in (14, 19) if clang_helper.missing_reason(v) is None]
    if clang_helper.in_ci() and versions != [14, 19]:
        pytest.fail("clang-14 and clang-19 are needed in CI")
    compiler = clang_helper.shared_compiler(tmp_path_factory)
    keys = [(p, v, opt, False) for p in clang_helper.PROGRAMS for v in versions for opt in clang_helper.OPT_LEVELS]
    compiler.prefetch(keys)
    for program, version, opt, _ in keys:
        found[f"{program}-clang{version}-{opt}"] = (compiler.get(program, version, opt).read_bytes(), tools[version])
    for path in dataset_seeds() + ([DATASETS / LAVAMD] if (DATASETS / LAVAMD).is_file() else []):
        found[path.name] = (path.read_bytes(), tools[14])
    return found


def _llvm_verdict(tool: str, data: bytes) -> str | None:
    """None when ``tool`` accepts ``data``, else its message."""
    done = subprocess.run([tool, "-o", os.devnull, "-"], input=data, capture_output=True, timeout=120)
    return None if done.returncode == 0 else llvm_message(done.stderr.decode("utf-8", "replace"))


def test_seeds_are_valid_for_llvm(seeds):
    """Every seed reads with LLVM (lavaMD only within its tolerance class) and with the reader."""
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        verdicts = dict(zip(seeds, pool.map(lambda item: _llvm_verdict(item[1], item[0]), seeds.values())))
    for name, (data, _) in seeds.items():
        parse_ir(reader.read_text(data, name), name)
        assert verdicts[name] is None or tolerated(name, verdicts[name]), f"{name}: {verdicts[name]}"


def test_reader_accepts_only_what_llvm_accepts(seeds):
    rng = random.Random(RNG_SEED)
    names = sorted(seeds)
    accepted = 0
    jobs = []
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for k in range(MUTANTS):
            name = rng.choice(names)
            ops = random_ops(rng, rng.randint(1, 4))
            data, tool = seeds[name]
            mutated = mutate(data, ops)
            try:
                parse_ir(reader.read_text(mutated, "mutant.ll"), "mutant.ll")
            except IRParseError:
                continue
            accepted += 1
            jobs.append((k, name, ops, mutated, pool.submit(_llvm_verdict, tool, mutated)))
        results = [(k, name, ops, mutated, job.result()) for k, name, ops, mutated, job in jobs]
    rejected = [r for r in results if r[4] is not None]
    classes: dict[str, int] = {}
    unexplained = []
    for k, name, ops, mutated, message in rejected:
        cls = tolerated(name, message)
        if cls is None:
            unexplained.append((k, name, ops, mutated, message))
        else:
            classes[cls] = classes.get(cls, 0) + 1
    SUMMARY.append(
        f"differential test: {MUTANTS} mutants, {accepted} accepted by the reader, {len(rejected)} of them "
        f"rejected by llvm-as: {len(unexplained)} unexplained, tolerated {classes or 'none'}"
    )
    details = [
        f"mutant {k} of {name} (ops {ops}): llvm-as: {message}\n{changed_lines(seeds[name][0], mutated, 12)}"
        for k, name, ops, mutated, message in unexplained[:8]
    ]
    if unexplained:
        pytest.fail(f"{len(unexplained)} of {MUTANTS} mutants accepted by the reader, rejected by LLVM:\n"
                    + "\n".join(details), pytrace=False)
