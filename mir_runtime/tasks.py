"""Task heads as a task pack or the manifest describes them: what each predicts and which inputs it needs.

A task (``devmap``, ``coarsening``, a user's own) has one head per value of its selector
(``platform="amd"``, ``gpu="tahiti"``), or a single head without one, and may need run-time inputs
beside the code (``transfer``, ``wgsize``). A head is an ONNX file taking ``embedding`` [N, D]
(and ``extras`` [N, K], the inputs in the order listed, raw: the head scales them itself). Its
outputs are read by name, never by position, as its ``kind`` says:

- ``classification``: ``probabilities`` [N, C] (or ``logits``); the decision is the likeliest class;
- ``configuration``: ``scores`` [N, C], each configuration's predicted log speedup over the first
  (the default), margin included; the decision is the largest score;
- ``regression``: ``value`` [N, 1] or [N], a number in the task's ``unit``;
- ``passes``: ``gains`` [N, C], each candidate pass pipeline's predicted gain over ``default<Oz>``
  (the log of -Oz's IR instruction count over the pipeline's: above 0 is smaller code); the
  decision is the pipeline of the largest gain, a string for ``opt -passes=`` with the LLVM major
  version it was measured on. The entry lists the candidates (``pipelines``: ``name``, ``passes``,
  ``llvm``), ``default<Oz>`` among them; ``classes`` are their names.

Other outputs (scikit-learn's ``label``) are ignored. An input may declare its domain
(``"minimum"``, ``"maximum"``); every input must be finite and fit a float32, which is what the
head computes in. Messages name the parameters as the Python API takes them (``platform``,
``transfer``); the command line calls ``check_options`` first, whose messages name its options.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

FLOAT32_MAX = float(np.finfo(np.float32).max)
KINDS = ("classification", "configuration", "regression", "passes")
# What a head of each kind outputs (the first name found is read).
OUTPUTS = {"classification": ("probabilities", "logits"), "configuration": ("scores",), "regression": ("value",),
           "passes": ("gains",)}
OZ = "default<Oz>"  # the pipeline a passes task's gains are measured against, always a candidate


# What to say about a model without task heads (a freshly exported one).
NO_HEADS = ("has no task heads; fit your own with 'mir-export task fit' and serve them with --tasks DIR "
            "(README: Your own tuning task)")


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

    def check(self, task: str, given: object, flags: bool = False) -> float:
        """``given`` as a float inside this input's domain, else a ``TaskError`` saying the domain
        (``flags``: naming the command line's option, ``--transfer``, not the parameter)."""
        name = f"--{self.name}" if flags else self.name
        try:
            value = float(given)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise TaskError(f"task {task}: {name} must be a number, not {given!r}") from None
        if not abs(value) <= FLOAT32_MAX:  # NaN fails too
            raise TaskError(f"task {task}: {name} must be a finite number below {FLOAT32_MAX:.3g} "
                            f"in magnitude, not {given!r}")
        if self.minimum is not None and value < self.minimum:
            raise TaskError(f"task {task}: {name} must be at least {self.minimum:g}, not {given!r}")
        if self.maximum is not None and value > self.maximum:
            raise TaskError(f"task {task}: {name} must be at most {self.maximum:g}, not {given!r}")
        return value

    def to_manifest(self) -> dict:
        bounds = {k: v for k, v in (("minimum", self.minimum), ("maximum", self.maximum)) if v is not None}
        return {"name": self.name, "help": self.help, **bounds}


@dataclass(frozen=True)
class Pipeline:
    """A candidate of a ``passes`` task: ``opt -passes=PASSES`` of LLVM major ``llvm``."""

    name: str
    passes: str
    llvm: int

    @classmethod
    def from_manifest(cls, entry: dict) -> Pipeline:
        name, passes, llvm = entry["name"], entry["passes"], entry["llvm"]
        if not isinstance(name, str) or not name:
            raise ValueError(f"pipeline name must be a non-empty string, not {name!r}")
        if not isinstance(passes, str) or not passes.strip() or "\n" in passes:
            raise ValueError(f"pipeline {name}: passes must be one line of opt -passes= text, not {passes!r}")
        if not isinstance(llvm, int) or isinstance(llvm, bool) or llvm < 1:
            raise ValueError(f"pipeline {name}: llvm must be an LLVM major version (a positive integer), not {llvm!r}")
        return cls(name, passes.strip(), llvm)

    def to_manifest(self) -> dict:
        return {"name": self.name, "passes": self.passes, "llvm": self.llvm}


def _pipelines(entry: dict) -> tuple[Pipeline, ...]:
    """A passes entry's candidates: names unique, ``default<Oz>`` among them."""
    pipelines = tuple(Pipeline.from_manifest(p) for p in entry["pipelines"])
    names = [p.name for p in pipelines]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"pipeline names given twice: {', '.join(twice)}")
    if OZ not in {p.passes for p in pipelines}:
        raise ValueError(f"the pipelines must include {OZ}, what the gains are measured against")
    return pipelines


@dataclass(frozen=True)
class Task:
    name: str
    description: str
    selector: str | None  # the parameter that picks a head (``platform``, ``gpu``); None: one head
    selector_help: str
    heads: dict[str, str]  # selector value -> ONNX file name (without a selector: the one head under "")
    inputs: tuple[TaskInput, ...]
    classes: tuple[str, ...]  # classification: the classes; configuration: the configurations, default first
    kind: str = "classification"
    unit: str = ""  # regression: what the value measures
    pipelines: tuple[Pipeline, ...] = ()  # passes: the candidates, in ``classes``' order

    @classmethod
    def from_manifest(cls, name: str, entry: dict) -> "Task":
        """The task of a manifest or pack entry (``kind`` absent: a classifier or score head of the
        shipped form, told apart by the head's output name when it runs)."""
        kind = entry.get("kind", "classification")
        if kind not in KINDS:
            raise ValueError(f"kind {kind!r} is not one of {', '.join(KINDS)}")
        selector = entry.get("selector")
        if selector is None:
            heads, selector_name, selector_help = {"": entry["head"]}, None, ""
        else:
            heads, selector_name, selector_help = dict(selector["choices"]), selector["name"], selector.get("help", "")
        pipelines = _pipelines(entry) if kind == "passes" else ()
        if kind == "passes":
            classes = tuple(p.name for p in pipelines)
        else:
            classes = tuple(str(c) for c in entry["classes"]) if kind != "regression" else ("value",)
        return cls(name=name, description=entry["description"], selector=selector_name, selector_help=selector_help,
                   heads=heads, inputs=tuple(TaskInput.from_manifest(i) for i in entry.get("inputs", [])),
                   classes=classes, kind=kind, unit=str(entry.get("unit", "")), pipelines=pipelines)

    def to_manifest(self) -> dict:
        """The entry ``from_manifest`` reads back."""
        entry: dict = {"description": self.description, "kind": self.kind}
        if self.selector is None:
            entry["head"] = self.heads[""]
        else:
            entry["selector"] = {"name": self.selector, "help": self.selector_help, "choices": dict(self.heads)}
        entry["inputs"] = [i.to_manifest() for i in self.inputs]
        if self.kind == "regression":
            entry["unit"] = self.unit
        elif self.kind == "passes":
            entry["pipelines"] = [p.to_manifest() for p in self.pipelines]
        else:
            entry["classes"] = list(self.classes)
        return entry

    def pipeline(self, name: str) -> Pipeline:
        """The candidate named ``name`` of a passes task."""
        return next(p for p in self.pipelines if p.name == name)

    def key(self, choice: str | None, flags: bool = False) -> str:
        """The selector value ``choice`` names (the only one if there is just one)."""
        if self.selector is None:
            if choice is not None:
                raise TaskError(f"task {self.name} has one head: it takes no choice, not {choice!r}")
            return ""
        if choice is None and len(self.heads) == 1:
            return next(iter(self.heads))
        name = f"--{self.selector}" if flags else f"choice (its {self.selector})"
        if choice is None:
            raise TaskError(f"task {self.name} needs {name}: {', '.join(self.heads)}")
        if choice.lower() not in self.heads:
            raise TaskError(f"task {self.name}: unknown {self.selector} {choice!r} ({', '.join(self.heads)})")
        return choice.lower()

    def head(self, choice: str | None, flags: bool = False) -> str:
        """The head file for ``choice`` of the selector."""
        return self.heads[self.key(choice, flags)]

    def extras(self, values: dict[str, float | None], flags: bool = False) -> list[float]:
        """The run-time inputs in head order; every one must be given, inside its domain."""
        missing = [i.name for i in self.inputs if values.get(i.name) is None]
        if missing:
            shown = ", ".join(f"--{m}" if flags else m for m in missing)
            raise TaskError(f"task {self.name} needs {shown}" + ("" if flags else " (run-time inputs)"))
        unknown = sorted(set(values) - {i.name for i in self.inputs})
        if unknown:
            own = ", ".join(i.name for i in self.inputs) or "none"
            raise TaskError(f"task {self.name} takes no input {', '.join(unknown)} (its inputs: {own})")
        return [spec.check(self.name, values[spec.name], flags) for spec in self.inputs]

    def summary(self) -> dict:
        """What ``mir-runtime tasks`` shows."""
        out = {"task": self.name, "predicts": self.description, "kind": self.kind}
        if self.kind == "passes":
            out["pipelines"] = [p.to_manifest() for p in self.pipelines]
        else:
            out |= {"unit": self.unit} if self.kind == "regression" else {"classes": list(self.classes)}
        if self.selector is not None:
            out[self.selector] = list(self.heads)
        return out | {"inputs": {i.name: i.help for i in self.inputs}}
