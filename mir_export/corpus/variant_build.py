"""``mir-export corpus variants``: sample built units, compile their variants, write the manifest.

Sampling is deterministic and spread: each package's recorded units are ordered held-out first
(the retrieval proxy can only use those), then by a hash of their name, and packages take turns,
none past ``max_share`` of the units asked for. The split is the corpus's own, by source unit
(``corpus.split.held_out_unit``): a held-out unit's corpus modules at every level and all its
variants are held out together, so the proxy's queries and targets come from units the encoder
never trained on.

Resumable: every finished unit is one line of ``OUT/units.jsonl`` and is skipped when the
command runs again, unless none of its variants compiled (a missing header, since installed, is
the usual cause): it is tried again; each invocation's wall and CPU time go to ``OUT/invocations.jsonl``;
failures go to ``OUT/variants.log``; the manifest is rewritten from the journal at the end, also
when the run is stopped: then it lists the units finished so far (``sampling.complete`` false).
"""
from __future__ import annotations

import hashlib
import json
import math
import resource
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from mir_export.corpus.build import COMMANDS
from mir_export.corpus.manifest import machine
from mir_export.corpus.packages import PACKAGES
from mir_export.corpus.variants import COMPILERS, LEVELS, Unit, compile_unit, variant_name
from mir_export.corpus.split import held_out_unit

MANIFEST = "variants-manifest.json"
JOURNAL = "units.jsonl"
INVOCATIONS = "invocations.jsonl"
LOG = "variants.log"
FORMAT_VERSION = 1


class VariantsError(Exception):
    """A corpus or variants directory that cannot be used: one line for the user."""


def recorded_units(corpus: Path) -> list[Unit]:
    """Every unit the corpus build recorded whose -O0 corpus IR exists, package by package in the
    recipe's order (a unit compiled twice: its last record)."""
    ir_root = corpus / "ir"
    logs = sorted(ir_root.glob(f"*/{COMMANDS}"))
    if not logs:
        raise VariantsError(f"{ir_root}: no package has a {COMMANDS} (built before compile commands were "
                            "recorded? rebuild it: delete its ir/<package>/.done and run 'corpus build' again)")
    order = {p.name: k for k, p in enumerate(PACKAGES)}
    units: list[Unit] = []
    for log in sorted(logs, key=lambda p: (order.get(p.parent.name, len(order)), p.parent.name)):
        package = log.parent.name
        latest: dict[str, Unit] = {}
        for number, line in enumerate(log.read_text().splitlines(), 1):
            try:
                r = json.loads(line)
                latest[r["unit"]] = Unit(package, r["unit"], r["kind"], r["cwd"], r["source"], tuple(r["flags"]))
            except (ValueError, KeyError, TypeError) as exc:
                raise VariantsError(f"{log}:{number}: not a compile record ({exc})") from None
        units += [u for u in latest.values() if (log.parent / f"{u.unit}.O0.ll").exists()]
    return units


def is_held_out(unit: Unit) -> bool:
    return held_out_unit(unit.package, unit.unit)


def _hash(unit: Unit) -> str:
    return hashlib.sha1(f"{unit.package}/{unit.unit}".encode()).hexdigest()


def sample(units: list[Unit], n: int, max_share: float) -> list[Unit]:
    """Up to ``n`` units, packages taking turns, held-out units first within each package, at most
    ``ceil(max_share * n)`` from one package."""
    cap = math.ceil(max_share * n)
    queues: dict[str, list[Unit]] = {}
    for u in units:
        queues.setdefault(u.package, []).append(u)
    for q in queues.values():
        q.sort(key=lambda u: (not is_held_out(u), _hash(u)))
    chosen: list[Unit] = []
    taken = dict.fromkeys(queues, 0)
    while len(chosen) < n:
        progressed = False
        for package, q in queues.items():
            if taken[package] < min(cap, len(q)) and len(chosen) < n:
                chosen.append(q[taken[package]])
                taken[package] += 1
                progressed = True
        if not progressed:
            break
    return chosen


def _journal(out: Path) -> dict[tuple[str, str], dict]:
    path = out / JOURNAL
    if not path.exists():
        return {}
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {(r["package"], r["unit"]): r for r in rows}


def build_variants(corpus: Path, out: Path, n: int, max_share: float = 0.25, jobs: int = 1,
                   compilers: tuple[str, ...] = COMPILERS, levels: tuple[str, ...] = LEVELS,
                   command: str | None = None, log: Callable[[str], None] = print) -> dict:
    """Compile the variants of ``n`` sampled units of ``corpus`` into ``out`` (resuming); write and
    return the variants manifest."""
    out.mkdir(parents=True, exist_ok=True)
    units = recorded_units(corpus)
    chosen = sample(units, n, max_share)
    done = _journal(out)
    todo = [u for u in chosen if not done.get((u.package, u.unit), {}).get("variants")]  # new, or no variant yet
    log(f"variants: {len(chosen)} units sampled of {len(units)} recorded ({sum(map(is_held_out, chosen))} held out), "
        f"{len(chosen) - len(todo)} already done, {len(todo)} to compile x {len(compilers) * len(levels)} variants")
    start, cpu0 = time.time(), _cpu()

    def one(unit: Unit) -> dict:
        t = time.time()
        result = compile_unit(unit, out / "ir", compilers, levels)
        return {"package": unit.package, "unit": unit.unit, "kind": unit.kind, "held_out": is_held_out(unit),
                "seconds": round(time.time() - t, 2), **result}

    try:
        with ThreadPoolExecutor(max_workers=jobs) as pool, open(out / JOURNAL, "a") as journal, \
                open(out / LOG, "a") as errors:
            for k, row in enumerate(pool.map(one, todo), 1):
                journal.write(json.dumps(row) + "\n")
                journal.flush()
                for variant, error in row["errors"].items():
                    errors.write(f"{row['package']}/{row['unit']} {variant}: {error}\n")
                done[(row["package"], row["unit"])] = row
                log(f"[{k}/{len(todo)}] {row['package']}/{row['unit']}: {len(row['variants'])} variants, "
                    f"{len(row['functions'])} functions, {row['seconds']:.1f} s")
    finally:  # a stopped run too (SIGTERM): its cost, and a manifest of the units it finished
        with open(out / INVOCATIONS, "a") as fh:
            fh.write(json.dumps({"command": command, "units": len(todo), "jobs": jobs,
                                 "wall_seconds": round(time.time() - start, 1),
                                 "cpu_seconds": round(_cpu() - cpu0, 1)}) + "\n")
        rows = [done[(u.package, u.unit)] for u in chosen if (u.package, u.unit) in done]
        manifest = variants_manifest(corpus, out, rows, n, max_share, compilers, levels, len(units), command,
                                     complete=len(rows) == len(chosen))
        tmp = out / (MANIFEST + ".tmp")
        tmp.write_text(json.dumps(manifest, indent=1))
        tmp.replace(out / MANIFEST)
    return manifest


def _cpu() -> float:
    """CPU seconds of this process (reading the variants) and its finished children (the clangs)."""
    return sum(u.ru_utime + u.ru_stime for u in map(resource.getrusage, (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)))


def variants_manifest(corpus: Path, out: Path, rows: list[dict], n: int, max_share: float,
                      compilers: tuple[str, ...], levels: tuple[str, ...], recorded: int,
                      command: str | None, complete: bool = True) -> dict:
    """The manifest: settings, split, cost, one row per unit and one per (package, unit, function);
    ``complete``: false for a stopped run, whose rows are the units it finished."""
    invocations = [json.loads(line) for line in (out / INVOCATIONS).read_text().splitlines() if line.strip()]
    functions = [{"package": r["package"], "unit": r["unit"], "name": name, "held_out": r["held_out"],
                  "variants": variants}
                 for r in rows for name, variants in sorted(r["functions"].items())]
    by_package: dict[str, int] = {}
    for r in rows:
        by_package[r["package"]] = by_package.get(r["package"], 0) + 1
    return {
        "format_version": FORMAT_VERSION,
        **({"command": command} if command else {}),
        "corpus": str(corpus.resolve()),
        "variants": [variant_name(c, lv) for c in compilers for lv in levels],
        "sampling": {"units_asked": n, "max_share": max_share, "cap_per_package": math.ceil(max_share * n),
                     "recorded_units": recorded, "units": len(rows), "complete": complete,
                     "units_by_package": by_package,
                     "order": "packages take turns; within one, held-out units first, then by sha1(package/unit)"},
        "split": {"rule": "by source unit, as pretrain_data.held_out_unit: a held-out unit's corpus modules of "
                          "every level and all its variants are held out (the pre-training split)",
                  "held_out_units": sum(r["held_out"] for r in rows),
                  "held_out_functions": sum(f["held_out"] for f in functions)},
        "build": {"wall_seconds": round(sum(i["wall_seconds"] for i in invocations), 1),
                  "cpu_seconds": round(sum(i["cpu_seconds"] for i in invocations), 1),
                  "unit_seconds": round(sum(r["seconds"] for r in rows), 1), "invocations": invocations,
                  "failed_variants": sum(len(r["errors"]) for r in rows), "machine": machine()},
        "units": [{k: r[k] for k in ("package", "unit", "kind", "held_out", "variants", "errors")}
                  for r in rows],
        "functions": functions,
    }
