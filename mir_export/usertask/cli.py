"""``mir-export task fit``: a user's labelled table to a task pack, with its report."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import numpy as np

from mir_runtime.usage import Formatter, UsageError

TASKS_EXTRA = "pip install 'mir-runtime[cpu,tasks]'"


def add_commands(sub) -> None:
    task = sub.add_parser("task", help="your own tuning task: fit heads on the frozen embedding, as a task pack",
                          formatter_class=Formatter)
    cmds = task.add_subparsers(dest="task_command", required=True)
    fit = cmds.add_parser(
        "fit", formatter_class=Formatter, help="fit, evaluate and write a task pack from a table of IR files and labels",
        description="Embed every IR file of TABLE (a CSV or Parquet table), evaluate the heads by nested "
                    "cross-validation beside the baselines (the run-time inputs alone, the opcode histogram), print the "
                    "report, and write the heads, task.json and report.md into OUT, a pack that 'mir-runtime predict "
                    "--tasks OUT' serves.")
    fit.add_argument("table", type=Path, metavar="TABLE", help="a .csv or .parquet table with a file column (IR paths, "
                     "relative to the table's folder) and the target")
    fit.add_argument("--name", required=True, help="the task's name (letters, digits, - and _), as predict --task takes it")
    fit.add_argument("--kind", choices=("classification", "regression", "configuration"), default="classification",
                     help="a class label per file, a number per file, or a run time per (file, configuration)")
    fit.add_argument("--out", type=Path, required=True, help="the pack directory to write")
    fit.add_argument("--target", default="target", help="the column of labels (classification) or numbers (regression)")
    fit.add_argument("--inputs", default="", help="comma-separated columns of run-time inputs (non-negative numbers, "
                     "such as bytes transferred), given to predict as --NAME (default: none)")
    fit.add_argument("--group", default=None, help="a column naming each row's program: its rows stay in one fold "
                     "(default: none, every file its own)")
    fit.add_argument("--selector", default=None, help="a column such as platform: one head per value, chosen at "
                     "predict time by --COLUMN VALUE (default: one head)")
    fit.add_argument("--config", default="config", help="configuration tasks: the column naming the configuration")
    fit.add_argument("--runtime", default="runtime", help="configuration tasks: the column of run times (lower is better)")
    fit.add_argument("--default", default=None, help="configuration tasks: the configuration kept unless another is "
                     "predicted faster (default: the first one in the table)")
    fit.add_argument("--share-selector", action="store_true", help="configuration tasks: one fit on every selector "
                     "value's rows, the value an input (for few rows per value, as thread coarsening across GPUs)")
    fit.add_argument("--unit", default="", help="regression: what the value measures (default: the target's name)")
    fit.add_argument("--description", default="", help="what the task predicts, shown by 'mir-runtime tasks' "
                     "(default: made from the table)")
    fit.add_argument("--folds", default="5", help="outer folds, or 'loo' to leave one group (or file) out at a time")
    fit.add_argument("--seeds", type=int, default=1, help="repeat the outer folds over seeds 0..N-1")
    fit.add_argument("--no-baselines", action="store_true", help="skip the baselines' evaluation (faster; the report "
                     "then has no comparison)")
    fit.add_argument("--model", type=Path, default=None, help="the model directory (default: $MIR_MODEL, else the "
                     "shipped model)")
    fit.add_argument("--cache", type=Path, default=os.environ.get("MIR_CACHE") or None,
                     help="keep embeddings here across runs (default: $MIR_CACHE, else none)")
    fit.add_argument("--workers", type=int, default=None, help="processes embedding files side by side (default: "
                     "every core)")
    fit.add_argument("--keep-going", action="store_true", help="drop the rows whose IR file is missing or not "
                     "readable, saying how many, instead of stopping at the first")


def run(args: argparse.Namespace) -> int:
    try:
        return _fit(args)
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.split(".")[0] in ("mir_runtime", "mir_export"):
            raise
        raise UsageError(f"task fit needs the [tasks] extra (no module {exc.name!r}): {TASKS_EXTRA}") from None


def _folds(text: str) -> int | str:
    if text == "loo":
        return text
    try:
        folds = int(text)
    except ValueError:
        raise UsageError(f"--folds must be a number or 'loo', not {text!r}") from None
    if folds < 2:
        raise UsageError(f"--folds must be at least 2, not {folds}")
    return folds


def _check_out(out: Path) -> None:
    """Refuse an ``--out`` the pack cannot be written into, before any work (not after the whole fit)."""
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out}: a file, not a directory for the pack")
    if out.is_dir() and any(out.iterdir()) and not (out / "task.json").is_file():
        raise UsageError(f"--out {out}: a directory that holds something other than a task pack")
    existing = next(p for p in (out, *out.absolute().parents) if p.exists())
    if not existing.is_dir():
        raise UsageError(f"--out {out}: {existing} is a file, so the pack's directory cannot be made")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise UsageError(f"--out {out}: {existing} is not writable")


def _check_option_names(inputs: tuple[str, ...], selector: str | None) -> None:
    """A run-time input or selector becomes an option of ``mir-runtime predict`` (``--NAME``): refuse
    a name it cannot be, or one of predict's own options (``--threads``), which would break it."""
    from mir_runtime.tasks import OPTION_NAME, RESERVED_NAMES

    for name, what in [*((i, "--inputs") for i in inputs), *(((selector, "--selector"),) if selector else ())]:
        if not OPTION_NAME.fullmatch(name):
            raise UsageError(f"{what} {name!r}: a column served as predict --{name} must be letters, digits, '-' "
                             "or '_'")
        if name.lower() in RESERVED_NAMES:
            raise UsageError(f"{what} {name!r}: named like predict's own --{name.lower()}, so predict could not "
                             "take it; rename the column")
    if len(set(inputs)) != len(inputs) or selector in inputs:
        raise UsageError("--inputs and --selector name one column twice")


def _fit(args: argparse.Namespace) -> int:
    from mir_export.usertask.fitting import fit_task
    from mir_export.usertask.report import markdown
    from mir_export.usertask.table import TableError, read_table
    from mir_runtime import IRParseError
    from mir_runtime.model import Model, default_model_dir
    from mir_runtime.modeldir import ModelFileError
    from mir_runtime.model import StoreError

    folds = _folds(args.folds)
    if not args.name.replace("-", "").replace("_", "").isalnum():
        raise UsageError(f"--name must be letters, digits, '-' or '_', not {args.name!r}")
    if args.seeds < 1:
        raise UsageError(f"--seeds must be at least 1, not {args.seeds}")
    _check_out(args.out)
    inputs = tuple(c.strip() for c in args.inputs.split(",") if c.strip())
    _check_option_names(inputs, args.selector)
    try:
        table = read_table(args.table, args.kind, args.target, inputs, args.group, args.selector, args.config,
                           args.runtime, args.default)
        missing = np.array([not f.is_file() for f in table.files])
        if missing.any():
            first = int(np.flatnonzero(missing)[0])
            if not args.keep_going:
                raise TableError(f"{args.table}:{table.lines[first]}: {table.files[first]}: no such IR file "
                                 f"({int(missing.sum())} missing; --keep-going drops their rows)")
            print(f"mir-export task fit: {int(missing.sum())} rows dropped: their IR file is missing", file=sys.stderr)
            table = table.subset(~missing)
        model_dir = args.model or default_model_dir()
        model = Model.load(model_dir, precision="fp32", cache=args.cache)
        model.engine  # opens the --cache store now: an unusable one is one line before any file is embedded
        unique = list(dict.fromkeys(str(f) for f in table.files))
        workers = max(1, min(args.workers or len(os.sched_getaffinity(0)), len(unique)))
        vectors, failed = {}, {}
        for path, vector in model.iter_embed(unique, workers=workers, keep_going=True):
            (failed if isinstance(vector, IRParseError) else vectors)[path] = vector
        if failed:
            first = next(iter(failed.values()))
            if not args.keep_going:
                raise TableError(f"{first} ({len(failed)} files not readable IR; --keep-going drops their rows)")
            print(f"mir-export task fit: {len(failed)} files not readable IR, their rows dropped (first: {first})",
                  file=sys.stderr)
            table = table.subset(np.array([str(f) not in failed for f in table.files]))
        embeddings = np.stack([vectors[str(f)] for f in table.files])
        fitted = fit_task(table, embeddings, args.name, model_dir, args.description, args.unit, folds, args.seeds,
                          args.share_selector, not args.no_baselines)
    except (TableError, ModelFileError, StoreError) as exc:
        raise UsageError(str(exc)) from None
    out = fitted.save(args.out)
    print(markdown(fitted.report))
    print(json.dumps({"pack": str(out), "task": args.name, "heads": list(fitted.task.heads.values())}))
    return 0
