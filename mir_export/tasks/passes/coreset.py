"""The coreset search: random pass sequences per training module, then a greedy cover of their best.

As Liang et al. (ICML 2023) found theirs: (1) for each training module, seed sequences (when given)
and random sequences drawn from :data:`pipelines.SEARCH_PASSES`, then a hill climb (insert, drop or
replace one pass of the module's best); (2) the modules' best sequences, the largest gains over
``-Oz`` first, form a pool evaluated on a sample of the training modules; (3) greedily, the pool
pipeline that most raises the sum over modules of log(count(Oz) / best count so far) joins the
standard levels, until the set has ``size`` members or none raises the sum; each member must
also parse and run on opt-19 (on the bitcode of a training module, which LLVM 19 reads), or it is
passed over.

Every evaluation is appended to ``evals.jsonl`` (module, pipeline, count); a resumed run replays
the same draws (one random generator per module, seeded by the run's seed and the module) and
reads the counts it already has, so it only computes what is missing. Only training modules are
read: the held-out packages never shape the pipelines.
"""
from __future__ import annotations

import hashlib
import json
import math
import random
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from mir_export.tasks.size.labels import LabelError
from mir_export.tasks.passes import measure
from mir_export.tasks.passes.labels import read_jsonl
from mir_export.tasks.passes.pipelines import REFERENCE, SEARCH_PASSES, STANDARD, nest, write_pipelines

EVALS = "evals.jsonl"
FAILED = -1  # the count recorded for a pipeline that failed on a module


@dataclass(frozen=True)
class Settings:
    random: int = 24  # random sequences per module
    climb: int = 24  # hill-climb steps per module
    max_length: int = 16  # passes in a random sequence
    pool: int = 160  # pipelines evaluated on the cover sample
    cover_modules: int = 120  # training modules the cover is computed on
    size: int = 50  # pipelines in the coreset, the standard levels included
    seed: int = 0


def _rng(settings: Settings, key: str) -> random.Random:
    return random.Random(int(hashlib.sha256(f"{settings.seed}\0{key}".encode()).hexdigest()[:16], 16))


def _random_sequence(rng: random.Random, settings: Settings) -> list[str]:
    return [rng.choice(SEARCH_PASSES) for _ in range(rng.randint(1, settings.max_length))]


def _mutate(rng: random.Random, seq: list[str], settings: Settings) -> list[str]:
    seq = list(seq)
    move = rng.choice(("insert", "drop", "replace")) if len(seq) > 1 else "insert"
    if move == "insert" and len(seq) < 2 * settings.max_length:
        seq.insert(rng.randint(0, len(seq)), rng.choice(SEARCH_PASSES))
    elif move == "drop":
        del seq[rng.randrange(len(seq))]
    else:
        seq[rng.randrange(len(seq))] = rng.choice(SEARCH_PASSES)
    return seq


class _Evaluator:
    """Counts of one module under pipelines, from the cache when there, else by opt."""

    def __init__(self, text: str, cached: dict[str, int]):
        self.text, self.cached, self.new = text, dict(cached), []

    def __call__(self, passes: str) -> int:
        if passes not in self.cached:
            try:
                count = measure.count_instructions(measure.optimize(self.text, passes))
            except LabelError:
                count = FAILED
            self.cached[passes] = count
            self.new.append((passes, count))
        return self.cached[passes]


def _search_module(args: tuple[str, dict, dict[str, int], list[list[str]], Settings]) -> dict:
    """Phase 1 on one module: its best sequence and the new evaluations."""
    out, row, cached, seeds, settings = args
    text = measure.prepare((Path(out) / "ir" / row["module"]).read_text(errors="replace"), row["form"])
    evaluate = _Evaluator(text, cached)
    for passes in STANDARD.values():
        evaluate(passes)
    rng = _rng(settings, row["key"])
    best_seq, best = None, math.inf
    candidates = [*seeds, *(_random_sequence(rng, settings) for _ in range(settings.random))]
    for seq in candidates:
        count = evaluate(nest(seq))
        if count != FAILED and (count < best or (count == best and len(seq) < len(best_seq))):
            best_seq, best = seq, count
    for _ in range(settings.climb if best_seq else 0):
        seq = _mutate(rng, best_seq, settings)
        if not seq:
            continue
        count = evaluate(nest(seq))
        if count != FAILED and (count < best or (count == best and len(seq) < len(best_seq))):
            best_seq, best = seq, count
    oz = evaluate(STANDARD[REFERENCE])
    return {"key": row["key"], "best": nest(best_seq) if best_seq else None, "best_count": best, "oz": oz,
            "new": evaluate.new}


def _cross_module(args: tuple[str, dict, dict[str, int], list[str]]) -> dict:
    """Phase 2 on one module: the pool's counts not yet cached."""
    out, row, cached, pool = args
    text = measure.prepare((Path(out) / "ir" / row["module"]).read_text(errors="replace"), row["form"])
    evaluate = _Evaluator(text, cached)
    for passes in [*STANDARD.values(), *pool]:
        evaluate(passes)
    return {"key": row["key"], "new": evaluate.new}


def runs_on(opt: str, passes: str, module: Path, form: str) -> str | None:
    """None when ``opt -passes=passes`` runs on the module's bitcode, else opt's first error line."""
    with tempfile.TemporaryDirectory(prefix="mir-coreset-") as tmp:
        bc = Path(tmp) / "m.bc"
        done = subprocess.run([measure.tool("llvm-as"), "-o", str(bc), "-"],
                              input=measure.prepare(module.read_text(errors="replace"), form).encode(),
                              capture_output=True)
        if done.returncode != 0:
            return f"llvm-as: {done.stderr.decode(errors='replace').strip()[:200]}"
        done = subprocess.run([opt, f"-passes={passes}", "-disable-output", str(bc)], capture_output=True,
                              timeout=measure.TIMEOUT_S)
        return None if done.returncode == 0 else (done.stderr.decode(errors="replace").strip() or "failed")[:200]


def _load(path: Path) -> dict[str, dict[str, int]]:
    cache: dict[str, dict[str, int]] = {}
    for e in read_jsonl(path):
        cache.setdefault(e["module"], {})[e["passes"]] = e["count"]
    return cache


def _run_phase(pool_args: list, fn, jobs: int, evals, cache: dict, log, label: str) -> list[dict]:
    results = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(fn, a) for a in pool_args]
        for i, future in enumerate(as_completed(futures), 1):
            result = future.result()
            for passes, count in result["new"]:
                evals.write(json.dumps({"module": result["key"], "passes": passes, "count": count}) + "\n")
                cache.setdefault(result["key"], {})[passes] = count
            evals.flush()
            results.append(result)
            extra = f", best {result['best_count']} vs Oz {result['oz']}" if "best" in result else ""
            log.write(f"  {label} [{i}/{len(pool_args)}] {result['key']}: {len(result['new'])} new runs{extra}\n")
            log.flush()
    return results


def greedy_cover(gains: dict[str, dict[str, float]], candidates: list[str], size: int,
                 accept=lambda passes: True) -> list[str]:
    """Pipelines of ``candidates`` picked one by one to raise most the sum over modules of the best
    gain so far (the standard levels count from the start); ``accept`` may refuse a pick."""
    best = {m: max(g.get(p, -math.inf) for p in STANDARD.values()) for m, g in gains.items()}
    chosen: list[str] = []
    left = [c for c in candidates if c not in STANDARD.values()]
    while left and len(chosen) + len(STANDARD) < size:
        def value(p: str) -> float:
            return sum(max(best[m], g.get(p, -math.inf)) - best[m] for m, g in gains.items())
        pick = max(left, key=lambda p: (value(p), -len(p)))
        left.remove(pick)
        if value(pick) <= 0:
            break
        if not accept(pick):
            continue
        chosen.append(pick)
        best = {m: max(best[m], g.get(pick, -math.inf)) for m, g in gains.items()}
    return chosen


def search(out: Path, rows: list[dict], dest: Path, jobs: int, settings: Settings, seeds: list[list[str]],
           opt19: str | None, log=sys.stderr) -> dict:
    """The whole search over the training ``rows``; writes ``dest/coreset.tsv`` and ``coreset.json``."""
    dest.mkdir(parents=True, exist_ok=True)
    cache = _load(dest / EVALS)
    log.write(f"coreset: {len(rows)} training modules, {sum(map(len, cache.values()))} evaluations cached, "
              f"{len(seeds)} seed sequences, {settings}\n")
    log.flush()
    with open(dest / EVALS, "a") as evals:
        phase1 = _run_phase([(str(out), r, cache.get(r["key"], {}), seeds, settings) for r in rows],
                            _search_module, jobs, evals, cache, log, "search")
        ranked = sorted((r for r in phase1 if r["best"] and r["oz"] > 0 and r["best_count"] > 0),
                        key=lambda r: (-math.log(r["oz"] / r["best_count"]), r["key"]))
        pool = list(dict.fromkeys(r["best"] for r in ranked))[:settings.pool]
        cover_rows = sorted(rows, key=lambda r: hashlib.sha256(f"{settings.seed}\0{r['key']}".encode()).hexdigest())
        cover_rows = cover_rows[:settings.cover_modules]
        log.write(f"coreset: pool of {len(pool)} pipelines on {len(cover_rows)} modules\n")
        log.flush()
        _run_phase([(str(out), r, cache.get(r["key"], {}), pool) for r in cover_rows],
                   _cross_module, jobs, evals, cache, log, "cover")
    gains = {}
    for r in cover_rows:
        counts = cache[r["key"]]
        oz = counts.get(STANDARD[REFERENCE], FAILED)
        if oz <= 0:
            continue
        gains[r["key"]] = {p: math.log(oz / max(c, 1)) for p, c in counts.items() if c != FAILED}
    refused: dict[str, str] = {}
    check_module = out / "ir" / cover_rows[0]["module"] if cover_rows else None

    def accept(passes: str) -> bool:
        problem = runs_on(measure.tool("opt"), passes, check_module, cover_rows[0]["form"])
        if problem is None and opt19:
            problem = runs_on(opt19, passes, check_module, cover_rows[0]["form"])
        if problem:
            refused[passes] = problem
        return problem is None

    chosen = greedy_cover(gains, pool, settings.size, accept)
    pipelines = {**STANDARD, **{f"c{i:02d}": p for i, p in enumerate(chosen, 1)}}
    write_pipelines(dest / "coreset.tsv", pipelines)

    def geo(names: list[str]) -> float:
        return math.exp(sum(max(g.get(pipelines[n], -math.inf) for n in names) for g in gains.values())
                        / max(len(gains), 1))

    report = {"training_modules": len(rows), "cover_modules": len(gains), "pool": len(pool),
              "settings": settings.__dict__, "seed_sequences": len(seeds), "opt19": bool(opt19),
              "refused": refused, "pipelines": pipelines,
              "cover_oracle": round(geo(list(pipelines)), 4),
              "cover_best_fixed": max((round(geo([n]), 4), n) for n in pipelines)}
    tmp = dest / "coreset.json.tmp"
    tmp.write_text(json.dumps(report, indent=1) + "\n")
    tmp.replace(dest / "coreset.json")
    log.write(f"coreset: {len(pipelines)} pipelines; on the cover modules oracle {report['cover_oracle']}, best fixed "
              f"{report['cover_best_fixed']}; {dest / 'coreset.tsv'}\n")
    log.flush()
    return report


def find_opt19() -> str | None:
    """opt-19 on PATH, or None."""
    return shutil.which("opt-19")
