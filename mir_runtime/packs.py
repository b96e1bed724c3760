"""Task packs: a task's heads, its description and its report in a directory of their own.

A pack serves beside a model without copying it: ``task.json`` names the base model by what
decides its embedding (the sha256 of the encoders at the heads' precision and of the tokenizer,
the pooling, the front end's promotion), lists its files with their sha256, and holds the task's
entry (``mir_runtime.tasks``), its report's figures and the learners chosen. The shipped tasks
are packs of the same format under the model directory's ``tasks/``; a user's packs come from
``Model.load(tasks=[...])``, ``--tasks DIR`` or ``$MIR_TASKS`` (paths joined by ``os.pathsep``).
Each path is a pack, or a directory of packs. A pack made for another model, or whose files
changed, is refused in one line (``PackError``): its heads would answer for another embedding.
In a directory of packs (the model's ``tasks/`` among them) a broken pack is named in one warning
and the others are served; a path given that holds no pack is said so in a warning. A head's file
must lie inside its pack (no ``..``, no absolute path, links resolved inside the pack).
"""
from __future__ import annotations

import json
import os
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from mir_runtime.modeldir import (
    ENCODER_FILES, TOKENIZER, FileEntry, ModelDirectory, ModelFileError, file_sha256,
)
from mir_runtime.tasks import Task, TaskError

PACK_FILE = "task.json"
PACK_FORMAT = "mir-task-pack"
PACK_VERSION = 1
MODEL_TASKS = "tasks"  # a model directory's own packs
TASKS_ENV = "MIR_TASKS"


class PackError(ModelFileError):
    """A task pack that is malformed, changed, or made for another model."""


def base_model(directory: ModelDirectory, precision: str) -> dict[str, Any]:
    """What decides the embedding a head learns from: the encoders at ``precision``, the
    tokenizer, the pooling and the front end's promotion of -O0 locals."""
    manifest = directory.manifest
    names = (*ENCODER_FILES[precision], TOKENIZER)
    missing = [n for n in names if n not in manifest.files]
    if missing:
        raise ModelFileError(f"{directory.path}: has no {', '.join(missing)} to name as a task's base model")
    return {"sha256": {n: manifest.files[n].sha256 for n in names}, "precision": precision,
            "pooling": manifest.pooling, "promote_allocas": manifest.promote_allocas,
            "embedding_size": manifest.embedding_size}


@dataclass(frozen=True)
class TaskPack:
    """A pack read from ``path``: its task, files and figures; head files are sha256-checked when opened."""

    path: Path
    task: Task
    files: Mapping[str, FileEntry]
    base: Mapping[str, Any]
    sections: Mapping[str, Any]  # ``metrics``, ``learners``, ``report``...: as written
    _checked: set = field(default_factory=set, compare=False, repr=False)

    @property
    def precision(self) -> str:
        return str(self.base["precision"])

    def file(self, name: str) -> Path:
        """``path/name`` after checking that it lies inside the pack and matches ``task.json``'s sha256 (once)."""
        where = self.path / name
        entry = self.files.get(name)
        if entry is None:
            raise PackError(f"{where}: not listed in {self.path / PACK_FILE}")
        if name not in self._checked:
            inside(self.path, name)
            if not where.is_file():
                raise PackError(f"{where}: missing (listed in {self.path / PACK_FILE})")
            digest = file_sha256(where)
            if digest != entry.sha256:
                raise PackError(f"{where}: sha256 {digest[:12]}... does not match {PACK_FILE} ({entry.sha256[:12]}...): "
                                "the pack changed after it was written")
            self._checked.add(name)
        return where

    def check_base(self, directory: ModelDirectory) -> None:
        """Refuse a pack whose heads learned from another model's embedding."""
        precision = self.precision
        if precision not in ENCODER_FILES:
            raise PackError(f"{self.path / PACK_FILE}: base_model.precision {precision!r} is not one of "
                            f"{', '.join(ENCODER_FILES)}")
        ours = base_model(directory, precision)
        if not isinstance(self.base.get("sha256"), dict):
            raise PackError(f"{self.path / PACK_FILE}: base_model.sha256 must be an object of the encoders' sha256")
        differs = [k for k in ours if self.base.get(k) != ours[k]]
        if differs:
            what = ", ".join(sorted(n for n, d in ours["sha256"].items() if self.base.get("sha256", {}).get(n) != d)
                             if "sha256" in differs else differs)
            raise PackError(f"{self.path}: task {self.task.name} was made for another model (its {what} differ from "
                            f"{directory.path}'s): fit it again on this model")


def read_pack(path: str | os.PathLike) -> TaskPack:
    """The pack in directory ``path``; a ``PackError`` naming the file and field if malformed."""
    root = Path(path)
    where = root / PACK_FILE
    try:
        raw = json.loads(where.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        raise PackError(f"{where}: no {PACK_FILE} (not a task pack)") from None
    except OSError as exc:
        raise PackError(f"{where}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise PackError(f"{where}: not UTF-8") from None
    except json.JSONDecodeError as exc:
        raise PackError(f"{where}:{exc.lineno}:{exc.colno}: not valid JSON ({exc.msg.lower()}): a pack's "
                        f"{PACK_FILE} is written by 'mir-export task fit'") from None
    if not isinstance(raw, dict) or raw.get("format") != PACK_FORMAT:
        raise PackError(f"{where}: not a task pack (format must be {PACK_FORMAT!r})")
    if raw.get("format_version") != PACK_VERSION:
        raise PackError(f"{where}: format_version {raw.get('format_version')!r} is not the one this mir-runtime "
                        f"reads ({PACK_VERSION})")
    name = raw.get("name")
    if not isinstance(name, str) or not name or not name.replace("-", "").replace("_", "").isalnum():
        raise PackError(f"{where}: name must be letters, digits, '-' or '_', not {name!r}")
    try:
        task = Task.from_manifest(name, raw.get("task"))
        files = _files(raw.get("files"))
        base = raw.get("base_model")
        if not isinstance(base, dict):
            raise ValueError(f"base_model must be an object naming the model the heads learned from, not {base!r:.60}")
        for head in task.heads.values():
            if head not in files:
                raise ValueError(f"head {head} is not listed in files")
        for file in files:
            inside(root, file)
    except PackError as exc:
        raise PackError(f"{where}: {exc}") from None
    except (TaskError, ValueError) as exc:
        raise PackError(f"{where}: {exc}") from None
    heads = {files[h].sha256 for h in task.heads.values()}
    sections = {k: v for k, v in raw.items() if k not in ("format", "format_version", "name", "task", "files",
                                                           "base_model")}
    return TaskPack(root, task.with_same_head(len(heads) == 1), files, base, sections)


def _files(entry: object) -> dict[str, FileEntry]:
    """``files``: each name's sha256 (64 hex digits) and size."""
    if not isinstance(entry, dict):
        raise ValueError(f"files must be an object of each file's sha256, not {entry!r:.60}")
    files = {}
    for name, value in entry.items():
        digest = value.get("sha256") if isinstance(value, dict) else None
        if not isinstance(digest, str) or len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
            raise ValueError(f"files.{name} must hold a sha256 of 64 hex digits")
        size = value.get("bytes")
        files[name] = FileEntry(digest, size if isinstance(size, int) and not isinstance(size, bool) else None)
    return files


def inside(root: Path, name: str) -> Path:
    """``root/name`` if ``name`` is a relative path inside the pack, links resolved, else a ``PackError``
    (a head's file is the pack's own: never ``../x.onnx``, ``/proc/self/environ`` or a link out)."""
    parts = PurePosixPath(name)
    if not name or parts.is_absolute() or Path(name).is_absolute() or ".." in parts.parts or "\\" in name:
        raise PackError(f"file name {name!r} must be a relative path inside the pack (no '..', not absolute)")
    target = (root / name).resolve()
    if not target.is_relative_to(root.resolve()):
        raise PackError(f"file {name!r} is a link to {target}, outside the pack")
    return root / name


def pack_paths(paths: Iterable[str | os.PathLike]) -> list[Path]:
    """The packs at ``paths``: each a pack (it holds ``task.json``) or a directory of packs (a
    warning if it holds none)."""
    return [path for path, _ in _found(paths)]


def _found(paths: Iterable[str | os.PathLike], given: bool = True) -> list[tuple[Path, bool]]:
    """Each pack at ``paths`` and whether it was found in a directory of packs (so that, broken, it
    is skipped with a warning rather than stopping the others); ``given``: the paths are the
    user's, so a directory holding no pack is said (a model's own empty ``tasks/`` is not)."""
    found: list[tuple[Path, bool]] = []
    for each in paths:
        path = Path(each)
        if (path / PACK_FILE).is_file():
            found.append((path, False))
        elif path.is_dir():
            # a hidden folder is not served: a pack being written beside the others (``.NAME.partial``)
            inner = sorted(p.parent for p in path.glob(f"*/{PACK_FILE}") if not p.parent.name.startswith("."))
            if not inner and given:
                warnings.warn(f"{path} holds no task pack (a pack is a directory with a {PACK_FILE}; a directory "
                              f"of packs holds them one level down)", stacklevel=2)
            found += [(p, True) for p in inner]
        else:
            raise PackError(f"{path}: no such task pack or directory of packs")
    return found


def user_pack_paths(tasks: Iterable[str | os.PathLike] | None = None) -> list[str]:
    """``$MIR_TASKS`` (paths joined by ``os.pathsep``), then ``tasks``."""
    env = [p for p in os.environ.get(TASKS_ENV, "").split(os.pathsep) if p]
    return [*env, *(os.fspath(t) for t in tasks or ())]


def load_packs(directory: ModelDirectory, tasks: Iterable[str | os.PathLike] | None = None) -> dict[str, TaskPack]:
    """The model's own packs (``tasks/``) and the user's (``$MIR_TASKS``, then ``tasks``), each
    checked against the model; a user's pack replaces the model's own of its name (a passes pack
    made with ``mir-export passes pack`` serves ``passes``); a name given twice among either is
    refused. A pack found in a directory of packs that is broken (or whose name another pack took
    first) is skipped with a one-line warning naming it, so that one pack cannot stop the others
    being served; a pack given by its own path is refused (``PackError``)."""
    own = directory.path / MODEL_TASKS
    shipped = _served(directory, _found([own], given=False) if own.is_dir() else [])
    return {**shipped, **_served(directory, _found(user_pack_paths(tasks)))}


def _served(directory: ModelDirectory, found: list[tuple[Path, bool]]) -> dict[str, TaskPack]:
    """The packs of ``found`` (path, found in a directory of packs) by task name, as ``load_packs`` serves them."""
    packs: dict[str, TaskPack] = {}
    for path, in_directory in found:
        try:
            pack = read_pack(path)
            if pack.task.name in packs:
                raise PackError(f"{path}: task {pack.task.name} is already served from {packs[pack.task.name].path}")
            pack.check_base(directory)
        except PackError as exc:
            if not in_directory:
                raise
            warnings.warn(f"task pack skipped, the others are served: {exc}", stacklevel=2)
            continue
        packs[pack.task.name] = pack
    return packs


def write_pack(out: Path, task: Task, heads: Mapping[str, Path], base: Mapping[str, Any],
               sections: Mapping[str, Any], extra_files: Iterable[Path] = ()) -> Path:
    """Write a pack into directory ``out``: the head files (``heads``: name in the pack -> written
    file, moved in), any ``extra_files`` already in ``out`` (a report), and ``task.json`` last, so a
    pack without one was not finished."""
    out.mkdir(parents=True, exist_ok=True)
    (out / PACK_FILE).unlink(missing_ok=True)
    names = []
    for name, source in heads.items():
        target = out / name
        if Path(source).resolve() != target.resolve():
            Path(source).replace(target)
        names.append(name)
    names += [Path(f).name for f in extra_files]
    files = {n: {"sha256": file_sha256(out / n), "bytes": (out / n).stat().st_size} for n in sorted(names)}
    body = {"format": PACK_FORMAT, "format_version": PACK_VERSION, "name": task.name, "task": task.to_manifest(),
            "base_model": dict(base), "files": files, **sections}
    partial = out / f".{PACK_FILE}.tmp"
    partial.write_text(json.dumps(body, indent=2) + "\n")
    partial.replace(out / PACK_FILE)
    return out
