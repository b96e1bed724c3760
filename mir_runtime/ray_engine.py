"""Batch embedding on a Ray cluster: the files as a Ray Dataset, embedded by a pool of actors
that each hold one ``Model`` (Ray Data's ``map_batches`` with a callable class, its standard
pattern for batch inference), each batch returned as an Arrow table in ``mir_runtime.parquet``'s
schema.

Each actor loads the model once and runs it single-threaded (one CPU per actor, so the actor
count is the parallelism and Ray can pack actors onto cores); files are read by the actors, so
every node must see the paths (a shared file system) and have ``mir-runtime[cpu,ray]``
installed. The int8 model embeds a file the same way whatever else an actor embedded (one
statement per encoder call, single-threaded graph encoder), so rows equal the local engine's
bit for bit.
"""
from __future__ import annotations

import os
from collections.abc import Iterable

from mir_runtime.parquet import INSTALL_HINT, MissingExtraError

DEFAULT_BATCH = 16  # files per actor call: large enough to amortize Ray's per-batch overhead


def check_reachable(address: str, seconds: float = 10.0) -> None:
    """A ``host:port`` address that nothing answers on is a ``ConnectionError`` now: ``ray.init``
    would retry for minutes. Other forms (``auto``, ``ray://...``) are left to Ray."""
    import socket  # here: only a Ray engine needs it

    host, _, port = address.rpartition(":")
    if not host or "/" in address or not port.isdigit():
        return
    try:
        socket.create_connection((host, int(port)), timeout=seconds).close()
    except OSError as exc:
        raise ConnectionError(f"no Ray cluster answers at {address} ({exc.strerror or exc})") from None


def load_ray():
    """The ``ray`` module with Ray Data, or a one-line ``MissingExtraError``."""
    try:
        import ray
        import ray.data  # noqa: F401  (Ray Data ships with ray[data]; pyarrow comes with it)
    except ImportError:
        raise MissingExtraError(f"the Ray engine needs Ray Data: {INSTALL_HINT}") from None
    return ray


class Embedder:
    """An actor's state: one model, loaded once when the actor starts, single-threaded."""

    def __init__(self, model: str | None, device: str, precision: str | None) -> None:
        from mir_runtime.model import Model

        self.model = Model.load(model, device=device, precision=precision, threads=1)

    def __call__(self, batch: dict):
        from mir_runtime.parquet import rows_table
        from mir_runtime.rows import embed_rows

        rows = list(embed_rows(self.model, [str(path) for path in batch["path"]]))
        return rows_table(rows, self.model.embedding_size)


def embed_dataset(paths: Iterable[str | os.PathLike], model: str | os.PathLike | None = None,
                  actors: int | None = None, batch_size: int = DEFAULT_BATCH, device: str = "cpu",
                  precision: str | None = None):
    """A lazy Ray Dataset of rows (``path``, ``sha256``, ``embedding``, ``error``) of the IR files
    named or found below ``paths``, on the cluster this process is connected to (``ray.init``;
    Ray starts a local one otherwise). ``model``: a model directory every node can read (default:
    each node's installed default model); ``actors``: one model each, one CPU (and a GPU with
    ``device="cuda"``) each, default: every CPU of the cluster. Rows come in input order only
    with ``DataContext.execution_options.preserve_order``; write them with
    ``Dataset.write_parquet`` or ``mir_runtime.parquet.write_parquet``."""
    from mir_runtime.rows import ir_files

    ray = load_ray()
    files = ir_files(paths)
    if actors is None:
        actors = max(1, int(ray.cluster_resources().get("CPU", 1)))
    dataset = ray.data.from_items([{"path": path} for path in files])
    return dataset.map_batches(
        Embedder, fn_constructor_kwargs={"model": None if model is None else str(model), "device": device,
                                         "precision": precision},
        batch_size=batch_size, batch_format="numpy", compute=ray.data.ActorPoolStrategy(size=actors),
        num_cpus=1, num_gpus=1 if device == "cuda" else 0,
    )
