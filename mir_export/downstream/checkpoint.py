"""Finished pieces of a long evaluation, one JSON line each, so a stopped run resumes where it was.

A line holds a key (a list of strings), a seed and that seed's results; a later run with the same
checkpoint file reuses them instead of recomputing. The file belongs to one experiment's settings:
delete it when the code, model or data change.
"""
from __future__ import annotations

import json
from pathlib import Path


class Checkpoint:
    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.lines: list[dict] = []
        if path is not None and path.exists():
            self.lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]

    def runs(self, key: tuple[str, ...]) -> dict[int, dict]:
        """Results already recorded for ``key``, by seed."""
        return {line["seed"]: line["run"] for line in self.lines if line["key"] == list(key)}

    def add(self, key: tuple[str, ...], seed: int, run: dict) -> None:
        line = {"key": list(key), "seed": seed, "run": run}
        self.lines.append(line)
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a") as f:
                f.write(json.dumps(line) + "\n")
