"""The user-facing model: the shipped (or a given) encoder and its task heads.

``Model.load()`` takes the default model that ships inside the package (``$MIR_MODEL`` or a
directory overrides it); ``embed`` turns IR files or strings into float32 arrays, ``iter_embed``
streams them (worker processes with ``workers=N``); ``predict`` runs a task head on a file's
embedding and run-time inputs. A ``Model`` is its four rooms put together: the model directory
(``modeldir``), the front end (``featurizer``), the onnxruntime sessions (``backend``) and the
engine that chunks, caches and pools (``engine``). Sessions and engines are created once, on
first use (``predict`` embeds at its heads' precision and never opens the other's), under a
lock, and onnxruntime sessions may be shared by threads, so one ``Model`` serves a whole tuner;
``close()`` or a ``with`` block releases them. ``whiten`` maps embeddings for similarity search
where the directory has a whitening. With ``cache=DIR`` file embeddings
and statement vectors are kept on disk across runs (``store``): a file whose bytes were embedded
before is not read again.
"""
from __future__ import annotations

import functools
import os
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from mir_runtime.backend import OnnxBackend
from mir_runtime.engine import STATEMENT_CACHE, Engine
from mir_runtime.errors import IRParseError
from mir_runtime.featurizer import Featurizer
from mir_runtime.ir import parse_ir
from mir_runtime.ir.model import Module
from mir_runtime.modeldir import TOKENIZER, WHITENING, ModelDirectory, ModelFileError
from mir_runtime.pooling import branch_columns
from mir_runtime.store import EmbeddingStore
from mir_runtime.tasks import NO_HEADS, Task, TaskError

PathLike = str | os.PathLike


def default_model_dir() -> Path:
    """``$MIR_MODEL`` if set, else the model shipped with this code: ``artifacts/`` beside the
    package in a source checkout, else the installed ``mir_runtime.artifacts``."""
    if os.environ.get("MIR_MODEL"):
        return Path(os.environ["MIR_MODEL"])
    checkout = Path(__file__).resolve().parent.parent / "artifacts"
    if (checkout / "manifest.json").is_file() and (checkout.parent / "pyproject.toml").is_file():
        return checkout
    try:
        import mir_runtime.artifacts as shipped

        return Path(shipped.__file__).parent
    except ImportError:
        raise ModelFileError("this installation ships no default model: pass a model directory") from None


@dataclass(frozen=True)
class Prediction:
    task: str
    selector: str  # ``platform``, ``gpu``
    choice: str  # its value (``amd``, ``tahiti``)
    decision: str
    probabilities: dict[str, float]  # a classifier head's; empty for a score head
    scores: dict[str, float] = field(default_factory=dict)  # a score head's (decision: the largest)

    def to_dict(self) -> dict:
        out = {"task": self.task, self.selector: self.choice, "decision": self.decision}
        return out | ({"scores": self.scores} if self.scores else {"probabilities": self.probabilities})


class Model:
    """A model directory served on onnxruntime; see the module docstring."""

    def __init__(self, directory: ModelDirectory, featurizer: Featurizer, backend: OnnxBackend,
                 statement_cache: int = STATEMENT_CACHE, cache: PathLike | None = None) -> None:
        self.directory = directory
        self.featurizer = featurizer
        self.backend = backend
        self.cache = cache
        self._statement_cache = statement_cache
        self.tasks: dict[str, Task] = dict(directory.manifest.tasks)
        self._engines: dict[str, Engine] = {}  # by precision, each opened on first use (its store too)
        self._engines_lock = threading.Lock()

    @classmethod
    def load(cls, directory: PathLike | None = None, device: str = "cpu", precision: str | None = None,
             threads: int | None = None, statement_cache: int = STATEMENT_CACHE,
             cache: PathLike | None = None) -> Model:
        """Load ``directory`` (default: the shipped model), checking the sha256 of each file it
        opens. ``precision`` (both encoders): ``int8`` (CPU default) or ``fp32`` (GPU default);
        ``threads``: encoder calls side by side on CPU (default: every core);
        ``statement_cache``: statement vectors kept for later files (0: none); ``cache``: a
        directory where embeddings are kept across runs (``store``; a ``StoreError`` if unusable)."""
        model_dir = ModelDirectory(directory if directory is not None else default_model_dir())
        featurizer = Featurizer.from_file(model_dir.file(TOKENIZER), model_dir.manifest.max_tokens,
                                          model_dir.manifest.promote_allocas)
        backend = OnnxBackend(model_dir, device=device, precision=precision, threads=threads)
        return cls(model_dir, featurizer, backend, statement_cache, cache)

    @property
    def manifest(self):
        return self.directory.manifest

    @property
    def embedding_size(self) -> int:
        return self.directory.manifest.embedding_size

    @property
    def providers(self) -> list[str]:
        return self.backend.providers

    @property
    def engine(self) -> Engine:
        """The engine at this model's precision."""
        return self._engine_at(self.backend.precision)

    def close(self) -> None:
        """Release the sessions and the thread pool; the model cannot embed afterwards."""
        with self._engines_lock:
            for engine in self._engines.values():
                engine.close()

    def __enter__(self) -> Model:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- embeddings ------------------------------------------------------------------------

    def embed(self, files: PathLike | Sequence[PathLike]) -> np.ndarray:
        """Embeddings of IR files (``.ll`` or ``.bc``): [D] for one path, [N, D] for a list."""
        if isinstance(files, (str, os.PathLike)):
            return self.embed_file(files)
        return self._stack(vector for _, vector in self.iter_embed(files))

    def iter_embed(self, files: Iterable[PathLike], workers: int = 1,
                   keep_going: bool = False) -> Iterator[tuple[str, np.ndarray | IRParseError]]:
        """``(path, vector)`` for each file, in input order, as soon as each is ready. With
        ``workers`` > 1 the files are read, featurized and their graphs encoded side by side in
        that many processes (CPU only; each loads this model with one thread), and their
        statements encoded here, through this model's statement cache (``parallel``). A file that
        is not readable IR raises ``IRParseError``; with ``keep_going`` it yields ``(path,
        error)`` and goes on. A worker process that ends abruptly raises ``errors.WorkerError``."""
        if workers > 1:
            if self.backend.device != "cpu":
                raise ValueError("workers > 1 runs on CPU only (one GPU serves one process)")
            from mir_runtime.parallel import embed_in_workers

            store = self.engine.store

            def finish(prepared) -> np.ndarray:
                ids, weights, graph, nodes, sha256 = prepared
                vector = self.engine.finish(self.engine.statement_vectors(ids), weights, graph, nodes)
                if store is not None:
                    store.put_file(sha256, vector)
                return vector

            load = functools.partial(Model.load, str(self.directory.path), precision=self.backend.precision,
                                     threads=1, statement_cache=0)
            yield from embed_in_workers(files, workers, load, finish, keep_going,
                                        store.file_at if store is not None else None)
            return
        for path in files:
            try:
                yield str(path), self.embed_file(path)
            except IRParseError as exc:
                if not keep_going:
                    raise
                yield str(path), exc

    def embed_file(self, path: PathLike) -> np.ndarray:
        """The embedding [D] of one IR file."""
        return self._embed_path(self.engine, path)

    def _embed_path(self, engine: Engine, path: PathLike) -> np.ndarray:
        """``engine``'s embedding of an IR file: from its store when the same bytes were embedded
        before, else read, embedded and kept there."""
        vector = engine.store.file_at(path) if engine.store is not None else None
        if vector is None:
            features = self.featurizer.read(path)
            vector = engine.embed(features)
            if engine.store is not None:
                engine.store.put_file(features.sha256, vector)
        return vector

    def _engine_at(self, precision: str) -> Engine:
        """The engine embedding at ``precision`` (with a store of its vectors if ``cache`` is set),
        made on first use: ``predict`` at the heads' precision then opens no store of another one."""
        with self._engines_lock:
            if precision not in self._engines:
                backend = (self.backend if precision == self.backend.precision else
                           OnnxBackend(self.directory, self.backend.device, precision, self.backend.threads))
                store = EmbeddingStore.open(self.cache, self.directory, backend) if self.cache is not None else None
                manifest = self.directory.manifest
                self._engines[precision] = Engine(backend, manifest.vector_size, manifest.pooling,
                                                  self._statement_cache, store)
            return self._engines[precision]

    def embed_ir(self, texts: str | Sequence[str]) -> np.ndarray:
        """Embeddings of IR given as text: [D] for one string, [N, D] for a list."""
        if isinstance(texts, str):
            return self.embed_module(parse_ir(texts))
        return self._stack(self.embed_module(parse_ir(t, f"<string {k}>")) for k, t in enumerate(texts))

    def embed_module(self, module: Module) -> np.ndarray:
        return self.engine.embed(self.featurizer(module))

    @property
    def can_whiten(self) -> bool:
        return self.directory.has(WHITENING)

    def whiten(self, embeddings: np.ndarray) -> np.ndarray:
        """Embeddings [D] or [N, D] whitened for similarity search: centered and decorrelated by
        the model's corpus statistics (``mir_export.whitening``), to compare by cosine. The raw
        embedding's columns share a large offset that cosine would mostly see; task heads take
        the raw embedding."""
        if not self.can_whiten:
            raise ModelFileError(f"{self.directory.path}: this model has no {WHITENING} to whiten with "
                                 "(mir-export whiten adds one)")
        x = np.asarray(embeddings, dtype=np.float32)
        if x.ndim not in (1, 2) or x.shape[-1] != self.embedding_size:
            raise ValueError(f"embeddings of shape {list(x.shape)}: expected [{self.embedding_size}] or "
                             f"[N, {self.embedding_size}]")
        return self.backend.session(WHITENING).run(None, {"embedding": x.reshape(-1, x.shape[-1])})[0].reshape(x.shape)

    def _stack(self, rows: Iterable[np.ndarray]) -> np.ndarray:
        out = list(rows)
        return np.stack(out) if out else np.zeros((0, self.embedding_size), dtype=np.float32)

    # --- tasks -----------------------------------------------------------------------------

    def task(self, name: str) -> Task:
        if not self.tasks:
            raise TaskError(f"unknown task {name!r}: model {self.directory.path} {NO_HEADS}")
        if name not in self.tasks:
            raise TaskError(f"unknown task {name!r} ({', '.join(self.tasks)})")
        return self.tasks[name]

    def predict(self, task: str, source: PathLike | Module, choice: str | None = None, **inputs: float) -> Prediction:
        """The decision of ``task``'s head (``choice`` picks it: ``amd``, ``tahiti``) for one IR
        file or module, with the task's run-time inputs as keywords (``transfer=..., wgsize=...``).
        The file is embedded at the precision the heads learned from (``manifest.heads_precision``,
        fp32 for the shipped model), whatever this model embeds at: fed the int8 embedding (the
        CPU default, for throughput) the heads lose about a point of accuracy. A module without
        function bodies is refused (``IRParseError``): ``embed`` gives it a vector, but a decision
        on it would answer for code that is not there."""
        spec = self.task(task)
        spec.head(choice)  # a bad choice or missing input fails before the file is read
        spec.extras(inputs)
        engine = self._engine_for_heads()
        if isinstance(source, Module):
            vector = engine.embed(self.featurizer(source))
        else:
            vector = self._embed_path(engine, source)
        manifest = self.directory.manifest
        if not vector[branch_columns(manifest.pooling, manifest.vector_size)["text"]].any():
            # no statement (declarations, globals, comments): a head would decide on an almost empty graph alone
            name = source.path if isinstance(source, Module) else os.fspath(source)
            raise IRParseError(f"no function bodies: nothing for task {task} to decide on", name, 1, 1)
        return self.predict_embeddings(task, vector[None, :], choice, [inputs])[0]

    def _engine_for_heads(self) -> Engine:
        """The engine at the heads' precision: this model's own when they agree, else a second one."""
        return self._engine_at(self.manifest.heads_precision or self.backend.precision)

    def predict_embeddings(self, task: str, embeddings: np.ndarray, choice: str | None = None,
                           inputs: Sequence[dict[str, float]] | None = None) -> list[Prediction]:
        """Decisions for precomputed embeddings [N, D] (a tuner caches them), one dict of
        run-time inputs per row; embed them at the heads' precision (``manifest.heads_precision``)
        for the decisions ``predict`` gives."""
        spec = self.task(task)
        file = spec.head(choice)
        key = choice.lower() if choice else next(iter(spec.heads))
        embeddings = np.asarray(embeddings, dtype=np.float32).reshape(-1, self.embedding_size)
        feed = {"embedding": embeddings}
        if spec.inputs:
            rows = inputs or [{}] * len(embeddings)
            if len(rows) != len(embeddings):
                raise TaskError(f"task {task}: {len(embeddings)} embeddings but {len(rows)} sets of inputs")
            feed["extras"] = np.array([spec.extras(r) for r in rows], dtype=np.float32)
        session = self.backend.session(file)
        values = session.run(None, feed)[0].astype(np.float64)
        kind = session.get_outputs()[0].name
        if kind == "logits":  # heads of earlier releases
            values = np.exp(values - values.max(1, keepdims=True))
            values /= values.sum(1, keepdims=True)
            kind = "probabilities"
        if kind not in ("probabilities", "scores") or values.shape[1:] != (len(spec.classes),):
            raise ModelFileError(f"{file}: a task head must output logits, probabilities or scores "
                                 f"[N, {len(spec.classes)}], not {kind} {list(values.shape)}")
        if not np.isfinite(values).all():
            raise TaskError(f"task {task}: the head gave a non-finite {kind[:-1]} for these inputs")
        rounded = [{c: round(float(v), 6) for c, v in zip(spec.classes, row)} for row in values]
        return [
            Prediction(task, spec.selector, key, spec.classes[int(row.argmax())],
                       named if kind == "probabilities" else {}, named if kind == "scores" else {})
            for row, named in zip(values, rounded)
        ]
