"""The corpus's held-out split, by source unit: every level and compile variant of a unit falls on
one side, decided by a hash of its path (never by chance). Pre-training, the variants, the
retrieval proxy, the behaviour labels and the whitening all split by it."""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

EVAL_SHARE = 0.05


_LEVEL = re.compile(r"\.O[0-3sz]\.ll$")  # a corpus module's optimization level: ir/PKG/UNIT.O2.ll


def corpus_modules(corpus: Path) -> list[Path]:
    """The corpus's modules: those its ``corpus-manifest.json`` lists (paths below ``ir/``), else
    every ``ir/**/*.ll``."""
    root = corpus / "ir" if (corpus / "ir").is_dir() else corpus
    manifest = corpus / "corpus-manifest.json"
    if manifest.exists():
        data = json.loads(manifest.read_text())
        column = data["module_columns"].index("path")
        return sorted(root / row[column] for row in data["module_rows"])
    return sorted(root.rglob("*.ll"))


def package_of(corpus: Path, path: Path) -> str:
    """The package a module comes from: the first directory below ``ir/`` (or the corpus)."""
    parts = path.relative_to(corpus).parts
    return parts[1] if parts[0] == "ir" and len(parts) > 2 else parts[0]


def is_held_out(corpus: Path, path: Path) -> bool:
    return held_out_path(str(path.relative_to(corpus)))


def held_out_path(relative: str) -> bool:
    """The held-out split of modules by source unit: a hash of the unit's -O0 path below the corpus
    (``ir/PKG/UNIT.O0.ll``) decides for the module of every level. Hashing each level's path
    apart held out a unit's -O0 module and trained on its -O2 one, which the retrieval proxy then
    found again; the -O0 path keeps the split of -O0 modules that earlier data directories used."""
    digest = hashlib.sha1(_LEVEL.sub(".O0.ll", relative).encode()).digest()
    return int.from_bytes(digest[:4], "big") < EVAL_SHARE * 2**32


def held_out_unit(package: str, unit: str) -> bool:
    """Whether a source unit (its path below ``ir/<package>`` without the level) is held out, with
    all its corpus modules and compile variants."""
    return held_out_path(f"ir/{package}/{unit}.O0.ll")
