"""What ``mir-export export``, ``export-blocks``, ``repool``, ``promote``, ``whiten`` and
``random-model`` do, once their arguments are parsed (``export.cli``)."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from mir_export.export.provenance import provenance, read_json
from mir_runtime.usage import UsageError

PARITY_FUNCTIONS = 200  # held-out functions on which export compares onnxruntime with torch


def trained_pooling(run: Path) -> str:
    """The layout a run trained the pooled embedding in (a 'contrastive' run records it), else
    the default: exporting a contrastive run in another layout would ship vectors it never shaped."""
    from mir_runtime.pooling import MEAN_MAX_SIZE

    return json.loads((run / "pretrain-result.json").read_text())["train_config"].get("pooling", MEAN_MAX_SIZE)


def trained_promoted(run: Path) -> bool:
    """Whether a run's samples were read with their locals promoted (a 'contrastive' run from a
    model whose manifest says promote_allocas): its export must read modules so too."""
    return bool(json.loads((run / "pretrain-result.json").read_text())["train_config"].get("promote_allocas"))


def run_export(args: argparse.Namespace) -> int:
    import random

    from mir_export.export.encoders import export, parity, update_manifest
    from mir_export.pretrain.load import exported_model
    from mir_export.pretrain.prepare import load_samples

    for needed in (args.run / "checkpoint.pt", args.run / "pretrain-result.json", args.data / "tokenizer.json",
                   args.data / "eval.pkl"):
        if not needed.is_file():
            raise UsageError(f"{needed}: missing (--run: a 'pretrain train' directory, --data: a 'prepare' one)")
    tasks = read_json(args.run / "pretrain-result.json").get("train_config", {}).get("tasks", [])
    if args.teacher_space and "distill" not in tasks:
        raise UsageError(f"{args.run}: --teacher-space needs a distilled run (its tasks: {', '.join(tasks) or 'none'})")
    held_out = load_samples(args.data / "eval.pkl")
    if not held_out:  # a run on packed samples has none: its held-out side stayed with the pack's run directory
        raise UsageError(f"{args.data / 'eval.pkl'}: no held-out functions to check the export against "
                         "(for a run on --samples, --data is the --run directory of 'pretrain pack')")
    extra = provenance(args, corpus_manifest(args)) | ({"promote_allocas": True} if trained_promoted(args.run) else {})
    manifest = export(args.run / "checkpoint.pt", args.data / "tokenizer.json", args.out, extra,
                      args.pooling or trained_pooling(args.run), args.teacher_space)
    checked = random.Random(0).sample(held_out, min(PARITY_FUNCTIONS, len(held_out)))
    figures = parity(args.out, exported_model(args.run / "checkpoint.pt", args.teacher_space), checked)
    manifest = update_manifest(args.out, [], parity=figures)
    print(json.dumps({"files": manifest["files"], "parity": figures}, indent=2))
    return 0


def run_export_blocks(args: argparse.Namespace) -> int:
    """``graph_nodes.onnx`` and ``graph_layer.onnx`` (and ``graph_readout.onnx`` for a model with
    readouts) from the weights of ``--model``'s ``graph_encoder.onnx`` (sha256-checked), listed
    in its manifest."""
    from mir_export.pretrain.onnx_weights import encoder_from_onnx
    from mir_export.export.encoders import export_graph_blocks, update_manifest
    from mir_runtime.modeldir import ModelFileError

    try:
        model = encoder_from_onnx(args.model)
    except ModelFileError as exc:
        raise UsageError(str(exc)) from None
    files = export_graph_blocks(model, args.model)
    commands = read_json(args.model / "manifest.json").get("training", {}).get("commands", [])
    update_manifest(args.model, files,
                    training={"commands": _recorded(commands, f"mir-export export-blocks --model {args.model.name}")})
    print(f"{args.model}: wrote {', '.join(files)}")
    return 0


def run_repool(args: argparse.Namespace) -> int:
    """``pooling`` and ``embedding_size`` of ``--model``'s manifest set to ``--pooling``'s; the
    task packs, whose heads take embeddings of the old size, are dropped."""
    from mir_runtime.pooling import embedding_size

    def change(raw: dict, manifest) -> str:
        raw["pooling"], raw["embedding_size"] = args.pooling, embedding_size(args.pooling, manifest.vector_size)
        return f"pooling {args.pooling}, embedding_size {raw['embedding_size']}"

    return _change_embedding(args.model, change, f"mir-export repool --model {args.model.name} --pooling {args.pooling}")


def run_promote(args: argparse.Namespace) -> int:
    """``promote_allocas`` of ``--model``'s manifest set (``--off``: cleared); the task packs, whose heads
    learned from embeddings of the other front end, are dropped (unless
    the flag was already so)."""
    wanted = not args.off

    def change(raw: dict, manifest) -> str | None:
        if manifest.promote_allocas == wanted:
            return None
        raw["promote_allocas"] = wanted
        return f"promote_allocas {'on' if wanted else 'off'}"

    return _change_embedding(args.model, change,
                          f"mir-export promote --model {args.model.name}" + (" --off" if args.off else ""))


def _change_embedding(model: Path, change, command: str) -> int:
    """``change(raw manifest, parsed manifest)`` applied to ``model``'s manifest (it returns what it
    did, or None for nothing), then its task packs dropped with the task
    metrics (they learned from embeddings the change makes different), and ``command`` recorded."""
    import shutil

    from mir_runtime.modeldir import ModelDirectory, ModelFileError
    from mir_runtime.packs import MODEL_TASKS

    try:
        manifest = ModelDirectory(model).manifest
    except ModelFileError as exc:
        raise UsageError(str(exc)) from None
    path = model / "manifest.json"
    raw = read_json(path)
    done = change(raw, manifest)
    if done is None:
        print(f"{model}: unchanged")
        return 0
    packs = model / MODEL_TASKS
    heads = sorted(p.name for p in packs.iterdir() if p.is_dir()) if packs.is_dir() else []
    if heads:
        shutil.rmtree(packs)
    raw.get("metrics", {}).pop("tasks", None)
    training = raw.setdefault("training", {})
    training["commands"] = _recorded(training.get("commands", []), command)
    path.write_text(json.dumps(raw, indent=2) + "\n")
    print(f"{model}: {done}" + (f"; task packs {', '.join(heads)} dropped (export them again)" if heads else ""))
    return 0


def run_whiten(args: argparse.Namespace) -> int:
    """``--model``'s whitening (``mir_export.export.whitening``): the corpus stage from ``--corpus``'s
    training modules, or the within-function stage from ``--variants``; written into the
    directory with a ``whitening`` section and the command in its manifest."""
    from mir_runtime.modeldir import ModelDirectory, ModelFileError

    if args.modules < 2 or args.functions < 2 or args.jobs < 1:
        raise UsageError("--modules and --functions must be at least 2 and --jobs at least 1")
    try:
        ModelDirectory(args.model)
    except ModelFileError as exc:
        raise UsageError(str(exc)) from None
    return _whiten_within(args) if args.variants is not None else _whiten_corpus(args)


def _whiten_corpus(args: argparse.Namespace) -> int:
    from mir_export.export.encoders import update_manifest
    from mir_export.export.whitening import training_modules, write_whitening
    from mir_runtime.modeldir import MANIFEST, WHITENING, file_sha256

    if not (args.corpus / "ir").is_dir():
        raise UsageError(f"--corpus {args.corpus}: no ir/ directory (not written by 'mir-export corpus build')")
    paths, counts = training_modules(args.corpus, args.modules, args.seed)
    if len(paths) < 2:
        raise UsageError(f"--corpus {args.corpus}: {len(paths)} training modules; the statistics need at least 2")
    corpus_manifest = args.corpus / "corpus-manifest.json"
    section = write_whitening(args.model, paths, args.jobs) | {"sample": counts, "corpus_manifest_sha256": (
        file_sha256(corpus_manifest) if corpus_manifest.is_file() else None)}
    raw = read_json(args.model / MANIFEST)
    commands = _recorded(raw.get("training", {}).get("commands", []),
                         f"mir-export whiten --model {args.model.name} --corpus CORPUS --modules {args.modules} "
                         f"--seed {args.seed}")  # replaces both stages' commands: the file has one stage now
    update_manifest(args.model, [WHITENING], replace=("whitening",), whitening=section,
                    training={"commands": commands})
    print(f"{args.model}: {WHITENING} from {len(paths)} training modules (shrinkage {section['shrinkage']:.4f})")
    return 0


def _whiten_within(args: argparse.Namespace) -> int:
    from mir_export.corpus.variant_build import MANIFEST as VARIANTS_MANIFEST
    from mir_export.export.encoders import update_manifest
    from mir_export.corpus.pairs import ProxyError
    from mir_export.export.whitening import write_within_stage
    from mir_runtime.modeldir import MANIFEST, WHITENING, file_sha256

    raw = read_json(args.model / MANIFEST)
    if "whitening" not in raw or not (args.model / WHITENING).is_file():
        raise UsageError(f"--model {args.model}: no whitening to add a stage to (run 'mir-export whiten --corpus' first)")
    try:
        stage = write_within_stage(args.model, args.variants, args.functions, args.seed, args.jobs)
    except (ProxyError, ValueError) as exc:
        raise UsageError(f"--variants {args.variants}: {exc}") from None
    stage["variants_manifest_sha256"] = file_sha256(args.variants / VARIANTS_MANIFEST)
    command = (f"mir-export whiten --model {args.model.name} --variants VARIANTS --functions {args.functions} "
               f"--seed {args.seed}")
    commands = _recorded(raw.get("training", {}).get("commands", []), command, words=5)
    update_manifest(args.model, [WHITENING], replace=("whitening",), whitening=raw["whitening"] | {"variants": stage},
                    training={"commands": commands})
    print(f"{args.model}: {WHITENING} with a within-function stage from {stage['files']} files of "
          f"{stage['sampled']} training functions (shrinkage {stage['shrinkage']:.4f})")
    return 0


def _recorded(commands: list[str], command: str, words: int = 2) -> list[str]:
    """``training.commands`` with ``command`` last, in place of an earlier run of the same
    subcommand, its first ``words`` words alike (recorded with the model directory's name: the
    commands' placeholder style)."""
    subcommand = " ".join(command.split()[:words]) + " "
    return [c for c in commands if not c.startswith(subcommand)] + [command]


def corpus_manifest(args: argparse.Namespace) -> Path:
    """``--corpus-manifest``, else the manifest of the corpus that ``prepare`` read into ``--data``."""
    from mir_export.corpus.manifest import MANIFEST

    path = args.corpus_manifest
    if path is None:
        corpus = read_json(args.data / "data-report.json").get("corpus")
        if corpus is None:
            raise UsageError(f"{args.data}: data-report.json does not say which corpus 'prepare' read; "
                             "give --corpus-manifest")
        path = Path(corpus) / MANIFEST
    if not path.is_file():
        raise UsageError(f"{path}: no corpus manifest there; give --corpus-manifest")
    return path.resolve()


def run_random_model(args: argparse.Namespace) -> int:
    """``random-model``: the files written."""
    from mir_export.export.random_model import random_model
    from mir_runtime.modeldir import ModelFileError

    try:
        manifest = random_model(args.like, args.out, args.seed, args.invocation)
    except ModelFileError as exc:
        raise UsageError(str(exc)) from None
    print(f"{args.out}: {', '.join(manifest['files'])}")
    return 0
