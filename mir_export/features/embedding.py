"""Our feature set: the encoder's file embedding of each row's IR, through the runtime itself."""
from __future__ import annotations

import hashlib
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mir_runtime import Model
from mir_runtime.modeldir import ModelDirectory
from mir_runtime.pooling import MEAN
from mir_runtime.progress import progress

# The encoders' precision of the embeddings heads learn from (the manifest's ``task_heads.precision``:
# ``mir-runtime predict`` embeds with it, so its answers are the ones the reported figures describe).
HEAD_PRECISION = "fp32"


def content_digest(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def distinct_files(paths: Sequence[Path]) -> tuple[list[Path], np.ndarray]:
    """One path per distinct file content, and for each input path the index of its content
    (devmap has 669 rows but 580 distinct kernels, and both platforms share them)."""
    first: dict[str, int] = {}
    unique: list[Path] = []
    index = np.empty(len(paths), dtype=np.int64)
    for k, path in enumerate(paths):
        digest = content_digest(path)
        if digest not in first:
            first[digest] = len(unique)
            unique.append(Path(path))
        index[k] = first[digest]
    return unique, index


def embedding_key(model_dir: Path) -> str:
    """What a model's file embeddings depend on, hashed: the encoder files' sha256, the pooling and
    the front end's promotion (not its heads, whitening or figures)."""
    manifest = ModelDirectory(model_dir).manifest
    files = manifest.files
    encoders = "".join(files[f].sha256 for f in sorted(files) if f.endswith(".onnx") and "encoder" in f)
    return hashlib.sha256((encoders + ("" if manifest.pooling == MEAN else manifest.pooling)
                           + ("promote" if manifest.promote_allocas else "")).encode()).hexdigest()


def _cache(model_dir: Path) -> Path:
    """Where one encoder's embeddings are kept between commands: ``$MIR_CACHE`` or ~/.cache/mir,
    keyed by ``embedding_key``, so a changed model never reuses stale vectors."""
    root = Path(os.environ.get("MIR_CACHE", Path.home() / ".cache" / "mir"))
    return root / "embeddings" / f"{embedding_key(model_dir)[:24]}.npz"


def embed_files(paths: Sequence[Path], model_dir: Path, workers: int = 1) -> np.ndarray:
    """float32 [N, D]: the fp32 encoders' embedding of each file, each distinct file embedded once
    (and once per encoder: vectors are cached by file content); ``workers`` > 1: the runtime's
    worker processes (``Model.iter_embed``), for the proxy's thousands of files."""
    unique, index = distinct_files(paths)
    digests = [content_digest(p) for p in unique]
    cache = _cache(model_dir)
    known = dict(np.load(cache)) if cache.exists() else {}
    missing = [k for k, d in enumerate(digests) if d not in known]
    if missing:
        start = time.monotonic()
        with Model.load(model_dir, precision=HEAD_PRECISION, threads=1) as model:
            rows = model.iter_embed([unique[k] for k in missing], workers)
            for k, (_, vector) in zip(missing, progress(rows, len(missing), "embedding")):
                known[digests[k]] = vector
        print(f"embedded {len(missing)} distinct files in {time.monotonic() - start:.0f}s", file=sys.stderr)
        cache.parent.mkdir(parents=True, exist_ok=True)
        partial = cache.with_suffix(f".{os.getpid()}.tmp.npz")  # one per process: runs may share the cache
        np.savez(partial, **known)
        partial.replace(cache)
    return np.stack([known[d] for d in digests])[index]
