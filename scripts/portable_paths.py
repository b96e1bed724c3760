"""Rewrite the shipped manifests and results so that they name no directory of the machine that
wrote them (``mir_runtime.portable``): paths relative to the repository, ``~``, ``$TMPDIR``.

    python scripts/portable_paths.py [--checkout DIR ...] [--check]

A rewritten file's sha256 recorded in another (the corpus manifest's, in the model's provenance)
is updated with it. A recorded ``cd DIR && `` goes: every path is then relative to the repository root, where
commands are replayed from. Only the text of paths changes: no number, and no file whose sha256 a manifest records (ONNX
files, heads) is touched. ``--checkout`` names other checkouts of this repository whose paths the
files hold (they become relative too); ``--check`` lists what would change and exits 1 if any.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from mir_runtime.portable import _ABSOLUTE, portable_path  # noqa: E402

SHIPPED = ("artifacts", "results", "benchmarks/results")
SUFFIXES = (".json", ".jsonl", ".md")
_CD = re.compile(r"(?:(?<=[\"`])|(?m:^))cd \S+ && ")  # commands are replayed from the repository root


def checked_files(repo: Path = REPO) -> set[Path]:
    """The files whose sha256 the model or a pack checks (``files`` of a manifest or a ``task.json``): never rewritten."""
    found = set()
    for manifest in [repo / "artifacts" / "manifest.json", *(repo / "artifacts").rglob("task.json")]:
        if manifest.is_file():
            found |= {(manifest.parent / name).resolve() for name in json.loads(manifest.read_text()).get("files", {})}
    return found


def shipped_files(repo: Path = REPO) -> list[Path]:
    """The manifests and results files that ship with the repository (not those whose sha256 is checked)."""
    checked = checked_files(repo)
    return sorted(p for top in SHIPPED for p in (repo / top).rglob("*")
                  if p.suffix in SUFFIXES and p.is_file() and p.resolve() not in checked)


def rewritten(text: str, same: list[str]) -> str:
    out = _ABSOLUTE.sub(lambda m: portable_path(m.group(), REPO, same), text)
    return _CD.sub("", out) if out != text else out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkout", action="append", default=[], help="another checkout of this repository")
    parser.add_argument("--check", action="store_true", help="list the files that would change; exit 1 if any")
    args = parser.parse_args(argv)
    changed, digests = [], {}
    files = shipped_files()
    for path in files:
        text = path.read_text(encoding="utf-8")
        new = rewritten(text, args.checkout)
        if new != text:
            changed.append(path)
            digests[hashlib.sha256(text.encode()).hexdigest()] = hashlib.sha256(new.encode()).hexdigest()
            if not args.check:
                path.write_text(new, encoding="utf-8")
    if digests and not args.check:  # a rewritten file's sha256 recorded elsewhere (provenance) follows it
        for path in files:
            text = path.read_text(encoding="utf-8")
            new = re.sub("|".join(digests), lambda m: digests[m.group()], text)
            if new != text:
                path.write_text(new, encoding="utf-8")
    for path in changed:
        print(path.relative_to(REPO))
    return 1 if changed and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
