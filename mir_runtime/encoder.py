"""File embeddings with the exported ONNX encoders: numpy, tokenizers and onnxruntime only.

``Encoder.load(directory)`` checks every file against the manifest's sha256, creates each
onnxruntime session once (sessions are thread-safe, so one encoder serves many threads), and
embeds IR as ``[text vector ++ graph vector]``, both encoders int8 on CPU by default.
Statements are deduplicated within a file and looked up in a per-encoder cache of statement
vectors (``cache.StatementCache``); the rest are sorted by length and cut into chunks of at most
``TOKEN_BUDGET`` padded tokens (int8: one statement per chunk), each padded only to its longest
statement; on CPU the chunks and the graph encoder run side by side, one single-threaded call per
thread. The file's text vector is the mean over all its statements (duplicates weighted by their
count).
"""
from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from mir_runtime.backend import load_onnxruntime
from mir_runtime.cache import StatementCache
from mir_runtime.features import GRAPH_INPUTS, GraphInputs, encode_statements, graph_inputs
from mir_runtime.graph import build_graph
from mir_runtime.ir.model import Module
from mir_runtime.statements import statements

# Padded tokens per statement-encoder call, by precision and device. On CPU small chunks win
# (61 device-mapping files, one thread: fp32 5.99 s at 128 tokens, 6.68 s at 32; int8 2.44 s at 128,
# 3.25 s at 1,024, 4.46 s for 64 rows padded to the longest); a GPU wants large ones. int8 runs one
# statement per call (2.57 s): dynamic quantization takes its range from the whole input, so only
# then is a statement's vector its own, independent of its neighbours, as the cache needs.
TOKEN_BUDGET = {("fp32", "cpu"): 128, ("int8", "cpu"): 0, ("fp32", "cuda"): 16384, ("int8", "cuda"): 0}
STATEMENT_CACHE = 32768  # vectors (32 MiB at d = 256)

# The encoder files of a model directory, by precision: (statement encoder, graph encoder).
STATEMENT_ENCODER, STATEMENT_ENCODER_INT8 = "statement_encoder.onnx", "statement_encoder.int8.onnx"
GRAPH_ENCODER, GRAPH_ENCODER_INT8 = "graph_encoder.onnx", "graph_encoder.int8.onnx"
ENCODER_FILES = {"fp32": (STATEMENT_ENCODER, GRAPH_ENCODER), "int8": (STATEMENT_ENCODER_INT8, GRAPH_ENCODER_INT8)}


class ModelFileError(RuntimeError):
    """A model directory that is incomplete, corrupted, or not the one its manifest describes."""


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_manifest(directory: Path) -> dict:
    manifest_path = directory / "manifest.json"
    if not manifest_path.is_file():
        raise ModelFileError(f"{manifest_path}: no manifest.json (not a mir model directory)")
    try:
        return json.loads(manifest_path.read_text())
    except json.JSONDecodeError as exc:
        raise ModelFileError(f"{manifest_path}: unreadable manifest ({exc})") from None


def checked(directory: Path, manifest: dict, name: str) -> Path:
    """``directory/name`` after checking it against the manifest's sha256."""
    path = directory / name
    entry = manifest.get("files", {}).get(name)
    if entry is None:
        raise ModelFileError(f"{path}: not listed in manifest.json")
    if not path.is_file():
        raise ModelFileError(f"{path}: missing (listed in manifest.json)")
    digest = file_sha256(path)
    if digest != entry["sha256"]:
        raise ModelFileError(f"{path}: sha256 {digest[:12]}... does not match manifest.json ({entry['sha256'][:12]}...)")
    return path


def verify(directory: Path) -> dict:
    """The manifest, after checking every file it lists (loading checks only the files it opens)."""
    manifest = read_manifest(directory)
    for name in manifest.get("files", {}):
        checked(directory, manifest, name)
    return manifest


def single_threaded_options():
    """onnxruntime session options with one thread: how the encoders run on CPU. A statement
    is too small a matrix to split across threads (two intra-op threads ran the int8 encoder
    2.8x slower than one), and onnxruntime's CPU ScatterND with reduction "add", the graph
    encoder's message passing, races when it splits its updates over threads: it loses some of
    the sums of duplicate indices (microsoft/onnxruntime#18048, #23396; still so in 1.31)."""
    options = load_onnxruntime().SessionOptions()
    options.intra_op_num_threads = options.inter_op_num_threads = 1
    return options


def _session(directory: Path, manifest: dict, file: str, options, providers: list[str]):
    return load_onnxruntime().InferenceSession(str(checked(directory, manifest, file)), options, providers=providers)


@dataclass
class Encoder:
    manifest: dict
    tokenizer: object
    statement_session: object
    graph_session: object
    directory: Path
    session_options: object
    requested_providers: list[str]
    token_budget: int
    statement_cache: StatementCache
    pool: ThreadPoolExecutor | None  # runs statement chunks side by side (CPU, several threads)

    @classmethod
    def load(cls, directory: str | os.PathLike, device: str = "cpu", precision: str | None = None,
             threads: int | None = None, statement_cache: int = STATEMENT_CACHE) -> "Encoder":
        """Load a model directory; ``precision`` (both encoders) is ``int8`` (CPU default) or
        ``fp32`` (GPU default); ``statement_cache``: how many statement vectors to keep (0: none)."""
        from tokenizers import Tokenizer

        directory = Path(directory)
        manifest = read_manifest(directory)
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
        # On CPU every encoder call gets one thread (``single_threaded_options``); the statement
        # chunks and the graph encoder run side by side on a pool, one call per thread.
        workers = (threads or os.cpu_count() or 1) if device == "cpu" else 1
        encoder_options = single_threaded_options() if device == "cpu" else options
        precision = precision or ("int8" if device == "cpu" else "fp32")
        if precision not in ENCODER_FILES:
            raise ValueError(f"unknown precision {precision!r} (int8, fp32)")
        statement_file, graph_file = ENCODER_FILES[precision]
        tokenizer = Tokenizer.from_file(str(checked(directory, manifest, "tokenizer.json")))
        tokenizer.enable_truncation(max_length=manifest["model"]["max_tokens"])
        tokenizer.no_padding()
        return cls(
            manifest=manifest,
            tokenizer=tokenizer,
            statement_session=_session(directory, manifest, statement_file, encoder_options, providers),
            graph_session=_session(directory, manifest, graph_file, encoder_options, providers),
            directory=directory,
            session_options=options,
            requested_providers=providers,
            token_budget=TOKEN_BUDGET[precision, device],
            statement_cache=StatementCache(statement_cache),
            pool=ThreadPoolExecutor(workers, thread_name_prefix="mir-statements") if workers > 1 else None,
        )

    def session(self, file: str):
        """An onnxruntime session for another file of the model directory (a task head), with
        the encoder's options and providers."""
        return _session(self.directory, self.manifest, file, self.session_options, self.requested_providers)

    @property
    def providers(self) -> list[str]:
        """The execution providers the sessions actually use (not merely the available ones)."""
        return self.statement_session.get_providers()

    @property
    def embedding_size(self) -> int:
        return int(self.manifest["embedding_size"])

    def statement_vectors(self, ids: list[list[int]]) -> np.ndarray:
        """One vector per tokenized statement: from the cache, or encoded and then cached."""
        out = np.empty((len(ids), self.embedding_size // 2), dtype=np.float32)
        keys = [tuple(t) for t in ids]
        missing = []
        for k, vector in enumerate(self.statement_cache.lookup(keys)):
            if vector is None:
                missing.append(k)
            else:
                out[k] = vector
        if missing:
            out[missing] = self.encode_statements([ids[k] for k in missing])
            self.statement_cache.store([keys[k] for k in missing], out[missing])
        return out

    def encode_statements(self, ids: list[list[int]]) -> np.ndarray:
        """One vector per tokenized statement, sorted by length, in chunks of at most
        ``token_budget`` padded tokens (or of one statement)."""
        out = np.empty((len(ids), self.embedding_size // 2), dtype=np.float32)
        order = np.argsort([len(t) for t in ids], kind="stable")
        chunks, batches = [], []
        start = 0
        while start < len(order):
            end = start + 1  # sorted: the chunk's padded length is its last statement's
            while end < len(order) and (end + 1 - start) * len(ids[order[end]]) <= self.token_budget:
                end += 1
            rows = order[start:end]
            batch = np.zeros((len(rows), len(ids[rows[-1]])), dtype=np.int64)
            for k, r in enumerate(rows):
                batch[k, : len(ids[r])] = ids[r]
            chunks.append(rows)
            batches.append(batch)
            start = end
        run = self.pool.map if self.pool is not None and len(batches) > 1 else map
        for rows, vectors in zip(chunks, run(self.run_statements, batches)):
            out[rows] = vectors
        return out

    def run_statements(self, ids: np.ndarray) -> np.ndarray:
        """Statement vectors [N, d] of padded token ids [N, L]: the text branch's one call."""
        return self.statement_session.run(None, {"ids": ids})[0]

    def run_graph(self, inputs: GraphInputs) -> np.ndarray:
        """The graph vector [d] of one graph: the graph branch's one call."""
        return self.graph_session.run(None, {name: getattr(inputs, name) for name in GRAPH_INPUTS})[0]

    def featurize(self, module: Module) -> "Features":
        """The model inputs of ``module`` (the numpy/tokenizers half of embedding it)."""
        every = statements(module)
        counts = Counter(every)
        distinct = list(counts)
        ids = encode_statements(self.tokenizer, distinct)
        position = {s: k for k, s in enumerate(distinct)}
        graph = graph_inputs(build_graph(module), self.tokenizer, [ids[position[s]] for s in every], module.types)
        return Features(ids, np.array([counts[s] for s in distinct], dtype=np.float32), graph)

    def embed_features(self, features: "Features") -> np.ndarray:
        """``[text (d) ++ graph (d)]``, float32: the model half; on CPU the graph encoder runs on
        the pool while the statements are encoded."""
        graph = self.pool.submit(self.run_graph, features.graph) if self.pool is not None else None
        if features.ids:
            vectors = self.statement_vectors(features.ids)
            text = (vectors * features.weights[:, None]).sum(0) / features.weights.sum()
        else:
            text = np.zeros(self.embedding_size // 2, dtype=np.float32)
        graph_vector = graph.result() if graph is not None else self.run_graph(features.graph)
        return np.concatenate([text, graph_vector]).astype(np.float32)

    def embed_module(self, module: Module) -> np.ndarray:
        """The file embedding of ``module``: ``[text (d) ++ graph (d)]``, float32."""
        return self.embed_features(self.featurize(module))


@dataclass
class Features:
    """One module's model inputs: its distinct statements' token ids, how often each occurs,
    and the graph."""

    ids: list[list[int]]
    weights: np.ndarray
    graph: GraphInputs
