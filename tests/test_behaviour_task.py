"""The behaviour pre-training task: labels joined to the functions by key, columns chosen on folds by
package (a column that does not transfer, and a near-copy, left out), standardized; the head
learns (its loss falls on a tiny set), checkpoints, and resumes only with the targets it started
with; the CLI's path from labels to a trained and evaluated run."""
from __future__ import annotations

import hashlib
import json
import pickle
import random
from dataclasses import replace

import numpy as np
import pytest

torch = pytest.importorskip("torch")  # the training side: a runtime-only install skips it

from mir_export import cli
from mir_export.pretrain.behaviour_targets import REPORT, TARGETS, BehaviourTargets, TargetsError, build_targets, load_targets
from mir_export.pretrain.behaviour_task import BehaviourHead, pooled_size, r2_figures
from mir_export.corpus.behaviour import FEATURES, LABEL_NAMES, RUNS, features
from mir_export.corpus.behaviour_build import LABELS, MANIFEST
from mir_export.pretrain.batches import make_batch
from mir_export.pretrain.checkpoints import ResumeError
from mir_export.pretrain.config import TrainConfig
from mir_export.pretrain.train import draw, labelled_split, LabelledShareError, train
from mir_export.corpus.manifest import function_key
from mir_export.pretrain.samples import module_samples
from mir_runtime import parse_ir
from mir_runtime.statements import instruction_statements, statements
from models import fixed_tokenizer

# A loop of k % 4 + 1 updates, and a helper: functions that differ in size, loads, stores and loops.
TEMPLATE = """
define void @f{k}(i32* %p, i32 %n) {{
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %a = getelementptr inbounds i32, i32* %p, i32 %i
{body}
  %next = add nsw i32 %i, {k}
  %done = icmp sge i32 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}}
define i32 @g{k}(i32 %x) {{
  %y = mul i32 %x, {k}
  %z = xor i32 %y, %x
  ret i32 %z
}}
"""
UPDATE = "  %v{j} = load i32, i32* %a, align 4\n  %w{j} = sub i32 %v{j}, {j}\n  store i32 %w{j}, i32* %a, align 4"
MODULES = 36
HELD_OUT = range(30, MODULES)  # the last modules' functions are the held-out samples
INSTRUCTIONS, LOOPS, LOADS = (FEATURES.index(n) for n in ("instructions", "loops", "op:load"))


def _module(k: int):
    body = "\n".join(UPDATE.format(j=j) for j in range(k % 4 + 1))
    return parse_ir(TEMPLATE.format(k=k, body=body), f"m{k}.ll")


def _row(module, k: int, fn, rng: random.Random) -> dict:
    """A label row as 'corpus behaviour' writes it, with made-up runs: every run drops the loads and
    keeps the rest, O2 deletes the loops, and gvn's count of eliminated loads is noise."""
    before = features(fn)
    after = list(before)
    after[INSTRUCTIONS] -= before[LOADS]
    after[LOADS] = 0
    runs = {run: list(after) for run in RUNS}
    runs["O2"][LOOPS] = 0
    key = function_key(instruction_statements([i for b in fn.blocks for i in b.instructions], module.types))
    return {"key": key, "module": f"ir/p{k % 3}/m{k}.O0.ll", "name": fn.name, "package": f"p{k % 3}",
            "features": {"O0": before, **runs}, "remarks": {"gvn": {"Passed/gvn/LoadElim": rng.randrange(5)}},
            "errors": {}}


def _labels(directory, rows: list[dict], split: str) -> None:
    directory.mkdir(parents=True)
    (directory / MANIFEST).write_text(json.dumps({"split": split, "labels": {"names": list(LABEL_NAMES)}}))
    (directory / LABELS).write_text("".join(json.dumps(r) + "\n" for r in rows))


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    """A 'pretrain prepare' directory of the tiny corpus, and label directories of both splits."""
    root = tmp_path_factory.mktemp("behaviour-task")
    modules = [_module(k) for k in range(MODULES)]
    tokenizer = fixed_tokenizer([s for m in modules for s in statements(m)])
    out = root / "data"
    out.mkdir()
    tokenizer.save(str(out / "tokenizer.json"))
    rng = random.Random(0)
    split = {"train": [], "eval": []}
    rows = {"train": [], "eval": []}
    for k, module in enumerate(modules):
        side = "eval" if k in HELD_OUT else "train"
        split[side] += module_samples(module, tokenizer)
        rows[side] += [_row(module, k, fn, rng) for fn in module.functions]
    for side, samples in split.items():
        (out / f"{side}.pkl").write_bytes(pickle.dumps(samples))
    _labels(root / "train-labels", rows["train"], "train")
    _labels(root / "held-labels", rows["eval"], "held-out")
    return out, root / "train-labels", root / "held-labels", split, tokenizer.get_vocab_size()


def test_columns_are_chosen_on_folds_by_package_and_standardized(data) -> None:
    out, train_labels, held_labels, split, _ = data
    report = build_targets(out, [train_labels, held_labels], log=lambda _: None)
    chosen, candidates = report["chosen"], report["candidates"]
    assert report["rule"]["folds"] == 3 and sorted(report["functions"]["train_packages"]) == ["p0", "p1", "p2"]
    assert chosen == ["canonical:instructions", "O2:loops"]  # the runs' instruction counts are one column
    assert candidates["gvn:Passed/gvn/LoadElim"]["left_out"] == "does not transfer across packages"  # noise
    assert candidates["O2:instructions"]["left_out"] == "near-copy of canonical:instructions"
    targets = load_targets(out / TARGETS)
    assert targets.columns == chosen and targets.sha256 == report["sha256"]
    assert json.loads((out / REPORT).read_text())["sha256"] == targets.sha256
    train_keys = [s.key for s in split["train"]]
    values, found = targets.rows(train_keys)
    assert found.all() and np.allclose(values.mean(0), 0, atol=1e-5) and np.allclose(values.std(0), 1, atol=1e-3)
    held, held_found = targets.rows([s.key for s in split["eval"]])
    assert held_found.all() and report["functions"]["eval_labelled"] == len(split["eval"])
    assert not targets.rows(["no such key"])[1].any()


def test_labels_are_refused_unless_one_training_split_of_these_columns(data, tmp_path) -> None:
    out, train_labels, held_labels, _, _ = data
    with pytest.raises(TargetsError, match="no directory of the training split"):
        build_targets(out, [held_labels], log=lambda _: None)
    with pytest.raises(TargetsError, match="a second label directory of the train split"):
        build_targets(out, [train_labels, train_labels], log=lambda _: None)
    other = tmp_path / "other"
    _labels(other, [], "train")
    manifest = json.loads((other / MANIFEST).read_text())
    (other / MANIFEST).write_text(json.dumps(manifest | {"labels": {"names": ["O2:instructions"]}}))
    with pytest.raises(TargetsError, match="other columns"):
        build_targets(out, [other], log=lambda _: None)


def _synthetic(samples) -> BehaviourTargets:
    """Two learnable columns: the function's size and whether it has a loop (standardized)."""
    keys = [s.key for s in samples]
    values = np.array([[np.log1p(len(s.statements)), float(len(s.statements) > 5)] for s in samples], dtype=np.float32)
    values = (values - values.mean(0)) / values.std(0)
    sha = hashlib.sha256(values.tobytes()).hexdigest()
    return BehaviourTargets(["size", "loop"], {k: i for i, k in enumerate(keys)}, values, sha)


def test_the_head_reads_the_runtime_layout(data) -> None:
    _, _, _, split, vocab = data
    from mir_export.pretrain.model import MIREncoder, config

    model = MIREncoder(config("tiny", vocab))
    head = BehaviourHead(model.cfg.d_model, _synthetic(split["train"]))
    batch = make_batch(split["train"][:6], 4, random.Random(0))
    vectors = model.text(batch.ids)
    latents = model.graph.latents(*(getattr(batch, n) for n in ("node_tokens", "token_node", "node_type",
                                                                 "edge_src", "edge_dst", "edge_flow")))
    pooled = head.pooled(batch, vectors, latents)
    assert pooled.shape == (6, pooled_size(model.cfg.d_model))
    sizes = np.log1p([[len(s.statements), s.num_nodes] for s in split["train"][:6]])
    assert np.allclose(pooled[:, -2:].detach().numpy(), sizes, atol=1e-5)  # every statement counted, not those drawn


def test_held_out_figures_leave_constant_columns_out() -> None:
    target = np.array([[1.0, 0.5], [-1.0, 0.5], [np.nan, 0.5]])
    predicted = np.array([[0.5, 0.0], [-0.5, 0.0], [3.0, 1.0]])
    figures = r2_figures([np.stack([predicted, target])], ["varies", "constant"])
    assert figures["behaviour_r2"] == {"varies": 0.75}  # 1 - 0.5 / 2; the NaN row unscored
    assert figures["behaviour_functions"] == 3
    assert figures["behaviour_skill"] == pytest.approx(1 - (0.5 + 0.25 + 0.25 + 0.25) / (2 + 0.75))
    assert r2_figures([], ["varies"]) == {"behaviour_functions": 0}


def test_the_loss_falls_on_a_tiny_set(data, tmp_path) -> None:
    _, _, _, split, vocab = data
    samples = split["train"]
    cfg = TrainConfig(model="tiny", tasks=("behaviour",), steps=60, batch_size=8, warmup=5, lr=3e-3, eval_samples=64)
    torch.manual_seed(0)
    result = train(samples, samples, vocab, tmp_path, cfg, behaviour=BehaviourHead(32, _synthetic(samples)))
    losses = [json.loads(line)["behaviour_loss"] for line in open(tmp_path / "train-log.jsonl")]
    rolling = np.convolve(losses, np.ones(10) / 10, mode="valid")
    assert rolling[-10:].min() < 0.5 * rolling[0]
    assert result["metrics"]["behaviour_functions"] == len(samples) and result["metrics"]["behaviour_r2_mean"] > 0.5


def test_a_run_resumes_only_with_its_targets(data, tmp_path) -> None:
    _, _, _, split, vocab = data
    samples = split["train"]
    targets = _synthetic(samples)
    cfg = TrainConfig(model="tiny", tasks=("mlm", "behaviour"), steps=6, stop_step=3, batch_size=4, warmup=1,
                      eval_samples=8)
    train(samples, samples, vocab, tmp_path / "run", cfg, behaviour=BehaviourHead(32, targets))
    other = replace(targets, sha256="0" * 64)
    with pytest.raises(ResumeError, match="other behaviour targets"):
        train(samples, samples, vocab, tmp_path / "run", replace(cfg, stop_step=0), behaviour=BehaviourHead(32, other))
    result = train(samples, samples, vocab, tmp_path / "run", replace(cfg, stop_step=0),
                   behaviour=BehaviourHead(32, targets))
    assert result["training"]["step"] == 6
    plain = replace(cfg, tasks=("mlm",))
    train(samples, samples, vocab, tmp_path / "plain", plain)
    with pytest.raises(ResumeError, match="without the behaviour task"):
        train(samples, samples, vocab, tmp_path / "plain", replace(cfg, stop_step=0),
              behaviour=BehaviourHead(32, targets))


def test_a_labelled_share_of_each_batch_comes_from_the_labelled_functions(data) -> None:
    _, _, _, split, _ = data
    samples = split["train"]
    targets = _synthetic(samples[::3])  # a third of the functions labelled
    cfg = TrainConfig(model="tiny", tasks=("mlm", "behaviour"), batch_size=8, labelled_share=0.5)
    head = BehaviourHead(32, targets)
    parts = labelled_split(samples, head, cfg)
    assert {s.key for s in parts[0]} == set(targets.index) and len(parts[0]) + len(parts[1]) == len(samples)
    rng = random.Random(0)
    for _ in range(20):
        batch = draw(samples, parts, cfg, rng)
        assert len({id(s) for s in batch}) == 8 and sum(s.key in targets.index for s in batch) == 4
    assert labelled_split(samples, head, replace(cfg, labelled_share=0.0)) == ([], [])
    with pytest.raises(LabelledShareError, match="a batch needs 8 and 0"):
        labelled_split(samples[:20], head, replace(cfg, labelled_share=1.0))


def test_from_labels_to_an_evaluated_run_on_the_command_line(data, tmp_path, capsys) -> None:
    built, train_labels, held_labels, split, _ = data
    out = tmp_path / "data"
    out.mkdir()
    for name in ("tokenizer.json", "train.pkl", "eval.pkl"):
        (out / name).write_bytes((built / name).read_bytes())
    run = tmp_path / "run"
    args = ["pretrain", "train", "--data", str(out), "--out", str(run), "--model", "tiny", "--tasks",
            "mlm,gae,match,behaviour", "--steps", "4", "--batch-size", "4"]
    assert cli.main(args) == 2 and "run 'mir-export pretrain behaviour" in capsys.readouterr().err
    assert cli.main(["pretrain", "behaviour", "--data", str(out), "--labels", str(train_labels), str(held_labels)]) == 0
    assert "O2:loops" in json.loads(capsys.readouterr().out)["chosen"]
    assert cli.main(args + ["--labelled-share", "1.5"]) == 2 and "--labelled-share" in capsys.readouterr().err
    assert cli.main(args + ["--labelled-share", "1"]) == 0  # every function of the tiny set is labelled
    trained = json.loads(capsys.readouterr().out)
    assert trained["behaviour_functions"] == len(split["eval"]) and "O2:loops" in trained["behaviour_r2"]
    logged = json.loads(open(run / "train-log.jsonl").readline())
    assert {"mlm_loss", "gae_loss", "match_loss", "behaviour_loss"} <= set(logged)
    assert cli.main(["pretrain", "evaluate", "--data", str(out), "--run", str(run)]) == 0
    assert json.loads(capsys.readouterr().out)["behaviour_r2"] == trained["behaviour_r2"]
