"""The contrastive stage on a toy variants directory: the loss learns, positives stay within one
source function, the split keeps units whole, a resumed run equals one that never stopped, and
the result exports and serves."""
from __future__ import annotations

import json
import random
import shutil
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")  # the training side: a runtime-only install skips it

from mir_export import cli
from mir_export.pretrain.contrastive import ContrastiveConfig, evaluate, positive_pair, step_loss, train
from mir_export.pretrain.contrastive_data import build, distinct
from mir_export.corpus.variant_build import MANIFEST
from mir_export.corpus.variants import llvm_tool, unit_functions
from mir_export.pretrain.model import MIREncoder
from mir_export.pretrain.checkpoints import ResumeError
from mir_export.corpus.split import held_out_unit
from mir_runtime import Model, parse_ir
from mir_runtime.statements import statements
from models import fixed_tokenizer, trained_like

torch.set_num_threads(1)  # the loss test trains outside ``train`` (which sets it): on a busy machine, far faster

UNITS = ["u0.o", "u1.o", "u2.o", "u3.o", "u18.o"]  # u18.o is held out (corpus.split.held_out_unit)
OPS = ("add", "sub", "mul", "xor", "shl", "and", "or")
O0 = """define i32 @f{k}(i32 %x) {{
entry:
  %a = add i32 %x, 0
  %b = {op} i32 %a, {k}
  %c = {op2} i32 %b, %a
  %r = add i32 %c, 0
  ret i32 %r
}}
"""
O2 = """define i32 @f{k}(i32 %x) {{
entry:
  %b = {op} i32 %x, {k}
  %c = {op2} i32 %b, %x
  ret i32 %c
}}
"""
SAME = """define i32 @s{k}(i32 %x) {{
entry:
  %y = mul i32 %x, {k}
  %z = sub i32 %y, {k}
  ret i32 %z
}}
"""  # compiled alike at both levels: a SimCSE pair


def _text(unit: int, level: str) -> str:
    body = O0 if level == "O0" else O2
    functions = [body.format(k=100 * unit + j, op=OPS[(unit + j) % 7], op2=OPS[(unit + 2 * j + 1) % 7])
                 for j in range(4)]
    return "".join(functions) + SAME.format(k=100 * unit + 50)


@pytest.fixture(scope="module")
def variants(tmp_path_factory) -> Path:
    """A variants directory as 'corpus variants' writes it: ir/ files and the manifest."""
    return _write_variants(tmp_path_factory.mktemp("variants"), _text)


def _write_variants(root: Path, text) -> Path:
    """``root`` made a variants directory of ``UNITS``, each level's module ``text(unit, level)``."""
    units, functions = [], []
    for u, unit in enumerate(UNITS):
        paths = {}
        for level in ("O0", "O2"):
            path = root / "ir" / "p" / f"{unit}.clang-13-{level}.ll"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text(u, level))
            paths[f"clang-13-{level}"] = path
        found, errors = unit_functions(paths)
        assert not errors
        units.append({"package": "p", "unit": unit, "held_out": held_out_unit("p", unit), "errors": {},
                      "variants": {v: str(p.relative_to(root / "ir")) for v, p in paths.items()}})
        functions += [{"package": "p", "unit": unit, "name": name, "held_out": held_out_unit("p", unit),
                       "variants": v} for name, v in sorted(found.items())]
    (root / MANIFEST).write_text(json.dumps({"units": units, "functions": functions}))
    return root


@pytest.fixture(scope="module")
def start(variants, tmp_path_factory) -> tuple[MIREncoder, Path]:
    """A tiny trained-like encoder (its ONNX weights come back whole) and its model directory."""
    modules = [parse_ir(p.read_text()) for p in sorted((variants / "ir").rglob("*.ll"))]
    return trained_like(fixed_tokenizer([s for m in modules for s in statements(m)]), tmp_path_factory.mktemp("start"))


@pytest.fixture(scope="module")
def data(variants, start):
    return build(variants, start[1] / "tokenizer.json", log=lambda _: None)


def _owners(variants: Path) -> dict[str, set]:
    """Each sample key's source functions (package, unit, name) in the manifest."""
    owners: dict[str, set] = {}
    for f in json.loads((variants / MANIFEST).read_text())["functions"]:
        for key, _ in f["variants"].values():
            owners.setdefault(key, set()).add((f["package"], f["unit"], f["name"]))
    return owners


def test_the_split_keeps_every_unit_on_one_side(data, variants):
    owners = _owners(variants)
    sides = {side: {u for g in groups for s in g.values() for _, u, _ in owners[s.key]}
             for side, groups in (("train", data.train), ("held_out", data.held_out))}
    assert sides["train"] == {"u0.o", "u1.o", "u2.o", "u3.o"} and sides["held_out"] == {"u18.o"}
    assert all(held_out_unit("p", u) for u in sides["held_out"]) and not any(held_out_unit("p", u) for u in sides["train"])


def test_two_workers_give_the_same_groups_and_large_files_are_left_out(data, variants, start):
    tokenizer = start[1] / "tokenizer.json"
    keys = lambda d: [[(v, s.key) for v, s in g.items()] for g in d.train + d.held_out]  # noqa: E731
    assert keys(build(variants, tokenizer, log=lambda _: None, jobs=2)) == keys(data)
    sizes = sorted(p.stat().st_size for p in (variants / "ir").rglob("*.ll"))
    cap = sizes[len(sizes) // 2]  # the larger half of the files is left out
    lines = []
    capped = build(variants, tokenizer, log=lines.append, max_file_mb=cap / 2**20)
    assert lines[0].startswith(f"contrastive: left out {sum(s > cap for s in sizes)} variant files")
    assert capped.source["max_file_mb"] == cap / 2**20 and 0 < len(capped.train) + len(capped.held_out)
    assert sum(map(len, capped.train + capped.held_out)) < sum(map(len, data.train + data.held_out))


def test_positives_are_the_same_source_function(data, variants):
    owners = _owners(variants)
    rng = random.Random(0)
    kinds = set()
    for group in data.train:
        a, b = positive_pair(group, rng)
        assert owners[a.key] == owners[b.key] and len(owners[a.key]) == 1  # one function of one unit
        assert {a.key, b.key} <= {s.key for s in group.values()}
        kinds.add(len(distinct(group)))
        assert (a.key != b.key) == (len(distinct(group)) > 1)  # another variant whenever there is one
    assert kinds == {1, 2}  # both kinds of pair occur: across levels and SimCSE


def test_the_loss_decreases_on_a_toy_batch(data, start):
    model = MIREncoder(start[0].cfg)
    model.load_state_dict(start[0].state_dict())
    cfg = ContrastiveConfig(model="tiny", statements_per_sample=8, temperature=0.1)
    rng, generator = random.Random(0), torch.Generator().manual_seed(0)
    pairs = [positive_pair(g, rng) for g in data.train[:8]]
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
    losses = []
    for _ in range(15):
        loss = step_loss(model.train(), pairs, cfg, rng, generator)[0]
        optimizer.zero_grad()
        loss["loss"].backward()
        optimizer.step()
        losses.append(loss["contrastive_loss"].item())
    assert losses[-1] < 0.5 * losses[0] and "mlm_loss" in loss


def test_a_student_with_a_readout_trains_with_mlm(data, start):
    """A distilled student folded into its teacher's space (a readout wider than d_model) keeps
    MLM's statement vectors d_model wide: the stage's MLM term must not assume the readout's width."""
    model = MIREncoder(replace(start[0].cfg, readout=2 * start[0].cfg.d_model))
    cfg = ContrastiveConfig(model="tiny", statements_per_sample=8)
    rng, generator = random.Random(0), torch.Generator().manual_seed(0)
    losses = step_loss(model.train(), [positive_pair(g, rng) for g in data.train[:4]], cfg, rng, generator)[0]
    assert torch.isfinite(losses["loss"]) and "mlm_loss" in losses


def test_the_distill_term_compares_the_same_view_with_the_teacher(data, start):
    """The teacher pools the statements the student's first view drew: a student equal to its
    teacher (no dropout) has no distill loss, and the term weighs into the sum."""
    cfg = ContrastiveConfig(model="tiny", statements_per_sample=2, mlm_weight=0, distill_weight=0.5)
    pairs = [positive_pair(g, random.Random(0)) for g in data.train[:6]]

    def losses(student: MIREncoder) -> dict:
        return step_loss(student, pairs, cfg, random.Random(0), torch.Generator().manual_seed(0), start[0].eval())[0]

    same = losses(_copy(start[0]).eval())
    assert same["distill_loss"].item() < 1e-10
    other = losses(MIREncoder(start[0].cfg).eval())
    assert other["distill_loss"].item() > 0.1
    assert torch.isclose(other["loss"], other["contrastive_loss"] + 0.5 * other["distill_loss"])


def test_the_command_takes_a_teacher_in_the_students_space(variants, start, tmp_path, capsys):
    args = ["pretrain", "contrastive", "--variants", str(variants), "--model", str(start[1]), "--out",
            str(tmp_path / "run"), "--steps", "1", "--batch-size", "4", "--statements", "2", "--teacher", str(start[1])]
    assert cli.main(args) == 0
    capsys.readouterr()
    result = json.loads((tmp_path / "run" / "pretrain-result.json").read_text())
    assert "distill" in result["train_config"]["tasks"] and result["train_config"]["teacher"] == str(start[1])
    assert "distill_loss" in json.loads((tmp_path / "run" / "train-log.jsonl").read_text().splitlines()[0])
    other = tmp_path / "mean"
    shutil.copytree(start[1], other)
    assert cli.main(["repool", "--model", str(other), "--pooling", "mean"]) == 0
    capsys.readouterr()
    assert cli.main([*args[:-1], str(other), "--out", str(tmp_path / "other")]) == 2
    assert "export the student with --teacher-space" in capsys.readouterr().err
    for wrong in ([*args[:-2], "--distill-weight", "2"], [*args, "--distill-weight", "0"]):  # no teacher; weight 0
        assert cli.main(wrong) == 2 and "a positive weight, with --teacher" in capsys.readouterr().err


def _copy(model: MIREncoder) -> MIREncoder:
    fresh = MIREncoder(model.cfg)
    fresh.load_state_dict(model.state_dict())
    return fresh


def test_a_resumed_run_equals_one_that_never_stopped(data, start, tmp_path):
    model, directory = start
    cfg = ContrastiveConfig(model="tiny", steps=6, warmup=1, batch_size=4, statements_per_sample=4,
                            checkpoint_every=2, eval_samples=8)
    tokenizer = directory / "tokenizer.json"
    whole = train(_copy(model), data, tokenizer, tmp_path / "whole", cfg, {})
    train(_copy(model), data, tokenizer, tmp_path / "halves", replace(cfg, stop_step=3), {})
    resumed = train(_copy(model), data, tokenizer, tmp_path / "halves", cfg, {})
    a = torch.load(tmp_path / "whole" / "checkpoint.pt", weights_only=False)["model"]
    b = torch.load(tmp_path / "halves" / "checkpoint.pt", weights_only=False)["model"]
    assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)
    assert resumed["training"]["step"] == whole["training"]["step"] == 6
    assert [(r["from_step"], r["stop_step"]) for r in resumed["training"]["invocations"]] == [(0, 3), (3, 0)]
    logs = [[{k: v for k, v in json.loads(line).items() if k not in ("seconds", "functions_per_s")}
             for line in (tmp_path / run / "train-log.jsonl").read_text().splitlines()] for run in ("whole", "halves")]
    assert logs[0] == logs[1] and len(logs[0]) == 6
    other = replace(data, source={**data.source, "tokenizer_sha256": "b" * 64})
    with pytest.raises(ResumeError, match="another tokenizer .*use the same --model, or a new --out"):
        train(_copy(model), other, tokenizer, tmp_path / "whole", replace(cfg, steps=8), {})


def test_the_command_runs_exports_and_the_runtime_embeds_with_the_result(variants, start, tmp_path, capsys):
    directory = tmp_path / "start"
    shutil.copytree(start[1], directory)
    assert cli.main(["repool", "--model", str(directory), "--pooling", "mean"]) == 0  # not export's default
    capsys.readouterr()
    run, out = tmp_path / "run", tmp_path / "model"
    args = ["pretrain", "contrastive", "--variants", str(variants), "--model", str(directory), "--out", str(run),
            "--steps", "4", "--batch-size", "4", "--statements", "4"]
    assert cli.main(args) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["metrics"]["variant_pairs"] == 5 and 0 < printed["metrics"]["variant_mrr"] <= 1
    result = json.loads((run / "pretrain-result.json").read_text())
    assert result["training"]["functions"] == 20 and result["training"]["step"] == 4 and result["hardware"]["cores"]
    assert cli.main(args) == 2 and "already at step 4" in capsys.readouterr().err  # nothing left: one line
    assert cli.main(["pretrain", "evaluate", "--data", str(run), "--run", str(run)]) == 0
    measured = json.loads(capsys.readouterr().out)  # by default the stage trains no GAE or matching head
    assert set(measured) == {"mlm_accuracy", "eval_functions"} and measured["eval_functions"] > 0
    assert 0 <= measured["mlm_accuracy"] <= 1
    assert cli.main(["export", "--run", str(run), "--data", str(run), "--out", str(out),
                     "--corpus-manifest", str(variants / MANIFEST)]) == 0
    capsys.readouterr()
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["pooling"] == "mean"  # the layout the run trained, without --pooling
    assert manifest["training"]["cost"]["steps"] == 4 and "pretrain contrastive" in manifest["training"]["commands"][-2]
    assert not any("pretrain prepare" in c for c in manifest["training"]["commands"])  # it read the variants
    start_recipe = manifest["training"]["lineage"]["start"]  # the model it started from, and how that was made
    assert start_recipe["model"] == str(directory.resolve()) and start_recipe["weights"].startswith("the model dir")
    assert start_recipe["training"] == json.loads((directory / "manifest.json").read_text()).get("training", {})
    with Model.load(out) as model:
        vectors = model.embed_ir([_text(0, "O0"), _text(0, "O2")])
    assert vectors.shape == (2, manifest["embedding_size"]) and np.isfinite(vectors).all()
    if llvm_tool("llvm-extract", 13) is None:
        pytest.skip("no llvm-extract installed: the proxy cannot cut functions")
    scored = tmp_path / "proxy"
    shutil.copytree(variants, scored)
    proxy = ["pretrain", "proxy", "--variants", str(scored), "--model", str(out), "--methods", "ours", "--record"]
    assert cli.main(proxy) == 2 and "--record: only the bar's figure" in capsys.readouterr().err  # 5 < 1,000
    assert cli.main([*proxy, "--split", "all"]) == 2 and "--split held-out" in capsys.readouterr().err
    assert "variant_mrr" not in json.loads((out / "manifest.json").read_text())["metrics"]["pretrain"]
    assert cli.main([*proxy, "--min-candidates", "1"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["pairs"] == 5
    recorded = json.loads((out / "manifest.json").read_text())["metrics"]["pretrain"]
    assert recorded["variant_recall_at_1"] == printed["recall_at_1"] and recorded["variant_mrr"] == printed["mrr"]
    assert recorded["variant_proxy"]["candidates"] == 5 and "mlm_accuracy" in recorded  # merged, not replaced
    assert "variant_recall_at_1_whitened" not in recorded and "whitened" not in recorded["variant_proxy"]["baselines"]
    assert cli.main(["whiten", "--model", str(out), "--corpus", str(variants), "--modules", "10", "--jobs", "1"]) == 0
    capsys.readouterr()
    assert cli.main([*proxy[:-2], "ours,whitened", "--record", "--min-candidates", "1"]) == 0
    whitened = json.loads(capsys.readouterr().out)["tasks"]["O0-to-O2 clang-13"]["methods"]["whitened"]
    recorded = json.loads((out / "manifest.json").read_text())["metrics"]["pretrain"]
    assert recorded["variant_recall_at_1_whitened"] == whitened["recall_at_1"] and "whitened" not in recorded[
        "variant_proxy"]["baselines"]


def test_random_init_gives_the_architecture_fresh_weights(variants, start, tmp_path, capsys):
    run = tmp_path / "random"
    args = ["pretrain", "contrastive", "--variants", str(variants), "--model", str(start[1]), "--out", str(run),
            "--init", "random", "--steps", "0"]
    assert cli.main(args) == 0
    capsys.readouterr()
    saved = torch.load(run / "checkpoint.pt", weights_only=False)
    trained = start[0].state_dict()
    assert saved["model"].keys() == trained.keys()
    assert not torch.equal(saved["model"]["text.tokens.weight"], trained["text.tokens.weight"])
    result = json.loads((run / "pretrain-result.json").read_text())
    assert result["training"]["step"] == 0 and result["training"]["start"]["weights"].startswith("random")
    assert cli.main([*args, "--checkpoint", str(run / "checkpoint.pt")]) == 2
    assert "drop --checkpoint" in capsys.readouterr().err


def test_random_init_takes_another_architecture(variants, start, tmp_path, capsys):
    run = tmp_path / "compact"
    args = ["pretrain", "contrastive", "--variants", str(variants), "--model", str(start[1]), "--out", str(run),
            "--steps", "0", "--architecture", "compact"]
    assert cli.main(args) == 2 and "add --init random" in capsys.readouterr().err
    assert cli.main([*args, "--init", "random"]) == 0
    capsys.readouterr()
    saved = torch.load(run / "checkpoint.pt", weights_only=False)
    assert saved["model_config"]["d_model"] == 128 and saved["model_config"]["name"] == "compact"
    assert saved["model_config"]["vocab_size"] == start[0].cfg.vocab_size  # the start model's tokenizer


@pytest.mark.parametrize("device, said", [("gpu0", "not a torch device"), ("meta", "only cpu and cuda")]
                         + ([("cuda", "sees no CUDA GPU")] if not torch.cuda.is_available() else []))
def test_a_device_torch_cannot_use_is_refused_before_any_work(variants, start, tmp_path, capsys, device, said):
    args = ["pretrain", "contrastive", "--variants", str(variants), "--model", str(start[1]), "--out",
            str(tmp_path / "run"), "--steps", "1", "--device", device]
    assert cli.main(args) == 2
    assert said in capsys.readouterr().err and not (tmp_path / "run").exists()


def test_without_held_out_functions_no_figure_is_reported(data, start):
    """Training groups alone (the held-out side featurized elsewhere): no recall and no MLM
    accuracy, where a mean over nothing once read 0.0."""
    cfg = ContrastiveConfig(model="tiny", statements_per_sample=4)
    got = evaluate(_copy(start[0]), replace(data, held_out=[]), cfg)
    assert got["variant_pairs"] == 0 and got["eval_functions"] == 0
    assert "mlm_accuracy" not in got and "variant_recall_at_1" not in got


def test_without_the_contrastive_term_mlm_trains_alone(data, start):
    """The ablation at equal budget: no view is pooled, MLM's statements are counted, and the
    default terms stay as they were (the same draws, the same sum)."""
    cfg = ContrastiveConfig(model="tiny", statements_per_sample=4, contrastive_weight=0.0)
    pairs = [positive_pair(g, random.Random(0)) for g in data.train[:4]]
    losses, drawn, pooled = step_loss(_copy(start[0]), pairs, cfg, random.Random(1),
                                      torch.Generator().manual_seed(0))
    assert set(losses) == {"mlm_loss", "loss"} and torch.equal(losses["loss"], 0.1 * losses["mlm_loss"])
    assert drawn == sum(min(4, len(a.statements)) for a, _ in pairs) and pooled == []  # no graph went through
    with pytest.raises(ValueError, match="no term to train"):
        step_loss(_copy(start[0]), pairs, replace(cfg, mlm_weight=0.0), random.Random(1), torch.Generator())
    both = replace(cfg, contrastive_weight=1.0)
    torch.manual_seed(0)
    losses, _, pooled = step_loss(_copy(start[0]), pairs, both, random.Random(1), torch.Generator().manual_seed(0))
    assert torch.allclose(losses["loss"], losses["contrastive_loss"] + 0.1 * losses["mlm_loss"])
    assert list(map(id, pooled)) == [id(s) for k in (0, 1) for s in (pair[k] for pair in pairs)]


def test_gae_and_matching_train_on_the_first_views_beside_infonce(data, start):
    """The skills that InfoNCE alone lets go (matching fell to 0.79) join the sum with their
    weights, in one pass over the first views; without a pooled view, those graphs are counted."""
    cfg = ContrastiveConfig(model="tiny", statements_per_sample=4, gae_weight=0.5, match_weight=0.25)
    pairs = [positive_pair(g, random.Random(0)) for g in data.train[:4]]
    torch.manual_seed(0)
    losses, _, pooled = step_loss(_copy(start[0]), pairs, cfg, random.Random(1), torch.Generator().manual_seed(0))
    assert set(losses) == {"contrastive_loss", "mlm_loss", "gae_loss", "match_loss", "loss"}
    weighted = losses["contrastive_loss"] + 0.1 * losses["mlm_loss"] + 0.5 * losses["gae_loss"] \
        + 0.25 * losses["match_loss"]
    assert torch.allclose(losses["loss"], weighted)
    assert list(map(id, pooled)) == [id(p[k]) for k in (0, 1, 0) for p in pairs]  # two views, then the skills'
    skills = replace(cfg, contrastive_weight=0.0, mlm_weight=0.0)
    losses, drawn, pooled = step_loss(_copy(start[0]), pairs, skills, random.Random(1),
                                      torch.Generator().manual_seed(0))
    assert set(losses) == {"gae_loss", "match_loss", "loss"} and drawn > 0
    assert list(map(id, pooled)) == [id(a) for a, _ in pairs]
    got = evaluate(_copy(start[0]), data, skills)  # the figures of what was trained, and nothing else
    assert set(got["gae_auc"]) == {"control", "data", "call"} and 0 <= got["matching_accuracy"] <= 1
    assert "mlm_accuracy" not in got and got["eval_functions"] > 0


def test_the_command_runs_the_ablation_and_refuses_no_term(variants, start, tmp_path, capsys):
    args = ["pretrain", "contrastive", "--variants", str(variants), "--model", str(start[1]), "--steps", "2",
            "--batch-size", "4", "--statements", "4", "--contrastive-weight", "0"]
    assert cli.main([*args, "--mlm-weight", "0", "--out", str(tmp_path / "none")]) == 2
    assert "a term to train" in capsys.readouterr().err and not (tmp_path / "none").exists()
    assert cli.main([*args, "--out", str(tmp_path / "mlm")]) == 0
    capsys.readouterr()
    result = json.loads((tmp_path / "mlm" / "pretrain-result.json").read_text())
    assert result["train_config"]["tasks"] == ["mlm"] and result["training"]["statements"] > 0
    assert result["training"]["graphs"] == result["training"]["tokens"] == 0  # the graph branch never ran
    skills = [*args, "--mlm-weight", "0", "--gae-weight", "1", "--match-weight", "0.5"]
    assert cli.main([*skills[:-1], "-0.5", "--out", str(tmp_path / "bad")]) == 2
    assert "not negative" in capsys.readouterr().err and not (tmp_path / "bad").exists()
    assert cli.main([*skills, "--out", str(tmp_path / "skills")]) == 0
    assert "matching_accuracy" in json.loads(capsys.readouterr().out)["metrics"]
    result = json.loads((tmp_path / "skills" / "pretrain-result.json").read_text())
    assert result["train_config"]["tasks"] == ["gae", "match"] and result["training"]["graphs"] == 2 * 4
    run = str(tmp_path / "skills")
    assert cli.main(["pretrain", "evaluate", "--data", run, "--run", run]) == 0
    assert set(json.loads(capsys.readouterr().out)) == {"gae_auc", "matching_accuracy", "eval_functions"}


def _alloca_text(unit: int, level: str) -> str:
    """``_text`` with each -O0 function keeping its argument in a local, as clang -O0 does."""
    text = _text(unit, level)
    if level == "O0":
        text = text.replace("entry:\n  %a = add i32 %x, 0\n", "entry:\n  %p = alloca i32\n  store i32 %x, ptr %p\n"
                            "  %a = load i32, ptr %p\n")
    return text


def test_a_promoting_model_trains_on_promoted_samples_and_exports_the_front_end(start, tmp_path, capsys):
    """From a model whose manifest says promote_allocas, the stage featurizes the variants with their
    locals promoted (keyed as the manifest keys them, as read), records it, refuses its samples
    to a model that reads modules as they are, and exports a model that promotes too."""
    variants = _write_variants(tmp_path / "variants", _alloca_text)
    tokenizer = start[1] / "tokenizer.json"
    plain, promoted = (build(variants, tokenizer, log=lambda _: None, promote_allocas=p) for p in (False, True))
    assert [len(g) for g in promoted.train] == [len(g) for g in plain.train]  # the same groups
    lengths = lambda data: sorted(len(s.statements) for g in data.train for s in distinct(g))  # noqa: E731
    assert sum(lengths(promoted)) < sum(lengths(plain))  # no alloca, store or load left
    directory = tmp_path / "start"
    shutil.copytree(start[1], directory)
    assert cli.main(["promote", "--model", str(directory)]) == 0
    run, out = tmp_path / "run", tmp_path / "model"
    args = ["pretrain", "contrastive", "--variants", str(variants), "--model", str(directory), "--out", str(run),
            "--steps", "2", "--batch-size", "4", "--statements", "4"]
    assert cli.main(args) == 0
    assert json.loads((run / "pretrain-result.json").read_text())["train_config"]["promote_allocas"] is True
    capsys.readouterr()
    assert cli.main([*args[:5], str(start[1]), *args[6:-6], "--steps", "3", *args[-4:]]) == 2
    assert "promote_allocas differ" in capsys.readouterr().err
    assert cli.main(["export", "--run", str(run), "--data", str(run), "--out", str(out),
                     "--corpus-manifest", str(variants / MANIFEST)]) == 0
    assert json.loads((out / "manifest.json").read_text())["promote_allocas"] is True
    with Model.load(out) as model:
        assert model.featurizer.promote_allocas
