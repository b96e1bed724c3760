"""What the frozen pre-trained encoder saves: three ways to learn device mapping, measured on the
same folds, machine and threads.

- ``head``: the runtime embeds every file once (the cache a user keeps), and the task head is
  trained per fold: the learner chosen for the shipped head of that platform by the nested
  selection (``task_heads.selected`` in the model's manifest; the MLP for a model without it);
- ``gnn``: a relational GCN trained from scratch per fold on ProGraML graphs (``rgcn``);
- ``finetune``: the whole pre-trained encoder and a head trained end to end per fold (``finetune``).

Each option is a per-file front end (``load``: a file to the option's input) and a ``fit``
(training rows to a predictor). Measured per option: ``prepare_seconds`` (the front end over every
distinct file, once per run), training time per fold, accuracy on the test rows, and inference per
kernel two ways: ``fresh`` (from the file on disk: front end + model, a kernel never seen) and
``cached`` (the model alone on the kernel's prepared input: a long-running tuner's repeated
queries on a kernel it has embedded, or parsed, before); and peak memory.

The run is resumable: every finished (option, platform, fold) is one line of a JSON-lines file,
and a later run (another session) skips what is there, so the full 10 folds of both platforms
(about 6 hours on 2 cores) complete over several runs. Lines from another configuration,
encoder or pooling are ignored, and ``head`` lines of another devmap learner (``fingerprint``;
re-exported task heads keep them). The summary counts a (platform, fold) as completed when all three options finished it.

Peak memory is the resident set size (``/proc/self/statm``, sampled every 5 ms by a thread)
while an option trains and tests on one fold, above the RSS at its start, after garbage collection
and ``malloc_trim`` have handed free heap back to the system (else memory an earlier option freed
would be reused unseen); the option's figure is the largest over its folds.
"""
from __future__ import annotations

import ctypes
import functools
import gc
import hashlib
import json
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import torch

from mir_export.evaluation.datasets import DEVICES, Devmap
from mir_export.features.embedding import distinct_files
from mir_export.evaluation.finetune import finetune, FinetuneConfig
from mir_export.pretrain.load import pretrained_encoder
from mir_export.evaluation.learners import Learner
from mir_export.evaluation.protocol import N_SPLITS, devmap_folds
from mir_export.evaluation.rgcn import RGCNConfig, train_rgcn
from mir_runtime import Model, read_ir
from mir_runtime.modeldir import ModelDirectory
from mir_runtime.packs import MODEL_TASKS, PACK_FILE, read_pack
from mir_runtime.graph import build_graph

OPTIONS = ("head", "gnn", "finetune")
PUBLISHED = {"train_gnn_over_head": 37.0, "train_finetune_over_head": 238.0, "infer_gnn_over_head": 1.8}

Predict = Callable[[list, np.ndarray], np.ndarray]  # (inputs, raw extras) -> class indices


@dataclass(frozen=True)
class OverheadConfig:
    folds: int = N_SPLITS  # the first ``folds`` stratified folds of each platform
    seed: int = 0
    threads: int = 1  # torch and onnxruntime threads, the same for every option
    precision: str = "int8"  # the runtime's CPU default, as a user would embed
    infer_kernels: int = 5  # per platform and fold: test rows timed one by one, fresh and cached
    rgcn: RGCNConfig = field(default_factory=RGCNConfig)
    finetune: FinetuneConfig = field(default_factory=FinetuneConfig)


# One fold per platform, short training: checks the whole path in minutes; the ratios mean little.
QUICK = OverheadConfig(folds=1, infer_kernels=3, rgcn=RGCNConfig(epochs=3), finetune=FinetuneConfig(epochs=1, max_steps=4))


@dataclass(frozen=True)
class Option:
    name: str
    load: Callable[[Path], object]  # one IR file to this option's model input
    fit: Callable[[str, list, np.ndarray, np.ndarray, int], Predict]  # platform, inputs, extras, labels, seed


def head_learners(model_dir: Path) -> dict[str, Learner]:
    """The learner of each platform's shipped devmap head (the MLP where its pack names none)."""
    pack = model_dir / MODEL_TASKS / "devmap"
    selected = read_pack(pack).sections.get("learners", {}) if (pack / PACK_FILE).is_file() else {}
    return {platform: Learner.from_dict(entry) for platform, entry in selected.items()}


def options(model_dir: Path, cfg: OverheadConfig, checkpoint: Path | None = None) -> list[Option]:
    """The three options; one runtime model gives every front end (its featurizer for ``finetune``);
    fine-tuning starts from ``checkpoint``, the model's pre-training checkpoint, when given.
    Its statement cache is off: preparation embeds every kernel, so a cache would hold all of a test
    kernel's statements and its fresh inference time would leave out the statement encoder."""
    runtime = Model.load(model_dir, precision=cfg.precision, threads=cfg.threads, statement_cache=0)
    classes = len(DEVICES)
    learners = head_learners(model_dir)

    @functools.cache  # loaded when fine-tuning first needs it
    def pretrained():
        return pretrained_encoder(model_dir, checkpoint)

    def fit_finetune(platform: str, inputs: list, extras: np.ndarray, labels: np.ndarray, seed: int) -> Predict:
        return finetune(pretrained(), inputs, extras, labels, classes, seed, cfg.finetune,
                        pooling=runtime.manifest.pooling).predict

    def fit_head(platform: str, inputs: list, extras: np.ndarray, labels: np.ndarray, seed: int) -> Predict:
        model = learners.get(platform, Learner("mlp")).fit(np.stack(inputs), extras, labels, classes, seed)
        return lambda test, test_extras: model.predict(np.stack(test), test_extras).argmax(1)

    return [
        Option("head", runtime.embed_file, fit_head),
        Option("gnn", lambda path: build_graph(read_ir(path)),
               lambda platform, inputs, extras, labels, seed: train_rgcn(inputs, extras, labels, classes, seed,
                                                                         cfg.rgcn).predict),
        Option("finetune", runtime.featurizer.read, fit_finetune),
    ]


class PeakRSS:
    """Peak resident set size inside a ``with`` block, in MB above the RSS at its start."""

    def __enter__(self) -> PeakRSS:
        gc.collect()
        ctypes.CDLL(None).malloc_trim(0)  # glibc: free heap pages back to the system
        self.start = self.peak = _rss()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()
        return self

    def _sample(self) -> None:
        while not self._stop.wait(0.005):
            self.peak = max(self.peak, _rss())

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, _rss())

    @property
    def mb(self) -> float:
        return (self.peak - self.start) / 1e6


def _rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def prepare(option: Option, paths: list[Path]) -> tuple[list, float]:
    """The option's input of every distinct file, and how long the front end took."""
    start = time.perf_counter()
    inputs = [option.load(p) for p in paths]
    seconds = time.perf_counter() - start
    print(f"overhead {option.name}: prepared {len(paths)} files in {seconds:.1f}s", file=sys.stderr)
    return inputs, seconds


def measure_fold(option: Option, table: Devmap, rows: list, fold: tuple[np.ndarray, np.ndarray], seed: int,
                 cfg: OverheadConfig) -> dict:
    """Train on one fold, test, and time inference on its first test rows, fresh and cached."""
    train, test = fold
    with PeakRSS() as memory:
        start = time.perf_counter()
        predict = option.fit(table.platform, [rows[r] for r in train], table.extras[train], table.oracle[train], seed)
        train_seconds = time.perf_counter() - start
        hits = int((predict([rows[r] for r in test], table.extras[test]) == table.oracle[test]).sum())
        fresh, cached = [], []
        for r in test[: cfg.infer_kernels]:
            start = time.perf_counter()
            predict([option.load(table.ir[r])], table.extras[r : r + 1])
            fresh.append(1000 * (time.perf_counter() - start))
            start = time.perf_counter()
            predict([rows[r]], table.extras[r : r + 1])
            cached.append(1000 * (time.perf_counter() - start))
    return {"train_seconds": train_seconds, "hits": hits, "tested": len(test), "infer_fresh_ms": fresh,
            "infer_cached_ms": cached, "peak_mb": memory.mb}


def fingerprint(model_dir: Path, cfg: OverheadConfig, option: str = "head") -> str:
    """What an option's fold lines depend on: the settings (but the number of folds), the model's
    files but its task heads (the run trains its own heads), the embedding's layout (``pooling``)
    and, for the ``head`` option alone, the learner of each shipped devmap head. Re-exporting a
    task's heads keeps the finished lines; a new encoder, tokenizer or pooling starts afresh, and
    a new devmap learner only the ``head`` pieces (the GCN and fine-tuning train their own)."""
    settings = {k: v for k, v in asdict(cfg).items() if k != "folds"}
    manifest = ModelDirectory(model_dir).manifest
    files = {name: entry.sha256 for name, entry in manifest.files.items()}
    learners = {platform: learner.name for platform, learner in head_learners(model_dir).items()} if option == "head" else {}
    text = json.dumps([settings, files, manifest.pooling, learners], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def run_overhead(tables: list[Devmap], model_dir: Path, cfg: OverheadConfig, folds_file: Path,
                 minutes: float | None = None, checkpoint: str | None = None,
                 platforms: frozenset[str] | None = None) -> dict:
    """Run the (option, platform, fold) pieces missing from ``folds_file`` in fold order, until
    ``minutes`` have passed (no new fold starts after that), then summarize every finished piece.
    ``checkpoint``: where fine-tuning starts (the same weights as the ONNX files, so it is not part
    of what a fold's line depends on). ``platforms``: run only their pieces (one process per
    platform uses both cores of a 2-core machine; the summary still covers every platform)."""
    torch.set_num_threads(cfg.threads)
    keys = {name: fingerprint(model_dir, cfg, name) for name in OPTIONS}
    lines = [line for line in _read_lines(folds_file) if line["fingerprint"] == keys.get(line["option"])]
    done = {(line["option"], line["platform"], line["fold"]) for line in lines}
    todo = [(k, t) for k in range(cfg.folds) for t in tables if platforms is None or t.platform in platforms
            if any((name, t.platform, k) not in done for name in OPTIONS) and (minutes is None or minutes > 0)]
    deadline = time.monotonic() + 60 * minutes if minutes is not None else None
    prepare_seconds: dict[str, float] = {}
    if todo:
        unique, index = distinct_files([p for t in tables for p in t.ir])
        offsets = {t.platform: sum(len(u.ir) for u in tables[:k]) for k, t in enumerate(tables)}
        prepared = {}
        for option in options(model_dir, cfg, Path(checkpoint) if checkpoint else None):
            inputs, prepare_seconds[option.name] = prepare(option, unique)
            prepared[option.name] = (option, inputs)
        for k, table in todo:
            if deadline is not None and time.monotonic() > deadline:
                print(f"overhead: time budget reached; {len(todo)} (platform, fold) pieces were missing", file=sys.stderr)
                break
            offset = offsets[table.platform]
            fold = devmap_folds(table.oracle, cfg.seed)[k]
            for name, (option, inputs) in prepared.items():
                if (name, table.platform, k) in done:
                    continue
                rows = [inputs[i] for i in index[offset : offset + len(table.ir)]]
                line = {"fingerprint": keys[name], "option": name, "platform": table.platform, "fold": k,
                        **measure_fold(option, table, rows, fold, cfg.seed * 100 + k, cfg)}
                print(f"overhead {name} {table.platform} fold {k}: {line['train_seconds']:.1f}s", file=sys.stderr)
                _append_line(folds_file, line)
                lines.append(line)
    return summarize(lines, tables, model_dir, cfg, prepare_seconds)


def summarize(lines: list[dict], tables: list[Devmap], model_dir: Path, cfg: OverheadConfig,
              prepare_seconds: dict[str, float]) -> dict:
    """Per-option totals over the (platform, fold) pieces that every option finished, and the ratios."""
    by_piece = {(line["platform"], line["fold"]): {} for line in lines}
    for line in lines:
        by_piece[line["platform"], line["fold"]][line["option"]] = line
    complete = sorted(piece for piece, found in by_piece.items() if set(found) == set(OPTIONS))
    found: dict[str, dict] = {}
    for name in OPTIONS:
        done = [by_piece[piece][name] for piece in complete]
        found[name] = {
            "prepare_seconds": prepare_seconds.get(name),
            "train_seconds": float(sum(d["train_seconds"] for d in done)),
            "train_seconds_per_fold": {t.platform: [d["train_seconds"] for d in done if d["platform"] == t.platform]
                                       for t in tables},
            "accuracy": _accuracy(done),
            "accuracy_per_platform": {t.platform: _accuracy([d for d in done if d["platform"] == t.platform])
                                      for t in tables},
            "infer_ms_per_kernel": float(np.mean([v for d in done for v in d["infer_cached_ms"]])) if done else None,
            "infer_fresh_ms_per_kernel": float(np.mean([v for d in done for v in d["infer_fresh_ms"]])) if done else None,
            "infer_kernels": sum(len(d["infer_cached_ms"]) for d in done),
            "peak_mb": max((d["peak_mb"] for d in done), default=None),
        }

    def ratio(option: str, figure: str) -> float | None:
        head = found["head"][figure]
        return found[option][figure] / head if complete and head else None

    return {
        "model": str(model_dir),
        "platforms": [t.platform for t in tables],
        "config": asdict(cfg),
        "cpus": os.cpu_count(),
        "head_learners": {p: learner.name for p, learner in head_learners(model_dir).items()},
        "peak_memory": "RSS above the option's start, sampled every 5 ms from /proc/self/statm; largest fold",
        "inference": "cached: the model alone on the kernel's prepared input (a tuner re-querying a kernel it has "
                     "embedded or parsed before); fresh: from the file on disk, front end included",
        "folds_completed": len(complete),
        "folds_total": cfg.folds * len(tables),
        "options": found,
        "train_gnn_over_head": ratio("gnn", "train_seconds"),
        "train_finetune_over_head": ratio("finetune", "train_seconds"),
        "infer_gnn_over_head": ratio("gnn", "infer_ms_per_kernel"),
        "infer_gnn_over_head_fresh": ratio("gnn", "infer_fresh_ms_per_kernel"),
        "infer_finetune_over_head": ratio("finetune", "infer_ms_per_kernel"),
        "published": PUBLISHED,
    }


def _accuracy(pieces: list[dict]) -> float | None:
    tested = sum(d["tested"] for d in pieces)
    return sum(d["hits"] for d in pieces) / tested if tested else None


def _read_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.exists() else []


def _append_line(path: Path, line: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as f:
        f.write(json.dumps(line) + "\n")
