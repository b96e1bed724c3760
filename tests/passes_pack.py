"""A small real passes pack for tests and benchmarks: a ridge head fitted on labels that opt-14
computes here, on a few -O0 modules of tests/programs, written as an ONNX graph (onnx.helper).

The labels are what the pass-pipeline task's labels are (``ir.count``'s IR instruction counts,
log of -Oz's over each pipeline's); only the modules are few, so the head ranks, not well. The
head reads the embedding, or (``features``) the module's code counts, standardized inside the
ONNX graph as a head on raw counts must do."""
from __future__ import annotations

import math
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mir_runtime.code_counts import FEATURES
from mir_runtime.ir import read_ir
from mir_runtime.ir.count import count_instructions
from mir_runtime.modeldir import ModelDirectory
from mir_runtime.packs import base_model, write_pack
from mir_runtime.tasks import EMBEDDING, Task

PROGRAMS = Path(__file__).resolve().parent / "programs"
LLVM = 14
# name -> opt -passes= text; default<Oz> is a member, as every passes task's
PIPELINES = {
    "oz": "default<Oz>",
    "o1": "default<O1>",
    "os": "default<Os>",
    "o3": "default<O3>",
    "scalar": "function(sroa,early-cse,instcombine,simplifycfg)",
    "inline-scalar": "module(cgscc(inline),function(sroa,instcombine,simplifycfg),globaldce)",
}


def opt14() -> str | None:
    return shutil.which(f"opt-{LLVM}")


def compile_o0(source: Path, out: Path) -> Path:
    """``source`` as clang-14 -O0 IR without ``optnone`` (so that opt's passes run on it)."""
    clang = shutil.which(f"clang-{LLVM}")
    if clang is None:
        raise RuntimeError(f"clang-{LLVM} is not installed")
    cmd = [clang, "-S", "-emit-llvm", "-O0", "-Xclang", "-disable-O0-optnone", "-o", str(out), str(source)]
    if source.suffix == ".cpp":
        cmd[1:1] = ["-x", "c++"]
    subprocess.run(cmd, check=True, capture_output=True)
    return out


def counts(module: Path, pipelines: dict[str, str], opt: str) -> dict[str, int | None]:
    """IR instructions after each pipeline (None where opt fails)."""
    found: dict[str, int | None] = {}
    for name, passes in pipelines.items():
        done = subprocess.run([opt, f"-passes={passes}", "-S", "-o", "-", str(module)], capture_output=True, text=True)
        found[name] = count_instructions(done.stdout) if done.returncode == 0 else None
    return found


def labels(modules: Sequence[Path], pipelines: dict[str, str], opt: str) -> np.ndarray:
    """[modules, pipelines] gains over -Oz: log(-Oz's count / the pipeline's); -1 where opt fails."""
    rows = []
    for module in modules:
        found = counts(module, pipelines, opt)
        oz = found["oz"]
        rows.append([math.log(oz / n) if n else -1.0 for n in found.values()])
    return np.array(rows)


def ridge(x: np.ndarray, y: np.ndarray, alpha: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """(weights [D, C], bias [C]) of ridge regression with an intercept, in its dual form (few rows)."""
    mean_x, mean_y = x.mean(0), y.mean(0)
    xc, yc = x - mean_x, y - mean_y
    weights = xc.T @ np.linalg.solve(xc @ xc.T + alpha * np.eye(len(x)), yc)
    return weights, mean_y - mean_x @ weights


def gains_head(path: Path, weights: np.ndarray, bias: np.ndarray, center: np.ndarray | None = None,
               scale: np.ndarray | None = None) -> Path:
    """``gains = ((embedding - center) / scale) @ weights + bias`` as an ONNX file (no centering
    and scaling where ``center`` is None)."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    size, width = weights.shape
    nodes = [helper.make_node("MatMul", ["x", "W"], ["xw"]), helper.make_node("Add", ["xw", "b"], ["gains"])]
    initializer = [numpy_helper.from_array(weights.astype(np.float32), "W"),
                   numpy_helper.from_array(bias.astype(np.float32), "b")]
    if center is None:
        nodes[0].input[0] = "embedding"
    else:
        nodes[:0] = [helper.make_node("Sub", ["embedding", "center"], ["centered"]),
                     helper.make_node("Div", ["centered", "scale"], ["x"])]
        initializer += [numpy_helper.from_array(center.astype(np.float32), "center"),
                        numpy_helper.from_array((scale if scale is not None else np.ones(size)).astype(np.float32), "scale")]
    graph = helper.make_graph(
        nodes, "passes_head", [helper.make_tensor_value_info("embedding", TensorProto.FLOAT, ["n", size])],
        [helper.make_tensor_value_info("gains", TensorProto.FLOAT, ["n", width])], initializer=initializer)
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=10), str(path))
    return path


def passes_entry(pipelines: dict[str, str], head: str = "passes.onnx", features: str = EMBEDDING) -> dict:
    return {"description": "the pass pipeline of smallest IR (a head fitted on a few test modules)", "kind": "passes",
            "head": head, "inputs": [], **({} if features == EMBEDDING else {"features": features}),
            "pipelines": [{"name": n, "passes": p, "llvm": LLVM} for n, p in pipelines.items()]}


def build_pack(model_dir: Path, modules: Sequence[Path], out: Path, work: Path,
               pipelines: dict[str, str] = PIPELINES, name: str = "passes", features: str = EMBEDDING) -> Path:
    """A passes pack for ``model_dir`` in ``out``, its head fitted on ``modules`` (labels by opt-14)
    reading ``features``: the embedding, ``opcodes`` or ``autophase``."""
    from mir_runtime.model import Model

    opt = opt14()
    if opt is None:
        raise RuntimeError(f"opt-{LLVM} is not installed")
    y = labels(modules, pipelines, opt)
    center = scale = None
    if features == EMBEDDING:
        with Model.load(model_dir, precision="fp32") as model:
            x = model.embed([str(m) for m in modules]).astype(np.float64)
    else:
        x = np.stack([FEATURES[features](read_ir(m)) for m in modules]).astype(np.float64)
        center, scale = x.mean(0), np.where(x.std(0) > 0, x.std(0), 1.0)
        x = (x - center) / scale
    weights, bias = ridge(x, y)
    work.mkdir(parents=True, exist_ok=True)
    head = gains_head(work / f"{name}.onnx", weights, bias, center, scale)
    task = Task.from_manifest(name, passes_entry(pipelines, head.name, features))
    return write_pack(out, task, {head.name: head}, base_model(ModelDirectory(model_dir), "fp32"), {})


def with_pipelines(pack: Path, out: Path, pipelines: dict[str, str]) -> Path:
    """A copy of ``pack`` whose candidates are ``pipelines`` (as many, same names' places): the same head."""
    from mir_runtime.packs import read_pack

    read = read_pack(pack)
    head = next(iter(read.task.heads.values()))
    out.mkdir(parents=True, exist_ok=True)
    shutil.copy(pack / head, out / head)
    task = Task.from_manifest(read.task.name, passes_entry(pipelines, head, read.task.features))
    return write_pack(out, task, {head: out / head}, read.base, {})


def with_ranking(pack: Path, out: Path, scores: Sequence[float]) -> Path:
    """A copy of ``pack`` whose head also outputs ``ranking``: ``scores`` (one per candidate) for every module."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    from mir_runtime.packs import read_pack

    read = read_pack(pack)
    head = next(iter(read.task.heads.values()))
    model = onnx.load(str(pack / head))
    model.graph.initializer.extend([numpy_helper.from_array(np.zeros(1, np.float32), "ranking_zero"),
                                    numpy_helper.from_array(np.asarray(scores, np.float32), "ranking_scores")])
    model.graph.node.extend([helper.make_node("Mul", ["gains", "ranking_zero"], ["ranking_base"]),
                             helper.make_node("Add", ["ranking_base", "ranking_scores"], ["ranking"])])
    model.graph.output.append(helper.make_tensor_value_info("ranking", TensorProto.FLOAT, ["n", len(scores)]))
    out.mkdir(parents=True, exist_ok=True)
    onnx.save(model, str(out / head))
    return write_pack(out, read.task, {head: out / head}, read.base, {})
