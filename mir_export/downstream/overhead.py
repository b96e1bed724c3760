"""What the frozen pre-trained encoder saves: three ways to learn device mapping, measured on the
same folds, machine and threads in one run.

- ``head``: the runtime embeds every file once (the cache a user keeps), and an MLP head
  (``heads.train_head``) is trained per fold;
- ``gnn``: a relational GCN trained from scratch per fold on ProGraML graphs (``rgcn``);
- ``finetune``: the whole pre-trained encoder and a head trained end to end per fold (``finetune``).

Each option is a per-file front end (``load``: a file to the option's input, what inference
pays per kernel before the model) and a ``fit`` (training rows to a predictor). Measured per
option: ``prepare_seconds`` (the front end over every distinct file, once), training time per
fold, accuracy on the test rows of the folds run, inference time per kernel (front end + model,
from the file on disk, with the last fold's model of each platform), and peak memory.

Peak memory is the resident set size (``/proc/self/statm``, sampled every 5 ms by a thread)
while the option runs, above the RSS at its start, after garbage collection and ``malloc_trim``
have handed free heap back to the system (else memory an earlier option freed would be reused
unseen): options run one after another in one process, so a process-wide high-water mark
(``ru_maxrss``) could not tell them apart.
"""
from __future__ import annotations

import ctypes
import gc
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import torch

from mir_export.downstream.data import DEVICES, Devmap
from mir_export.downstream.features import distinct_files
from mir_export.downstream.finetune import FinetuneConfig, finetune
from mir_export.downstream.heads import HeadConfig, mlp_fit
from mir_export.downstream.protocol import N_SPLITS, devmap_folds
from mir_export.downstream.rgcn import RGCNConfig, train_rgcn
from mir_runtime import read_ir
from mir_runtime.encoder import Encoder
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
    infer_kernels: int = 50  # per platform: test rows of the last fold timed one by one
    head: HeadConfig = field(default_factory=HeadConfig)
    rgcn: RGCNConfig = field(default_factory=RGCNConfig)
    finetune: FinetuneConfig = field(default_factory=FinetuneConfig)


# One fold per platform, short training: checks the whole path in minutes; the ratios mean little.
QUICK = OverheadConfig(folds=1, infer_kernels=10, rgcn=RGCNConfig(epochs=3), finetune=FinetuneConfig(epochs=1, max_steps=4))


@dataclass(frozen=True)
class Option:
    name: str
    load: Callable[[Path], object]  # one IR file to this option's model input
    fit: Callable[[list, np.ndarray, np.ndarray, int], Predict]  # training inputs, extras, labels, seed


def options(model_dir: Path, cfg: OverheadConfig) -> list[Option]:
    """The three options; one runtime encoder gives every front end (its tokenizer for ``finetune``).
    Its statement cache is off: preparation embeds every kernel, so a cache would hold all of a test
    kernel's statements and its inference time would leave out the statement encoder."""
    encoder = Encoder.load(model_dir, precision=cfg.precision, threads=cfg.threads, statement_cache=0)
    classes = len(DEVICES)

    def fit_head(inputs: list, extras: np.ndarray, labels: np.ndarray, seed: int) -> Predict:
        predict = mlp_fit(classes, cfg.head)(np.stack(inputs), extras, labels, seed)
        return lambda test, test_extras: predict(np.stack(test), test_extras)

    return [
        Option("head", lambda path: encoder.embed_module(read_ir(path)), fit_head),
        Option("gnn", lambda path: build_graph(read_ir(path)),
               lambda inputs, extras, labels, seed: train_rgcn(inputs, extras, labels, classes, seed, cfg.rgcn).predict),
        Option("finetune", lambda path: encoder.featurize(read_ir(path)),
               lambda inputs, extras, labels, seed: finetune(model_dir, encoder, inputs, extras, labels, classes, seed,
                                                             cfg.finetune).predict),
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


def measure(option: Option, tables: list[Devmap], cfg: OverheadConfig) -> dict:
    """Prepare, train and test on every fold run, and time inference, for one option."""
    with PeakRSS() as memory:
        unique, index = distinct_files([p for t in tables for p in t.ir])
        start = time.perf_counter()
        inputs = [option.load(p) for p in unique]
        prepare = time.perf_counter() - start
        print(f"overhead {option.name}: prepared {len(unique)} files in {prepare:.1f}s", file=sys.stderr)
        result: dict = {"prepare_seconds": prepare, "train_seconds_per_fold": {}, "accuracy_per_platform": {}}
        correct, tested, infer = 0, 0, []
        offset = 0
        for table in tables:
            rows = [inputs[k] for k in index[offset : offset + len(table.ir)]]
            offset += len(table.ir)
            fold_times, hits = [], 0
            folds = devmap_folds(table.oracle, cfg.seed)[: cfg.folds]
            for k, (train, test) in enumerate(folds):
                start = time.perf_counter()
                predict = option.fit([rows[r] for r in train], table.extras[train], table.oracle[train], cfg.seed * 100 + k)
                fold_times.append(time.perf_counter() - start)
                hits += int((predict([rows[r] for r in test], table.extras[test]) == table.oracle[test]).sum())
                print(f"overhead {option.name} {table.platform} fold {k}: {fold_times[-1]:.1f}s", file=sys.stderr)
            rows_tested = sum(len(test) for _, test in folds)
            result["train_seconds_per_fold"][table.platform] = fold_times
            result["accuracy_per_platform"][table.platform] = hits / rows_tested
            correct, tested = correct + hits, tested + rows_tested
            for r in folds[-1][1][: cfg.infer_kernels]:
                start = time.perf_counter()
                predict([option.load(table.ir[r])], table.extras[r : r + 1])
                infer.append(time.perf_counter() - start)
    result.update(
        train_seconds=sum(sum(t) for t in result["train_seconds_per_fold"].values()),
        accuracy=correct / tested,
        infer_ms_per_kernel=1000 * float(np.mean(infer)),
        infer_kernels=len(infer),
        peak_mb=memory.mb,
    )
    return result


def run_overhead(tables: list[Devmap], model_dir: Path, cfg: OverheadConfig = OverheadConfig()) -> dict:
    """Every option, one after another in this process; figures and their ratios to ``head``."""
    torch.set_num_threads(cfg.threads)
    found = {option.name: measure(option, tables, cfg) for option in options(model_dir, cfg)}
    head = found["head"]
    return {
        "model": str(model_dir),
        "platforms": [t.platform for t in tables],
        "config": asdict(cfg),
        "cpus": os.cpu_count(),
        "peak_memory": "RSS above the option's start, sampled every 5 ms from /proc/self/statm",
        "options": found,
        "train_gnn_over_head": found["gnn"]["train_seconds"] / head["train_seconds"],
        "train_finetune_over_head": found["finetune"]["train_seconds"] / head["train_seconds"],
        "infer_gnn_over_head": found["gnn"]["infer_ms_per_kernel"] / head["infer_ms_per_kernel"],
        "infer_finetune_over_head": found["finetune"]["infer_ms_per_kernel"] / head["infer_ms_per_kernel"],
        "published": PUBLISHED,
    }
