"""Pass pipelines in the new pass manager's syntax, nested by the level each pass runs at.

``opt -passes=`` needs every pass inside the adaptor of its level: a flat list that mixes a
module pass, ``inline`` (CGSCC) and ``licm`` (loop) fails to parse. A pipeline here is a list of
pass names; :func:`nest` writes it as ``module(function(...),cgscc(inline),...)``, grouping runs of
the same level. The passes are those that parse and run on both opt-14 (the corpus's LLVM) and
opt-19 (what users have now); loop passes run under ``loop-mssa`` (``licm`` needs MemorySSA).
"""
from __future__ import annotations

import re
from pathlib import Path

LEVELS = ("module", "cgscc", "function", "loop")
PASSES: dict[str, str] = {name: level for level, names in {
    "module": ("globalopt", "globaldce", "ipsccp", "deadargelim", "constmerge", "inferattrs",
               "elim-avail-extern", "strip-dead-prototypes", "partial-inliner", "called-value-propagation",
               "mergefunc", "rpo-function-attrs", "strip", "strip-nondebug", "name-anon-globals"),
    "cgscc": ("inline", "function-attrs", "argpromotion"),
    "function": ("instcombine", "simplifycfg", "sroa", "early-cse", "early-cse<memssa>", "gvn", "newgvn",
                 "reassociate", "sccp", "dce", "adce", "bdce", "dse", "mem2reg", "memcpyopt", "mldst-motion",
                 "jump-threading", "correlated-propagation", "aggressive-instcombine", "instsimplify",
                 "tailcallelim", "float2int", "lower-expect", "div-rem-pairs", "sink", "gvn-hoist", "gvn-sink",
                 "break-crit-edges", "slp-vectorizer", "loop-vectorize", "loop-distribute", "loop-sink",
                 "loop-fusion", "reg2mem", "scalarizer", "mergereturn", "nary-reassociate", "slsr",
                 "separate-const-offset-from-gep", "speculative-execution", "callsite-splitting",
                 "libcalls-shrinkwrap", "load-store-vectorizer", "lower-constant-intrinsics", "loop-load-elim",
                 "loop-unroll", "loop-unroll-and-jam", "instnamer", "consthoist", "mergeicmps",
                 "partially-inline-libcalls", "vector-combine", "constraint-elimination", "irce",
                 "loop-simplify", "lcssa"),
    "loop": ("licm", "loop-rotate", "loop-deletion", "loop-idiom", "indvars", "loop-instsimplify",
             "loop-simplifycfg", "loop-reduce", "simple-loop-unswitch", "loop-unroll-full", "loop-predication",
             "loop-interchange", "loop-versioning-licm", "loop-bound-split", "loop-flatten"),
}.items() for name in names}
# Passes a size search should draw from: PASSES less those that only rename, strip names or
# split edges and blocks (they never remove instructions by themselves, and make the search slower).
SEARCH_PASSES: tuple[str, ...] = tuple(p for p in PASSES if p not in {
    "instnamer", "name-anon-globals", "strip", "strip-nondebug", "break-crit-edges", "reg2mem", "lcssa",
    "loop-simplify", "mergereturn", "scalarizer", "loop-versioning-licm", "lower-expect"})
# The legacy pass manager's names (``opt -name``, LLVM <= 16) that the new one spells otherwise.
LEGACY_RENAMES = {"functionattrs": "function-attrs", "loop-unswitch": "simple-loop-unswitch",
                  "early-cse-memssa": "early-cse<memssa>", "loweratomic": "lower-atomic",
                  "ipconstprop": "ipsccp", "prune-eh": "function-attrs", "loop-guard-widening": None,
                  "loop-reroll": None, "flattencfg": None, "lowerinvoke": None, "die": "dce",
                  "lowerswitch": None}
# The standard levels, always members of a pipeline set (``default<Oz>`` is the reference).
STANDARD: dict[str, str] = {"Oz": "default<Oz>", "Os": "default<Os>", "O1": "default<O1>",
                            "O2": "default<O2>", "O3": "default<O3>"}
REFERENCE = "Oz"
_DEFAULT = re.compile(r"^default<O[0123sz]>$")


class PipelineError(ValueError):
    """A pipeline this module cannot write for opt, as one line."""


def nest(passes: list[str]) -> str:
    """``module(...)`` text for ``opt -passes=``, runs of one level grouped in their adaptor."""
    if not passes:
        raise PipelineError("empty pipeline")
    groups: list[tuple[str, list[str]]] = []
    for name in passes:
        if _DEFAULT.match(name):
            level = "default"
        elif name in PASSES:
            level = PASSES[name]
        else:
            raise PipelineError(f"unknown pass {name!r} (not one of the {len(PASSES)} passes of opt-14 and opt-19)")
        if groups and groups[-1][0] == level and level != "default":
            groups[-1][1].append(name)
        else:
            groups.append((level, [name]))
    parts = []
    i = 0
    while i < len(groups):
        level, names = groups[i]
        if level in ("module", "default"):
            parts.extend(names)
        elif level == "cgscc":
            parts.append(f"cgscc({','.join(names)})")
        else:  # function and loop passes share one function adaptor while they alternate
            inner = []
            while i < len(groups) and groups[i][0] in ("function", "loop"):
                lv, ns = groups[i]
                inner.append(",".join(ns) if lv == "function" else f"loop-mssa({','.join(ns)})")
                i += 1
            parts.append(f"function({','.join(inner)})")
            continue
        i += 1
    return f"module({','.join(parts)})"


def flatten(text: str) -> list[str]:
    """The pass names of a pipeline written by :func:`nest` or given flat (``a,b,c``); raises
    PipelineError on unbalanced parentheses."""
    names, depth, word = [], 0, ""
    for ch in text.strip() + ",":
        if ch == "(":
            depth += 1
            word = ""
        elif ch in "),":
            if word.strip():
                names.append(word.strip())
            word = ""
            if ch == ")":
                depth -= 1
                if depth < 0:
                    raise PipelineError(f"unbalanced ')' in {text!r}")
        else:
            word += ch
    if depth:
        raise PipelineError(f"unbalanced '(' in {text!r}")
    return names


def from_legacy(flags: str) -> list[str]:
    """A legacy ``-a -b -c`` sequence as new-PM pass names; passes with no new-PM form are dropped."""
    out = []
    for flag in flags.split():
        name = flag.lstrip("-")
        name = LEGACY_RENAMES.get(name, name)
        if name is not None and name in PASSES:
            out.append(name)
    return out


def read_seed(path: Path) -> list[list[str]]:
    """Seed sequences, one a line (legacy ``-flags`` or new-PM ``a,b,c``); empty results dropped."""
    seeds = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        names = from_legacy(line) if line.startswith("-") else [n for n in flatten(line) if n in PASSES]
        if names:
            seeds.append(names)
    return seeds


def read_pipelines(path: Path) -> dict[str, str]:
    """A pipeline file: ``NAME<TAB>PASSES`` a line (PASSES as ``opt -passes=`` reads them); the
    standard levels are added when missing. Every name and every PASSES text once (a repeated
    text would take two places of a K-ranking). Raises PipelineError naming the file and line."""
    pipelines: dict[str, str] = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        name, sep, passes = line.partition("\t")
        if not sep or not name.strip() or not passes.strip():
            raise PipelineError(f"{path}:{number}: expected NAME<TAB>PASSES")
        if name in pipelines:
            raise PipelineError(f"{path}:{number}: pipeline {name!r} named twice")
        try:
            flatten(passes)
        except PipelineError as exc:
            raise PipelineError(f"{path}:{number}: {exc}") from None
        text = passes.strip()
        twin = next((n for n, v in {**STANDARD, **pipelines}.items() if v == text and n != name.strip()), None)
        if twin is not None:
            raise PipelineError(f"{path}:{number}: pipeline {name.strip()!r} repeats {twin!r}'s passes")
        pipelines[name.strip()] = text
    return {**STANDARD, **{k: v for k, v in pipelines.items() if k not in STANDARD}}


def write_pipelines(path: Path, pipelines: dict[str, str]) -> None:
    """The pipeline file :func:`read_pipelines` reads, written beside and renamed."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("".join(f"{name}\t{passes}\n" for name, passes in pipelines.items()))
    tmp.replace(path)
