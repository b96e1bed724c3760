"""Where the encoders run: onnxruntime sessions (providers, threads, precision) behind the small
interface the engine calls (``Backend``); the training side supplies a torch one.

Exactly one of ``onnxruntime`` / ``onnxruntime-gpu`` should be installed; it is imported when the
first session opens (a third of a second), so a process that loads a model and hands its files to
worker processes starts without it. On CPU every encoder call gets one thread
(``single_threaded_options``) and the engine runs statement chunks and the graph encoder side by
side, one call per thread: a statement is too small a matrix to split across threads (two
intra-op threads ran the int8 encoder 2.8x slower than one), and onnxruntime's CPU ScatterND with
reduction "add", the graph encoder's message passing, races when it splits its updates over
threads: it loses some of the sums of duplicate indices (microsoft/onnxruntime#18048, #23396;
still so in 1.31). The graph encoder keeps onnxruntime's memory arena but plans no memory
patterns: a pattern is one buffer planned per input shape and kept, and every graph has its own
shapes (with patterns, one worker's peak grew from 220 to 306 MB between 100 and 668
device-mapping kernels). Without the arena every big intermediate is mapped afresh from the
system on every call: the page faults took a third of the workers' CPU (2,004 files, 2 workers:
62 CPU seconds without the arena, 43 with it, the same peak memory and vectors). Graphs too big
to encode whole run layer by layer in blocks of nodes (``mir_runtime.blocks``) where the
directory has the block files.
"""
from __future__ import annotations

import functools
import importlib.util
import os
import threading
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import numpy as np

from mir_runtime.modeldir import ENCODER_FILES, GRAPH_LAYER, GRAPH_NODES, GRAPH_READOUT, ModelDirectory

if TYPE_CHECKING:  # the graph side is imported where a graph runs: a head on code counts needs none of it
    from mir_runtime.features import GraphInputs

CPU_DIST, GPU_DIST = "onnxruntime", "onnxruntime-gpu"
DEVICES = ("cpu", "cuda")
# Padded tokens per statement-encoder call, by precision and device. On CPU small chunks win
# (61 device-mapping files, one thread: fp32 5.99 s at 128 tokens, 6.68 s at 32; int8 2.44 s at 128,
# 3.25 s at 1,024, 4.46 s for 64 rows padded to the longest); a GPU wants large ones. int8 runs one
# statement per call (2.57 s): dynamic quantization takes its range from the whole input, so only
# then is a statement's vector its own, independent of its neighbours, as the cache needs.
TOKEN_BUDGET = {("fp32", "cpu"): 128, ("int8", "cpu"): 0, ("fp32", "cuda"): 16384, ("int8", "cuda"): 0}


class BackendError(RuntimeError):
    """No usable onnxruntime."""


class Backend(Protocol):
    """What the engine needs from whatever runs the two encoders."""

    token_budget: int  # padded tokens per statement call (0: one statement per call)
    parallel_calls: int  # calls worth running side by side (the engine's thread pool)

    def run_statements(self, ids: np.ndarray) -> np.ndarray:
        """Statement vectors [N, d] of padded token ids [N, L]."""

    def run_graph(self, inputs: GraphInputs) -> np.ndarray:
        """The graph vector [d] of one graph."""

    def close(self) -> None:
        """Release what the backend holds."""


def installed_distributions() -> list[str]:
    """The onnxruntime builds installed in the directory Python imports ``onnxruntime`` from, where
    two overwrite each other's files: read from its ``*.dist-info`` names, as ``importlib.metadata``
    would, without the 10 ms its import adds to every cold start."""
    spec = importlib.util.find_spec("onnxruntime")
    if spec is None or not spec.submodule_search_locations:
        return []
    site = os.path.dirname(next(iter(spec.submodule_search_locations)))
    names = {entry.split("-")[0].lower() for entry in os.listdir(site) if entry.endswith(".dist-info")}
    return [dist for dist in (CPU_DIST, GPU_DIST) if dist.replace("-", "_") in names]


NOT_INSTALLED = ("mir-runtime needs onnxruntime to run models: pip install 'mir-runtime[cpu]' "
                 "(or 'mir-runtime[gpu]' for CUDA)")


def check_onnxruntime() -> None:
    """A clear error if onnxruntime is absent, a warning if both builds are present, without
    importing it (a third of a second): what loading a model checks at once."""
    found = installed_distributions()
    if len(found) > 1:
        warnings.warn(
            "both onnxruntime and onnxruntime-gpu are installed; they overwrite each other's files. "
            "Keep one: pip uninstall onnxruntime (for GPU) or onnxruntime-gpu (for CPU).",
            RuntimeWarning,
            stacklevel=3,
        )
    if importlib.util.find_spec("onnxruntime") is None:
        raise BackendError(NOT_INSTALLED)


def load_onnxruntime():
    """The ``onnxruntime`` module; a clear error if absent."""
    try:
        import onnxruntime
    except ImportError:
        raise BackendError(NOT_INSTALLED) from None
    return onnxruntime


def single_threaded_options(memory_patterns: bool = True):
    """onnxruntime session options with one thread: how the encoders run on CPU (module docstring);
    ``memory_patterns=False`` for inputs whose shapes rarely repeat (graphs)."""
    options = load_onnxruntime().SessionOptions()
    options.intra_op_num_threads = options.inter_op_num_threads = 1
    options.enable_mem_pattern = memory_patterns
    return options


def default_precision(device: str) -> str:
    return "int8" if device == "cpu" else "fp32"


class OnnxBackend:
    """The encoders of a model directory in onnxruntime; task heads on demand (``session``).

    ``threads`` (CPU): how many encoder calls run side by side (default: every core); on CUDA it
    is onnxruntime's intra-op threads for the heads. ``check_now=False`` checks each encoder's
    sha256 when its session opens, not at once (a head on code counts opens none). Sessions are
    thread-safe; ``close()`` (or leaving a ``with`` block) drops them."""

    def __init__(self, directory: ModelDirectory, device: str = "cpu", precision: str | None = None,
                 threads: int | None = None, check_now: bool = True) -> None:
        if device not in DEVICES:
            raise ValueError(f"unknown device {device!r} ({', '.join(DEVICES)})")
        precision = precision or default_precision(device)
        if precision not in ENCODER_FILES:
            raise ValueError(f"unknown precision {precision!r} ({', '.join(ENCODER_FILES)})")
        if threads is not None and threads < 1:
            raise ValueError(f"threads must be at least 1, not {threads}")
        check_onnxruntime()
        self.directory = directory
        self.device, self.precision, self.threads = device, precision, threads
        self.requested_providers = ["CPUExecutionProvider"]
        if device == "cuda":
            self.requested_providers.insert(0, "CUDAExecutionProvider")
        self.token_budget = TOKEN_BUDGET[precision, device]
        self.parallel_calls = (threads or os.cpu_count() or 1) if device == "cpu" else 1
        self.files = ENCODER_FILES[precision]
        # big graphs run in blocks (mir_runtime.blocks) where the directory has the block files
        needed = (GRAPH_NODES, GRAPH_LAYER) + ((GRAPH_READOUT,) if directory.manifest.readout else ())
        self.block_files = needed if all(map(directory.has, needed)) else ()
        if check_now:
            for file in self.files + self.block_files:
                directory.file(file)  # sha256 now; the sessions open on first use
        self._encoders: list = [None, None]
        self._sessions: dict[str, object] = {}
        self._lock = threading.Lock()
        self._fell_back = False  # CUDA asked for, CPU used: said once

    @functools.cached_property
    def options(self):
        """Session options of the heads (and of the encoders on CUDA): ``threads`` intra-op threads."""
        options = load_onnxruntime().SessionOptions()
        if self.threads:
            options.intra_op_num_threads = self.threads
            options.inter_op_num_threads = 1
        return options

    @functools.cached_property
    def encoder_options(self) -> tuple:
        """The statement and graph encoders' session options (module docstring)."""
        if self.device != "cpu":
            return self.options, self.options
        return single_threaded_options(), single_threaded_options(memory_patterns=False)

    def encoder(self, k: int):
        """The statement (0) or graph (1) encoder's session, opened on first use: with worker
        processes, the calling process runs only the statements and the workers only the graphs."""
        session = self._encoders[k]
        if session is not None:
            return session
        with self._lock:
            if self._encoders[k] is None:
                self._encoders[k] = self._open(self.files[k], self.encoder_options[k])
            return self._encoders[k]

    def _open(self, file: str | Path, options):
        """A session of ``file``. On CUDA, onnxruntime's own warnings and log lines (a provider it
        cannot load, libraries it cannot find) are kept quiet: ``cuda_fallback`` says it in one line."""
        ort = load_onnxruntime()
        path = file if isinstance(file, Path) else self.directory.file(file)
        if self.device != "cuda":
            return ort.InferenceSession(str(path), options, providers=self.requested_providers)
        ort.set_default_logger_severity(3)  # errors only: a failed CUDA load is said once, below, in our words
        providers = [p for p in self.requested_providers
                     if p != "CUDAExecutionProvider" or p in ort.get_available_providers()]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            session = ort.InferenceSession(str(path), options, providers=providers)
        if "CUDAExecutionProvider" not in session.get_providers():
            self.cuda_fallback(ort)
        return session

    def cuda_fallback(self, ort) -> None:
        """Say once that CUDA was asked for but the sessions run on CPU, and why, at which precision."""
        if self._fell_back:
            return
        self._fell_back = True
        gpu = "CUDAExecutionProvider" in ort.get_available_providers()
        why = ("the CUDA or cuDNN libraries that onnxruntime-gpu needs could not be loaded (README: GPU)" if gpu else
               "onnxruntime-gpu is not installed: pip install 'mir-runtime[gpu]', without [cpu]")
        warnings.warn(f"--device cuda: {why}; running on CPU at {self.precision}", RuntimeWarning, stacklevel=4)

    @property
    def device_used(self) -> str:
        """Where the encoders actually run: ``cuda`` only if onnxruntime took the CUDA provider."""
        return "cuda" if "CUDAExecutionProvider" in self.providers else "cpu"

    def session(self, file: str | Path, options=None):
        """The session of another file of the model directory (a block file), or of a file
        elsewhere given as a checked ``Path`` (a task pack's head), opened once, with ``options``
        (default: the backend's) and the backend's providers."""
        with self._lock:
            if file not in self._sessions:
                self._sessions[file] = self._open(file, options or self.options)
            return self._sessions[file]

    @property
    def providers(self) -> list[str]:
        """The execution providers the sessions actually use (not merely the available ones)."""
        return self.encoder(0).get_providers()

    def run_statements(self, ids: np.ndarray) -> np.ndarray:
        return self.encoder(0).run(None, {"ids": ids})[0]

    def run_graph(self, inputs: GraphInputs) -> np.ndarray:
        from mir_runtime import blocks
        from mir_runtime.features import GRAPH_INPUTS

        if self.block_files and blocks.is_big(inputs):
            nodes, layer, *readout = (self.session(f, self.encoder_options[1]) for f in self.block_files)
            manifest = self.directory.manifest
            vector = blocks.graph_vector(inputs, lambda feed: nodes.run(None, feed)[0],
                                         lambda feed: layer.run(None, feed)[0], manifest.graph_layers, manifest.d_model)
            return readout[0].run(None, {"h": vector})[0] if readout else vector
        return self.encoder(1).run(None, {name: getattr(inputs, name) for name in GRAPH_INPUTS})[0]

    def close(self) -> None:
        with self._lock:
            self._encoders = [None, None]
            self._sessions.clear()

    def __enter__(self) -> OnnxBackend:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
