"""The user-facing model: the shipped (or a given) encoder and its task heads.

``Model.load()`` takes the default model that ships inside the package (``$MIR_MODEL`` or a
directory overrides it); ``embed`` turns IR files or strings into float32 arrays; ``predict``
runs a task head on a file's embedding and run-time inputs. Sessions are created once (heads on
first use, under a lock), and onnxruntime sessions may be shared by threads, so one ``Model``
serves a whole tuner.
"""
from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from mir_runtime.encoder import STATEMENT_CACHE, Encoder, ModelFileError
from mir_runtime.ir import parse_ir, read_ir
from mir_runtime.ir.model import Module
from mir_runtime.tasks import Task, TaskError, tasks_of

PathLike = str | os.PathLike


def default_model_dir() -> Path:
    """``$MIR_MODEL`` if set, else the model shipped in the package (``artifacts/`` of the repository,
    installed as ``mir_runtime.artifacts``)."""
    if os.environ.get("MIR_MODEL"):
        return Path(os.environ["MIR_MODEL"])
    try:
        import mir_runtime.artifacts as shipped

        return Path(shipped.__file__).parent
    except ImportError:  # a source checkout on sys.path (python run from the repository root)
        checkout = Path(__file__).resolve().parent.parent / "artifacts"
        if (checkout / "manifest.json").is_file():
            return checkout
    raise ModelFileError("this installation ships no default model: pass a model directory")


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
    """An encoder and its task heads; see the module docstring."""

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder
        self.tasks: dict[str, Task] = tasks_of(encoder.manifest)
        self._heads: dict[str, object] = {}
        self._lock = threading.Lock()

    @classmethod
    def load(cls, directory: PathLike | None = None, device: str = "cpu", precision: str | None = None,
             threads: int | None = None, statement_cache: int = STATEMENT_CACHE) -> "Model":
        """Load ``directory`` (default: the shipped model); sha256 of every file is checked.
        ``statement_cache``: statement vectors kept for later files (0: none)."""
        path = Path(directory) if directory is not None else default_model_dir()
        return cls(Encoder.load(path, device=device, precision=precision, threads=threads,
                                statement_cache=statement_cache))

    @property
    def embedding_size(self) -> int:
        return self.encoder.embedding_size

    @property
    def providers(self) -> list[str]:
        return self.encoder.providers

    # --- embeddings ------------------------------------------------------------------------

    def embed(self, files: PathLike | Sequence[PathLike]) -> np.ndarray:
        """Embeddings of IR files (``.ll`` or ``.bc``): [D] for one path, [N, D] for a list."""
        if isinstance(files, (str, os.PathLike)):
            return self.embed_module(read_ir(files))
        return self._stack(self.embed_module(read_ir(f)) for f in files)

    def embed_ir(self, texts: str | Sequence[str]) -> np.ndarray:
        """Embeddings of IR given as text: [D] for one string, [N, D] for a list."""
        if isinstance(texts, str):
            return self.embed_module(parse_ir(texts))
        return self._stack(self.embed_module(parse_ir(t, f"<string {k}>")) for k, t in enumerate(texts))

    def embed_module(self, module: Module) -> np.ndarray:
        return self.encoder.embed_module(module)

    def _stack(self, rows: Iterable[np.ndarray]) -> np.ndarray:
        out = list(rows)
        return np.stack(out) if out else np.zeros((0, self.embedding_size), dtype=np.float32)

    # --- tasks -----------------------------------------------------------------------------

    def task(self, name: str) -> Task:
        if name not in self.tasks:
            known = ", ".join(self.tasks) or "none in this model"
            raise TaskError(f"unknown task {name!r} ({known})")
        return self.tasks[name]

    def predict(self, task: str, source: PathLike | Module, choice: str | None = None, **inputs: float) -> Prediction:
        """The decision of ``task``'s head (``choice`` picks it: ``amd``, ``tahiti``) for one IR
        file or module, with the task's run-time inputs as keywords (``transfer=..., wgsize=...``)."""
        spec = self.task(task)
        spec.head(choice)  # a bad choice or missing input fails before the file is read
        spec.extras(inputs)
        module = source if isinstance(source, Module) else read_ir(source)
        return self.predict_embeddings(task, self.embed_module(module)[None, :], choice, [inputs])[0]

    def predict_embeddings(self, task: str, embeddings: np.ndarray, choice: str | None = None,
                           inputs: Sequence[dict[str, float]] | None = None) -> list[Prediction]:
        """Decisions for precomputed embeddings [N, D] (a tuner caches them), one dict of
        run-time inputs per row."""
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
        session = self._head(file)
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

    def _head(self, file: str):
        with self._lock:
            if file not in self._heads:
                self._heads[file] = self.encoder.session(file)
            return self._heads[file]
