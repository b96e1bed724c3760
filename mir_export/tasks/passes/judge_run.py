"""``mir-export passes judge``'s run: its inputs checked and named portably, the judge, its JSON and Markdown.

Every path the JSON names is relative to DATA (``labels/train.jsonl``) or, outside it, a bare file
name, so the results ship without the build machine's directories. The outputs are checked before
any long work and written beside, then renamed.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path

from mir_runtime.usage import UsageError

TASK = ("fewest IR instructions per module among the pass pipelines: count(Oz) / count(chosen), geometric mean "
        "over held-out modules")


def _name(path: Path, data: Path) -> str:
    """``path`` relative to DATA where it is inside it, else its file name."""
    full, root = os.path.abspath(path), os.path.abspath(data)
    return os.path.relpath(full, root) if full.startswith(root + os.sep) else path.name


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _writable(path: Path, flag: str) -> None:
    """A one-line UsageError unless ``path`` can be written (its folder made where missing)."""
    if path.is_dir():
        raise UsageError(f"{flag} {path}: is a directory")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"{flag} {path}: {exc.strerror}") from None
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise UsageError(f"{flag} {path}: not writable")


def write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    tmp.replace(path)


def _inputs(args: argparse.Namespace) -> tuple[Path, Path | None, Path | None]:
    train = args.train or args.data / "labels" / "train.jsonl"
    test = None if args.test_packages else (args.test or args.data / "labels" / "test.jsonl")
    if args.test_packages and args.test:
        raise UsageError("--test-packages splits --train's file: give it or --test, not both")
    pipelines = args.pipelines
    if pipelines is None and (args.data / "coreset" / "coreset.tsv").is_file():
        pipelines = args.data / "coreset" / "coreset.tsv"
    for path in (train, test, pipelines):
        if path is not None and not path.is_file():
            raise UsageError(f"{path}: no such file")
    if not (args.data / "ir").is_dir():
        raise UsageError(f"{args.data}: no ir/ folder (the modules the labels name)")
    return train, test, pipelines


def _manifest(labels: Path, data: Path) -> dict:
    """The labels file's name and sha256, and its manifest's (``manifest-SPLIT.json`` beside it)."""
    entry = {"file": _name(labels, data), "sha256": _sha256(labels)}
    manifest = labels.parent / f"manifest-{labels.stem}.json"
    if manifest.is_file():
        try:
            recorded = json.loads(manifest.read_text()).get("labels_sha256")
        except (json.JSONDecodeError, UnicodeDecodeError, AttributeError):
            raise UsageError(f"{manifest}: not a labels manifest (JSON object)") from None
        entry["manifest"] = {"file": _name(manifest, data), "sha256": _sha256(manifest), "labels_sha256": recorded}
    return entry


def run_judge(args: argparse.Namespace) -> int:
    from mir_export.evaluation.suite import Context
    from mir_export.tasks.passes.finetuned import FINETUNED
    from mir_export.tasks.passes.judge import FEATURES, judge
    from mir_export.tasks.passes.judge_report import markdown
    from mir_export.tasks.passes.pipelines import PipelineError, read_pipelines
    from mir_export.tasks.passes.task import LabelFileError, load_split
    from mir_runtime.model import default_model_dir

    if args.train_sample is not None and args.train_sample < 10:
        raise UsageError(f"--train-sample {args.train_sample}: give at least 10 modules (5 inner folds)")
    _writable(args.out, "--out")
    if args.markdown:
        _writable(args.markdown, "--markdown")
    train, test, pipeline_file = _inputs(args)
    try:
        pipelines = read_pipelines(pipeline_file) if pipeline_file else None
    except (PipelineError, UnicodeDecodeError) as exc:
        raise UsageError(str(exc)) from None
    try:
        split, left = load_split(args.data / "ir", train, test, args.test_packages,
                                 list(pipelines) if pipelines else None, args.train_sample)
    except LabelFileError as exc:
        raise UsageError(str(exc)) from None
    shared = left.pop("packages in both splits", [])
    if shared:
        print(f"judge: warning: packages in both splits (held-out packages are the bar): {', '.join(shared)}",
              file=sys.stderr)
    missing = [m for m in (*split.train.modules, *split.test.modules) if not (split.ir / m).is_file()]
    if missing:
        raise UsageError(f"{split.ir / missing[0]}: no such module ({len(missing)} of the labelled modules missing)")
    model = args.model or default_model_dir()
    if not (model / "manifest.json").is_file():
        raise UsageError(f"--model {model}: no manifest.json (a model directory)")
    cache = args.cache or args.data / "judge"
    random_model = _random_model(args, model, cache) if "random" in args.features else None
    print(f"judge: {len(split.train)} training and {len(split.test)} held-out modules; left out {left}",
          file=sys.stderr, flush=True)
    names = [n for n in (*FEATURES, FINETUNED) if n in args.features]
    try:
        found = judge(split, names, Context(model, random_model, args.jobs), cache, args.seed)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    inputs = {"train": _manifest(train, args.data), **({"test": _manifest(test, args.data)} if test else {}),
              "pipelines": ({"file": _name(pipeline_file, args.data), "sha256": _sha256(pipeline_file),
                             "passes": {n: pipelines[n] for n in found["pipelines"]}} if pipeline_file else None)}
    results = {"task": TASK, "inputs": inputs,
               "settings": {"test_packages": args.test_packages, "train_sample": args.train_sample, "features": names,
                            "seed": args.seed, "jobs": args.jobs,
                            "model": model.name, "random_model": random_model.name if random_model else None},
               "modules": {"train": len(split.train), "test": len(split.test), "left_out": left,
                           "packages_in_both_splits": shared}, **found}
    write_atomically(args.out, json.dumps(results, indent=1) + "\n")
    table = markdown(results)
    if args.markdown:
        write_atomically(args.markdown, table)
    sys.stdout.write(table)
    print(f"judge: {args.out}", file=sys.stderr)
    return 0


def _random_model(args: argparse.Namespace, model: Path, cache: Path) -> Path:
    """``--random-model``, else CACHE/random-model, made like the suite makes it when missing."""
    if args.random_model:
        if not (args.random_model / "manifest.json").is_file():
            raise UsageError(f"--random-model {args.random_model}: no manifest.json (a model directory)")
        return args.random_model
    made = cache / "random-model"
    if not (made / "manifest.json").is_file():
        from mir_export.export.random_model import random_model

        print(f"judge: making the random-weights model {made}", file=sys.stderr, flush=True)
        random_model(model, made, 0, f"mir-export random-model --like {model.name} --out random-model --seed 0")
    return made
