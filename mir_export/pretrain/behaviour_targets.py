"""The fourth pre-training task's targets: compiler-behaviour labels joined to the pre-training
functions, a subset of the label columns chosen on inner folds of the training packages, standardized.

Inputs are the label directories ``mir-export corpus behaviour`` wrote (its guards keep the size
task's packages and the evaluation data sets out) and a ``pretrain prepare`` directory: a label row
joins a sample by the function's key (``corpus.manifest.function_key``, which both compute from the same
statements). Only the training split's labels of training samples choose and scale the columns;
a held-out split's labels (``--split held-out``) are joined to the held-out samples, to measure the
task, never to choose it.

Which columns. Of the 889 (``corpus.behaviour.LABEL_NAMES``), most are zero almost everywhere (an
opcode that a pass never touches) or near-copies of one another (an instruction count under
``O1``, ``O2`` and ``Os``). A column enters when, on the training samples' labels:

1. it is non-zero in at least ``MIN_NONZERO`` of the functions (else the head learns a constant)
   and missing (a failed run) in at most ``MAX_MISSING``;
2. it transfers across packages: a model of the function's -O0 static features (the bag of
   opcodes, its size, loops and calls; boosted trees or a ridge, the better), fitted on the other
   packages' functions, explains at least ``MIN_R2`` of its variance in the held-out packages,
   pooled over grouped folds by package; a column whose relation to the code does not carry from
   one package to another is one the encoder could only memorize;
3. it is not a near-copy: taken by decreasing frequency, a column whose absolute correlation with
   one already kept reaches ``MAX_CORRELATION`` is left out.

The report keeps each candidate's figures: what a bag explains of each kept column, and so how much
of it is left for a model of the code's structure.
Values are standardized by the training functions' mean and deviation and clipped to
``[-CLIP, CLIP]``; NaN (a run that failed) stays NaN and is masked by the loss.
"""
from __future__ import annotations

import hashlib
import json
import warnings
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from mir_export.corpus.behaviour import FEATURES, LABEL_NAMES, label_vector

TARGETS = "behaviour-targets.npz"  # in the pre-training data directory, beside train.pkl
REPORT = "behaviour-report.json"
MIN_NONZERO = 0.05
MAX_MISSING = 0.05
MIN_R2 = 0.05
MAX_CORRELATION = 0.95
CLIP = 5.0
FOLDS = 5  # grouped by package; fewer when there are fewer packages


class TargetsError(Exception):
    """Labels or data that cannot make targets, as one line."""


@dataclass
class LabelTable:
    """The labels of one split: a row per labelled function (failed ones left out)."""

    split: str
    keys: list[str]
    packages: list[str]
    values: np.ndarray  # float32 [n, len(LABEL_NAMES)], NaN where a run failed
    bag: np.ndarray  # float32 [n, len(FEATURES)]: log(1 + each -O0 static feature)


def read_labels(directory: Path, keep: set[str] | None = None) -> LabelTable:
    """The labels ``mir-export corpus behaviour`` wrote into ``directory`` (those of functions in
    ``keep``, when given), refused unless written with this release's label columns."""
    from mir_export.corpus.behaviour_build import LABELS, MANIFEST
    from mir_export.corpus.behaviour_build import _read_jsonl as rows  # a line cut short by a labeller: passed over

    manifest_path = directory / MANIFEST
    if not manifest_path.is_file() or not (directory / LABELS).is_file():
        raise TargetsError(f"{directory}: no {LABELS} and {MANIFEST} (--labels: a 'mir-export corpus behaviour' --out)")
    manifest = json.loads(manifest_path.read_text())
    if manifest.get("labels", {}).get("names") != list(LABEL_NAMES):
        raise TargetsError(f"{manifest_path}: labels with other columns than this release's; label the corpus again")
    keys, packages, values, bag = [], [], [], []
    for row in rows(directory / LABELS):
        if "error" in row or "O0" not in row.get("features", {}) or (keep is not None and row["key"] not in keep):
            continue
        keys.append(row["key"])
        packages.append(row["package"])
        values.append(label_vector(row))
        bag.append(np.log1p(row["features"]["O0"]))
    shape = (len(keys), len(LABEL_NAMES))
    return LabelTable(manifest["split"], keys, packages, np.asarray(values, dtype=np.float32).reshape(shape),
                      np.asarray(bag, dtype=np.float32).reshape(len(keys), len(FEATURES)))


def package_folds(packages: list[str], folds: int = FOLDS) -> list[np.ndarray]:
    """Each fold's held-out rows: whole packages, dealt largest first to the fold with fewest rows."""
    counts = Counter(packages)
    k = min(folds, len(counts))
    if k < 2:
        raise TargetsError(f"labels of {len(counts)} package(s): choosing columns needs at least 2 to hold out")
    owner, sizes = {}, [0] * k
    for package, n in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        fold = sizes.index(min(sizes))
        owner[package], sizes[fold] = fold, sizes[fold] + n
    fold_of = np.array([owner[p] for p in packages])
    return [np.flatnonzero(fold_of == f) for f in range(k)]


def out_of_package_r2(x: np.ndarray, y: np.ndarray, folds: list[np.ndarray], learner: str) -> float:
    """R^2 of ``y`` predicted, for each fold, by ``learner`` (``trees`` or ``ridge``) fitted on the
    other folds' rows, pooled over all rows (rows with NaN left out)."""
    from lightgbm import LGBMRegressor
    from sklearn.linear_model import Ridge
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    known = ~np.isnan(y)
    predicted = np.full(len(y), np.nan)
    for held in folds:
        train = np.setdiff1d(np.flatnonzero(known), held)
        test = held[known[held]]
        if len(train) < 2 or len(test) == 0:
            continue
        model = (LGBMRegressor(n_estimators=100, learning_rate=0.1, num_leaves=15, min_child_samples=10,
                               n_jobs=1, verbose=-1, random_state=0) if learner == "trees"
                 else make_pipeline(StandardScaler(), Ridge(alpha=1.0)))
        with warnings.catch_warnings():  # LightGBM names the columns it fits; arrays carry none
            warnings.simplefilter("ignore", UserWarning)
            model.fit(x[train], y[train])
            predicted[test] = model.predict(x[test])
    scored = ~np.isnan(predicted)
    total = ((y[scored] - y[scored].mean()) ** 2).sum()
    return float(1 - ((y[scored] - predicted[scored]) ** 2).sum() / total) if total > 0 else float("nan")


def choose_columns(table: LabelTable, log=print) -> tuple[list[int], dict]:
    """The label columns the task predicts (indices into ``LABEL_NAMES``, by decreasing frequency)
    and the figures of every candidate (see the module's description)."""
    values = table.values
    missing = np.isnan(values).mean(0)
    nonzero = (np.nan_to_num(values) != 0).mean(0)
    frequent = [c for c in np.argsort(-nonzero, kind="stable")
                if nonzero[c] >= MIN_NONZERO and missing[c] <= MAX_MISSING]
    folds = package_folds(table.packages)
    log(f"behaviour targets: {len(frequent)} of {len(LABEL_NAMES)} columns frequent enough; "
        f"{len(folds)} folds by package of {len(table.keys)} functions")
    candidates: dict[str, dict] = {}
    kept: list[int] = []
    for c in frequent:
        figures = {"nonzero": round(float(nonzero[c]), 4)}
        figures |= {f"{learner}_r2": round(out_of_package_r2(table.bag, values[:, c], folds, learner), 4)
                    for learner in ("trees", "ridge")}
        candidates[LABEL_NAMES[c]] = figures
        if not max(figures["trees_r2"], figures["ridge_r2"]) >= MIN_R2:
            figures["left_out"] = "does not transfer across packages"
            continue
        twin = next((k for k in kept if abs(_correlation(values[:, c], values[:, k])) >= MAX_CORRELATION), None)
        if twin is not None:
            figures["left_out"] = f"near-copy of {LABEL_NAMES[twin]}"
            continue
        kept.append(int(c))
    log(f"behaviour targets: {len(kept)} columns kept")
    report = {"rule": {"min_nonzero": MIN_NONZERO, "max_missing": MAX_MISSING, "min_r2": MIN_R2,
                       "max_correlation": MAX_CORRELATION, "folds": len(folds),
                       "fold_packages": [sorted({table.packages[i] for i in f}) for f in folds]},
              "chosen": [LABEL_NAMES[c] for c in kept], "candidates": candidates}
    return kept, report


def _correlation(a: np.ndarray, b: np.ndarray) -> float:
    known = ~(np.isnan(a) | np.isnan(b))
    if known.sum() < 3 or a[known].std() == 0 or b[known].std() == 0:
        return 0.0
    return float(np.corrcoef(a[known], b[known])[0, 1])


@dataclass
class BehaviourTargets:
    """Standardized targets of the chosen columns by function key, and the file's sha256 (a run
    resumes only with the same)."""

    columns: list[str]
    index: dict[str, int]  # function key -> row of values
    values: np.ndarray  # float32 [rows, columns], NaN where unknown
    sha256: str

    def rows(self, keys) -> tuple[np.ndarray, np.ndarray]:
        """The targets of ``keys`` ``[len(keys), columns]`` (NaN for a function without labels)
        and which keys have labels."""
        found = np.array([k in self.index for k in keys], dtype=bool)
        out = np.full((len(keys), len(self.columns)), np.nan, dtype=np.float32)
        if found.any():
            out[found] = self.values[[self.index[k] for k, f in zip(keys, found) if f]]
        return out, found


def load_targets(path: Path) -> BehaviourTargets:
    """The targets ``build_targets`` wrote to ``path``, keyed for the training loop's look-ups."""
    with np.load(path, allow_pickle=False) as data:
        keys = data["keys"].tolist()
        return BehaviourTargets(data["columns"].tolist(), {k: i for i, k in enumerate(keys)},
                                data["values"].astype(np.float32), hashlib.sha256(path.read_bytes()).hexdigest())


def build_targets(data: Path, labels: list[Path], log=print, command: str | None = None) -> dict:
    """``DATA/behaviour-targets.npz`` and ``DATA/behaviour-report.json`` from the label directories
    ``labels`` (one of the training split, optionally one of the held-out split) and the samples of
    the ``pretrain prepare`` directory ``data``; returns the report. Made again from scratch each
    time (minutes for the whole corpus): labelling resumes, this step only reads its output."""
    from mir_export.pretrain.prepare import load_samples

    train_keys = {s.key for s in load_samples(data / "train.pkl")}
    eval_keys = {s.key for s in load_samples(data / "eval.pkl")}
    tables = {}
    for directory in labels:
        table = read_labels(directory, train_keys | eval_keys)
        if table.split in tables:
            raise TargetsError(f"{directory}: a second label directory of the {table.split} split")
        tables[table.split] = table
    if "train" not in tables:
        raise TargetsError("--labels: no directory of the training split (the columns are chosen on it)")
    train = tables["train"]
    inside = np.array([k in train_keys for k in train.keys], dtype=bool)
    train = LabelTable("train", [k for k, i in zip(train.keys, inside) if i],
                       [p for p, i in zip(train.packages, inside) if i], train.values[inside], train.bag[inside])
    if len(train.keys) < 10:
        raise TargetsError(f"{len(train.keys)} training functions of {data} have labels; at least 10 are needed")
    chosen, report = choose_columns(train, log)
    if not chosen:
        raise TargetsError("no label column passes the rule; more labelled functions are needed")
    mean = np.nanmean(train.values[:, chosen], 0)
    std = np.maximum(np.nanstd(train.values[:, chosen], 0), 1e-6)
    keys, values, split = list(train.keys), [train.values[:, chosen]], ["train"] * len(train.keys)
    held = tables.get("held-out")
    if held is not None:
        mine = np.array([k in eval_keys and k not in train_keys for k in held.keys], dtype=bool)
        keys += [k for k, m in zip(held.keys, mine) if m]
        values.append(held.values[mine][:, chosen])
        split += ["held-out"] * int(mine.sum())
    standardized = np.clip((np.concatenate(values) - mean) / std, -CLIP, CLIP).astype(np.float32)
    tmp = data / (TARGETS + ".tmp.npz")
    np.savez_compressed(tmp, keys=np.array(keys), split=np.array(split), columns=np.array(report["chosen"]),
                        values=standardized, mean=mean.astype(np.float32), std=std.astype(np.float32))
    tmp.replace(data / TARGETS)
    report |= {"labels": [str(p.resolve()) for p in labels], "command": command,
               "functions": {"train_samples": len(train_keys), "train_labelled": len(train.keys),
                             "eval_samples": len(eval_keys), "eval_labelled": split.count("held-out"),
                             "train_packages": dict(Counter(train.packages))},
               "sha256": hashlib.sha256((data / TARGETS).read_bytes()).hexdigest()}
    (data / REPORT).write_text(json.dumps(report, indent=1) + "\n")
    return report
