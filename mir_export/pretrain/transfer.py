"""What travels to a lent GPU machine and back, within its limits on files (16 MiB each, 8 back).

Out: the contrastive stage's training groups, packed (``pack``): at most ``max_variants``
distinct variants per group and functions of at most ``max_nodes`` nodes, drawn by ``seed``, as
flat arrays of the narrowest unsigned type, in one xz-compressed ``.npz`` whose metadata is JSON
(no pickle to trust). ``unpack`` gives back the groups ``pretrain contrastive --samples`` trains
on, their provenance (the variants manifest and tokenizer they came from, the packing and its
command) in ``source``. Back: a run's weights, without the optimizer, in parts of at most
``part_mb`` (``split_weights``), joined at home into a ``checkpoint.pt`` that export reads
(``join_weights``) but that cannot resume: it has no optimizer state. Out again: a run's
pre-training heads alone (``save_heads``), to lay over a model directory's ONNX encoders there
(``load_heads``): the heads a ``--heads-only`` run warmed travel in 2 MB, where its checkpoint
(26.6 MB) beside the packed groups and the repository overruns the 64 MiB a call carries.
"""
from __future__ import annotations

import hashlib
import io
import json
import lzma
import random
from pathlib import Path

import numpy as np

from mir_export.pretrain.contrastive_data import Group, VariantSamples
from mir_export.pretrain.samples import Sample
from mir_runtime.modeldir import file_sha256

FORMAT = 1
RUN_FILES = ("pretrain-result.json", "train-log.jsonl")  # travel back in the first part
HEADS = ("mlm", "edge_heads", "match")  # MIREncoder's pre-training heads: trained, never exported


class TransferError(Exception):
    """A packed file or a set of weight parts that is not what it claims: one line, naming the file."""


def chosen_groups(groups: list[Group], max_variants: int, max_nodes: int, seed: int) -> list[Group]:
    """Each group cut to at most ``max_variants`` distinct samples of at most ``max_nodes`` nodes
    (0: no limit), drawn by ``seed``; a group left with none is dropped."""
    rng = random.Random(seed)
    kept = []
    for group in groups:
        fitting = {s.key: v for v, s in group.items() if not max_nodes or s.num_nodes <= max_nodes}
        names = list(fitting.values())  # one variant name per distinct sample
        if names:
            drawn = rng.sample(names, min(max_variants, len(names))) if max_variants else names
            kept.append({v: group[v] for v in drawn})
    return kept


def _narrow(values: np.ndarray) -> np.ndarray:
    """``values`` (non-negative integers) in the narrowest unsigned type that holds them."""
    return values.astype(np.min_scalar_type(int(values.max(initial=0))))


def pack(data: VariantSamples, path: Path, max_variants: int, max_nodes: int, seed: int, command: str) -> dict:
    """Write ``data``'s training groups, cut by ``chosen_groups``, to ``path``; return its summary."""
    groups = chosen_groups(data.train, max_variants, max_nodes, seed)
    index: dict[str, int] = {}
    samples: list[Sample] = []
    rows = []
    for group in groups:
        for sample in group.values():
            if sample.key not in index:
                index[sample.key] = len(samples)
                samples.append(sample)
        rows.append({v: index[s.key] for v, s in group.items()})
    if not samples:
        raise TransferError(f"{path}: no training function fits --max-nodes {max_nodes}: nothing to pack")
    arrays = {
        "tokens": np.concatenate([t for s in samples for t in s.statements]),
        "statement_lengths": np.array([len(t) for s in samples for t in s.statements]),
        "statement_counts": np.array([len(s.statements) for s in samples]),
        "node_tokens": np.concatenate([s.node_tokens for s in samples]),
        "node_lengths": np.concatenate([s.node_lengths for s in samples]),
        "node_counts": np.array([s.num_nodes for s in samples]),
        "node_type": np.concatenate([s.node_type for s in samples]),
        "edges": np.concatenate([s.edges for s in samples], axis=1),
        "edge_counts": np.array([s.edges.shape[1] for s in samples]),
    }
    summary = {"groups": len(groups), "of_groups": len(data.train), "samples": len(samples),
               "max_variants": max_variants, "max_nodes": max_nodes, "seed": seed, "command": command}
    meta = {"format": FORMAT, "keys": [s.key for s in samples], "packages": [s.package for s in samples],
            "groups": rows, "source": data.source, "skipped_variants": data.skipped_variants, "pack": summary}
    buffer = io.BytesIO()
    np.savez(buffer, **{k: _narrow(v) for k, v in arrays.items()},
             meta=np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8))
    tmp = path.with_name(path.name + ".tmp")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp.write_bytes(lzma.compress(buffer.getvalue()))
    tmp.replace(path)
    return summary | {"bytes": path.stat().st_size}


def unpack(path: Path) -> VariantSamples:
    """The training groups ``pack`` wrote (no held-out side), their provenance in ``source``."""
    meta, arrays = _read(path)

    def cut(values: np.ndarray, counts, dtype) -> list[np.ndarray]:
        return np.split(values.astype(dtype), np.cumsum(counts)[:-1])

    lengths = cut(arrays["statement_lengths"], arrays["statement_counts"], np.int64)
    tokens = cut(arrays["tokens"], [int(n.sum()) for n in lengths], np.int32)
    node_lengths = cut(arrays["node_lengths"], arrays["node_counts"], np.int16)
    node_tokens = cut(arrays["node_tokens"], [int(n.sum()) for n in node_lengths], np.int32)
    node_type = cut(arrays["node_type"], arrays["node_counts"], np.int8)
    edges = np.split(arrays["edges"].astype(np.int32), np.cumsum(arrays["edge_counts"])[:-1], axis=1)
    samples = [Sample(key, cut(t, n, np.int32), nt, nl, ty, e, package)
               for key, package, t, n, nt, nl, ty, e in zip(meta["keys"], meta["packages"], tokens, lengths,
                                                            node_tokens, node_lengths, node_type, edges)]
    groups = [{v: samples[i] for v, i in row.items()} for row in meta["groups"]]
    source = meta["source"] | {"pack": meta["pack"] | {"file": str(path.resolve()), "sha256": file_sha256(path)}}
    return VariantSamples(groups, [], source, meta["skipped_variants"])


def _read(path: Path) -> tuple[dict, dict[str, np.ndarray]]:
    """The metadata and arrays of a packed file, refused in one line unless every count adds up."""
    try:
        stored = np.load(io.BytesIO(lzma.decompress(path.read_bytes())))
        meta = json.loads(stored["meta"].tobytes())
        arrays = {k: stored[k] for k in stored.files if k != "meta"}
        if meta.get("format") != FORMAT:
            raise TransferError(f"{path}: pack format {meta.get('format')}, this version reads {FORMAT}")
        samples = len(meta["keys"])
        sums = {"statement_lengths": arrays["statement_counts"], "node_lengths": arrays["node_counts"],
                "node_type": arrays["node_counts"], "tokens": arrays["statement_lengths"],
                "node_tokens": arrays["node_lengths"]}
        consistent = (
            all(len(arrays[k]) == int(counts.sum()) for k, counts in sums.items())
            and arrays["edges"].shape[1] == int(arrays["edge_counts"].sum())
            and samples == len(meta["packages"]) == len(arrays["statement_counts"]) == len(arrays["node_counts"])
            == len(arrays["edge_counts"])
            and all(0 <= i < samples for row in meta["groups"] for i in row.values())
            and bool((arrays["edges"][:2] < np.repeat(arrays["node_counts"], arrays["edge_counts"])).all())
        )
    except TransferError:
        raise
    except Exception as exc:  # any damage to a file from elsewhere: xz, zip, JSON or a missing field
        raise TransferError(f"{path}: not a file written by 'mir-export pretrain pack' "
                            f"({type(exc).__name__}: {exc})") from None
    if not consistent:
        raise TransferError(f"{path}: its counts do not add up (damaged, or not written by 'mir-export pretrain pack')")
    return meta, arrays


def split_weights(run: Path, out: Path, part_mb: float) -> list[Path]:
    """``run``'s ``checkpoint.pt`` without the optimizer, in parts of at most ``part_mb`` of
    tensors (a larger tensor alone in its part); the first part also holds the rest of the
    checkpoint and the run's result and log. Parts an earlier split left in ``out`` are removed."""
    import torch

    saved = _load(run / "checkpoint.pt", "a checkpoint")
    if not isinstance(saved, dict) or "model" not in saved:
        raise TransferError(f"{run / 'checkpoint.pt'}: not a checkpoint (no model weights)")
    saved.pop("optimizer", None)
    parts: list[dict] = [{}]
    size = 0
    for name, tensor in saved.pop("model").items():
        nbytes = tensor.numel() * tensor.element_size()
        if parts[-1] and size + nbytes > part_mb * 2**20:
            parts.append({})
            size = 0
        parts[-1][name] = tensor.detach().cpu().clone()
        size += nbytes
    files = {name: (run / name).read_text() for name in RUN_FILES if (run / name).is_file()}
    out.mkdir(parents=True, exist_ok=True)
    for stale in out.glob("weights-part*.pt"):
        stale.unlink()
    written = []
    for k, model in enumerate(parts):
        path = out / f"weights-part{k}.pt"
        torch.save({"format": FORMAT, "part": k, "parts": len(parts), "model": model}
                   | ({"checkpoint": saved, "files": files} if k == 0 else {}), path)
        written.append(path)
    return written


def _load(path: Path, what: str):
    """``torch.load`` of a file that may be damaged, refused in one line naming it."""
    import torch

    try:
        return torch.load(path, weights_only=False, map_location="cpu")
    except Exception as exc:  # truncated, not a torch file, or another format: torch raises many kinds
        said = (str(exc).splitlines() or [""])[0][:200]
        raise TransferError(f"{path}: not {what} ({type(exc).__name__}: {said})") from None


def join_weights(parts: Path, out: Path) -> Path:
    """``out/checkpoint.pt`` (and the run's result and log) from the parts ``split_weights`` wrote
    to ``parts``; every part must be there."""
    import torch

    found = {}
    for path in parts.glob("weights-part*.pt"):
        saved = _load(path, "a part written by 'mir-export pretrain split'")
        if not isinstance(saved, dict) or saved.get("format") != FORMAT:
            raise TransferError(f"{path}: not a part written by 'mir-export pretrain split'")
        found[saved["part"]] = saved
    if 0 not in found:
        raise TransferError(f"{parts}: no weights-part0.pt (the part that holds the checkpoint)")
    expected = set(range(found[0]["parts"]))
    if set(found) != expected:
        missing, extra = sorted(expected - set(found)), sorted(set(found) - expected)
        raise TransferError(f"{parts}: {found[0]['parts']} parts expected"
                            + (f", parts {', '.join(map(str, missing))} missing" if missing else "")
                            + (f", parts {', '.join(map(str, extra))} from another split" if extra else ""))
    model = {name: tensor for k in sorted(found) for name, tensor in found[k]["model"].items()}
    out.mkdir(parents=True, exist_ok=True)
    for name, text in found[0]["files"].items():
        (out / name).write_text(text)
    checkpoint = out / "checkpoint.pt"
    torch.save(found[0]["checkpoint"] | {"model": model}, checkpoint)
    return checkpoint


def encoder_digest(model) -> str:
    """sha256 of the text and graph branches' tensors: which encoders a set of heads learned on."""
    digest = hashlib.sha256()
    for name, tensor in sorted(model.state_dict().items()):
        if name.split(".")[0] not in HEADS:
            values = tensor.detach().cpu().contiguous()
            digest.update(f"{name} {values.dtype} {tuple(values.shape)}".encode())
            digest.update(values.numpy().tobytes())
    return digest.hexdigest()


def _own_heads(model) -> dict:
    """The heads' tensors by name, less those the encoders hold (the MLM decoder's token table)."""
    tensors = model.state_dict()
    shared = {t.data_ptr() for name, t in tensors.items() if name.split(".")[0] not in HEADS}
    return {name: t for name, t in tensors.items() if name.split(".")[0] in HEADS and t.data_ptr() not in shared}


def save_heads(run: Path, out: Path) -> Path:
    """``out``: the pre-training heads of ``run``'s checkpoint without the tensors they share with
    the encoders (the MLM decoder is tied to the token table), with the model's configuration and
    the digest of the encoders they were trained on."""
    import torch

    from mir_export.pretrain.model import MIREncoder, ModelConfig

    checkpoint = run / "checkpoint.pt"
    saved = _load(checkpoint, "a checkpoint")
    if not isinstance(saved, dict) or "model" not in saved or "model_config" not in saved:
        raise TransferError(f"{checkpoint}: not a checkpoint (no model weights)")
    model = MIREncoder(ModelConfig(**saved["model_config"]))
    model.load_state_dict(saved["model"])
    heads = {name: tensor.clone() for name, tensor in _own_heads(model).items()}
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.save({"format": FORMAT, "heads": heads, "model_config": model.cfg.to_dict(),
                "encoders_sha256": encoder_digest(model), "checkpoint": str(checkpoint.resolve()),
                "checkpoint_sha256": file_sha256(checkpoint)}, out)
    return out


def load_heads(path: Path, model) -> dict:
    """Lay the heads ``save_heads`` wrote to ``path`` over ``model`` (its encoders must be the ones
    they learned on: warm heads on other encoders would be a silently worse start); their provenance."""
    what = "a file written by 'mir-export pretrain heads'"
    saved = _load(path, what)
    if not isinstance(saved, dict) or saved.get("format") != FORMAT or "heads" not in saved:
        raise TransferError(f"{path}: not {what}")
    if saved["model_config"] != model.cfg.to_dict():
        raise TransferError(f"{path}: heads of model {saved['model_config']}, not --model's ({model.cfg.to_dict()})")
    if saved["encoders_sha256"] != encoder_digest(model):
        raise TransferError(f"{path}: heads trained on other encoders than --model's (from {saved['checkpoint']})")
    own = _own_heads(model)
    if set(saved["heads"]) != set(own):
        raise TransferError(f"{path}: not the heads of this model ({', '.join(set(saved['heads']) ^ set(own))})")
    model.load_state_dict(saved["heads"], strict=False)
    return {"file": str(path.resolve()), "sha256": file_sha256(path), "checkpoint": saved["checkpoint"],
            "checkpoint_sha256": saved["checkpoint_sha256"]}
