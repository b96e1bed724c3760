"""Finished pieces of a long evaluation, one JSON line each, so a stopped run resumes where it was.

A line holds a key (a list of strings), a seed and that seed's results; a later run with the same
checkpoint file reuses them instead of recomputing, and runs sharing the file at the same time
(one per platform, say) see each other's lines. The file belongs to one experiment's settings:
delete it when the code, model or data change.
"""
from __future__ import annotations

import json
from pathlib import Path


class Checkpoint:
    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.lines: list[dict] = []  # without a file: this run's own

    def _read(self) -> list[dict]:
        if self.path is None or not self.path.exists():
            return self.lines
        return [json.loads(line) for line in self.path.read_text().splitlines() if line.strip()]

    def runs(self, key: tuple[str, ...]) -> dict[int, dict]:
        """Results already recorded for ``key``, by seed (read afresh: another run may have added some)."""
        return {line["seed"]: line["run"] for line in self._read() if line["key"] == list(key)}

    def add(self, key: tuple[str, ...], seed: int, run: dict) -> None:
        line = {"key": list(key), "seed": seed, "run": run}
        if self.path is None:
            self.lines.append(line)
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a") as f:
                f.write(json.dumps(line) + "\n")
