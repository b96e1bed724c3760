"""Task heads as the manifest describes them: what each predicts and which inputs it needs.

A task (``devmap``, ``coarsening``) has one head per variant, picked by a selector (``--platform
amd``, ``--gpu tahiti``), and may need run-time inputs beside the code (``transfer``, ``wgsize``).
A head is an ONNX file taking ``embedding`` [N, D] (and ``extras`` [N, K], the inputs in the order
listed, raw: the head scales them itself) and giving class logits [N, C]. An input may declare
its domain (``"minimum"``, ``"maximum"``); every input must be finite and fit a float32, which
is what the head computes in.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

FLOAT32_MAX = float(np.finfo(np.float32).max)


# What to say about a model directory without task heads (a freshly exported one).
NO_HEADS = ("has no task heads; add them with 'mir-export downstream export-heads --model DIR --out DIR' "
            "(README: Downstream tasks)")


class TaskError(ValueError):
    """A task that does not exist, or inputs it cannot use."""


@dataclass(frozen=True)
class TaskInput:
    name: str
    help: str
    minimum: float | None = None
    maximum: float | None = None

    @classmethod
    def from_manifest(cls, entry: dict) -> TaskInput:
        bounds = [entry.get(k) for k in ("minimum", "maximum")]
        if any(b is not None and (not isinstance(b, (int, float)) or isinstance(b, bool)) for b in bounds):
            raise ValueError(f"input {entry['name']}: minimum and maximum must be numbers")
        return cls(entry["name"], entry.get("help", ""), *bounds)

    def check(self, task: str, given: object) -> float:
        """``given`` as a float inside this input's domain, else a ``TaskError`` saying the domain."""
        try:
            value = float(given)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise TaskError(f"task {task}: --{self.name} must be a number, not {given!r}") from None
        if not abs(value) <= FLOAT32_MAX:  # NaN fails too
            raise TaskError(f"task {task}: --{self.name} must be a finite number below {FLOAT32_MAX:.3g} "
                            f"in magnitude, not {given!r}")
        if self.minimum is not None and value < self.minimum:
            raise TaskError(f"task {task}: --{self.name} must be at least {self.minimum:g}, not {given!r}")
        if self.maximum is not None and value > self.maximum:
            raise TaskError(f"task {task}: --{self.name} must be at most {self.maximum:g}, not {given!r}")
        return value


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
            inputs=tuple(TaskInput.from_manifest(i) for i in entry.get("inputs", [])),
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
        """The run-time inputs in head order; every one must be given, inside its domain."""
        missing = [i.name for i in self.inputs if values.get(i.name) is None]
        if missing:
            raise TaskError(f"task {self.name} needs " + ", ".join(f"--{m}" for m in missing))
        return [spec.check(self.name, values[spec.name]) for spec in self.inputs]

    def summary(self) -> dict:
        """What ``mir-runtime tasks`` shows."""
        return {
            "task": self.name,
            "predicts": self.description,
            "classes": list(self.classes),
            self.selector: list(self.heads),
            "inputs": {i.name: i.help for i in self.inputs},
        }
