"""Pre-training on a tiny corpus in seconds: masking statistics, pairs, each task learns, resume,
and two data-parallel processes following one."""
from __future__ import annotations

import json
import random
from dataclasses import replace

import numpy as np
import pytest

torch = pytest.importorskip("torch")  # the training side: a runtime-only install skips it

from mir_export.pretrain.distributed import launch
from mir_export.pretrain.batches import make_batch, mask_tokens
from mir_export.pretrain.config import TrainConfig
from mir_export.pretrain.objectives import edge_pairs, match_pairs, roc_auc
from mir_export.pretrain.train import train
from mir_export.pretrain.prepare import cap_packages, choose_vocab
from mir_export.pretrain.samples import Sample, module_samples
from mir_export.pretrain.tokenizer import MASK, SPECIAL_TOKENS
from mir_runtime import parse_ir
from mir_runtime.statements import statements
from models import fixed_tokenizer

TEMPLATE = """
define i32 @f{k}(i32 %n, i32* %p) {{
entry:
  %c = icmp sgt i32 %n, {k}
  br i1 %c, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %a = getelementptr inbounds i32, i32* %p, i32 %i
  %v = load i32, i32* %a, align 4
  %w = {op2} nsw i32 %v, {k}
  store i32 %w, i32* %a, align 4
  %next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  %wide = sext i32 %n to i64
  %r = call i64 @g{k}(i64 %wide)
  %narrow = trunc i64 %r to i32
  ret i32 %narrow
}}
define i64 @g{k}(i64 %x) {{
  %y = {op} i64 %x, {k}
  %z = xor i64 %y, %x
  ret i64 %z
}}
"""
OPS = ("add", "sub", "shl", "and", "or")
WRAPPING = ("mul", "add", "sub")  # ops that take nsw, for the loop body


@pytest.fixture(scope="module")
def corpus():
    modules = [parse_ir(TEMPLATE.format(k=k, op=OPS[k % len(OPS)], op2=WRAPPING[k % len(WRAPPING)]), f"m{k}.ll") for k in range(40)]
    tokenizer = fixed_tokenizer([s for m in modules for s in statements(m)])
    samples = [s for m in modules for s in module_samples(m, tokenizer)]
    return samples, tokenizer.get_vocab_size()


def test_masking_statistics() -> None:
    generator = torch.Generator().manual_seed(0)
    ids = torch.randint(len(SPECIAL_TOKENS), 1000, (2000, 64))
    ids[:, 0], ids[:, -1], ids[:100, 30:] = 2, 3, 0
    inputs, labels = mask_tokens(ids, 1000, generator)
    eligible = ids >= len(SPECIAL_TOKENS)
    chosen = labels != -100
    assert not chosen[~eligible].any()  # never [CLS], [SEP] or padding
    assert abs(chosen.sum().item() / eligible.sum().item() - 0.15) < 0.005
    masked = (inputs[chosen] == MASK).float().mean().item()
    kept = (inputs[chosen] == ids[chosen]).float().mean().item()
    assert abs(masked - 0.8) < 0.01 and abs(kept - 0.1) < 0.01  # the rest: random tokens (~10%)
    assert torch.equal(inputs[~chosen], ids[~chosen])


def test_samples_are_functions(corpus) -> None:
    samples, _ = corpus
    assert len(samples) == 80 and len({s.key for s in samples}) == 80
    f0 = samples[0]
    assert len(f0.statements) == 14 and f0.graph().num_nodes == f0.num_nodes
    assert set(np.unique(f0.edges[2])) == {0, 1, 2}


def test_edge_and_match_pairs(corpus) -> None:
    samples, _ = corpus
    batch = make_batch(samples[:8], 12, random.Random(0))
    generator = torch.Generator().manual_seed(0)
    src, dst, labels = edge_pairs(batch, 1, 64, generator)
    assert labels.sum() == len(labels) / 2
    assert torch.equal(batch.node_sample[src], batch.node_sample[dst])  # negatives stay in one graph
    partner, same = match_pairs(batch, generator)
    assert torch.equal(same.bool(), partner == torch.arange(8)) and 0 < same.sum() < 8


def test_roc_auc() -> None:
    assert roc_auc(np.array([0.1, 0.4, 0.35, 0.8]), np.array([0, 0, 1, 1])) == 0.75
    assert roc_auc(np.array([1.0, 1.0]), np.array([0, 1])) == 0.5


@pytest.mark.parametrize("task", ["mlm", "gae", "match"])
def test_each_task_learns(corpus, tmp_path, task) -> None:
    samples, vocab = corpus
    # matching alone, on a model this small, either learns or collapses to 0.5 (seen for other
    # seeds and learning rates); a long warm-up keeps the encoders from collapsing early
    steps, lr, warmup = (300, 1e-3, 100) if task == "match" else (60, 3e-3, 5)
    cfg = TrainConfig(model="tiny", tasks=(task,), steps=steps, batch_size=8, warmup=warmup, lr=lr, eval_samples=64)
    torch.manual_seed(0)
    result = train(samples, samples, vocab, tmp_path, cfg)
    losses = [json.loads(line)["loss"] for line in open(tmp_path / "train-log.jsonl")]
    rolling = np.convolve(losses, np.ones(10) / 10, mode="valid")  # batches are small: smooth
    assert rolling[-40:].min() < 0.9 * rolling[0]
    metrics = result["metrics"]
    if task == "mlm":
        assert metrics["mlm_accuracy"] > 0.3
    elif task == "gae":
        assert min(metrics["gae_auc"].values()) > 0.6
    else:
        assert metrics["matching_accuracy"] > 0.6


def test_training_resumes_from_its_checkpoint(corpus, tmp_path) -> None:
    samples, vocab = corpus
    cfg = TrainConfig(model="tiny", steps=10, batch_size=4, warmup=2, checkpoint_every=5, eval_samples=16)
    train(samples, samples, vocab, tmp_path, cfg)
    cfg.steps = 15
    result = train(samples, samples, vocab, tmp_path, cfg)
    steps = [json.loads(line)["step"] for line in open(tmp_path / "train-log.jsonl")]
    assert steps == list(range(1, 16)) and result["training"]["step"] == 15
    assert [(run["from_step"], run["steps"]) for run in result["training"]["invocations"]] == [(0, 10), (10, 15)]


def stopped_and_resumed(samples: list, vocab: int, out, cfg: TrainConfig) -> dict:
    """One process's part of a run stopped half-way and resumed from its checkpoint (module-level:
    ``launch`` pickles it into each process)."""
    train(samples, samples, vocab, out, replace(cfg, stop_step=cfg.steps // 2))
    return train(samples, samples, vocab, out, cfg)


def test_two_processes_follow_one_with_the_same_global_batch(corpus, tmp_path) -> None:
    """DistributedDataParallel on 2 CPU processes (gloo), stopped and resumed half-way, against
    one process: the same samples and statements in each global batch; only the masking, edge
    and negative draws differ (a stream per process), so the curves agree within that noise."""
    samples, vocab = corpus
    cfg = TrainConfig(model="tiny", steps=24, batch_size=16, warmup=2, lr=3e-3, eval_samples=16)
    train(samples, samples, vocab, tmp_path / "one", cfg)
    result = launch(2, stopped_and_resumed, samples, vocab, tmp_path / "two", cfg)[0]
    one, two = ([json.loads(line) for line in open(tmp_path / run / "train-log.jsonl")] for run in ("one", "two"))
    assert [r["step"] for r in two] == list(range(1, 25))  # rank 0 logs each step once, across the resume
    assert [(run["from_step"], run.get("processes")) for run in result["training"]["invocations"]] == [(0, 2), (12, 2)]
    assert result["training"]["graphs"] == 24 * 16 and result["hardware"]["processes"] == 2
    a, b = (np.array([r["loss"] for r in log]) for log in (one, two))
    assert abs(a[0] - b[0]) < 0.02 * a[0]  # the same model and batch at step 1
    smooth = lambda x: np.convolve(x, np.ones(6) / 6, mode="valid")  # noqa: E731
    assert np.abs(smooth(a) - smooth(b)).max() < 0.03 * a[0]
    assert smooth(b)[-1] < 0.85 * smooth(b)[0]  # and both learn


def test_stop_at_keeps_the_schedule(corpus, tmp_path) -> None:
    from mir_export.pretrain.train import learning_rate

    samples, vocab = corpus
    cfg = TrainConfig(model="tiny", steps=20, stop_step=8, batch_size=4, warmup=2, eval_samples=16)
    result = train(samples, samples, vocab, tmp_path, cfg)
    assert result["training"]["step"] == 8
    assert learning_rate(8, cfg, cfg.steps) > learning_rate(8, cfg, 8)  # mid-schedule, not decayed to the end


def test_package_cap_and_vocabulary_choice() -> None:
    samples = [Sample(str(i), [], np.zeros(0), np.zeros(0), np.zeros(0), np.zeros((3, 0)), package=p)
               for i, p in enumerate(["big"] * 50 + [f"p{k}" for k in range(10) for _ in range(5)])]
    kept = cap_packages(samples, 0.15)
    counts = {p: sum(s.package == p for s in kept) for p in {s.package for s in kept}}
    assert counts["big"] <= 0.15 * len(kept) + 1 and counts["p0"] == 5
    assert cap_packages(samples[:50], 0.15) == samples[:50]  # one package: no cap exists
    results = {2000: {"mean_tokens": 20.0}, 4000: {"mean_tokens": 16.5}, 8000: {"mean_tokens": 16.0}}
    assert choose_vocab(results) == 4000


def test_resume_refuses_other_data_or_nothing_to_do(corpus, tmp_path) -> None:
    from mir_export.pretrain.checkpoints import ResumeError

    samples, vocab = corpus
    cfg = TrainConfig(model="tiny", steps=4, batch_size=4, warmup=1, eval_samples=8)
    train(samples, samples, vocab, tmp_path, cfg, tokenizer_sha256="a" * 64)
    with pytest.raises(ResumeError, match="vocab_size"):  # was torch's size-mismatch traceback
        train(samples, samples, vocab + 7, tmp_path, TrainConfig(**{**cfg.__dict__, "steps": 8}))
    with pytest.raises(ResumeError, match="another tokenizer .*use the same --data and --model"):
        train(samples, samples, vocab, tmp_path, TrainConfig(**{**cfg.__dict__, "steps": 8}), tokenizer_sha256="b" * 64)
    with pytest.raises(ResumeError, match="already at step 4 of 4"):  # was: 0 steps, exit 0
        train(samples, samples, vocab, tmp_path, cfg, tokenizer_sha256="a" * 64)
    with pytest.raises(ResumeError, match="--minutes 1e-06 counts all invocations"):
        train(samples, samples, vocab, tmp_path, TrainConfig(**{**cfg.__dict__, "steps": 8, "minutes": 1e-6}))


def test_warmup_fits_short_runs() -> None:
    from mir_export.pretrain.train import default_warmup

    assert default_warmup(60) == 6 and default_warmup(4500) == 200 and default_warmup(5) == 0


def test_sample_max_is_each_samples_element_wise_max() -> None:
    from mir_export.pretrain.distill import sample_max

    vectors, sample = torch.randn(7, 4), torch.tensor([0, 0, 1, 2, 2, 2, 1])
    expected = torch.stack([vectors[sample == k].max(0).values for k in range(3)])
    assert torch.equal(sample_max(vectors, sample, 3), expected)


def test_distillation_teaches_the_student_and_resumes(corpus, tmp_path) -> None:
    """The distill task: the student (tiny, d = 32) learns to reproduce a wider, frozen teacher
    (compact, d = 128) through its maps; the teacher never changes, and the checkpoint keeps the
    maps (not the teacher), so a resumed run goes on where it stopped."""
    from mir_export.pretrain.distill import MAPS, Distiller
    from mir_export.pretrain.model import MIREncoder, config

    samples, vocab = corpus
    torch.manual_seed(1)
    teacher = MIREncoder(config("compact", vocab))
    before = {k: v.clone() for k, v in teacher.state_dict().items()}
    cfg = TrainConfig(model="tiny", tasks=("distill",), steps=80, stop_step=40, batch_size=8, warmup=5, lr=3e-3,
                      eval_samples=32, checkpoint_every=20)
    start = Distiller(MIREncoder(config("compact", vocab)), 32, seed=3)  # the maps depend on the seed alone
    assert torch.equal(start.text.weight, Distiller(teacher, 32, seed=3).text.weight)
    train(samples, samples, vocab, tmp_path, cfg, distiller=Distiller(teacher, 32))
    saved = torch.load(tmp_path / "checkpoint.pt", weights_only=False)
    assert set(saved["distiller"]) == {f"{m}.{p}" for m in MAPS for p in ("weight", "bias")}
    result = train(samples, samples, vocab, tmp_path, replace(cfg, stop_step=0), distiller=Distiller(teacher, 32))
    log = [json.loads(line) for line in open(tmp_path / "train-log.jsonl")]
    assert [r["step"] for r in log] == list(range(1, 81))
    losses = np.convolve([r["distill_loss"] for r in log], np.ones(10) / 10, mode="valid")
    assert losses[-1] < 0.5 * losses[0]
    metrics = result["metrics"]
    assert min(metrics[f"distill_{part}_cosine"] for part in ("text", "graph", "max")) > 0.8
    assert {"mlm_accuracy", "gae_auc", "matching_accuracy"} <= set(metrics)  # the student's other skills, reported
    assert all(torch.equal(before[k], v) for k, v in teacher.state_dict().items())
    with pytest.raises(ValueError, match="distill task needs a distiller"):
        train(samples, samples, vocab, tmp_path / "none", cfg)


def test_init_starts_a_new_run_from_a_checkpoint(corpus, tmp_path) -> None:
    from mir_export.pretrain.model import load_checkpoint
    from mir_export.pretrain.checkpoints import ResumeError

    samples, vocab = corpus
    cfg = TrainConfig(model="tiny", steps=4, batch_size=4, warmup=1, eval_samples=8)
    train(samples, samples, vocab, tmp_path / "first", cfg)
    still = replace(cfg, steps=2, lr=0.0, init=str(tmp_path / "first" / "checkpoint.pt"))  # lr 0: weights kept
    result = train(samples, samples, vocab, tmp_path / "second", still)
    first, second = (load_checkpoint(tmp_path / run / "checkpoint.pt").state_dict() for run in ("first", "second"))
    assert all(torch.equal(first[k], second[k]) for k in first)
    assert result["training"]["init"]["step"] == 4 and len(result["training"]["init"]["sha256"]) == 64
    with pytest.raises(ResumeError, match="--init needs one of compact"):
        train(samples, samples, vocab, tmp_path / "third", replace(still, model="compact"))


def test_heads_only_trains_the_pretraining_heads_on_frozen_encoders(corpus, tmp_path) -> None:
    from mir_export.pretrain.model import load_checkpoint
    from mir_export.pretrain.checkpoints import ResumeError
    from mir_export.pretrain.train import training_mode

    samples, vocab = corpus
    cfg = TrainConfig(model="tiny", steps=2, batch_size=4, warmup=1, eval_samples=8)
    train(samples, samples, vocab, tmp_path / "start", cfg)
    warm = replace(cfg, steps=3, lr=1e-2, heads_only=True, init=str(tmp_path / "start" / "checkpoint.pt"))
    result = train(samples, samples, vocab, tmp_path / "warm", warm)
    start, heads = (load_checkpoint(tmp_path / run / "checkpoint.pt").state_dict() for run in ("start", "warm"))
    encoders = [k for k in start if k.startswith(("text.", "graph."))]
    assert encoders and all(torch.equal(start[k], heads[k]) for k in encoders)
    for head in ("mlm.dense.weight", "mlm.bias", "edge_heads.0.weight", "match.0.weight"):
        assert not torch.equal(start[head], heads[head]), head
    assert {"mlm_accuracy", "gae_auc", "matching_accuracy"} <= set(result["metrics"])
    model = load_checkpoint(tmp_path / "warm" / "checkpoint.pt")
    training_mode(model, warm)
    assert model.mlm.training and not model.text.training and not model.graph.training  # no dropout under heads
    with pytest.raises(ResumeError, match="trained with --heads-only; resume it the same way"):
        train(samples, samples, vocab, tmp_path / "warm", replace(warm, steps=4, heads_only=False))


def test_samples_pickled_under_the_old_module_path_still_load(tmp_path) -> None:
    """A data directory prepared before ``samples`` moved into ``mir_export.pretrain`` loads as it is."""
    import pickle

    from mir_export.pretrain.prepare import load_samples

    sample = Sample.__new__(Sample)
    old = pickle.dumps([sample], protocol=0).replace(b"mir_export.pretrain.samples", b"mir_export.samples")
    (tmp_path / "eval.pkl").write_bytes(old)
    assert [type(s) for s in load_samples(tmp_path / "eval.pkl")] == [Sample]
