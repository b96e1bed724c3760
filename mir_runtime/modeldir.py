"""A model directory: ``manifest.json`` parsed once into a typed, frozen ``Manifest``, the names
of the files it holds, and their sha256 checks.

``mir_export.export.encoders`` writes the directory; this module is the one reader of its format. Every
problem with a directory (no manifest, bytes that are not UTF-8 JSON, a field of the wrong kind,
a ``format_version`` this runtime does not know, a file missing or corrupted) is a
``ModelFileError`` whose message is one line naming the file and, inside the manifest, the field.
"""
from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mir_runtime.pooling import MEAN, POOLINGS, embedding_size

FORMAT_VERSION = 1  # what mir_export.export.encoders writes and this runtime reads
MANIFEST = "manifest.json"
TOKENIZER = "tokenizer.json"
STATEMENT_ENCODER, STATEMENT_ENCODER_INT8 = "statement_encoder.onnx", "statement_encoder.int8.onnx"
GRAPH_ENCODER, GRAPH_ENCODER_INT8 = "graph_encoder.onnx", "graph_encoder.int8.onnx"
# The encoder files by precision: (statement encoder, graph encoder).
ENCODER_FILES = {"fp32": (STATEMENT_ENCODER, GRAPH_ENCODER), "int8": (STATEMENT_ENCODER_INT8, GRAPH_ENCODER_INT8)}
# The graph encoder in blocks, for big graphs at either precision (mir_runtime.blocks); directories
# exported before them run every graph whole.
GRAPH_NODES, GRAPH_LAYER = "graph_nodes.onnx", "graph_layer.onnx"
# A model with readouts (model.readout: a distilled student in its teacher's space) maps the blocks'
# graph vector with this third block file.
GRAPH_READOUT = "graph_readout.onnx"
# An optional affine map of the embedding for similarity search (``embed --whiten``; written by
# ``mir-export whiten``): embedding [N, D] to whitened [N, D].
WHITENING = "whitening.onnx"


class ModelFileError(RuntimeError):
    """A model directory that is incomplete, corrupted, or not the one its manifest describes."""


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


@dataclass(frozen=True)
class FileEntry:
    sha256: str
    bytes: int | None


@dataclass(frozen=True)
class Manifest:
    """What ``manifest.json`` says, checked: the model's shape and its files (its tasks are packs
    under ``tasks/``: ``mir_runtime.packs``). ``sections`` keeps the rest (``metrics``,
    ``training``, ``parity``, ...) as read, for reports."""

    format_version: int
    model: Mapping[str, Any]  # the encoder's configuration (mir_export.pretrain.model.ModelConfig)
    embedding_size: int
    pooling: str  # the embedding's layout (mir_runtime.pooling); manifests without one: "mean"
    d_model: int  # the encoders' inner width: a graph node's state
    readout: int  # the width of the branches' readouts (a distilled student in its teacher's space); 0: none
    max_tokens: int
    graph_layers: int
    files: Mapping[str, FileEntry]
    sections: Mapping[str, Any]
    promote_allocas: bool = False  # the front end promotes -O0 locals to SSA values first (mir_runtime.ir.promote)

    @property
    def vector_size(self) -> int:
        """The width of a statement vector and of the graph vector."""
        return self.readout or self.d_model

    @classmethod
    def parse(cls, data: bytes, where: str) -> Manifest:
        """The manifest of ``data`` (the bytes of ``where``); a ``ModelFileError`` if malformed."""
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ModelFileError(f"{where}: not UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})") from None
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ModelFileError(f"{where}:{exc.lineno}:{exc.colno}: not JSON ({exc.msg})") from None
        top = _mapping(raw, where, "the manifest")
        version = top.get("format_version")
        if version is None:
            raise ModelFileError(f"{where}: no format_version (not written by mir-export export?)")
        if version != FORMAT_VERSION:
            raise ModelFileError(f"{where}: format_version {version!r} is not the one this mir-runtime reads "
                                 f"({FORMAT_VERSION}); install the mir-runtime that exported the model")
        model = _mapping(top.get("model"), where, "model")
        files = {}
        for name, entry in _mapping(top.get("files"), where, "files").items():
            entry = _mapping(entry, where, f"files.{name}")
            digest = entry.get("sha256")
            if not isinstance(digest, str) or len(digest) != 64:
                raise ModelFileError(f"{where}: files.{name}: no sha256 (64 hex digits)")
            files[name] = FileEntry(digest, entry.get("bytes") if isinstance(entry.get("bytes"), int) else None)
        if "tasks" in top:
            raise ModelFileError(f"{where}: task heads listed in the manifest are an older layout: this "
                                 "mir-runtime serves task packs (export the heads again with 'mir-export downstream "
                                 "export-heads', or fit them with 'mir-export task fit')")
        pooling = top.get("pooling", MEAN)
        if pooling not in POOLINGS:
            raise ModelFileError(f"{where}: pooling {pooling!r} is not one this mir-runtime knows ({', '.join(POOLINGS)})")
        promote_allocas = top.get("promote_allocas", False)
        if not isinstance(promote_allocas, bool):
            raise ModelFileError(f"{where}: promote_allocas must be true or false, not {promote_allocas!r}")
        d_model, size = _integer(model, "d_model", where, "model."), _integer(top, "embedding_size", where)
        readout = _integer(model, "readout", where, "model.") if model.get("readout") else 0
        vector_size = readout or d_model
        if size != embedding_size(pooling, vector_size):
            raise ModelFileError(f"{where}: embedding_size {size} is not the size of pooling {pooling!r} for "
                                 f"vectors of {vector_size} ({embedding_size(pooling, vector_size)})")
        return cls(
            format_version=version,
            model=dict(model),
            embedding_size=size,
            pooling=pooling,
            d_model=d_model,
            readout=readout,
            max_tokens=_integer(model, "max_tokens", where, "model."),
            graph_layers=_integer(model, "graph_layers", where, "model."),
            files=files,
            sections={k: v for k, v in top.items() if k not in ("format_version", "model", "files")},
            promote_allocas=promote_allocas,
        )


def _mapping(value: Any, where: str, field: str) -> dict:
    if not isinstance(value, dict):
        kind = "missing" if value is None else f"a JSON {type(value).__name__.replace('dict', 'object')}"
        raise ModelFileError(f"{where}: {field} must be a JSON object, not {kind}")
    return value


def _integer(section: dict, key: str, where: str, prefix: str = "") -> int:
    value = section.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ModelFileError(f"{where}: {prefix}{key} must be a positive integer, not {value!r}")
    return value


class ModelDirectory:
    """A model directory and its parsed manifest; files are sha256-checked when first asked for."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        manifest_path = self.path / MANIFEST
        try:
            data = manifest_path.read_bytes()
        except FileNotFoundError:
            raise ModelFileError(f"{manifest_path}: no {MANIFEST} (not a mir model directory)") from None
        except OSError as exc:
            raise ModelFileError(f"{manifest_path}: cannot read ({exc.strerror or exc})") from None
        self.manifest = Manifest.parse(data, str(manifest_path))
        self._checked: set[str] = set()

    def has(self, name: str) -> bool:
        """Whether the manifest lists ``name``."""
        return name in self.manifest.files

    def file(self, name: str) -> Path:
        """``path/name`` after checking it against the manifest's sha256 (once per directory)."""
        path = self.path / name
        entry = self.manifest.files.get(name)
        if entry is None:
            raise ModelFileError(f"{path}: not listed in {MANIFEST}")
        if name in self._checked:
            return path
        if not path.is_file():
            raise ModelFileError(f"{path}: missing (listed in {MANIFEST})")
        digest = file_sha256(path)
        if digest != entry.sha256:
            raise ModelFileError(f"{path}: sha256 {digest[:12]}... does not match {MANIFEST} ({entry.sha256[:12]}...)")
        self._checked.add(name)
        return path

    def verify(self) -> None:
        """Check every file the manifest lists (loading a model checks only those it opens)."""
        for name in self.manifest.files:
            self.file(name)
