"""Task heads as the manifest describes them: what each predicts and which inputs it needs.

A task (``devmap``, ``coarsening``) has one head per variant, picked by a selector (``--platform
amd``, ``--gpu tahiti``), and may need run-time inputs beside the code (``transfer``, ``wgsize``).
A head is an ONNX file taking ``embedding`` [N, D] (and ``extras`` [N, K], the inputs in the order
listed, raw: the head scales them itself) and giving class logits [N, C].
"""
from __future__ import annotations

from dataclasses import dataclass


class TaskError(ValueError):
    """A task that does not exist, or inputs it cannot use."""


@dataclass(frozen=True)
class TaskInput:
    name: str
    help: str


@dataclass(frozen=True)
class Task:
    name: str
    description: str
    selector: str  # the option that picks a head (``platform``, ``gpu``)
    selector_help: str
    heads: dict[str, str]  # selector value -> ONNX file name
    inputs: tuple[TaskInput, ...]
    classes: tuple[str, ...]

    @classmethod
    def from_manifest(cls, name: str, entry: dict) -> "Task":
        selector = entry["selector"]
        return cls(
            name=name,
            description=entry["description"],
            selector=selector["name"],
            selector_help=selector.get("help", ""),
            heads=dict(selector["choices"]),
            inputs=tuple(TaskInput(i["name"], i.get("help", "")) for i in entry.get("inputs", [])),
            classes=tuple(str(c) for c in entry["classes"]),
        )

    def head(self, choice: str | None) -> str:
        """The head file for ``choice`` of the selector (the only one if there is just one)."""
        if choice is None and len(self.heads) == 1:
            return next(iter(self.heads.values()))
        if choice is None:
            raise TaskError(f"task {self.name} needs --{self.selector} ({', '.join(self.heads)})")
        if choice.lower() not in self.heads:
            raise TaskError(f"task {self.name}: unknown {self.selector} {choice!r} ({', '.join(self.heads)})")
        return self.heads[choice.lower()]

    def extras(self, values: dict[str, float | None]) -> list[float]:
        """The run-time inputs in head order; every one must be given, as a finite number."""
        missing = [i.name for i in self.inputs if values.get(i.name) is None]
        if missing:
            raise TaskError(f"task {self.name} needs " + ", ".join(f"--{m}" for m in missing))
        out = []
        for spec in self.inputs:
            value = float(values[spec.name])  # type: ignore[arg-type]
            if value != value or value in (float("inf"), float("-inf")):
                raise TaskError(f"task {self.name}: --{spec.name} must be a finite number, not {values[spec.name]!r}")
            out.append(value)
        return out

    def summary(self) -> dict:
        """What ``mir-runtime tasks`` shows."""
        return {
            "task": self.name,
            "predicts": self.description,
            "classes": list(self.classes),
            self.selector: list(self.heads),
            "inputs": {i.name: i.help for i in self.inputs},
        }


def tasks_of(manifest: dict) -> dict[str, Task]:
    return {name: Task.from_manifest(name, entry) for name, entry in manifest.get("tasks", {}).items()}
