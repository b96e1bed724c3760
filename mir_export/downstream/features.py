"""Our feature set: the encoder's file embedding of each row's IR, through the runtime itself."""
from __future__ import annotations

import hashlib
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mir_runtime import read_ir
from mir_runtime.encoder import Encoder
from mir_runtime.progress import progress


def distinct_files(paths: Sequence[Path]) -> tuple[list[Path], np.ndarray]:
    """One path per distinct file content, and for each input path the index of its content
    (devmap has 669 rows but 580 distinct kernels, and both platforms share them)."""
    first: dict[str, int] = {}
    unique: list[Path] = []
    index = np.empty(len(paths), dtype=np.int64)
    for k, path in enumerate(paths):
        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
        if digest not in first:
            first[digest] = len(unique)
            unique.append(Path(path))
        index[k] = first[digest]
    return unique, index


def embed_files(paths: Sequence[Path], model_dir: Path) -> np.ndarray:
    """float32 [N, D]: the fp32 encoder's embedding of each file, each distinct file embedded once."""
    encoder = Encoder.load(model_dir, precision="fp32", threads=1)
    unique, index = distinct_files(paths)
    start = time.monotonic()
    vectors = np.stack([encoder.embed_module(read_ir(p)) for p in progress(unique, len(unique), "embedding")])
    print(f"embedded {len(unique)} distinct files in {time.monotonic() - start:.0f}s", file=sys.stderr)
    return vectors[index]
