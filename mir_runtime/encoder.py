"""File embeddings with the exported ONNX encoders: numpy, tokenizers and onnxruntime only.

``Encoder.load(directory)`` checks every file against the manifest's sha256, creates each
onnxruntime session once (sessions are thread-safe, so one encoder serves many threads), and
embeds IR as ``[text vector ++ graph vector]``. Statements are deduplicated within a file, sorted
by length and padded only to the longest of each chunk; the file's text vector is the mean over
all its statements (duplicates weighted by their count).
"""
from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from mir_runtime.backend import load_onnxruntime
from mir_runtime.features import GRAPH_INPUTS, encode_statements, graph_inputs
from mir_runtime.graph import build_graph
from mir_runtime.ir.model import Module
from mir_runtime.statements import statements

CHUNK_ROWS = 64


class ModelFileError(RuntimeError):
    """A model directory that is incomplete, corrupted, or not the one its manifest describes."""


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def verify(directory: Path) -> dict:
    """The manifest, after checking that every file it lists exists with its sha256."""
    manifest_path = directory / "manifest.json"
    if not manifest_path.is_file():
        raise ModelFileError(f"{manifest_path}: no manifest.json (not a mir model directory)")
    try:
        manifest = json.loads(manifest_path.read_text())
    except json.JSONDecodeError as exc:
        raise ModelFileError(f"{manifest_path}: unreadable manifest ({exc})") from None
    for name, entry in manifest.get("files", {}).items():
        path = directory / name
        if not path.is_file():
            raise ModelFileError(f"{path}: missing (listed in manifest.json)")
        digest = file_sha256(path)
        if digest != entry["sha256"]:
            raise ModelFileError(f"{path}: sha256 {digest[:12]}... does not match manifest.json ({entry['sha256'][:12]}...)")
    return manifest


@dataclass
class Encoder:
    manifest: dict
    tokenizer: object
    statement_session: object
    graph_session: object
    directory: Path

    @classmethod
    def load(cls, directory: str | os.PathLike, device: str = "cpu", precision: str | None = None,
             threads: int | None = None) -> "Encoder":
        """Load a model directory; ``precision`` is ``int8`` (CPU default) or ``fp32`` (GPU default)."""
        from tokenizers import Tokenizer

        directory = Path(directory)
        manifest = verify(directory)
        ort = load_onnxruntime()
        options = ort.SessionOptions()
        if threads:
            options.intra_op_num_threads = threads
            options.inter_op_num_threads = 1
        providers = ["CPUExecutionProvider"]
        if device == "cuda":
            providers = ["CUDAExecutionProvider", "CPUExecutionProvider"]
        elif device != "cpu":
            raise ValueError(f"unknown device {device!r} (cpu, cuda)")
        precision = precision or ("int8" if device == "cpu" else "fp32")
        name = {"int8": "statement_encoder.int8.onnx", "fp32": "statement_encoder.onnx"}.get(precision)
        if name is None:
            raise ValueError(f"unknown precision {precision!r} (int8, fp32)")
        tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
        tokenizer.enable_truncation(max_length=manifest["model"]["max_tokens"])
        tokenizer.no_padding()
        return cls(
            manifest=manifest,
            tokenizer=tokenizer,
            statement_session=ort.InferenceSession(str(directory / name), options, providers=providers),
            graph_session=ort.InferenceSession(str(directory / "graph_encoder.onnx"), options, providers=providers),
            directory=directory,
        )

    @property
    def providers(self) -> list[str]:
        """The execution providers the sessions actually use (not merely the available ones)."""
        return self.statement_session.get_providers()

    @property
    def embedding_size(self) -> int:
        return int(self.manifest["embedding_size"])

    def statement_vectors(self, ids: list[list[int]]) -> np.ndarray:
        """One vector per tokenized statement, sorted by length and padded per chunk."""
        out = np.empty((len(ids), self.embedding_size // 2), dtype=np.float32)
        order = np.argsort([len(t) for t in ids], kind="stable")
        for start in range(0, len(order), CHUNK_ROWS):
            rows = order[start : start + CHUNK_ROWS]
            length = max(len(ids[r]) for r in rows)
            batch = np.zeros((len(rows), length), dtype=np.int64)
            for k, r in enumerate(rows):
                batch[k, : len(ids[r])] = ids[r]
            out[rows] = self.statement_session.run(None, {"ids": batch})[0]
        return out

    def embed_module(self, module: Module) -> np.ndarray:
        """The file embedding of ``module``: ``[text (d) ++ graph (d)]``, float32."""
        every = statements(module)
        counts = Counter(every)
        distinct = list(counts)
        ids = encode_statements(self.tokenizer, distinct)
        if distinct:
            weights = np.array([counts[s] for s in distinct], dtype=np.float32)
            text = (self.statement_vectors(ids) * weights[:, None]).sum(0) / weights.sum()
        else:
            text = np.zeros(self.embedding_size // 2, dtype=np.float32)
        position = {s: k for k, s in enumerate(distinct)}
        inputs = graph_inputs(build_graph(module), self.tokenizer, [ids[position[s]] for s in every])
        graph = self.graph_session.run(None, {name: getattr(inputs, name) for name in GRAPH_INPUTS})[0]
        return np.concatenate([text, graph]).astype(np.float32)
