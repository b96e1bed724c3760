"""Overhead of learning device mapping three ways: the shipped head's learner on frozen
embeddings, a relational GCN trained from scratch on ProGraML graphs, and fine-tuning the whole
encoder (the publication: the head trains 37x cheaper than the GNN and 238x cheaper than
fine-tuning, infers 1.8x cheaper than the GNN, for under 5% less accuracy). All in one process,
same folds, same threads; see ``mir_export.tasks.devmap.overhead`` for what each figure covers.

    python -m pytest benchmarks/test_overhead.py -s                        # full: 10 folds per platform, resumed
    MIR_BENCH_MINUTES=120 python -m pytest benchmarks/test_overhead.py -s  # start no new fold after 2 hours (0: summarize only)
    MIR_BENCH_QUICK=1 python -m pytest benchmarks/test_overhead.py -s      # quick: 1 fold, short training
    MIR_BENCH_PLATFORMS=amd python -m pytest benchmarks/test_overhead.py -s  # only AMD's pieces (another process: nvidia)

Full mode: 10 stratified folds (seed 0) of both platforms; the head is the shipped head's learner,
RGCN 50 epochs, fine-tuning 2 epochs with at most 32 statements per file and step; about 6 hours
on 2 cores, the RGCN and fine-tuning about equally. Every finished (option, platform, fold) is a
line of ``results/overhead-folds.jsonl`` (committed), and a run skips what is there, so the full
run completes over several sessions; ``$MIR_BENCH_MINUTES`` stops starting folds after that many
minutes. ``results/overhead.json`` summarizes the (platform, fold) pieces all three options
finished (``folds_completed`` of ``folds_total``). Quick mode (5 minutes) checks the whole path
(its own lines file); its ratios mean little. The model is ``$MIR_MODEL`` (else the shipped one);
``$MIR_BENCH_THREADS`` sets the threads (default 1); ``$MIR_CHECKPOINT``, the model's pre-training
checkpoint, is where fine-tuning starts (else from the weights in its ONNX files). Writes
``results/overhead.json`` and the plots ``overhead_time.png``, ``overhead_accuracy.png`` (quick
mode: ``overhead-quick.*``, so full results are never overwritten).
"""
from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from paths import DATASETS
from mir_export.evaluation.datasets import PLATFORMS, read_devmap
from mir_export.tasks.devmap.overhead import OPTIONS, QUICK, OverheadConfig, run_overhead
from mir_runtime.model import default_model_dir

QUICK_MODE = bool(os.environ.get("MIR_BENCH_QUICK"))
RESULTS = Path(__file__).parent / "results"
LABELS = {"head": "shipped head\n(frozen embedding)", "gnn": "RGCN\n(from scratch)", "finetune": "fine-tuned\nencoder"}


def _plots(result: dict, stem: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [LABELS[name] for name in OPTIONS]
    figures = [(name, result["options"][name]) for name in OPTIONS]
    fig, (train, infer) = plt.subplots(1, 2, figsize=(10, 4))
    for axis, key, title in ((train, "train_seconds", "training, all folds run (s)"),
                             (infer, "infer_ms_per_kernel", "inference per kernel, cached input (ms)")):
        values = [f[key] for _, f in figures]
        bars = axis.bar(labels, values, color=["tab:green", "tab:orange", "tab:red"])
        axis.bar_label(bars, [f"{v:.3g} ({v / values[0]:.1f}x)" for v in values])
        axis.set_yscale("log")
        axis.set_ylim(top=max(values) * 3)  # room for the labels
        axis.set_title(title)
    fig.tight_layout()
    fig.savefig(RESULTS / f"{stem}_time.png", dpi=120)
    fig, axis = plt.subplots(figsize=(6, 4))
    width = 0.8 / len(PLATFORMS)
    for k, platform in enumerate(PLATFORMS):
        values = [100 * (f["accuracy_per_platform"][platform] or 0.0) for _, f in figures]  # 0: no fold yet
        bars = axis.bar([i + (k - 0.5) * width for i in range(len(OPTIONS))], values, width, label=platform.upper())
        axis.bar_label(bars, [f"{v:.1f}" for v in values])
    axis.set_xticks(range(len(OPTIONS)), labels)
    axis.set_ylabel("accuracy on the test folds (%)")
    axis.set_ylim(0, 100)
    axis.legend()
    fig.tight_layout()
    fig.savefig(RESULTS / f"{stem}_accuracy.png", dpi=120)
    plt.close("all")


def test_overhead(benchmark) -> None:
    if not (DATASETS / "devmap" / "cgo17-amd.csv").is_file():
        pytest.skip(f"device-mapping data not found under {DATASETS}")
    threads = int(os.environ.get("MIR_BENCH_THREADS", "1"))
    cfg = dataclasses.replace(QUICK if QUICK_MODE else OverheadConfig(), threads=threads)
    minutes = float(os.environ["MIR_BENCH_MINUTES"]) if os.environ.get("MIR_BENCH_MINUTES") else None
    platforms = frozenset(os.environ["MIR_BENCH_PLATFORMS"].split(",")) if os.environ.get("MIR_BENCH_PLATFORMS") else None
    if platforms and not platforms <= set(PLATFORMS):
        pytest.fail(f"MIR_BENCH_PLATFORMS: unknown platform(s) {sorted(platforms - set(PLATFORMS))}; known: {PLATFORMS}")
    tables = [read_devmap(DATASETS, p) for p in PLATFORMS]
    stem = "overhead-quick" if QUICK_MODE else "overhead"
    result = benchmark.pedantic(run_overhead, args=(tables, default_model_dir(), cfg, RESULTS / f"{stem}-folds.jsonl", minutes,
                                                           os.environ.get("MIR_CHECKPOINT"), platforms),
                                rounds=1, iterations=1)
    result["mode"] = "quick" if QUICK_MODE else "full"
    if not result["folds_completed"]:
        pytest.skip("no (platform, fold) finished by every option yet: run it longer")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{stem}.json").write_text(json.dumps(result, indent=2) + "\n")
    _plots(result, stem)
    print(json.dumps({k: v for k, v in result.items() if k not in ("config", "options")}, indent=2))
    assert all(0.0 <= result["options"][name]["accuracy"] <= 1.0 for name in OPTIONS)
    assert result["folds_completed"] <= result["folds_total"]
