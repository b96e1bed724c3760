"""The judge's ``finetuned`` set: the model's encoder fine-tuned end to end on the training modules' labels.

Why: a frozen embedding gives a head what pre-training taught; the learned models that win on this
task learn from the decision itself (a model trained on pass lists, Cummins et al. 2023; a GNN
ranking a coreset, Liang et al. 2023). Here the encoder and a head are trained together
(``evaluation.finetune``, objective ``gains``: each pipeline's log gain over -Oz by mean squared
error) on every training module, from the model directory's weights, with a configuration fixed a
priori (``CONFIG``): no inner fold chooses anything, so the set has no inner score and is never
shipped (the runtime serves frozen encoders). The held-out modules' predicted gains decide as a
head's do: one shot the largest, -Oz's fixed at 0 (another pipeline only where one is predicted to
leave fewer instructions); K = 3, 5 the pipelines other than -Oz of the largest predicted gains. A
module the runtime cannot read, or one without statements, is left out of training and keeps -Oz.

Resumable: the trained weights are saved beside the judge's cache once training ends, the decisions
in the judge's checkpoint, both keyed by the labels, the encoders and the configuration.
"""
from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

from mir_export.evaluation.checkpoint import Checkpoint
from mir_export.evaluation.finetune import SCALING_ROWS, FinetuneConfig
from mir_export.tasks.passes.task import Split, top

FINETUNED = "finetuned"
DESCRIPTION = "our encoder fine-tuned end to end on the training modules' gains (fixed configuration)"
CONFIG = FinetuneConfig()  # the configuration device mapping fine-tunes with: S = 32, 2 epochs of 16 rows
PREDICT_CHUNK = 32  # held-out modules read and embedded at a time (their features are large)


def _read(featurizer, path: Path):
    """The module's features, None where the runtime cannot read it or it has no statement."""
    from mir_runtime import IRParseError

    try:
        features = featurizer.read(path)
    except IRParseError as exc:
        print(f"judge: {FINETUNED}: unreadable, left out: {exc}", file=sys.stderr)
        return None
    return features if len(features.ids) else None


def finetuned_run(split: Split, model_dir: Path, cache: Path, seed: int, saved: Checkpoint, key: str, depth: int,
                  cfg: FinetuneConfig = CONFIG, threads: int = 2) -> dict:
    """The fine-tuned set's run, as ``judge.decide`` returns one (its ``inner_log_gain`` None; its
    ranking ``depth`` pipelines deep), from the checkpoint when it holds it under ``key``."""
    import torch

    from mir_export.evaluation.finetune import finetune
    from mir_export.pretrain.load import pretrained_encoder
    from mir_runtime import Model

    done = saved.runs(("passes-judge", FINETUNED, key))
    if seed in done:
        return done[seed]
    torch.set_num_threads(threads)
    start = time.monotonic()
    runtime = Model.load(model_dir, precision="fp32", threads=threads)
    weights = cache / f"finetuned-{key}-{seed}.pt"
    # saved weights: the model is only built, from SCALING_ROWS modules (its head's scaling is a
    # buffer, restored with the weights), not read from all of them
    wanted = SCALING_ROWS if weights.is_file() else len(split.train)
    kept: list[tuple[int, object]] = []
    for k, module in enumerate(split.train.modules):
        if len(kept) == wanted:
            break
        features = _read(runtime.featurizer, split.ir / module)
        if features is not None:
            kept.append((k, features))
    print(f"judge: {FINETUNED}: {len(kept)} training modules read ({time.monotonic() - start:.0f} s)",
          file=sys.stderr, flush=True)
    targets = split.train.targets()[[k for k, _ in kept]]
    files = [f for _, f in kept]
    none = np.zeros((len(files), 0), dtype=np.float32)
    if weights.is_file():
        model = finetune(pretrained_encoder(model_dir), files, none, targets, targets.shape[1], seed,
                         replace(cfg, max_steps=0), pooling=runtime.manifest.pooling, objective="gains")
        model.load_state_dict(torch.load(weights))
    else:
        def report(step: int, steps: int, loss: float) -> None:
            if step % 25 == 0 or step == steps:
                print(f"judge: {FINETUNED}: step {step}/{steps}, loss {loss:.4f} "
                      f"({time.monotonic() - start:.0f} s)", file=sys.stderr, flush=True)

        model = finetune(pretrained_encoder(model_dir), files, none, targets, targets.shape[1], seed, cfg,
                         pooling=runtime.manifest.pooling, objective="gains", progress=report)
        weights.parent.mkdir(parents=True, exist_ok=True)
        partial = weights.with_suffix(".partial")
        torch.save(model.state_dict(), partial)
        partial.replace(weights)
    del files, kept
    scores = np.zeros(split.test.counts.shape, dtype=np.float64)
    for begin in range(0, len(split.test), PREDICT_CHUNK):
        chunk = [(begin + k, _read(runtime.featurizer, split.ir / m))
                 for k, m in enumerate(split.test.modules[begin:begin + PREDICT_CHUNK])]
        readable = [(k, f) for k, f in chunk if f is not None]
        if readable:
            scores[[k for k, _ in readable]] = model.scores([f for _, f in readable],
                                                            np.zeros((len(readable), 0), dtype=np.float32))
        print(f"judge: {FINETUNED}: {min(begin + PREDICT_CHUNK, len(split.test))}/{len(split.test)} held-out "
              f"modules predicted", file=sys.stderr, flush=True)
    scores[:, 0] = 0.0  # -Oz: the reference every gain is measured from
    learner = f"finetuned(statements={cfg.statements}, epochs={cfg.epochs}, batch={cfg.batch_size})"
    run = {"learner": learner, "inner_log_gain": None, "ranking_learner": learner, "ranking_inner_log_gain": None,
           "one_shot": scores.argmax(1).tolist(), "ranked": top(scores, depth).tolist(),
           "seconds": round(time.monotonic() - start, 2)}
    saved.add(("passes-judge", FINETUNED, key), seed, run)
    return run
