"""The user-facing model: the shipped (or a given) encoder and its task heads.

``Model.load()`` takes the default model that ships inside the package (``$MIR_MODEL`` or a
directory overrides it); ``embed`` turns IR files or strings into float32 arrays, ``iter_embed``
streams them (worker processes with ``workers=N``); ``predict`` runs a task head on a file's
embedding and run-time inputs. A ``Model`` is its four rooms put together: the model directory
(``modeldir``), the front end (``featurizer``), the onnxruntime sessions (``backend``) and the
engine that chunks, caches and pools (``engine``). Sessions and engines are created once, on
first use (``predict`` embeds at its heads' precision and never opens the other's), under a
lock, and onnxruntime sessions may be shared by threads, so one ``Model`` serves a whole tuner;
``close()`` or a ``with`` block releases them. A task whose heads read code counts
(``tasks``: ``features``) runs no encoder: ``Model.load(lazy=True)`` then checks and opens the
encoders and the tokenizer only when an embedding is first needed, so such a cold ``predict`` costs
the module's reading and the head. ``whiten`` maps embeddings for similarity search
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
from typing import TYPE_CHECKING

import numpy as np

from mir_runtime.backend import OnnxBackend
from mir_runtime.code_counts import FEATURES, SIZES
from mir_runtime.cache import STATEMENT_CACHE
from mir_runtime.errors import IRParseError
from mir_runtime.gcpause import paused_gc
from mir_runtime.ir import parse_ir
from mir_runtime.ir.reader import parse_bytes, read_bytes
from mir_runtime.ir.model import Module
from mir_runtime.modeldir import TOKENIZER, WHITENING, ModelDirectory, ModelFileError
from mir_runtime.packs import TaskPack, load_packs
from mir_runtime.pooling import branch_columns
from mir_runtime.store import EmbeddingStore, StoreError  # StoreError: an unusable cache, for callers of Model
from mir_runtime.tasks import NO_HEADS, OUTPUTS, OZ, RANKING, Pipeline, Task, TaskError

if TYPE_CHECKING:  # imported where an embedding is made: a head on code counts needs no graph builder
    from mir_runtime.engine import Engine
    from mir_runtime.featurizer import Featurizer

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


def _featurizer_of(directory: ModelDirectory) -> Featurizer:
    """The front end of ``directory``'s tokenizer and promotion (imported here, when first needed)."""
    from mir_runtime.featurizer import Featurizer

    manifest = directory.manifest
    return Featurizer.from_file(directory.file(TOKENIZER), manifest.max_tokens, manifest.promote_allocas)


@dataclass(frozen=True)
class Prediction:
    task: str
    selector: str | None  # ``platform``, ``gpu``; None: a task with one head
    choice: str  # its value (``amd``, ``tahiti``); empty where none was needed (every value's head the same)
    decision: str  # the class, configuration or (passes) pipeline; a regression's value, as text
    probabilities: dict[str, float]  # a classifier head's; empty otherwise
    scores: dict[str, float] = field(default_factory=dict)  # a configuration head's: predicted log speedup over the default (its own 0)
    value: float | None = None  # a regression head's
    margin: float | None = None  # a configuration or passes head's: the gain over the default a candidate's must pass
    note: str = ""  # "constant: answers the default for every input", where the head does
    gains: dict[str, float] = field(default_factory=dict)  # a passes head's, by candidate (-Oz's own 0)
    pipeline: Pipeline | None = None  # a passes head's decision: its candidate (name, passes, LLVM major)
    candidates: tuple[Pipeline, ...] = ()  # a passes task's, in its pack's order
    ranking: dict[str, float] = field(default_factory=dict)  # a passes head's ranking scores, where it has them

    def ranked(self) -> list[Pipeline]:
        """A passes task's candidates in the order ``tune`` tries them, largest first (ties in the
        pack's order): by the head's ranking scores where it has them (a learner chosen for what
        the best of a few pipelines beside -Oz keeps, which one shot's best guess need not be),
        else by predicted gain, -Oz's counted as the margin, so the decision comes first."""
        if self.pipeline is None:
            raise TaskError(f"task {self.task} is not a passes task: it ranks no pipelines")
        if self.ranking:
            return sorted(self.candidates, key=lambda p: -self.ranking[p.name])
        margin = self.margin or 0.0
        return sorted(self.candidates, key=lambda p: -(margin if p.passes == OZ else self.gains[p.name]))

    def to_dict(self) -> dict:
        out: dict = {"task": self.task}
        if self.selector is not None and self.choice:
            out[self.selector] = self.choice
        if self.value is not None:
            return out | {"value": self.value}
        out["decision"] = self.decision
        if self.pipeline is not None:
            return out | {"llvm": self.pipeline.llvm, "pipeline": self.pipeline.name, "gains": self.gains,
                          "margin": self.margin} | ({"ranking": self.ranking} if self.ranking else {})
        out |= {"scores": self.scores, "margin": self.margin} if self.scores else {"probabilities": self.probabilities}
        return out | ({"constant": self.note} if self.note else {})


class Model:
    """A model directory served on onnxruntime; see the module docstring."""

    def __init__(self, directory: ModelDirectory, featurizer: Featurizer | functools.partial[Featurizer],
                 backend: OnnxBackend, statement_cache: int = STATEMENT_CACHE, cache: PathLike | None = None,
                 packs: dict[str, TaskPack] | None = None) -> None:
        """``featurizer``: one, or a ``functools.partial`` that makes one on first use (``load(lazy=True)``)."""
        self.directory = directory
        self._featurizer = featurizer
        self._featurizer_lock = threading.Lock()
        self.backend = backend
        self.cache = cache
        self._statement_cache = statement_cache
        self.packs: dict[str, TaskPack] = dict(packs or {})
        self.tasks: dict[str, Task] = {name: pack.task for name, pack in self.packs.items()}
        self._engines: dict[str, Engine] = {}  # by precision, each opened on first use (its store too)
        self._engines_lock = threading.Lock()

    @classmethod
    def load(cls, directory: PathLike | None = None, device: str = "cpu", precision: str | None = None,
             threads: int | None = None, statement_cache: int = STATEMENT_CACHE,
             cache: PathLike | None = None, tasks: Sequence[PathLike] | None = None, lazy: bool = False) -> Model:
        """Load ``directory`` (default: the shipped model), checking the sha256 of each file it
        opens. ``precision`` (both encoders): ``int8`` (CPU default) or ``fp32`` (GPU default);
        ``threads``: encoder calls side by side on CPU (default: every core);
        ``statement_cache``: statement vectors kept for later files (0: none); ``cache``: a
        directory where embeddings are kept across runs (``store``; a ``StoreError`` if unusable);
        ``tasks``: task packs (or directories of packs) served beside the model's own and
        ``$MIR_TASKS``'s (``packs``; a ``PackError`` for a pack made for another model); ``lazy``:
        the encoders' and tokenizer's files checked and read when an embedding is first needed,
        not now (a task on code counts needs none)."""
        model_dir = ModelDirectory(directory if directory is not None else default_model_dir())
        featurizer = functools.partial(_featurizer_of, model_dir)
        packs = load_packs(model_dir, tasks)
        backend = OnnxBackend(model_dir, device=device, precision=precision, threads=threads, check_now=not lazy)
        return cls(model_dir, featurizer if lazy else featurizer(), backend, statement_cache, cache, packs)

    @property
    def featurizer(self) -> Featurizer:
        """The front end (the tokenizer read on first use where the model was loaded lazily)."""
        if isinstance(self._featurizer, functools.partial):
            with self._featurizer_lock:
                if isinstance(self._featurizer, functools.partial):
                    self._featurizer = self._featurizer()
        return self._featurizer

    @property
    def precision(self) -> str:
        """The encoders' precision ``embed`` runs at (``int8`` or ``fp32``)."""
        return self.backend.precision

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
                from mir_runtime.engine import Engine

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
        the model's corpus statistics (``mir_export.export.whitening``), to compare by cosine. The raw
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

    def heads_precision(self, task: str) -> str:
        """The encoders' precision ``task``'s heads learned from (fp32 for the shipped tasks)."""
        return self.packs[self.task(task).name].precision

    def predict(self, task: str, source: PathLike | Module, choice: str | None = None, **inputs: float) -> Prediction:
        """The decision of ``task``'s head for one IR file or module: ``choice`` (or the task's
        selector by name, ``platform="amd"``) picks the head, the run-time inputs come as keywords
        (``transfer=..., wgsize=...``). The file is embedded at the precision the heads learned
        from (fp32 for the shipped tasks), whatever this model embeds at: fed the int8 embedding (the
        CPU default, for throughput) the heads lose about a point of accuracy. A module without
        function bodies is refused (``IRParseError``): ``embed`` gives it a vector, but a decision
        on it would answer for code that is not there."""
        spec = self.task(task)
        choice = self._choice(spec, choice, inputs)
        spec.head(choice)  # a bad choice or missing input fails before the file is read
        spec.extras(inputs)
        if not spec.reads_embedding:
            row = self._code_counts(spec, source)
            return self.predict_embeddings(task, row[None, :], choice, [inputs], precision=self.heads_precision(task))[0]
        engine = self._engine_at(self.heads_precision(task))
        if isinstance(source, Module):
            vector = engine.embed(self.featurizer(source))
        else:
            vector = self._embed_path(engine, source)
        manifest = self.directory.manifest
        if not vector[branch_columns(manifest.pooling, manifest.vector_size)["text"]].any():
            # no statement (declarations, globals, comments): a head would decide on an almost empty graph alone
            name = source.path if isinstance(source, Module) else os.fspath(source)
            raise IRParseError(f"no function bodies: nothing for task {task} to decide on", name, 1, 1)
        return self.predict_embeddings(task, vector[None, :], choice, [inputs],
                                       precision=self.heads_precision(task))[0]

    @staticmethod
    def _code_counts(spec: Task, source: PathLike | Module) -> np.ndarray:
        """The code counts [D] that ``spec``'s heads read, of one IR file or module; a module
        without function bodies is refused, as for an embedding."""
        if isinstance(source, Module):
            module, name = source, source.path
        else:
            name = os.fspath(source)
            data = read_bytes(source)
            with paused_gc():  # the reader's many small objects live until the counts are made
                module = parse_bytes(data, name)
        if not any(fn.blocks for fn in module.functions):
            raise IRParseError(f"no function bodies: nothing for task {spec.name} to decide on", name, 1, 1)
        with paused_gc():
            return FEATURES[spec.features](module)

    def _input_width(self, spec: Task) -> int:
        """The columns of ``spec``'s heads' ``embedding`` input: the embedding's or the code counts'."""
        return self.embedding_size if spec.reads_embedding else SIZES[spec.features]

    @staticmethod
    def _choice(spec: Task, choice: str | None, inputs: dict) -> str | None:
        """``choice``, or the selector given by its name among the keywords (taken out of them)."""
        if spec.selector is not None and spec.selector in inputs:
            named = inputs.pop(spec.selector)
            if choice is not None and str(named).lower() != choice.lower():
                raise TaskError(f"task {spec.name}: choice {choice!r} and {spec.selector} {named!r} disagree")
            return str(named)
        return choice

    def embed_for(self, task: str, files: PathLike | Sequence[PathLike]) -> np.ndarray:
        """Embeddings of IR files at the precision ``task``'s heads learned from, for
        ``predict_embeddings`` (a tuner embeds its kernels once and asks several questions); for
        a task whose heads read code counts, those counts (no encoder runs)."""
        spec = self.task(task)
        if not spec.reads_embedding:
            if isinstance(files, (str, os.PathLike)):
                return self._code_counts(spec, files)
            rows = [self._code_counts(spec, f) for f in files]
            return np.stack(rows) if rows else np.zeros((0, SIZES[spec.features]), dtype=np.float32)
        engine = self._engine_at(self.heads_precision(task))
        if isinstance(files, (str, os.PathLike)):
            return self._embed_path(engine, files)
        return self._stack(self._embed_path(engine, f) for f in files)

    def predict_embeddings(self, task: str, embeddings: np.ndarray, choice: str | None = None,
                           inputs: Sequence[dict[str, float]] | None = None, *, precision: str) -> list[Prediction]:
        """Decisions for precomputed embeddings [N, D] (a tuner caches them), one dict of run-time
        inputs per row. ``precision``: the encoders' precision the embeddings were made at
        (``embed_for(task, ...)`` makes them at the heads'; ``model.precision`` for ``embed``'s);
        a ``TaskError`` if it is not the one the heads learned from, whose answers would differ
        from ``predict``'s."""
        spec = self.task(task)
        learned = self.heads_precision(task)
        if precision != learned:
            raise TaskError(f"task {task}: its heads learned from {learned} embeddings, not {precision}: make them "
                            f"with embed_for({task!r}, files), or Model.load(precision={learned!r}).embed")
        key = spec.key(choice)
        pack = self.packs[spec.name]
        embeddings = np.asarray(embeddings, dtype=np.float32).reshape(-1, self._input_width(spec))
        feed = {"embedding": embeddings}
        if spec.inputs:
            rows = inputs or [{}] * len(embeddings)
            if len(rows) != len(embeddings):
                raise TaskError(f"task {task}: {len(embeddings)} embeddings but {len(rows)} sets of inputs")
            feed["extras"] = np.array([spec.extras(dict(r)) for r in rows], dtype=np.float32)
        file = spec.heads[key]
        kind, values, ranking = self._run_head(pack.file(file), feed, spec)
        if not np.isfinite(values).all() or (ranking is not None and not np.isfinite(ranking).all()):
            raise TaskError(f"task {task}: the head gave a non-finite {kind} for these inputs")
        shown = key if choice is not None or len(spec.heads) == 1 else ""  # no choice was needed: none is named
        note = spec.note(key)
        if spec.kind == "regression":
            return [Prediction(task, spec.selector, shown, f"{v:.6g}", {}, value=round(float(v), 6), note=note)
                    for v in values[:, 0]]
        if spec.kind == "passes":  # -Oz's column is the margin (its own gain is 0 by definition), as for scores
            oz = next(p.name for p in spec.pipelines if p.passes == OZ)
            rounded = [_by_class(spec, row) for row in values]
            best = [max(spec.pipelines, key=lambda p: named[p.name]) for named in rounded]  # first in pack order
            orders = [_by_class(spec, row) for row in ranking] if ranking is not None else [{}] * len(rounded)
            return [Prediction(task, spec.selector, shown, b.passes, {}, gains=named | {oz: 0.0}, pipeline=b,
                               candidates=spec.pipelines, note=note, margin=named[oz], ranking=order)
                    for b, named, order in zip(best, rounded, orders)]
        predictions = []
        for row in values:
            decision = spec.classes[int(row.argmax())]
            if kind == "scores":  # the default's score is the margin (its own log speedup is 0 by definition)
                gains = {c: round(float(v), 6) for c, v in zip(spec.classes, row)} | {spec.classes[0]: 0.0}
                predictions.append(Prediction(task, spec.selector, shown, decision, {}, gains,
                                              margin=round(float(row[0]), 6), note=note))
            else:
                predictions.append(Prediction(task, spec.selector, shown, decision,
                                              {c: round(float(v), 6) for c, v in zip(spec.classes, row)}, note=note))
        return predictions

    def _run_head(self, path: Path, feed: dict, spec: Task) -> tuple[str, np.ndarray, np.ndarray | None]:
        """``_head_output`` of the head file at ``path``; onnxruntime's errors (not an ONNX file,
        a head for other inputs) become one ``ModelFileError`` naming the file."""
        try:
            session = self.backend.session(path)
        except Exception as exc:  # onnxruntime raises its own kinds, with several lines
            raise ModelFileError(f"{path}: not an ONNX head onnxruntime can load ({_first_line(exc)})") from None
        _check_head_inputs(session, feed, spec, path, self._input_width(spec))
        try:
            return _head_output(session, feed, spec, str(path))
        except ModelFileError:
            raise
        except Exception as exc:
            raise ModelFileError(f"{path}: the head of task {spec.name} failed on its inputs ({_first_line(exc)})") from None


def _by_class(spec: Task, row: np.ndarray) -> dict[str, float]:
    """One head output row by class name, rounded as predictions report it."""
    return {c: round(float(v), 6) for c, v in zip(spec.classes, row)}


def _first_line(exc: Exception) -> str:
    """onnxruntime's message, on one line and cut to its gist."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def _check_head_inputs(session, feed: dict, spec: Task, path: Path, width: int) -> None:
    """Refuse a head whose inputs are not the ones task.json describes (another task's head, a head
    taking fewer or more run-time inputs than are listed), before onnxruntime is asked to run it."""
    declared = {i.name: i.shape for i in session.get_inputs()}
    if set(declared) != set(feed):
        listed = f"{len(spec.inputs)} run-time inputs" if spec.inputs else "no run-time input"
        raise ModelFileError(f"{path}: the head takes {', '.join(sorted(declared)) or 'nothing'}, not "
                             f"{', '.join(sorted(feed))}: it is not a head of task {spec.name} as its task.json lists "
                             f"it ({listed})")
    for name, columns in (("embedding", width), ("extras", len(spec.inputs))):
        shape = declared.get(name)
        if shape is not None and len(shape) == 2 and isinstance(shape[1], int) and shape[1] != columns:
            raise ModelFileError(f"{path}: the head takes {name} of {shape[1]} columns, not the {columns} "
                                 f"task {spec.name}'s task.json and model give it")


def _head_output(session, feed: dict, spec: Task, file: str) -> tuple[str, np.ndarray, np.ndarray | None]:
    """The output of a head that its task's kind reads, by name (``logits`` become probabilities;
    any other output, such as scikit-learn's ``label``, is not read): its name, [N, C] values and a
    passes head's [N, C] ranking scores where it has them (``RANKING``), else None."""
    names = [o.name for o in session.get_outputs()]
    name = next((n for n in OUTPUTS[spec.kind] if n in names), None)
    if name is None and spec.kind == "classification" and "scores" in names:
        name = "scores"  # the shipped thread-coarsening heads of the manifest form
    width = 1 if spec.kind == "regression" else len(spec.classes)
    if name is None:
        raise ModelFileError(f"{file}: a {spec.kind} head must output {' or '.join(OUTPUTS[spec.kind])}, "
                             f"not {', '.join(names)}")
    wanted = [name, RANKING] if spec.kind == "passes" and RANKING in names else [name]
    found = [np.asarray(v, dtype=np.float64) for v in session.run(wanted, feed)]
    values = found[0][:, None] if found[0].ndim == 1 else found[0]
    for output, value in zip(wanted, (values, *found[1:])):
        if value.shape[1:] != (width,):
            raise ModelFileError(f"{file}: output {output} must be [N, {width}], not {list(value.shape)}")
    if name == "logits":  # heads of earlier releases
        values = np.exp(values - values.max(1, keepdims=True))
        values /= values.sum(1, keepdims=True)
        name = "probabilities"
    return name, values, found[1] if len(found) > 1 else None
