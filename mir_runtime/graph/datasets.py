"""Many graphs in one data-set folder that PyTorch Geometric or DGL loads as it is.

A PyG folder holds ``processed/data.pt`` in ``InMemoryDataset``'s own storage (every graph's
``formats.columns`` concatenated, with the slices that cut them apart: what
``InMemoryDataset.collate`` makes, collated here with numpy and written by ``torchfile``, so that
writing needs neither torch nor PyG, whose imports alone take longer than building the graphs)
and ``graphs.json``: the files in graph order, the vocabulary the text ids index, the names of
node types and flows. ``InMemoryDataset.load("FOLDER/processed/data.pt")`` reads it as it is. A DGL folder
holds ``graphs.bin`` (``dgl.save_graphs``) and the same ``graphs.json``.

A folder is written beside its place and renamed into it: it is whole or not there. An existing
folder is replaced only if it is a data set (it has ``graphs.json``).
"""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import numpy as np

from mir_runtime.graph import torchfile
from mir_runtime.graph.formats import Vocabulary, columns, labels, need, to_dgl
from mir_runtime.graph.programl import ProgramGraph
from mir_runtime.outputs import OutputError

PYG_DATA = Path("processed") / "data.pt"
DGL_DATA = Path("graphs.bin")
INDEX = "graphs.json"
FORMATS = ("pyg", "dgl")


def folder_problem(folder: Path) -> str | None:
    """Why ``folder`` cannot become a data set (checked before any work), or ``None``."""
    if folder.exists() and not (folder.is_dir() and (folder / INDEX).is_file()):
        return f"{folder}: exists and is not a graph data set (no {INDEX}): not replaced"
    if not folder.parent.is_dir():
        return f"{folder}: no directory {folder.parent}"
    if not os.access(folder.parent, os.W_OK):
        return f"{folder}: not writable"
    return None


class DatasetWriter:
    """Graphs added one at a time in data-set order; ``finish`` writes the folder."""

    def __init__(self, folder: Path, kind: str, vocabulary: Vocabulary | None = None) -> None:
        if kind not in FORMATS:
            raise ValueError(f"unknown data-set format {kind!r}")
        self.folder, self.kind = folder, kind
        self.vocabulary = vocabulary or Vocabulary()
        self.files: list[str] = []
        self.parts: dict[str, list[np.ndarray]] = {}
        self.graphs: list[Any] = []  # DGL's

    def add(self, name: str, graph: ProgramGraph) -> None:
        self.files.append(name)
        if self.kind == "dgl":
            self.graphs.append(to_dgl(graph, self.vocabulary))
            return
        for key, array in columns(graph, self.vocabulary).items():
            self.parts.setdefault(key, []).append(array)

    def finish(self) -> Path:
        """Write the folder (renamed into place whole) and return it."""
        partial = self.folder.with_name(f".{self.folder.name}.partial-{os.getpid()}")
        shutil.rmtree(partial, ignore_errors=True)
        try:
            partial.mkdir()
            if self.kind == "pyg":
                self._write_pyg(partial / PYG_DATA)
            else:
                need("dgl", "--format dgl").save_graphs(str(partial / DGL_DATA), self.graphs)
            index = {"format": self.kind, "graphs": len(self.files), "files": self.files, **labels(),
                     **self.vocabulary.to_json()}
            (partial / INDEX).write_text(json.dumps(index) + "\n", encoding="utf-8")
            _replace(partial, self.folder)
        except OSError as exc:
            raise OutputError(f"{self.folder}: cannot write ({exc.strerror or exc})") from None
        finally:
            shutil.rmtree(partial, ignore_errors=True)
        return self.folder

    def _write_pyg(self, path: Path) -> None:
        data, slices = {}, {}
        for key, parts in self.parts.items():
            axis = -1 if "index" in key else 0  # where PyG's Data concatenates an attribute (__cat_dim__)
            data[key] = np.concatenate(parts, axis=axis)
            sizes = np.fromiter((p.shape[axis] for p in parts), dtype=np.int64, count=len(parts))
            slices[key] = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
        path.parent.mkdir()
        torchfile.save((data, slices), path)  # InMemoryDataset.load's (data dict, slices) form


def _replace(partial: Path, folder: Path) -> None:
    """``partial`` renamed to ``folder``; an earlier data set there is moved aside first, then removed."""
    old = folder.with_name(f".{folder.name}.old-{os.getpid()}")
    if folder.exists():
        os.replace(folder, old)
    os.replace(partial, folder)
    shutil.rmtree(old, ignore_errors=True)


def read_index(folder: str | os.PathLike) -> dict[str, Any]:
    """A data-set folder's ``graphs.json``."""
    return json.loads((Path(folder) / INDEX).read_text(encoding="utf-8"))


def load_pyg(folder: str | os.PathLike) -> Any:
    """The PyG data set in ``folder`` as an ``InMemoryDataset``, with ``files`` (its graphs' inputs)
    and ``vocabulary`` (a frozen ``Vocabulary``: ``vocabulary.text[i]`` is text id ``i``)."""
    geometric = need("torch_geometric.data", "load_pyg")
    dataset = geometric.InMemoryDataset()
    dataset.load(str(Path(folder) / PYG_DATA))
    _describe(dataset, read_index(folder))
    return dataset


def load_dgl(folder: str | os.PathLike) -> tuple[list[Any], Vocabulary, list[str]]:
    """The DGL graphs in ``folder``, the vocabulary their text ids index, and their files."""
    graphs, _ = need("dgl", "load_dgl").load_graphs(str(Path(folder) / DGL_DATA))
    index = read_index(folder)
    return graphs, Vocabulary(index["text"], index["full_text"], frozen=True), index["files"]


def _describe(dataset: Any, index: dict[str, Any]) -> None:
    dataset.files = index["files"]
    dataset.vocabulary = Vocabulary(index["text"], index["full_text"], frozen=True)
