"""The contrastive stage's data: the functions of a variants directory as pre-training samples,
grouped by source function and split by source unit.

A group is one function of the variants manifest (package, unit, name) with the sample of each of
its variants (variants compiled alike share one sample). Units are split as pre-training splits
the corpus (``corpus.split.held_out_unit``), so no unit has variants on both sides. A group that
shares a sample with an earlier group (a header function in several units) is left out: two
groups with one sample in a batch would be each other's positive and negative at once; held-out
groups sharing one with a training group are left out too, as the proxy leaves them out.
Featurizing is the expensive part, so the result is kept in the run directory and reused.
"""
from __future__ import annotations

import pickle
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

from mir_export.corpus.pairs import load_manifest
from mir_export.corpus.variant_build import MANIFEST
from mir_export.corpus.split import held_out_unit
from mir_export.pretrain.prepare import featurize_module, init_featurize_worker
from mir_export.pretrain.samples import Sample, load_pickle
from mir_runtime.modeldir import file_sha256

CACHE = "variant-samples.pkl"  # in the run directory
MAX_FILE_MB = 4.0  # variant files above this size are not featurized
Group = dict[str, Sample]  # variant name -> the function's sample in that variant


class DataMismatch(Exception):
    """A run directory whose kept samples came from other variants, tokenizer or unit limit."""


@dataclass
class VariantSamples:
    train: list[Group]
    held_out: list[Group]
    source: dict  # what they were made from: manifest and tokenizer sha256, unit limit
    skipped_variants: list[str]  # files the reader refused, one line each


def unit_rows(manifest: dict, held_out: bool, max_units: int = 0) -> list[dict]:
    """The manifest's units of one side of the split, in manifest order, at most ``max_units`` (0: all)."""
    rows = [u for u in manifest["units"] if held_out_unit(u["package"], u["unit"]) == held_out]
    return rows[:max_units] if max_units else rows


def groups_of(functions: list[dict], known: dict[str, Sample], taken: set[str]) -> list[Group]:
    """A group per function with at least one sample and none in ``taken`` (which grows)."""
    groups = []
    for f in functions:
        group = {v: known[key] for v, (key, _) in f["variants"].items() if key in known}
        keys = {s.key for s in group.values()}
        if group and not keys & taken:
            taken |= keys
            groups.append(group)
    return groups


def build(variants: Path, tokenizer_path: Path, max_units: int = 0, log=print, jobs: int = 1,
          max_file_mb: float = MAX_FILE_MB, promote_allocas: bool = False) -> VariantSamples:
    """Featurize the units of both sides (at most ``max_units`` of each) into groups, the variant
    files in ``jobs`` worker processes (a worker featurizes a function it has seen once), with
    their locals promoted where the model reads modules so (``promote_allocas``).
    Variant files above ``max_file_mb`` are left out (0: none): an amalgamation such as
    sqlite3.c (11-23 MB a variant) costs more to read than hundreds of ordinary units."""
    manifest = load_manifest(variants)
    known: dict[str, Sample] = {}
    errors: list[str] = []
    sides = {held_out: unit_rows(manifest, held_out, max_units) for held_out in (False, True)}
    files = [(held_out, k, unit, variants / "ir" / path) for held_out, units in sides.items()
             for k, unit in enumerate(units, 1) for path in unit["variants"].values()]
    if max_file_mb:
        fits = [f[3].stat().st_size <= max_file_mb * 2**20 for f in files]
        large = {(f[0], f[1]) for f, fit in zip(files, fits) if not fit}  # (side, unit number)
        log(f"contrastive: left out {fits.count(False)} variant files above {max_file_mb:g} MB ({len(large)} units)")
        files = [f for f, fit in zip(files, fits) if fit]
    with ProcessPoolExecutor(jobs, initializer=init_featurize_worker,
                             initargs=(str(tokenizer_path), promote_allocas)) as pool:
        found = pool.map(featurize_module, [f[3] for f in files], chunksize=1)
        for (held_out, k, unit), rows in groupby(zip(files, found), key=lambda r: r[0][:3]):
            for (*_, path), (_, samples) in rows:
                if isinstance(samples, str):
                    errors.append(f"{path.relative_to(variants / 'ir')}: {samples.splitlines()[0][:200]}")
                    log(f"contrastive: left out {errors[-1]}")
                    continue
                for sample in samples:
                    sample.package = unit["package"]
                    known.setdefault(sample.key, sample)
            log(f"contrastive: {'held-out' if held_out else 'training'} unit {k}/{len(sides[held_out])} "
                f"{unit['package']}/{unit['unit']}: {len(known)} samples")
    taken: set[str] = set()
    groups = {}
    for held_out, units in sides.items():
        chosen = {(u["package"], u["unit"]) for u in units}
        groups[held_out] = groups_of([f for f in manifest["functions"] if (f["package"], f["unit"]) in chosen],
                                     known, taken)
    return VariantSamples(groups[False], groups[True],
                          sources(variants, tokenizer_path, max_units, max_file_mb, promote_allocas), errors)


def sources(variants: Path, tokenizer_path: Path, max_units: int, max_file_mb: float,
            promote_allocas: bool = False) -> dict:
    """What samples are made from: the variants manifest and tokenizer (sha256), the limits, and
    whether locals were promoted (recorded only when they were: older runs' samples were not)."""
    return {"variants_manifest": str((variants / MANIFEST).resolve()),
            "variants_manifest_sha256": file_sha256(variants / MANIFEST),
            "tokenizer_sha256": file_sha256(tokenizer_path), "max_units": max_units, "max_file_mb": max_file_mb,
            **({"promote_allocas": True} if promote_allocas else {})}


def load_or_build(variants: Path, tokenizer_path: Path, out: Path, max_units: int = 0, jobs: int = 1,
                  max_file_mb: float = MAX_FILE_MB, promote_allocas: bool = False) -> VariantSamples:
    """The samples kept in ``out`` (when made from the same manifest, tokenizer, limits and front
    end), else built and kept there."""
    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    path = out / CACHE
    if path.exists():
        with open(path, "rb") as f:
            kept: VariantSamples = load_pickle(f)
        wanted = sources(variants, tokenizer_path, max_units, max_file_mb, promote_allocas)
        differ = {k for k in (wanted.keys() | {"promote_allocas"}) - {"variants_manifest"}
                  if kept.source.get(k) != wanted.get(k)}
        if differ:
            raise DataMismatch(f"{path}: made from other data ({', '.join(sorted(differ))} differ); use the same "
                               "--variants, --model, --max-units and --max-file-mb, or a new --out")
        return kept
    data = build(variants, tokenizer_path, max_units, log, jobs, max_file_mb, promote_allocas)
    out.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with open(tmp, "wb") as f:
        pickle.dump(data, f, protocol=5)
    tmp.replace(path)
    return data


def distinct(group: Group) -> list[Sample]:
    """The group's samples, each once, in variant order."""
    return list({s.key: s for s in group.values()}.values())
