"""``mir-export downstream devmap|coarsening|vectorize|export-heads``: score the embedding on the
published protocols (and on vectorization, measured on this machine) beside the baselines, and
train the heads that ship with the model."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from mir_export.corpus.manifest import default_datasets
from mir_export.evaluation.datasets import DATASET_TASKS, FEATURES, PLATFORMS, TASKS

SUITE_FEATURES = ("runtime", "opcodes", "tfidf", "ir2vec", "random", "ours")  # suite.FEATURES, without importing it


def add_commands(sub) -> None:
    down = sub.add_parser("downstream",
                          help="device mapping, thread coarsening, vectorization: evaluation and task heads")
    cmds = down.add_subparsers(dest="downstream_command", required=True)
    for task, features, help in (
        ("devmap", "ours,runtime,ir2vec", "CPU/GPU mapping, stratified and kernel-grouped 10-fold CV per platform"),
        ("coarsening", "ours,ir2vec", "thread-coarsening factor, leave one kernel out per GPU"),
        ("vectorize", "ours,ir2vec", "loop vectorization factor and interleave count, loop families held out"),
    ):
        cmd = cmds.add_parser(task, help=help)
        _common(cmd)
        cmd.add_argument("--seeds", type=int, default=3, help="repeat over seeds 0..N-1 (default 3)")
        cmd.add_argument("--out", type=Path, required=True, help="directory for results.json and results.md")
        if task == "devmap":
            cmd.add_argument("--platforms", default=",".join(PLATFORMS),
                             help="comma-separated (default: all); runs of one platform each may share a checkpoint")
            cmd.add_argument("--checkpoint", type=Path, default=None,
                             help="finished (platform, protocol, feature set, seed) runs, reused when the command "
                                  "is run again (default: OUT/checkpoint.jsonl; delete it after changing the model)")
        if task == "vectorize":
            _vectorize_inputs(cmd)
            cmd.add_argument("--stability", type=Path, default=None, metavar="DIR",
                             help="a re-measurement of some of the kernels (a 'vectorize measure' folder): the "
                                  "labels' stability goes to the results")
            cmd.add_argument("--ir2vec-ir", type=Path, default=None, metavar="DIR",
                             help="the kernels' IR for IR2Vec (default: --ir); IR2Vec 2.1.1 rejects a third of "
                                  "clang-19's opaque-pointer files: give 'vectorize ir --clang clang-14' output")
            cmd.add_argument("--random-model", type=Path, default=None, metavar="DIR",
                             help="the random-weights model of the 'random' feature set ('mir-export random-model "
                                  "--like MODEL --out DIR --seed 0')")
        cmd.add_argument("--features", default=features,
                         help=f"comma-separated, from {', '.join(FEATURES[task])}; text/graph: one half of our "
                              f"embedding (default {features})")
    suite = cmds.add_parser("suite", help="every task, every feature set, one learner search: results.json, results.md",
                            description="Every registered task (device mapping in three protocols, thread coarsening "
                                        "strict and pooled) for every feature set through the same learner search "
                                        "on the same folds, with paired statistics. Resumable: finished folds are "
                                        "kept in OUT/checkpoint.jsonl and features in OUT/features.")
    _common(suite)
    suite.add_argument("--out", type=Path, required=True, help="directory for results.json, results.md, the checkpoint")
    suite.add_argument("--features", default=",".join(SUITE_FEATURES),
                       help=f"comma-separated, from {', '.join(SUITE_FEATURES)} (default: all)")
    suite.add_argument("--tasks", default=None, help="comma-separated task names (default: all registered)")
    suite.add_argument("--seeds", type=int, default=None, help="repeat over seeds 0..N-1 (default 3; --quick: 1)")
    suite.add_argument("--random-model", type=Path, default=None, metavar="DIR",
                       help="the random-weights model (default: OUT/random-model, made by 'mir-export random-model "
                            "--like MODEL --seed 0' when missing)")
    suite.add_argument("--quick", action="store_true",
                       help="the reduced form: a few hundred rows, three folds, two cheap learners, one seed")
    from mir_export.tasks.size.cli import add_command as add_size_labels

    add_size_labels(cmds)
    heads = cmds.add_parser("export-heads", help="train the final heads on every row, written as task packs")
    _common(heads)
    heads.add_argument("--out", type=Path, required=True,
                       help="directory whose tasks/NAME receive the packs; when it holds the model's "
                            "manifest.json (--out = --model), the model serves them and --results' figures go to "
                            "its metrics")
    heads.add_argument("--seed", type=int, default=0, help="seed of the heads' training")
    heads.add_argument("--tasks", default=",".join(DATASET_TASKS),
                       help=f"comma-separated, from {', '.join(TASKS)} (default: {','.join(DATASET_TASKS)}); the "
                            "model directory's other heads stay")
    _vectorize_inputs(heads, required=False)
    heads.add_argument("--results", type=Path, nargs="*", default=[], metavar="RESULTS_JSON",
                       help="results.json of this model's runs of these tasks: their figures go to metrics.tasks")


def _vectorize_inputs(cmd: argparse.ArgumentParser, required: bool = True) -> None:
    need = "" if required else " (vectorize only)"
    cmd.add_argument("--measured", type=Path, nargs="+", required=required, default=[], metavar="DIR",
                     help=f"folders written by 'mir-export vectorize measure' on one machine{need}")
    cmd.add_argument("--ir", type=Path, required=required, default=None,
                     help=f"the kernels' IR, written by 'mir-export vectorize ir'{need}")


def _common(cmd: argparse.ArgumentParser) -> None:
    cmd.add_argument("--model", type=Path, required=True, help="a model directory written by 'mir-export export'")
    cmd.add_argument("--datasets", type=Path, default=None,
                     help="the evaluation data sets (default: $MIR_DATASETS or ../shared/datasets)")
    cmd.add_argument("--threads", type=int, default=1, help="torch threads for training the heads (default 1)")


def run(args: argparse.Namespace) -> int:
    if args.downstream_command == "size-labels":
        from mir_export.tasks.size.cli import run as size_labels

        return size_labels(args)
    import torch

    torch.set_num_threads(args.threads)
    datasets = args.datasets or default_datasets()
    if args.downstream_command == "export-heads":
        try:
            return _export_heads(args, datasets)
        except ValueError as exc:
            raise SystemExit(f"mir-export downstream export-heads: {exc}") from None
    if args.downstream_command == "suite":
        return _suite(args, datasets)
    from mir_export.tasks.coarsening.experiment import run_coarsening
    from mir_export.tasks.devmap.experiment import run_devmap
    from mir_export.tasks.vectorize.experiment import run_vectorize
    from mir_export.evaluation.report import write_report

    seeds, features = list(range(args.seeds)), args.features.split(",")
    try:
        if args.downstream_command == "vectorize":
            results = run_vectorize(args.measured, args.ir, args.model, seeds, features, args.stability,
                                    args.ir2vec_ir, args.random_model)
        elif args.downstream_command == "devmap":
            results = run_devmap(datasets, args.model, seeds, features,
                                 args.checkpoint or args.out / "checkpoint.jsonl", args.platforms.split(","))
        else:
            results = run_coarsening(datasets, args.model, seeds, features)
    except ValueError as exc:
        raise SystemExit(f"mir-export downstream {args.downstream_command}: {exc}") from None
    write_report(results, args.out)
    print((args.out / "results.md").read_text())
    return 0


def _export_heads(args: argparse.Namespace, datasets: Path) -> int:
    from mir_export.tasks.export_heads import export_heads, record_figures
    from mir_export.evaluation.report import task_metrics

    tasks = tuple(args.tasks.split(","))
    if set(tasks) - set(TASKS):
        raise ValueError(f"--tasks: unknown {sorted(set(tasks) - set(TASKS))} ({', '.join(TASKS)})")
    if ("vectorize" in tasks) != bool(args.measured and args.ir):
        raise ValueError("--measured and --ir go with --tasks ...,vectorize, and it needs both")
    figures = {r["task"]: task_metrics(r) for r in (json.loads(p.read_text()) for p in args.results)}
    if set(figures) - set(tasks):
        raise ValueError(f"--results: figures of {sorted(set(figures) - set(tasks))}, whose heads are not exported now")
    packs = export_heads(datasets, args.model, args.out, args.seed, tasks, tuple(args.measured), args.ir, figures)
    if (args.out / "manifest.json").exists() and figures:
        record_figures(args.out, figures)
    print(json.dumps({task: str(path) for task, path in packs.items()}, indent=2))
    return 0


def _suite(args: argparse.Namespace, datasets: Path) -> int:
    from mir_export.evaluation.suite import Context, run_suite
    from mir_export.evaluation.suite_report import write_suite
    from mir_export.tasks.suite_tasks import TASKS as SUITE_TASKS
    from mir_runtime.modeldir import ModelFileError

    fail = "mir-export downstream suite: "
    names = args.tasks.split(",") if args.tasks else list(SUITE_TASKS)
    features = args.features.split(",")
    if set(names) - set(SUITE_TASKS):
        raise SystemExit(f"{fail}--tasks: unknown {sorted(set(names) - set(SUITE_TASKS))} ({', '.join(SUITE_TASKS)})")
    if set(features) - set(SUITE_FEATURES):
        raise SystemExit(f"{fail}--features: unknown {sorted(set(features) - set(SUITE_FEATURES))} "
                         f"({', '.join(SUITE_FEATURES)})")
    random_model = args.random_model or args.out / "random-model"
    try:
        if "random" in features and not (random_model / "manifest.json").exists():
            from mir_export.export.random_model import random_model as make_random_model

            make_random_model(args.model, random_model, 0, f"mir-export random-model --like {args.model} "
                                                         f"--out {random_model} --seed 0")
        tasks = [SUITE_TASKS[name](datasets, args.quick) for name in names]
        seeds = list(range(args.seeds or (1 if args.quick else 3)))
        results = run_suite(tasks, features, Context(args.model, random_model if "random" in features else None),
                            seeds, args.out, args.quick)
    except (ValueError, OSError, ModelFileError) as exc:
        raise SystemExit(f"{fail}{exc}") from None
    write_suite(results, args.out)
    print((args.out / "results.md").read_text())
    return 0
