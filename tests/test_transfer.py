"""What travels to a lent GPU and back: packed samples unpack to the groups they came from, a run
trained on them exports from its joined weight parts, and broken files are refused in one line."""
from __future__ import annotations

import io
import json
import lzma
import os
import re
import subprocess
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")  # the training side: a runtime-only install skips it

from mir_export import cli
from mir_export.corpus.variant_build import MANIFEST
from mir_export.pretrain.samples import Sample
from mir_export.pretrain.transfer import HEADS, TransferError, chosen_groups, join_weights, pack, split_weights, unpack
from paths import REPO
from test_contrastive import data, start, variants  # noqa: F401 (fixtures)


def _same(a: Sample, b: Sample) -> bool:
    """Equal keys, packages and arrays, with the dtypes the featurizer gives."""
    arrays = ("node_tokens", "node_lengths", "node_type", "edges")
    return (a.key == b.key and a.package == b.package and len(a.statements) == len(b.statements)
            and all(np.array_equal(x, y) and x.dtype == y.dtype for x, y in zip(a.statements, b.statements))
            and all(np.array_equal(getattr(a, f), getattr(b, f)) and getattr(a, f).dtype == getattr(b, f).dtype
                    for f in arrays))


def test_packed_groups_unpack_to_the_chosen_ones(data, tmp_path):  # noqa: F811
    path = tmp_path / "train.npz.xz"
    summary = pack(data, path, max_variants=1, max_nodes=0, seed=3, command="mir-export pretrain pack ...")
    chosen = chosen_groups(data.train, 1, 0, 3)
    assert summary["groups"] == len(chosen) == len(data.train) and summary["bytes"] == path.stat().st_size
    back = unpack(path)
    assert back.held_out == [] and len(back.train) == len(chosen)
    for mine, theirs in zip(back.train, chosen):
        assert mine.keys() == theirs.keys() and len(mine) == 1
        assert all(_same(mine[v], theirs[v]) for v in mine)
    assert back.source["tokenizer_sha256"] == data.source["tokenizer_sha256"]
    assert back.source["pack"]["seed"] == 3 and back.source["pack"]["command"].startswith("mir-export pretrain pack")
    assert len(back.source["pack"]["sha256"]) == 64


def test_the_node_limit_drops_variants_and_groups_left_with_none(data):  # noqa: F811
    limit = min(s.num_nodes for g in data.train for s in g.values())
    kept = chosen_groups(data.train, 0, limit, 0)
    assert kept and all(s.num_nodes <= limit for g in kept for s in g.values())
    assert len(kept) == sum(min(s.num_nodes for s in g.values()) <= limit for g in data.train)
    assert sum(map(len, kept)) < sum(map(len, data.train))
    assert chosen_groups(data.train, 0, 0, 0) == [{v: g[v] for v in {s.key: v for v, s in g.items()}.values()}
                                                   for g in data.train]  # one variant per distinct sample


def test_nothing_that_fits_is_refused(data, tmp_path):  # noqa: F811
    with pytest.raises(TransferError, match="no training function fits --max-nodes 1"):
        pack(data, tmp_path / "x.npz.xz", 4, 1, 0, "")
    assert not list(tmp_path.iterdir())


def test_a_run_on_packed_samples_exports_from_its_joined_parts(variants, start, tmp_path, capsys):  # noqa: F811
    home, packed, device, back, joined = (tmp_path / n for n in ("home", "train.npz.xz", "device", "back", "joined"))
    assert cli.main(["pretrain", "pack", "--variants", str(variants), "--model", str(start[1]), "--run", str(home),
                     "--out", str(packed)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["groups"] == 20 and (home / "eval.pkl").is_file() and (home / "tokenizer.json").is_file()
    train = ["pretrain", "contrastive", "--samples", str(packed), "--model", str(start[1]), "--out", str(device),
             "--steps", "2", "--batch-size", "4", "--statements", "4"]
    assert cli.main(train) == 0
    assert json.loads(capsys.readouterr().out)["metrics"]["variant_pairs"] == 0  # training groups only
    assert cli.main(["pretrain", "split", "--run", str(device), "--out", str(back), "--part-mb", "0.05"]) == 0
    parts = capsys.readouterr().out.split()
    assert len(parts) > 2 and all(Path(p).stat().st_size < 0.05 * 2**20 + 2**16 for p in parts[1:])
    assert cli.main(["pretrain", "join", "--parts", str(back), "--out", str(joined)]) == 0
    capsys.readouterr()
    trained = torch.load(device / "checkpoint.pt", weights_only=False)
    again = torch.load(joined / "checkpoint.pt", weights_only=False)
    assert list(again["model"]) == list(trained["model"]) and "optimizer" not in again
    assert all(torch.equal(again["model"][k], trained["model"][k]) for k in trained["model"])
    assert (joined / "pretrain-result.json").read_text() == (device / "pretrain-result.json").read_text()
    assert cli.main([*train[:7], str(joined), "--steps", "4"]) == 2  # weights only: no resume
    assert "without optimizer state" in capsys.readouterr().err
    model = tmp_path / "model"
    assert cli.main(["export", "--run", str(joined), "--data", str(device), "--out", str(model)]) == 2
    said = capsys.readouterr().err.strip()  # the device run has no held-out functions to check against
    assert said.count("\n") == 0 and "eval.pkl: no held-out functions" in said and not model.exists()
    assert cli.main(["export", "--run", str(joined), "--data", str(home), "--out", str(model),
                     "--corpus-manifest", str(variants / MANIFEST)]) == 0
    capsys.readouterr()
    commands = json.loads((model / "manifest.json").read_text())["training"]["commands"]
    assert "pretrain pack" in commands[-3] and "--samples" in commands[-2] and "export" in commands[-1]


def test_broken_transfers_are_refused_in_one_line(data, start, tmp_path, capsys):  # noqa: F811
    bogus = tmp_path / "bogus.npz.xz"
    bogus.write_bytes(b"not xz")
    args = ["pretrain", "contrastive", "--samples", str(bogus), "--model", str(start[1]), "--out",
            str(tmp_path / "run"), "--steps", "1"]
    assert cli.main(args) == 2
    said = capsys.readouterr().err.strip()
    assert said.count("\n") == 0 and "bogus.npz.xz: not a file written by 'mir-export pretrain pack'" in said
    damaged = tmp_path / "damaged.npz.xz"
    pack(data, damaged, 4, 0, 0, "")
    stored = np.load(io.BytesIO(lzma.decompress(damaged.read_bytes())))
    arrays = {k: stored[k] for k in stored.files}
    arrays["statement_counts"][0] += 1  # one statement more than the lengths hold
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    damaged.write_bytes(lzma.compress(buffer.getvalue()))
    with pytest.raises(TransferError, match="damaged.npz.xz: its counts do not add up"):
        unpack(damaged)
    other = tmp_path / "other.npz.xz"
    pack(replace(data, source={**data.source, "tokenizer_sha256": "b" * 64}), other, 4, 0, 0, "")
    assert cli.main([*args[:3], str(other), *args[4:]]) == 2
    assert "packed with another tokenizer" in capsys.readouterr().err
    alone = tmp_path / "alone.npz.xz"
    pack(replace(data, train=data.train[:1]), alone, 4, 0, 0, "")
    assert cli.main([*args[:3], str(alone), *args[4:]]) == 2
    assert "alone.npz.xz: 1 training functions; in-batch negatives need at least 2" in capsys.readouterr().err
    run = tmp_path / "run2"
    run.mkdir()
    torch.save({"model": {"w": torch.zeros(300_000)}, "optimizer": {}, "state": {}}, run / "checkpoint.pt")
    parts = split_weights(run, tmp_path / "parts", part_mb=0.5)
    assert len(parts) == 1  # a tensor above the limit gets a part of its own
    torch.save({"model": {"v": torch.zeros(300_000)}, "format": 1, "part": 1, "parts": 1}, tmp_path / "parts" /
               "weights-part1.pt")
    with pytest.raises(TransferError, match="1 parts expected, parts 1 from another split"):
        join_weights(tmp_path / "parts", tmp_path / "joined")
    parts[0].unlink()
    with pytest.raises(TransferError, match="no weights-part0.pt"):
        join_weights(tmp_path / "parts", tmp_path / "joined")
    parts[0].write_bytes(b"cut off")
    with pytest.raises(TransferError, match="weights-part0.pt: not a part written by 'mir-export pretrain split'"):
        join_weights(tmp_path / "parts", tmp_path / "joined")
    torch.save([1, 2], run / "checkpoint.pt")
    assert cli.main(["pretrain", "split", "--run", str(run), "--out", str(tmp_path / "p2")]) == 2
    assert "checkpoint.pt: not a checkpoint (no model weights)" in capsys.readouterr().err


@pytest.mark.slow  # a training run of the device script
def test_the_device_script_trains_and_splits_on_a_cpu(data, start, tmp_path):  # noqa: F811
    """``scripts/device_contrastive.sh``, rehearsed here with ``DEVICE=cpu``: probe, sized run, parts."""
    packed, out = tmp_path / "train.npz.xz", tmp_path / "out"
    pack(data, packed, 4, 0, 0, "")
    out.mkdir()
    env = {**os.environ, "OUT": str(out), "DEVICE": "cpu", "MODEL": str(start[1]), "TMPDIR": str(tmp_path)}
    done = subprocess.run(["bash", "scripts/device_contrastive.sh", "R", str(packed), "1", "--batch-size", "4",
                           "--statements", "4"], cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    steps = int(re.search(r"s a step: (\d+) steps", (out / "R" / "log.txt").read_text())[1])
    assert steps >= 50  # however fast the probe
    join_weights(out / "R", tmp_path / "joined")
    assert json.loads((tmp_path / "joined" / "pretrain-result.json").read_text())["training"]["step"] == steps
    done = subprocess.run(["bash", "scripts/device_contrastive.sh", "S", str(packed), "60", "--batch-size", "4",
                           "--statements", "4"], cwd=REPO, env=env | {"STEPS": "3"}, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0 and "s a step" not in (out / "S" / "log.txt").read_text()  # no probe
    join_weights(out / "S", tmp_path / "fixed")
    assert json.loads((tmp_path / "fixed" / "pretrain-result.json").read_text())["training"]["step"] == 3


def test_heads_carried_alone_rebuild_the_warmed_start(data, start, tmp_path, capsys):  # noqa: F811
    """``pretrain heads`` then ``contrastive --heads``: --model's encoders and the carried heads, bit for bit
    the run they came from; heads of other encoders or of nothing are refused in one line."""
    from mir_export.export.provenance import lineage

    packed = tmp_path / "train.npz.xz"
    pack(data, packed, 4, 0, 0, "")
    run = ["pretrain", "contrastive", "--samples", str(packed), "--model", str(start[1]), "--steps", "0",
           "--batch-size", "4", "--statements", "4", "--out"]
    assert cli.main([*run, str(tmp_path / "warm")]) == 0
    warm = torch.load(tmp_path / "warm" / "checkpoint.pt", weights_only=False)
    torch.manual_seed(1)
    for name, tensor in warm["model"].items():  # heads as a --heads-only run leaves them: trained, encoders kept
        if name.split(".")[0] in HEADS and name != "mlm.embeddings.weight":
            tensor.add_(torch.randn_like(tensor))
    torch.save(warm, tmp_path / "warm" / "checkpoint.pt")
    capsys.readouterr()
    heads = tmp_path / "heads.pt"
    assert cli.main(["pretrain", "heads", "--run", str(tmp_path / "warm"), "--out", str(heads)]) == 0
    assert capsys.readouterr().out.split() == [str(heads)]
    assert "mlm.embeddings.weight" not in torch.load(heads)["heads"]  # the token table is the encoders'
    assert cli.main([*run, str(tmp_path / "again"), "--heads", str(heads)]) == 0
    again = torch.load(tmp_path / "again" / "checkpoint.pt", weights_only=False)["model"]
    assert all(torch.equal(again[k], warm["model"][k]) for k in warm["model"])
    result = json.loads((tmp_path / "again" / "pretrain-result.json").read_text())
    followed = lineage(result)["start"]["heads"]["run"]
    assert followed["checkpoint_sha256"] == torch.load(heads)["checkpoint_sha256"]
    capsys.readouterr()
    assert cli.main([*run, str(tmp_path / "fresh"), "--init", "random"]) == 0
    assert cli.main(["pretrain", "heads", "--run", str(tmp_path / "fresh"), "--out", str(tmp_path / "other.pt")]) == 0
    capsys.readouterr()
    for given, said in ((tmp_path / "other.pt", "other.pt: heads trained on other encoders than --model's"),
                        (packed, "train.npz.xz: not a file written by 'mir-export pretrain heads'")):
        assert cli.main([*run, str(tmp_path / "refused"), "--heads", str(given)]) == 2
        err = capsys.readouterr().err.strip()
        assert err.count("\n") == 0 and said in err and not (tmp_path / "refused").exists()
    assert cli.main([*run, str(tmp_path / "refused"), "--heads", str(heads), "--init", "random"]) == 2
    assert "drop --checkpoint and --heads" in capsys.readouterr().err
    assert cli.main(["pretrain", "heads", "--run", str(tmp_path / "nothing"), "--out", str(heads)]) == 2
    assert "checkpoint.pt: missing" in capsys.readouterr().err
