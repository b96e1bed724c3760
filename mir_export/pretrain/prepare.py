"""From a corpus directory to tokenizer and pre-training shards, reproducibly.

Steps: list the corpus's ``.ll`` modules; hold out a fixed share of source units by a hash of their
path (never by chance), every level of a unit on the same side; train the tokenizer on statements
of training modules only, measuring candidate vocabulary sizes on held-out statements; featurize
every module in parallel into function samples; keep each function once (first by path order), cap
any one package's share, and drop held-out functions that also occur in training.
"""
from __future__ import annotations

import json
import os
import pickle
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from mir_export.corpus.split import corpus_modules, is_held_out, package_of
from mir_export.pretrain.samples import Sample, load_pickle, module_samples
from mir_export.pretrain.tokenizer import load_tokenizer, measure, train_tokenizer
from mir_runtime import IRParseError, read_ir
from mir_runtime.featurizer import paused_gc
from mir_runtime.ir import promote
from mir_runtime.statements import statements

VOCAB_CANDIDATES = (2000, 4000, 8000, 16000)
TOKENIZER_MODULES = 1500  # training modules whose statements train the tokenizer
PACKAGE_CAP = 0.15  # no package may give more than this share of training functions


def _statements_of(path: Path) -> list[str]:
    try:
        with paused_gc():
            return statements(read_ir(path))
    except IRParseError:
        return []


def _corpus_statements(paths: list[Path], workers: int, unique: bool) -> list[str]:
    """Statements of ``paths`` in order: each once (``unique``), or every occurrence."""
    seen: dict[str, None] = {}
    every: list[str] = []
    with ProcessPoolExecutor(workers) as pool:
        for found in pool.map(_statements_of, paths, chunksize=8):
            if unique:
                seen.update(dict.fromkeys(found))
            else:
                every += found
    return list(seen) if unique else every


def build_tokenizer(corpus: Path, modules: list[Path], out: Path, workers: int, log=print) -> dict:
    """Train candidate tokenizers, measure them on held-out statements, save the chosen one."""
    train = [p for p in modules if not is_held_out(corpus, p)]
    held = [p for p in modules if is_held_out(corpus, p)]
    rng = random.Random(0)
    train_sample = sorted(rng.sample(train, min(TOKENIZER_MODULES, len(train))))
    held_sample = sorted(rng.sample(held, min(TOKENIZER_MODULES // 5, len(held))))
    log(f"tokenizer: statements of {len(train_sample)} training and {len(held_sample)} held-out modules")
    train_statements = _corpus_statements(train_sample, workers, unique=True)
    # measured as statements occur (a model sees them so), not once each: unique statements
    # over-represent the long tail
    held_statements = _corpus_statements(held_sample, workers, unique=False)
    held_statements = random.Random(1).sample(held_statements, min(50_000, len(held_statements)))
    results = {}
    for size in VOCAB_CANDIDATES:
        tok = train_tokenizer(train_statements, size)
        results[size] = measure(tok, held_statements)
        results[size]["vocab_size"] = tok.get_vocab_size()
        log(f"tokenizer: vocab {size}: {results[size]}")
        tok.save(str(out / f"tokenizer-{size}.json"))
    chosen = choose_vocab(results)
    (out / "tokenizer.json").write_bytes((out / f"tokenizer-{chosen}.json").read_bytes())
    report = {
        "chosen_vocab_size": chosen,
        "train_statements": len(train_statements),
        "held_out_statements": len(held_statements),
        "candidates": {str(k): v for k, v in results.items()},
    }
    (out / "tokenizer-report.json").write_text(json.dumps(report, indent=2) + "\n")
    return report


def choose_vocab(results: dict[int, dict]) -> int:
    """The smallest vocabulary within 5% of the best tokens-per-statement, without [UNK] growth."""
    best = min(r["mean_tokens"] for r in results.values())
    for size in sorted(results):
        if results[size]["mean_tokens"] <= 1.05 * best:
            return size
    return max(results)


_TOKENIZER = None
_PROMOTE = False  # read modules as a model with promote_allocas reads them
_SEEN: set[str] = set()  # function keys this worker has featurized already


def init_featurize_worker(tokenizer_path: str, promote_allocas: bool = False) -> None:
    global _TOKENIZER, _PROMOTE
    _TOKENIZER = load_tokenizer(tokenizer_path)
    _PROMOTE = promote_allocas


def featurize_module(path: Path) -> tuple[str, list[Sample] | str]:
    """A worker's samples of one module (functions it featurized before left out), or the reader's
    error; with its locals promoted where the worker was started so (``mir_runtime.ir.promote``)."""
    try:
        with paused_gc():
            module = read_ir(path)
            if not _PROMOTE:
                return str(path), module_samples(module, _TOKENIZER, _SEEN)
            return str(path), module_samples(promote(module), _TOKENIZER, _SEEN, keyed_by=module)
    except IRParseError as exc:
        return str(path), str(exc)


def build_shards(corpus: Path, modules: list[Path], out: Path, workers: int, log=print) -> dict:
    """Featurize ``modules`` of the corpus into ``train.pkl`` and ``eval.pkl`` under ``out``."""
    seen: set[str] = set()
    train: list[Sample] = []
    held: list[Sample] = []
    failures: list[str] = []
    start = time.monotonic()
    with ProcessPoolExecutor(workers, initializer=init_featurize_worker, initargs=(str(out / "tokenizer.json"),)) as pool:
        for k, (path, found) in enumerate(pool.map(featurize_module, modules, chunksize=4)):
            if isinstance(found, str):
                failures.append(found)
                continue
            path = Path(path)
            package = package_of(corpus, path)
            for sample in found:
                if sample.key in seen:
                    continue
                seen.add(sample.key)
                if is_held_out(corpus, path):
                    sample.package = package
                    held.append(sample)
                else:
                    sample.package = package
                    train.append(sample)
            if (k + 1) % 200 == 0 or k + 1 == len(modules):
                rate = (k + 1) / (time.monotonic() - start)
                log(f"featurize: {k + 1}/{len(modules)} modules, {len(train)} train / {len(held)} held-out functions ({rate:.1f} modules/s)")
    train = cap_packages(train, PACKAGE_CAP)
    train_keys = {s.key for s in train}
    evaluation = [s for s in held if s.key not in train_keys]
    for name, samples in (("train", train), ("eval", evaluation)):
        with open(out / f"{name}.pkl", "wb") as f:
            pickle.dump(samples, f, protocol=5)
    report = {
        "modules": len(modules),
        "failures": failures,
        "train_functions": len(train),
        "eval_functions": len(evaluation),
        "train_statements": sum(len(s.statements) for s in train),
        "eval_statements": sum(len(s.statements) for s in evaluation),
        "train_packages": dict(Counter(s.package for s in train)),
        "seconds": round(time.monotonic() - start, 1),
    }
    return report


def cap_packages(samples: list[Sample], cap: float) -> list[Sample]:
    """Keep each package's first samples up to ``cap`` of the kept total (a fixed point).

    With fewer than ``1 / cap`` packages no such cap exists; then every sample is kept.
    """
    counts = Counter(s.package for s in samples)
    if len(counts) * cap < 1:
        return samples
    total = float(len(samples))
    for _ in range(100):
        total = sum(min(n, cap * total) for n in counts.values())
    limit = {p: int(min(n, cap * total)) for p, n in counts.items()}
    kept: Counter = Counter()
    out = []
    for s in samples:
        if kept[s.package] < limit[s.package]:
            kept[s.package] += 1
            out.append(s)
    return out


def load_samples(path: Path) -> list[Sample]:
    with open(path, "rb") as f:
        return load_pickle(f)


def prepare(corpus: Path, out: Path, workers: int = os.cpu_count() or 2, command: str | None = None) -> dict:
    """Tokenizer (reused when ``out`` already has one) and shards; ``data-report.json`` records the
    corpus read and ``command`` (what ran), for the exported model's provenance."""
    out.mkdir(parents=True, exist_ok=True)

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)
        with open(out / "prepare.log", "a") as f:
            f.write(message + "\n")

    modules = corpus_modules(corpus)
    if not modules:
        raise SystemExit(f"mir-export pretrain prepare: no .ll modules under {corpus}")
    if (out / "tokenizer.json").exists():
        log(f"tokenizer: reusing {out / 'tokenizer.json'} (delete it to train a new one on this corpus)")
    else:
        build_tokenizer(corpus, modules, out, workers, log)
    report = build_shards(corpus, modules, out, workers, log)
    report.update(corpus=str(corpus.resolve()), **({"command": command} if command else {}))
    (out / "data-report.json").write_text(json.dumps(report, indent=2) + "\n")
    return report
