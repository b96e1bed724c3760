"""The contrastive stage's data: the functions of a variants directory as pre-training samples,
grouped by source function and split by source unit.

A group is one function of the variants manifest (package, unit, name) with the sample of each of
its variants (variants compiled alike share one sample). Units are split as pre-training splits
the corpus (``pretrain_data.held_out_unit``), so no unit has variants on both sides. A group that
shares a sample with an earlier group (a header function in several units) is left out: two
groups with one sample in a batch would be each other's positive and negative at once; held-out
groups sharing one with a training group are left out too, as the proxy leaves them out.
Featurizing is the expensive part, so the result is kept in the run directory and reused.
"""
from __future__ import annotations

import pickle
import sys
from dataclasses import dataclass
from pathlib import Path

from mir_export.proxy.pairs import load_manifest
from mir_export.corpus.variant_build import MANIFEST
from mir_export.pretrain_data import held_out_unit
from mir_export.samples import Sample, module_samples
from mir_export.tokenizer import load_tokenizer
from mir_runtime import IRParseError, read_ir
from mir_runtime.modeldir import file_sha256

CACHE = "variant-samples.pkl"  # in the run directory
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


def unit_samples(variants: Path, unit: dict, tokenizer, known: dict[str, Sample], seen: set[str], log) -> list[str]:
    """Add the samples of every variant file of ``unit`` to ``known`` (by key), featurizing only
    functions whose key is not in ``seen`` (which grows); the reader's errors."""
    errors = []
    for variant, path in unit["variants"].items():
        try:
            module = read_ir(variants / "ir" / path)
        except IRParseError as exc:
            errors.append(f"{path}: {str(exc).splitlines()[0][:200]}")
            log(f"contrastive: left out {errors[-1]}")
            continue
        for sample in module_samples(module, tokenizer, seen):
            sample.package = unit["package"]
            known[sample.key] = sample
    return errors


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


def build(variants: Path, tokenizer_path: Path, max_units: int = 0, log=print) -> VariantSamples:
    """Featurize the units of both sides (at most ``max_units`` of each) into groups."""
    manifest = load_manifest(variants)
    tokenizer = load_tokenizer(tokenizer_path)
    known: dict[str, Sample] = {}
    seen: set[str] = set()
    errors: list[str] = []
    sides = {}
    for held_out in (False, True):
        units = unit_rows(manifest, held_out, max_units)
        for k, unit in enumerate(units, 1):
            errors += unit_samples(variants, unit, tokenizer, known, seen, log)
            log(f"contrastive: {'held-out' if held_out else 'training'} unit {k}/{len(units)} "
                f"{unit['package']}/{unit['unit']}: {len(known)} samples")
        chosen = {(u["package"], u["unit"]) for u in units}
        sides[held_out] = [f for f in manifest["functions"] if (f["package"], f["unit"]) in chosen]
    taken: set[str] = set()
    train = groups_of(sides[False], known, taken)
    held = groups_of(sides[True], known, taken)
    return VariantSamples(train, held, sources(variants, tokenizer_path, max_units), errors)


def sources(variants: Path, tokenizer_path: Path, max_units: int) -> dict:
    """What samples are made from: the variants manifest and tokenizer (sha256), the unit limit."""
    return {"variants_manifest": str((variants / MANIFEST).resolve()),
            "variants_manifest_sha256": file_sha256(variants / MANIFEST),
            "tokenizer_sha256": file_sha256(tokenizer_path), "max_units": max_units}


def load_or_build(variants: Path, tokenizer_path: Path, out: Path, max_units: int = 0) -> VariantSamples:
    """The samples kept in ``out`` (when made from the same manifest, tokenizer and unit limit),
    else built and kept there."""
    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    path = out / CACHE
    if path.exists():
        with open(path, "rb") as f:
            kept: VariantSamples = pickle.load(f)
        wanted = sources(variants, tokenizer_path, max_units)
        differ = {k for k, v in wanted.items() if k != "variants_manifest" and kept.source.get(k) != v}
        if differ:
            raise DataMismatch(f"{path}: made from other data ({', '.join(sorted(differ))} differ); use the same "
                               "--variants, --model and --max-units, or a new --out")
        return kept
    data = build(variants, tokenizer_path, max_units, log)
    out.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with open(tmp, "wb") as f:
        pickle.dump(data, f, protocol=5)
    tmp.replace(path)
    return data


def distinct(group: Group) -> list[Sample]:
    """The group's samples, each once, in variant order."""
    return list({s.key: s for s in group.values()}.values())
