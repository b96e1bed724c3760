"""Fit a user's task on the frozen embedding: nested selection, baselines in the same folds, heads.

The protocol is the one the shipped tasks use. Outer folds (stratified for a classification;
each ``group`` whole when one is given; ``folds="loo"``: one group, or row, out at a time) give
every row one out-of-fold decision per seed; inside each outer training fold an inner
cross-validation chooses the learner among a fixed grid, which is refitted on the outer training
rows. The outer test rows never reach a fit. The baselines go through the same search on the same
folds: the run-time inputs alone (without inputs: the commonest class, the training mean, the
best single configuration) and the opcode histogram of the files (log counts of the statements'
opcodes, read as the model reads them). Each is compared with ours by a paired interval over
groups (``evaluation.paired``). The heads that ship are chosen the same way on every row and
refitted on all of them, one per selector value; with ``share_selector`` (configurations only,
as thread coarsening does across GPUs) one fit learns from every value's rows, the value a
one-hot input, and is written as one head per value. A head of many rows (``LARGE_ROWS``) is
searched among cheaper learners, each fit on a draw of its training rows, by a rule fixed before
any fold is seen. Problems a fit would meet late (a class some training fold lacks) are refused
before the first fit, in one line.
"""
from __future__ import annotations

import re
import sys
import tempfile
import warnings
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
from sklearn.model_selection import KFold, LeaveOneGroupOut

from mir_export.evaluation.learners import (
    CLASSIFIERS, COARSENING, INPUTS_ONLY, REGRESSORS, VALUE_REGRESSORS, Learner, default_classifier, vote,
)
from mir_export.evaluation.paired import paired
from mir_export.evaluation.protocol import devmap_folds
from mir_export.evaluation.selection import (
    INNER_SPLITS, accuracy, classification_splitter, group_folds, leave_one_out, mean_log_speedup, nested_fit,
)
from mir_export.evaluation.constancy import constant_heads
from mir_export.usertask.table import MIN_ROWS, TableError, TaskTable
from mir_runtime.packs import base_model, write_pack
from mir_runtime.progress import status
from mir_runtime.tasks import Task, TaskInput

FAILED = float(np.log(0.1))  # a configuration not measured and not below a measured one: a 10x slowdown
VALUE_INNER_SPLITS = 3

# A table of many rows (a few files, each measured at many run-time inputs: rows of one file share
# one embedding) would make every fit of the search cost as its rows, and the grid's trees on the
# whole embedding cost rows x 770 columns each: 20,000 rows did not finish the first outer fold in
# 8 minutes. So the rule, fixed before any fold is seen: a head of more than LARGE_ROWS rows is
# searched among the LARGE_ grids below (the learners whose cost does not grow with the
# embedding's columns: trees on its first 16 or 4 principal components, trees on the run-time
# inputs alone, a linear model, and their vote as the default to beat), and each fit of its
# selection, outer folds and final head learns from FIT_ROWS of the training rows drawn by seed
# (each class in proportion, at least MIN_CLASS_ROWS of each where it has them). Every row is
# still scored out of fold. The shipped tasks' heads (at most 700 rows each) are below the line.
LARGE_ROWS = 2000
FIT_ROWS = 1000
MIN_CLASS_ROWS = 10
_CODE_PCA = Learner("gbt", (("leaves", 31), ("pca", 16)))
LARGE_DEFAULT = vote(_CODE_PCA, INPUTS_ONLY)
LARGE_CLASSIFIERS: tuple[Learner, ...] = (
    _CODE_PCA, Learner("gbt", (("leaves", 15), ("pca", 4))), INPUTS_ONLY, Learner("linear", (("C", 1.0),)),
    LARGE_DEFAULT,
)
LARGE_REGRESSORS: tuple[Learner, ...] = (
    Learner("linreg", (("alpha", 10.0),)), Learner("linreg", (("alpha", 10.0), ("pca", 16))),
    Learner("gbr", (("leaves", 15), ("pca", 16))), Learner("boostr", (("depth", 3), ("pca", 0))),
)


def draw(targets: np.ndarray, rows: int, seed: int, stratified: bool) -> np.ndarray:
    """Sorted indices of ``rows`` of the rows of ``targets`` (all of them when there are no more),
    drawn by ``seed``; ``stratified``: each class in proportion, at least ``MIN_CLASS_ROWS`` of
    each (all of a class that has fewer)."""
    count = len(targets)
    if count <= rows:
        return np.arange(count)
    rng = np.random.default_rng(seed)
    if not stratified:
        return np.sort(rng.choice(count, rows, replace=False))
    picked = []
    for c in np.unique(targets):
        members = np.flatnonzero(targets == c)
        take = min(len(members), max(MIN_CLASS_ROWS, round(rows * len(members) / count)))
        picked.append(rng.choice(members, take, replace=False))
    return np.sort(np.concatenate(picked))


def _capped(fit, rows: int, stratified: bool):
    """``fit`` (a ``protocol.Fit``) on a draw of at most ``rows`` of the training rows it is given."""

    def capped(embedding: np.ndarray, extras: np.ndarray, targets: np.ndarray, groups: np.ndarray | None, seed: int):
        pick = draw(targets, rows, seed, stratified)
        return fit(embedding[pick], extras[pick], targets[pick], None if groups is None else groups[pick], seed)

    return capped


def _numeric(configs: tuple[str, ...]) -> np.ndarray | None:
    try:
        return np.array([float(c) for c in configs])
    except ValueError:
        return None


def log_speedups(runtimes: np.ndarray, configs: tuple[str, ...]) -> np.ndarray:
    """[N, C]: log(default's runtime / each configuration's). A configuration a file was not
    measured at counts as the largest measured one below it when configurations are numbers
    (thread coarsening's rule: a factor past the kernel's limit runs at its limit), else as a
    10x slowdown."""
    out = np.log(runtimes[:, :1] / runtimes)
    values = _numeric(configs)
    for r, c in zip(*np.nonzero(np.isnan(runtimes))):
        below = [] if values is None else [k for k in np.flatnonzero(~np.isnan(runtimes[r])) if values[k] <= values[c]]
        out[r, c] = out[r, max(below, key=lambda k: values[k])] if below else FAILED
    return out


@dataclass
class Protocol:
    """How one task's rows are split and scored, and which learners are searched."""

    kind: str
    folds: int | str
    learners: tuple[Learner, ...]
    classes: int
    inputs: bool = True  # the rows have run-time inputs (else learners of the inputs alone, and votes with one, go)
    large: bool = False  # more than LARGE_ROWS rows: the LARGE_ grids, each fit on FIT_ROWS of its rows

    def outer(self, targets: np.ndarray, groups: np.ndarray | None, seed: int) -> list:
        x = np.zeros((len(targets), 1))
        units = groups if groups is not None else np.arange(len(targets))
        if self.folds == "loo":
            return list(LeaveOneGroupOut().split(x, groups=units))
        if self.kind == "classification":  # the shipped device-mapping folds, so its figures come out the same
            return devmap_folds(targets, seed, groups, int(self.folds))
        if groups is None and self.kind == "regression":
            return list(KFold(int(self.folds), shuffle=True, random_state=seed).split(x))
        return group_folds(units, int(self.folds), seed)

    def fit(self, code: bool):
        """The nested selection (a ``protocol.Fit``; ``large``: on a draw of ``FIT_ROWS`` rows)."""
        if self.kind == "classification":
            reference = ((LARGE_DEFAULT if code else INPUTS_ONLY) if self.large else default_classifier(code)
                         ) if self.inputs else None
            fit = nested_fit(self.learners, self.classes, classification_splitter, accuracy, reference=reference)
        elif self.kind == "regression":
            fit = nested_fit(self.learners, 1, _value_folds, _negative_squared_error, decision=_values)
        else:
            fit = nested_fit(self.learners, self.classes, leave_one_out if self.folds == "loo" else _unit_folds,
                             mean_log_speedup, cautious=True)
        return _capped(fit, FIT_ROWS, self.kind == "classification") if self.large else fit

    def row_scores(self, targets: np.ndarray, outputs: np.ndarray) -> np.ndarray:
        """Per row: right (1/0), minus the squared error, or the log speedup of the decision."""
        if self.kind == "regression":
            return _negative_squared_error(targets, outputs)
        return (targets == outputs).astype(float) if self.kind == "classification" else mean_log_speedup(targets, outputs)


def _values(outputs: np.ndarray, margin: float) -> np.ndarray:
    return outputs[:, 0]


def _negative_squared_error(targets: np.ndarray, values: np.ndarray) -> np.ndarray:
    return -((np.ravel(targets) - values) ** 2)


def _value_folds(targets: np.ndarray, groups: np.ndarray | None, seed: int) -> list:
    if groups is None:
        return list(KFold(VALUE_INNER_SPLITS, shuffle=True, random_state=seed).split(targets))
    return group_folds(groups, VALUE_INNER_SPLITS, seed)


def _unit_folds(targets: np.ndarray, groups: np.ndarray | None, seed: int) -> list:
    units = groups if groups is not None else np.arange(len(targets))
    return group_folds(units, 5, seed)


class _Constant:
    """A baseline that reads nothing: the training rows' commonest class or mean value."""

    def __init__(self, kind: str, targets: np.ndarray) -> None:
        self.value = np.bincount(targets).argmax() if kind == "classification" else float(np.mean(targets))

    def __call__(self, embedding: np.ndarray, extras: np.ndarray) -> np.ndarray:
        return np.full(len(embedding), self.value)


@dataclass
class Rows:
    """One head's training rows: features by name, run-time inputs, targets, groups."""

    features: dict[str, np.ndarray]
    extras: np.ndarray
    targets: np.ndarray
    groups: np.ndarray | None
    units: np.ndarray  # what the paired interval groups by


def _decisions(protocol: Protocol, rows: Rows, name: str, seeds: list[int], label: str = "",
               ) -> tuple[np.ndarray, dict[str, int]]:
    """Out-of-fold decisions [seeds, N] of feature set ``name`` (``constant``: reads nothing) and
    the learners chosen; each outer fold's end is shown on stderr after ``label``."""
    x = rows.features.get(name, np.zeros((len(rows.targets), 0), dtype=np.float32))
    constant = name == "constant" and protocol.kind != "configuration"
    if name == "constant" and protocol.kind == "configuration":  # the best single configuration of the training rows
        protocol = Protocol(protocol.kind, protocol.folds, tuple(l for l in protocol.learners if l.family == "mean"),
                            protocol.classes, protocol.inputs, protocol.large)
        x = np.zeros((len(rows.targets), 1), dtype=np.float32)
    out = np.zeros((len(seeds), len(rows.targets)))
    chosen: dict[str, int] = {}
    fit = protocol.fit(x.shape[1] > 0)
    for s, seed in enumerate(seeds):
        folds = protocol.outer(rows.targets, rows.groups, seed)
        for k, (train, test) in enumerate(folds):
            if label:
                status(f"{label}: seed {seed}, fold {k + 1} of {len(folds)}")
            if constant:
                predict = _Constant(protocol.kind, rows.targets[train])
            else:
                groups = rows.groups[train] if rows.groups is not None else None
                predict = fit(x[train], rows.extras[train], rows.targets[train], groups, seed * 100 + k)
                chosen[predict.learner.name] = chosen.get(predict.learner.name, 0) + 1
            out[s, test] = predict.model.predict(x[test], rows.extras[test])[:, 0] if (
                protocol.kind == "regression" and not constant) else predict(x[test], rows.extras[test])
    if label and sys.stderr.isatty():  # ends the redrawn line; a log has whole lines already
        print(file=sys.stderr, flush=True)
    return out, chosen


def _summary(protocol: Protocol, rows: Rows, decisions: np.ndarray) -> dict:
    """The figures of one feature set's out-of-fold decisions, mean and spread over seeds."""
    per_seed = []
    for d in decisions:
        if protocol.kind == "classification":
            per_seed.append({"accuracy": float((d == rows.targets).mean())})
        elif protocol.kind == "regression":
            from scipy.stats import spearmanr

            error = d - rows.targets
            total = ((rows.targets - rows.targets.mean()) ** 2).sum()
            per_seed.append({"rmse": float(np.sqrt((error**2).mean())), "r2": float(1 - (error**2).sum() / total),
                             "spearman": float(spearmanr(d, rows.targets).statistic)})
        else:
            per_seed.append({"speedup": float(np.exp(mean_log_speedup(rows.targets, d.astype(int)).mean())),
                             "default_share": float((d == 0).mean())})
    return {m: {"mean": float(np.mean([p[m] for p in per_seed])), "std": float(np.std([p[m] for p in per_seed]))}
            for m in per_seed[0]}


@dataclass
class FittedTask:
    """A task's heads and report, ready to ``save`` as a pack."""

    task: Task
    heads: dict[str, object]  # selector value (or "") -> a fitted head with ``export(path)``
    report: dict
    base: dict
    learners: dict[str, dict] = field(default_factory=dict)

    def save(self, out: str | Path) -> Path:
        """Write the pack into directory ``out`` (heads, report.md, task.json); returns ``out``."""
        from mir_export.usertask.report import markdown

        out = Path(out)
        out.mkdir(parents=True, exist_ok=True)
        (out / "report.md").write_text(markdown(self.report))
        with tempfile.TemporaryDirectory(dir=out) as staging:
            written, by_key = {}, {}
            for key, head in self.heads.items():
                name = self.task.heads[key]
                head.export(Path(staging) / name)
                written[name] = by_key[key] = Path(staging) / name
            constant = constant_heads(by_key, self.task.classes) if self.task.kind != "regression" else {}
            self.task = replace(self.task, constant=constant)
            write_pack(out, self.task, written, self.base,
                       {"learners": self.learners, "metrics": self.report["heads"], "report": "report.md",
                        "protocol": self.report["protocol"]}, extra_files=[out / "report.md"])
        return out


def _protocol(kind: str, folds: int | str, classes: int, shared: bool, inputs: bool, rows: int = 0) -> Protocol:
    """The protocol of a task whose largest head has ``rows`` rows (see ``LARGE_ROWS``)."""
    large = rows > LARGE_ROWS and kind != "configuration"  # configuration rows are per file: never many
    learners = {"classification": LARGE_CLASSIFIERS if large else CLASSIFIERS,
                "regression": LARGE_REGRESSORS if large else VALUE_REGRESSORS,
                "configuration": COARSENING if shared else REGRESSORS}[kind]
    if not inputs and kind != "configuration":
        learners = tuple(l for l in learners if dict(l.settings).get("pca") != 0 and not l.members)
    if not inputs or classes != 2:  # stagewise heads boost from the run-time inputs' two-class log-odds
        learners = tuple(l for l in learners if l.family != "stagewise")
    return Protocol(kind, folds, learners, classes, inputs, large)


def _check_counts(table: TaskTable, protocol: Protocol, key: str, rows: Rows, seeds: int = 1) -> None:
    where = f" ({table.selector} {key})" if key else ""
    if len(rows.targets) < MIN_ROWS:
        raise TableError(f"{table.path}: {len(rows.targets)} rows{where}; a task needs at least {MIN_ROWS}")
    units = len(set(rows.units.tolist()))
    folds = units if protocol.folds == "loo" else int(protocol.folds)
    if units < max(folds, 2):
        raise TableError(f"{table.path}: {units} {'groups' if table.groups is not None else 'files'}{where}, fewer "
                         f"than the {folds} folds: give more rows or fewer --folds")
    if protocol.kind == "classification":
        counts = np.bincount(rows.targets, minlength=len(table.classes))
        small = [(table.classes[c], int(n)) for c, n in enumerate(counts) if 0 < n < folds]
        if small:
            raise TableError(f"{table.path}: class {small[0][0]!r} has {small[0][1]} rows{where}, fewer than the "
                             f"{folds} folds: give more rows of it or fewer --folds")
        if (counts > 0).sum() < 2:
            raise TableError(f"{table.path}: one class only{where}: nothing to decide")
        _check_inner_classes(table, protocol, rows, where, seeds)


def _check_inner_classes(table: TaskTable, protocol: Protocol, rows: Rows, where: str, seeds: int) -> None:
    """Refuse, before any fit, a class some training fold would lack: the outer folds and the inner
    folds of the selection in each (the same splits the fit makes, by seed) must each train on
    every class of the rows, else a learner sees one class fewer than the head answers."""
    present = set(np.unique(rows.targets).tolist())

    def lacking(train: np.ndarray) -> int | None:
        missing = present - set(np.unique(rows.targets[train]).tolist())
        return min(missing) if missing else None

    for seed in range(seeds):
        for k, (train, _) in enumerate(protocol.outer(rows.targets, rows.groups, seed)):
            groups = rows.groups[train] if rows.groups is not None else None
            with warnings.catch_warnings():  # "the least populated class ...": said below in a sentence of ours
                warnings.simplefilter("ignore")
                inner = [train[t] for t, _ in classification_splitter(rows.targets[train], groups, seed * 100 + k)]
            for fold in (train, *inner):
                c = lacking(fold)
                if c is not None:
                    count = int((rows.targets == c).sum())
                    held = "in one group, " if rows.groups is not None else ""
                    raise TableError(f"{table.path}: class {table.classes[c]!r} has {count} rows{where}, {held}too few "
                                     f"for the {protocol.folds} outer and {INNER_SPLITS} inner folds (some training "
                                     "folds would hold none of it): give more rows of it")


def fit_task(table: TaskTable, embeddings: np.ndarray, name: str, model: str | Path | None = None,
             description: str = "", unit: str = "", folds: int | str = 5, seeds: int = 1,
             share_selector: bool = False, baselines: bool = True) -> FittedTask:
    """Evaluate (nested, with the baselines) and fit the heads of ``table``'s task on
    ``embeddings`` [N, D]: the fp32 embedding of each row's file, in row order, by ``model`` (a
    model directory; default: the shipped model, as ``Model.load(precision="fp32")`` embeds)."""
    from mir_export.features.bags import opcode_histogram
    from mir_runtime.model import default_model_dir
    from mir_runtime.modeldir import ModelDirectory

    model_dir = Path(model) if model is not None else default_model_dir()
    if len(embeddings) != len(table):
        raise ValueError(f"{len(embeddings)} embeddings for {len(table)} rows")
    if table.kind == "configuration" and table.inputs:
        raise TableError(f"{table.path}: run-time inputs go with classification and regression tasks; a configuration "
                         "task decides from the code alone (give each input setting its own --selector value)")
    if share_selector and (table.kind != "configuration" or table.selector is None):
        raise TableError(f"{table.path}: --share-selector is for a configuration task with a selector and no "
                         "run-time inputs (the selector's one-hot is the heads' only input)")
    features = {"ours": np.asarray(embeddings, dtype=np.float32)}
    if baselines:
        unique = {f: k for k, f in enumerate(dict.fromkeys(table.files))}  # rows of one file share its histogram
        features["histogram"] = opcode_histogram(list(unique), model_dir)[[unique[f] for f in table.files]]
    keys = sorted(set(table.choices.tolist())) if table.choices is not None else [""]
    jobs = _jobs(table, features, keys, share_selector)
    protocol = _protocol(table.kind, folds, len(table.classes), share_selector, bool(table.inputs),
                         max(len(rows.targets) for rows in jobs.values()))
    for key, rows in jobs.items():
        _check_counts(table, protocol, key, rows, seeds)
    names = ["ours", *(["histogram"] if baselines else []), *(["inputs"] if baselines and table.inputs else []),
             *(["constant"] if baselines and not table.inputs else [])]
    report: dict = {"task": name, "kind": table.kind, "rows": len(table), "table": str(table.path),
                    "protocol": _describe(protocol, table, share_selector), "seeds": list(range(seeds)),
                    "heads": {}, "comparisons": {}}
    for key, rows in jobs.items():
        entry, scored = _evaluate(protocol, rows, names, report["seeds"], f"{name}{' ' + key if key else ''}")
        if share_selector:  # each selector value's geometric-mean speedup, out of the one fit
            entry["per_" + str(table.selector)] = {
                value: {f: float(np.exp(scored[f][:, rows.extras[:, k] == 1].mean())) for f in names}
                for k, value in enumerate(keys)}
        report["heads"][key or "all"] = entry
        report["comparisons"][key or "all"] = {
            f"ours vs {other}": paired(scored[other], scored["ours"], rows.units).to_dict()
            for other in names if other != "ours"}
    heads, learners = _final_heads(protocol, jobs, keys, share_selector, name)
    task = Task(name=name, description=description or f"{table.target} of a program ({table.kind}, fitted on "
                f"{len(table)} rows of {table.path.name})", selector=table.selector,
                selector_help=f"the {table.selector} the head was fitted for" if table.selector else "",
                heads=_head_files(name, keys),
                inputs=tuple(_input(n, table.extras[:, i]) for i, n in enumerate(table.inputs)),
                classes=table.classes if table.kind != "regression" else ("value",), kind=table.kind,
                unit=unit or (table.target if table.kind == "regression" else ""))
    return FittedTask(task, heads, report, base_model(ModelDirectory(model_dir), "fp32"), learners)


def _jobs(table: TaskTable, features: dict[str, np.ndarray], keys: list[str], shared: bool) -> dict[str, Rows]:
    """Each head's training rows: one per selector value, or (``shared``) one for all of them,
    the value a one-hot input."""
    targets = log_speedups(table.targets, table.classes) if table.kind == "configuration" else table.targets
    units = table.groups if table.groups is not None else np.array([str(f) for f in table.files], dtype=object)
    if shared:
        onehot = np.eye(len(keys))[[keys.index(c) for c in table.choices]]
        return {"": Rows(features, onehot, targets, units, units)}
    jobs = {}
    for key in keys:
        mask = table.choices == key if key else np.ones(len(table), dtype=bool)
        jobs[key] = Rows({n: f[mask] for n, f in features.items()}, table.extras[mask].astype(np.float32),
                         targets[mask], table.groups[mask] if table.groups is not None else None, units[mask])
    return jobs


def _evaluate(protocol: Protocol, rows: Rows, names: list[str], seeds: list[int],
              label: str) -> tuple[dict, dict[str, np.ndarray]]:
    """One head's figures per feature set (and the oracle of a configuration task), and each
    feature set's per-row scores [seeds, N] for the paired comparisons."""
    scored: dict[str, np.ndarray] = {}
    entry: dict = {"rows": len(rows.targets)}
    for feature in names:
        decisions, chosen = _decisions(protocol, rows, feature, seeds, f"{label} {feature}")
        outputs = decisions if protocol.kind == "regression" else decisions.astype(int)
        scored[feature] = np.stack([protocol.row_scores(rows.targets, d) for d in outputs])
        entry[feature] = _summary(protocol, rows, decisions) | ({"chosen": chosen} if chosen else {})
    if protocol.kind == "configuration":
        entry["oracle"] = {"speedup": float(np.exp(rows.targets.max(1).mean()))}
    return entry, scored


def _final_heads(protocol: Protocol, jobs: dict[str, Rows], keys: list[str], shared: bool,
                 name: str) -> tuple[dict[str, object], dict[str, dict]]:
    """The heads that ship, per selector value: the selection repeated on every row, refitted on them."""
    heads, learners = {}, {}
    for key, rows in jobs.items():
        print(f"{name}{' ' + key if key else ''}: the head on every row", file=sys.stderr, flush=True)
        chosen = protocol.fit(True)(rows.features["ours"], rows.extras, rows.targets, rows.groups, 0)
        for k, value in enumerate(keys if shared else [key]):
            heads[value] = chosen.model.for_context(np.eye(len(keys))[k]) if shared else chosen.model
            learners[value or "all"] = chosen.learner.to_dict()
    return heads, learners


def _head_files(name: str, keys: list[str]) -> dict[str, str]:
    """Each selector value's head file: ``NAME-VALUE.onnx``, the value's characters other than
    letters, digits, '-' and '_' made '-' (a value such as ``../x`` names no file outside the pack),
    numbered where two values would share a name."""
    files: dict[str, str] = {}
    for key in keys:
        stem = f"{name}-{re.sub(r'[^A-Za-z0-9_-]+', '-', key)}" if key else name
        file, n = f"{stem}.onnx", 2
        while file in files.values():
            file, n = f"{stem}-{n}.onnx", n + 1
        files[key] = file
    return files


def _input(name: str, values: np.ndarray) -> TaskInput:
    """A run-time input's entry: non-negative (the heads read log(1 + x)), its training range in the help."""
    return TaskInput(name, f"run-time input {name} (training rows: {values.min():g} to {values.max():g})", 0.0)


def _describe(protocol: Protocol, table: TaskTable, shared: bool) -> str:
    """The protocol in words, for the report."""
    folds = "leave one out" if protocol.folds == "loo" else f"{protocol.folds}-fold"
    held = "each group whole" if table.groups is not None else (
        "each file whole" if table.kind == "configuration" else "rows")
    stratified = "stratified, " if table.kind == "classification" and protocol.folds != "loo" else ""
    search = {"classification": "accuracy" + (", against the default vote unless it wins by one standard error"
                                              if protocol.inputs else ""),
              "regression": "squared error", "configuration": "mean log speedup, one-standard-error rule"}[table.kind]
    where = f"; one fit for every {table.selector} (its one-hot an input)" if shared else (
        f"; one head per {table.selector}" if table.selector else "")
    drawn = (f"; over {LARGE_ROWS} rows a head, each fit learns from {FIT_ROWS} of its training rows drawn by seed, "
             "among learners whose cost does not grow with the embedding's columns" if protocol.large else "")
    return (f"outer {folds} ({stratified}{held}), inner cross-validation on the outer training rows choosing among "
            f"{len(protocol.learners)} learners by {search}{where}{drawn}")
