"""Task heads as a task pack or the manifest describes them: what each predicts and which inputs it needs.

A task (``devmap``, ``coarsening``, a user's own) has one head per value of its selector
(``platform="amd"``, ``gpu="tahiti"``), or a single head without one, and may need run-time inputs
beside the code (``transfer``, ``wgsize``). A head is an ONNX file taking ``embedding`` [N, D]
(and ``extras`` [N, K], the inputs in the order listed, raw: the head scales them itself). Its
outputs are read by name, never by position, as its ``kind`` says:

- ``classification``: ``probabilities`` [N, C] (or ``logits``); the decision is the likeliest class;
- ``configuration``: ``scores`` [N, C], each configuration's predicted log speedup over the first
  (the default), the head's margin added to the default's; the decision is the largest score. The
  default's own log speedup is 0 by definition, so its score is the margin: ``predict`` reports
  the candidates' predicted log speedups (the default's 0) and the margin beside them;
- ``regression``: ``value`` [N, 1] or [N], a number in the task's ``unit``;
- ``passes``: ``gains`` [N, C], each candidate pass pipeline's predicted gain over ``default<Oz>``
  (the log of -Oz's IR instruction count over the pipeline's: above 0 is smaller code); the
  decision is the pipeline of the largest gain, a string for ``opt -passes=`` with the LLVM major
  version it was measured on. The entry lists the candidates (``pipelines``: ``name``, ``passes``,
  ``llvm``), ``default<Oz>`` among them; ``classes`` are their names. It may also output
  ``ranking`` [N, C]: the order ``tune`` tries the candidates in, largest first.

A head reads the module's embedding unless its entry says ``"features"``: ``"opcodes"`` or
``"autophase"`` feed its ``embedding`` input [N, D] with that vector of code counts
(``mir_runtime.code_counts``: D = 67 or 56, raw counts the head scales itself) instead, so that
answering needs neither encoder nor tokenizer; ``"embedding"`` is the default.

Other outputs (scikit-learn's ``label``) are ignored. A pack may record the heads that answer one
class for every input (``constant``: selector value -> class, found when the head was written),
and heads of every selector value that are one file's bytes (``same_head``, found by the pack
loader): such a task requires no selector, and a task all of whose heads are constant no run-time
input, since the answer does not depend on them. An input may declare its domain
(``"minimum"``, ``"maximum"``); every input must be finite and fit a float32, which is what the
head computes in. Messages name the parameters as the Python API takes them (``platform``,
``transfer``); the command line calls ``check_options`` first, whose messages name its options.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

import numpy as np

FLOAT32_MAX = float(np.finfo(np.float32).max)
KINDS = ("classification", "configuration", "regression", "passes")
# What a head of each kind outputs (the first name found is read).
OUTPUTS = {"classification": ("probabilities", "logits"), "configuration": ("scores",), "regression": ("value",),
           "passes": ("gains",)}
# A passes head's optional second output [N, C]: the order ``tune`` tries the pipelines in, from a
# learner chosen for the best of a few pipelines beside -Oz (without it, the gains rank them).
RANKING = "ranking"
OZ = "default<Oz>"  # the pipeline a passes task's gains are measured against, always a candidate
EMBEDDING = "embedding"
# what a head reads: the model's embedding, or code counts (``code_counts.FEATURES``' names)
FEATURE_SETS = (EMBEDDING, "opcodes", "autophase")


# What to say about a model without task heads (a freshly exported one).
NO_HEADS = ("has no task heads; fit your own with 'mir-export task fit' and serve them with --tasks DIR "
            "(README: Your own tuning task)")


class TaskError(ValueError):
    """A task that does not exist, or inputs it cannot use."""


OPTION_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")  # a selector or input: an option of predict (--NAME)
# predict's own options and the names its parser keeps (a task's selector or input becomes --NAME
# there, so one of these names would break predict for every task; ``mir-export task fit`` refuses them)
RESERVED_NAMES = frozenset({"file", "task", "format", "model", "device", "precision", "threads", "tasks", "cache",
                            "help", "h", "command", "run", "has_tasks", "version"})
CONSTANT = "constant: answers {} for every input"


def _shown(value: object) -> str:
    """A value of a manifest for a message: its JSON-ish form, cut short when long."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _not_reserved(name: str, what: str) -> None:
    if name.lower() in RESERVED_NAMES:
        raise ValueError(f"{what} {name!r} is named like an option of predict (--{name}), which would break it: fit "
                         "the task again with that column renamed")


def _text(entry: dict, key: str, where: str = "", required: bool = True) -> str:
    value = entry.get(key, None if required else "")
    if not isinstance(value, str) or (required and not value):
        state = "missing" if key not in entry else f"{_shown(value)}, not text"
        raise ValueError(f"{where}{key} must be text ({state})")
    return value


@dataclass(frozen=True)
class TaskInput:
    name: str
    help: str
    minimum: float | None = None
    maximum: float | None = None

    @classmethod
    def from_manifest(cls, entry: object) -> TaskInput:
        """The input of a manifest entry, its fields checked by type."""
        if not isinstance(entry, dict):
            raise ValueError(f"each of task.inputs must be an object with a name, not {_shown(entry)}")
        name = entry.get("name")
        if not isinstance(name, str) or not OPTION_NAME.fullmatch(name):
            raise ValueError(f"an input's name must be letters, digits, '-' or '_' (it becomes an option), "
                             f"not {_shown(name)}")
        text = entry.get("help", "")
        if not isinstance(text, str):
            raise ValueError(f"input {name}: help must be text, not {_shown(text)}")
        bounds = [entry.get(k) for k in ("minimum", "maximum")]
        if any(b is not None and (not isinstance(b, (int, float)) or isinstance(b, bool)) for b in bounds):
            raise ValueError(f"input {name}: minimum and maximum must be numbers")
        _not_reserved(name, "input")
        return cls(name, text, *bounds)

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
    def from_manifest(cls, entry: object) -> Pipeline:
        if not isinstance(entry, dict) or not {"name", "passes", "llvm"} <= set(entry):
            raise ValueError(f"task.pipelines entries must be objects with a name, passes and llvm, not {_shown(entry)}")
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
    listed = entry.get("pipelines")
    if not isinstance(listed, list) or len(listed) < 2:
        raise ValueError(f"task.pipelines must be a list of two or more pipelines, not {_shown(listed)}")
    pipelines = tuple(Pipeline.from_manifest(p) for p in listed)
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
    constant: dict[str, str] = field(default_factory=dict)  # heads answering one class for every input: value -> class
    same_head: bool = False  # every selector value's head is the same bytes: the choice changes nothing

    pipelines: tuple[Pipeline, ...] = ()  # passes: the candidates, in ``classes``' order
    features: str = EMBEDDING  # what the heads read: the embedding or code counts (``FEATURE_SETS``)

    @property
    def reads_embedding(self) -> bool:
        """Whether the heads read the model's embedding (else code counts: no encoder runs)."""
        return self.features == EMBEDDING

    @property
    def ignores_inputs(self) -> bool:
        """Every head answers one class whatever its input: run-time inputs are not needed."""
        return bool(self.constant) and set(self.constant) == set(self.heads)

    @property
    def one_answer(self) -> bool:
        """Every head answers the same class for every input: the selector is not needed either."""
        return self.ignores_inputs and len(set(self.constant.values())) == 1

    def with_same_head(self, same: bool) -> "Task":
        return replace(self, same_head=same)

    def note(self, key: str) -> str:
        """What to say beside the answer of the head for ``key``: that it is constant, if it is."""
        answer = self.constant.get(key)
        if answer is None:
            return ""
        return CONSTANT.format("the default" if self.kind == "configuration" and answer == self.classes[0]
                               else repr(answer))

    @classmethod
    def from_manifest(cls, name: str, entry: object) -> "Task":
        """The task of a pack's ``task`` entry, every field checked by type (a ``ValueError`` saying
        which, in a whole sentence): a string where a list belongs is refused, not read letter by letter."""
        if not isinstance(entry, dict):
            raise ValueError(f"task must be an object, not {_shown(entry)}")
        if "kind" not in entry:
            raise ValueError(f"task.kind is missing (one of {', '.join(KINDS)})")
        kind = entry["kind"]
        if kind not in KINDS:
            raise ValueError(f"task.kind {_shown(kind)} is not one of {', '.join(KINDS)}")
        description = _text(entry, "description", "task.")
        selector = entry.get("selector")
        if selector is None:
            heads, selector_name, selector_help = {"": _text(entry, "head", "task.")}, None, ""
        else:
            if not isinstance(selector, dict):
                raise ValueError(f"task.selector must be an object with a name and choices, not {_shown(selector)}")
            selector_name = _text(selector, "name", "task.selector.")
            if not OPTION_NAME.fullmatch(selector_name):
                raise ValueError(f"task.selector.name must be letters, digits, '-' or '_' (it becomes an option), "
                                 f"not {_shown(selector_name)}")
            _not_reserved(selector_name, "selector")
            selector_help = _text(selector, "help", "task.selector.", required=False)
            choices = selector.get("choices")
            if not isinstance(choices, dict) or not choices:
                raise ValueError(f"task.selector.choices must be an object of a head file per value, not "
                                 f"{_shown(choices)}")
            if any(not isinstance(k, str) or not k or not isinstance(v, str) or not v for k, v in choices.items()):
                raise ValueError("task.selector.choices must map each value (text) to a head file name (text)")
            heads = {k.lower(): v for k, v in choices.items()}
            if len(heads) != len(choices):
                raise ValueError("task.selector.choices names one value twice (values are read in lower case)")
        inputs = entry.get("inputs", [])
        if not isinstance(inputs, list):
            raise ValueError(f"task.inputs must be a list, not {_shown(inputs)}")
        specs = tuple(TaskInput.from_manifest(i) for i in inputs)
        names = [i.name for i in specs] + ([selector_name] if selector_name else [])
        if len(set(names)) != len(names):
            raise ValueError("task.inputs and task.selector name one option twice")
        pipelines: tuple[Pipeline, ...] = ()
        if kind == "regression":
            classes: tuple[str, ...] = ("value",)
            unit = entry.get("unit", "")
            if not isinstance(unit, str):
                raise ValueError(f"task.unit must be text, not {_shown(unit)}")
        elif kind == "passes":
            pipelines = _pipelines(entry)
            classes, unit = tuple(p.name for p in pipelines), ""
        else:
            listed = entry.get("classes")
            if not isinstance(listed, list) or len(listed) < 2 or not all(isinstance(c, (str, int)) and
                                                                           not isinstance(c, bool) for c in listed):
                raise ValueError(f"task.classes must be a list of two or more class names, not {_shown(listed)}")
            classes, unit = tuple(str(c) for c in listed), ""
            if len(set(classes)) != len(classes):
                raise ValueError("task.classes names one class twice")
        features = entry.get("features", EMBEDDING)
        if features not in FEATURE_SETS:
            raise ValueError(f"task.features {_shown(features)} is not one of {', '.join(FEATURE_SETS)}")
        constant = entry.get("constant", {})
        if not isinstance(constant, dict) or any(k not in heads or v not in classes for k, v in constant.items()):
            raise ValueError("task.constant must map heads' selector values to one of task.classes, not "
                             f"{_shown(constant)}")
        return cls(name=name, description=description, selector=selector_name, selector_help=selector_help,
                   heads=heads, inputs=specs, classes=classes, kind=kind, unit=unit, constant=dict(constant), pipelines=pipelines,
                   features=features)

    def to_manifest(self) -> dict:
        """The entry ``from_manifest`` reads back."""
        entry: dict = {"description": self.description, "kind": self.kind}
        if not self.reads_embedding:
            entry["features"] = self.features
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
        if self.constant:
            entry["constant"] = dict(self.constant)
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
        if choice is None and (len(self.heads) == 1 or self.same_head or self.one_answer):
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
        if missing and self.ignores_inputs:  # the answer is the same whatever they are
            values = {**values, **{m: 0.0 for m in missing}}
            missing = []
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
        if not self.reads_embedding:
            out["features"] = self.features
        if self.kind == "passes":
            out["pipelines"] = [p.to_manifest() for p in self.pipelines]
        else:
            out |= {"unit": self.unit} if self.kind == "regression" else {"classes": list(self.classes)}
        if self.selector is not None:
            out[self.selector] = list(self.heads)
        out |= {"inputs": {i.name: i.help for i in self.inputs}}
        if self.same_head and len(self.heads) > 1:
            out["same_head"] = f"one head for every {self.selector}: --{self.selector} is optional"
        notes = {k: self.note(k) for k in self.heads if self.note(k)}
        if notes:
            out["constant"] = notes
        return out
