"""What travels to a lent GPU machine and back, within its limits on files (16 MiB each, 8 back).

Out: the contrastive stage's training groups, packed (``pack``): at most ``max_variants``
distinct variants per group and functions of at most ``max_nodes`` nodes, drawn by ``seed``, as
flat arrays of the narrowest unsigned type, in one xz-compressed ``.npz`` whose metadata is JSON
(no pickle to trust). ``unpack`` gives back the groups ``pretrain contrastive --samples`` trains
on, their provenance (the variants manifest and tokenizer they came from, the packing and its
command) in ``source``. Back: a run's weights, without the optimizer, in parts of at most
``part_mb`` (``split_weights``), joined at home into a ``checkpoint.pt`` that export reads
(``join_weights``) but that cannot resume: it has no optimizer state.
"""
from __future__ import annotations

import io
import json
import lzma
import random
from pathlib import Path

import numpy as np

from mir_export.contrastive_data import Group, VariantSamples
from mir_export.samples import Sample
from mir_runtime.modeldir import file_sha256

FORMAT = 1
RUN_FILES = ("pretrain-result.json", "train-log.jsonl")  # travel back in the first part


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
