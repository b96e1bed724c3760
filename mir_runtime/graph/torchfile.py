"""Integer arrays to a file ``torch.load`` reads as tensors, written without torch.

``mir-runtime graph --format pyg`` writes PyG's storage of a data set, dicts of int64 tensors. Its
own work on the 669 device-mapping kernels takes less CPU than ``import torch`` (about 3 s alone;
on a loaded machine many times that on the wall clock), so the file is written here with numpy:
PyTorch's zip serialization (format version 3, as every torch since 1.6 writes and reads it) of a
pickle whose tensors are ``torch._utils._rebuild_tensor_v2`` of ``torch.LongStorage`` records,
which ``torch.load(..., weights_only=True)`` accepts. ``tests/test_graph_formats.py`` holds
what it reads equal to ``torch.save``'s tensors.

Values: dicts with ``str`` keys, tuples, lists, ``str``, ``int``, ``bool`` and numpy integer
arrays (stored as int64, C order).
"""
from __future__ import annotations

import os
import pickle
import struct
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

VERSION = b"3\n"  # the zip format's version record


class _Pickle:
    """The protocol-2 pickle of a value, arrays as persistent storage ids (``storages``: key -> array)."""

    def __init__(self) -> None:
        self.out = bytearray(pickle.PROTO + b"\x02")
        self.storages: list[np.ndarray] = []

    def value(self, value: Any) -> None:
        out = self.out
        if isinstance(value, np.ndarray):
            self.tensor(value)
        elif isinstance(value, bool):
            out += pickle.NEWTRUE if value else pickle.NEWFALSE
        elif isinstance(value, (int, np.integer)):
            self.integer(int(value))
        elif isinstance(value, str):
            data = value.encode("utf-8")
            out += pickle.BINUNICODE + struct.pack("<I", len(data)) + data
        elif isinstance(value, dict):
            out += pickle.EMPTY_DICT
            if value:
                out += pickle.MARK
                for key, item in value.items():
                    if not isinstance(key, str):
                        raise TypeError(f"dict keys must be str, not {type(key).__name__}")
                    self.value(key)
                    self.value(item)
                out += pickle.SETITEMS
        elif isinstance(value, tuple):
            out += pickle.MARK
            for item in value:
                self.value(item)
            out += pickle.TUPLE
        elif isinstance(value, list):
            out += pickle.EMPTY_LIST
            if value:
                out += pickle.MARK
                for item in value:
                    self.value(item)
                out += pickle.APPENDS
        else:
            raise TypeError(f"cannot write {type(value).__name__}")

    def integer(self, number: int) -> None:
        if 0 <= number < 256:
            self.out += pickle.BININT1 + bytes([number])
        elif -(2 ** 31) <= number < 2 ** 31:
            self.out += pickle.BININT + struct.pack("<i", number)
        else:
            data = number.to_bytes((number.bit_length() + 8) // 8, "little", signed=True)
            self.out += pickle.LONG1 + bytes([len(data)]) + data

    def global_(self, module: str, name: str) -> None:
        self.out += pickle.GLOBAL + f"{module}\n{name}\n".encode()

    def tensor(self, array: np.ndarray) -> None:
        """``_rebuild_tensor_v2(storage, 0, shape, strides, False, OrderedDict())``, as torch pickles a tensor."""
        if array.dtype.kind not in "iu":
            raise TypeError(f"only integer arrays are written, not {array.dtype}")
        key = len(self.storages)
        self.storages.append(np.ascontiguousarray(array, dtype="<i8"))
        out = self.out
        self.global_("torch._utils", "_rebuild_tensor_v2")
        out += pickle.MARK + pickle.MARK
        self.value("storage")
        self.global_("torch", "LongStorage")
        self.value(str(key))
        self.value("cpu")
        self.integer(array.size)
        out += pickle.TUPLE + pickle.BINPERSID
        self.integer(0)
        self.value(tuple(array.shape))
        strides, step = [], 1
        for size in reversed(array.shape):
            strides.append(step)
            step *= size
        self.value(tuple(reversed(strides)))
        out += pickle.NEWFALSE
        self.global_("collections", "OrderedDict")
        out += pickle.EMPTY_TUPLE + pickle.REDUCE + pickle.TUPLE + pickle.REDUCE


def save(value: Any, path: str | os.PathLike) -> None:
    """``value`` to ``path`` as ``torch.save`` would write it, its arrays as int64 tensors; the
    same value gives the same bytes."""
    encoded = _Pickle()
    encoded.value(value)
    encoded.out += pickle.STOP
    archive = Path(path).stem or "data"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED, allowZip64=True) as out:
        _record(out, f"{archive}/data.pkl", bytes(encoded.out))
        _record(out, f"{archive}/.format_version", b"1")  # storages keyed by number, in order
        _record(out, f"{archive}/byteorder", b"little")
        for key, array in enumerate(encoded.storages):
            _record(out, f"{archive}/data/{key}", array.reshape(-1).view(np.uint8).data)
        _record(out, f"{archive}/version", VERSION)


def _record(out: zipfile.ZipFile, name: str, data: bytes | memoryview) -> None:
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # stored, not compressed: torch reads no other
    with out.open(info, "w", force_zip64=len(data) >= zipfile.ZIP64_LIMIT) as record:
        record.write(data)
