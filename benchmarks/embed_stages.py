"""Where ``embed``'s CPU goes, stage by stage, against IR2Vec's whole run on the same files.

One process, one thread, ``process_time``, the device-mapping kernels IR2Vec accepts: for each
model directory, the front end (``Featurizer.read``: reader, statements, graph, tokens), the graph
encoder on every file, and the statement encoder on every file's statements through the model's
cache (each distinct statement encoded once, as ``embed`` does); then IR2Vec 2.1.1's flow-aware
program vectors of the same files. CPU time, not wall time: it tells which stage a speed bar
needs on a machine shared with other jobs (all figures inflate alike under load).

    python benchmarks/embed_stages.py artifacts [OTHER_MODEL_DIR ...]   # writes results/embed_stages.json
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mir_runtime.model import Model  # noqa: E402

REJECTED_BY_IR2VEC = "rodinia-3.1-lavaMD-kernel_gpu_opencl.ll"


def stages(model_dir: str, files: list[Path]) -> dict:
    """CPU seconds of each stage of embedding ``files`` with the model in ``model_dir``."""
    model = Model.load(model_dir, threads=1)
    clock = time.process_time
    start = clock()
    features = [model.featurizer.read(path) for path in files]
    read = clock()
    for f in features:
        model.backend.run_graph(f.graph)
    graphs = clock()
    for f in features:
        model.engine.statement_vectors(f.ids)
    done = clock()
    return {"front_end": round(read - start, 2), "graph_encoder": round(graphs - read, 2),
            "statement_encoder": round(done - graphs, 2), "distinct_statements": len(model.engine.statement_cache)}


def ir2vec_seconds(files: list[Path]) -> float:
    import ir2vec

    start = time.process_time()
    for path in files:
        ir2vec.initEmbedding(str(path), "fa", "p").getProgramVector()
    return round(time.process_time() - start, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("models", nargs="+", help="model directories")
    parser.add_argument("--datasets", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "datasets")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "embed_stages.json")
    args = parser.parse_args()
    files = [p for p in sorted((args.datasets / "devmap" / "kernels_ir").glob("*.ll")) if p.name != REJECTED_BY_IR2VEC]
    result = {"files": len(files), "cpu_seconds": {}}
    for model_dir in args.models:
        result["cpu_seconds"][model_dir] = stages(model_dir, files)
        print(model_dir, result["cpu_seconds"][model_dir], flush=True)
    result["cpu_seconds"]["ir2vec"] = ir2vec_seconds(files)
    print("ir2vec", result["cpu_seconds"]["ir2vec"])
    args.out.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
