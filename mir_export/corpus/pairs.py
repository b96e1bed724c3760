"""Which functions the proxy scores, and each function alone in its own module.

A pair is one function (package, unit, name) present in both the query and the target variant. The
held-out split is pre-training's, by source unit (``corpus.split.held_out_unit``), computed from
each row's unit, so every variant of a unit falls on one side. On it, a function is left out when
either variant's statements also occur in a training unit (header functions repeat across units:
the encoder has seen those). Pairs whose query or target statements repeat an earlier pair's are
left out too: identical candidates cannot be told apart by any method, and would only measure the
duplication.

The runtime embeds whole modules, so each function is cut out of its variant's module with
``llvm-extract --func`` of that clang's LLVM (or the oldest newer one: clang-13 comes without
LLVM tools here): the function, declarations of what it calls, and the globals it references.
LLVM's own extractor is used rather than a text slicer of ours because it keeps every module
construct (comdats, aliases, attributes, metadata) valid; IR2Vec then reads the same files.
"""
from __future__ import annotations

import hashlib
import json
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from mir_export.corpus.variant_build import MANIFEST
from mir_export.corpus.variants import llvm_tool
from mir_export.corpus.split import held_out_unit

TASKS = {  # name: (query variant, target variant)
    "O0-to-O2 clang-13": ("clang-13-O0", "clang-13-O2"),
    "O0-to-O2 clang-19": ("clang-19-O0", "clang-19-O2"),
    "clang-13-to-clang-19 O2": ("clang-13-O2", "clang-19-O2"),
}
HEADLINE = "O0-to-O2 clang-13"  # the bar's figure: metrics.pretrain.variant_recall_at_1 / variant_mrr
MIN_STATEMENTS = 2  # as pre-training's samples (samples.MIN_INSTRUCTIONS)
FUNCTIONS_DIR = "functions"  # below the variants directory: the extracted modules, kept as a cache
_PLAIN_NAME = re.compile(r"[A-Za-z0-9_.$-]{1,120}")


class ProxyError(Exception):
    """Input the proxy cannot use, as one located line."""


@dataclass(frozen=True)
class Pair:
    package: str
    unit: str
    name: str  # as the reader prints it: ``@f``
    query: str  # the variant files, relative to the variants directory's ir/
    target: str


def load_manifest(variants: Path) -> dict:
    path = variants / MANIFEST
    if not path.is_file():
        raise ProxyError(f"{path}: missing (--variants: a directory written by 'mir-export corpus variants')")
    try:
        manifest = json.loads(path.read_text())
        manifest["functions"], manifest["units"]  # noqa: B018 - the fields the proxy reads
    except (ValueError, KeyError, TypeError) as exc:
        raise ProxyError(f"{path}: not a variants manifest ({exc!r})") from None
    return manifest


def split_keys(functions: list[dict], held_out: bool) -> set[str]:
    """The statement hashes of every variant of the held-out (or training) split's functions: a
    function of one split that shares one is not unseen by the other."""
    return {key for f in functions if held_out_unit(f["package"], f["unit"]) == held_out
            for key, _ in f["variants"].values()}


def select_pairs(manifest: dict, query: str, target: str, held_out: bool = True) -> tuple[list[Pair], dict]:
    """The pairs of one task, in manifest order, and how many functions were left out and why."""
    files = {(u["package"], u["unit"]): u.get("variants", {}) for u in manifest["units"]}
    functions = manifest["functions"]
    seen_in_training = split_keys(functions, held_out=False)
    dropped = {"other_split": 0, "missing_variant": 0, "small": 0, "seen_in_training": 0, "duplicate": 0}
    pairs, seen_query, seen_target = [], set(), set()
    for k, f in enumerate(functions):
        where = f"{MANIFEST}: function {k} ({f.get('package')}/{f.get('unit')} {f.get('name')})"
        try:
            variants, unit_files = f["variants"], files[(f["package"], f["unit"])]
        except KeyError as exc:
            raise ProxyError(f"{where}: no {exc} (function rows need package, unit, name, variants)") from None
        if held_out and not held_out_unit(f["package"], f["unit"]):
            dropped["other_split"] += 1
        elif query not in variants or target not in variants:
            dropped["missing_variant"] += 1  # inlined away at -O2, or a failed variant
        elif min(variants[query][1], variants[target][1]) < MIN_STATEMENTS:
            dropped["small"] += 1
        elif held_out and (variants[query][0] in seen_in_training or variants[target][0] in seen_in_training):
            dropped["seen_in_training"] += 1
        elif variants[query][0] in seen_query or variants[target][0] in seen_target:
            dropped["duplicate"] += 1
        else:
            if query not in unit_files or target not in unit_files:
                raise ProxyError(f"{where}: has {query} and {target} functions but its unit lists no such file")
            seen_query.add(variants[query][0])
            seen_target.add(variants[target][0])
            pairs.append(Pair(f["package"], f["unit"], f["name"], unit_files[query], unit_files[target]))
    return pairs, dropped


def llvm_name(name: str) -> str:
    """``@f`` -> ``f``; ``@"a b"`` -> ``a b`` (``\\HH`` escapes decoded), as ``--func`` takes it."""
    bare = name[1:]
    if bare.startswith('"'):
        bare = re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), bare[1:-1])
    return bare


def function_file(variants: Path, module: str, name: str) -> Path:
    """Where ``name`` of ``module`` (relative to ``ir/``) is kept alone."""
    bare = llvm_name(name)
    stem = bare if _PLAIN_NAME.fullmatch(bare) else hashlib.sha1(bare.encode()).hexdigest()
    return variants / FUNCTIONS_DIR / module.removesuffix(".ll") / f"{stem}.ll"


def extract(variants: Path, module: str, name: str) -> Path | str:
    """The function's own module (made once, then reused), or llvm-extract's error line."""
    dest = function_file(variants, module, name)
    if dest.exists():
        return dest
    source = variants / "ir" / module
    if not source.is_file():
        raise ProxyError(f"{source}: listed in {MANIFEST} for {name} but missing")
    version = int(re.search(r"clang-(\d+)-", module).group(1))
    tool = llvm_tool("llvm-extract", version)
    if tool is None:
        raise ProxyError(f"{source}: no llvm-extract of LLVM >= {version} installed")
    return cut_function(tool, source, name, dest)


def cut_function(tool: str, source: Path, name: str, dest: Path) -> Path | str:
    """``dest``: the module of ``source`` cut down to function ``name`` by ``tool`` (an
    llvm-extract), written whole or not at all; or llvm-extract's error line."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".tmp")
    done = subprocess.run([tool, f"--func={llvm_name(name)}", "-S", str(source), "-o", str(tmp)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        tmp.unlink(missing_ok=True)
        return f"{source}: llvm-extract of {name}: {(done.stderr.strip().splitlines() or ['failed'])[0][:200]}"
    tmp.replace(dest)
    return dest


def extract_pairs(variants: Path, pairs: list[Pair], jobs: int = 1) -> tuple[list[tuple[Path, Path]], list[str]]:
    """(query file, target file) per pair that both extract, and the error of each that does not."""
    def both(p: Pair) -> tuple[Path | str, Path | str]:
        return extract(variants, p.query, p.name), extract(variants, p.target, p.name)

    files, errors = [], []
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for q, t in pool.map(both, pairs):
            if isinstance(q, str) or isinstance(t, str):
                errors += [e for e in (q, t) if isinstance(e, str)]
            else:
                files.append((q, t))
    return files, errors
