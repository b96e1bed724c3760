"""Which layer of the encoders keeps a function's identity: the retrieval proxy on
statement and graph vectors taken before and after the pre-trained layers.

The shipped embedding pools the last layer of each branch. Random weights find a function's other
variant more often than the pre-trained ones (docs/training.md), which suggests the layers lose
what tells near twins apart. This measures it on the frozen weights, rebuilt in torch from the
model directory's ONNX files (``encoder_from_onnx``): per statement, the mean of its token
embeddings (``first``) and of the last layer's states (``last``, the shipped vector); per graph,
the mean of the node inputs and of the last layer's latents. Layouts built from them like
``mean-max-size`` are scored on the proxy's held-out pairs, raw and through two whitening stages
fitted on the training functions that ``mir-export whiten`` samples (their Ledoit-Wolf whitening,
then the within-function stage), so every layout gets the same kind of map, fitted on its own
vectors. The held-out pairs are never used to fit anything.

    python benchmarks/layer_retrieval.py --variants VARIANTS [--model artifacts] [--functions 3000]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mir_export.pretrain.onnx_weights import encoder_from_onnx  # noqa: E402
from mir_export.pretrain.model import MIREncoder  # noqa: E402
from mir_export.pretrain.retrieval import retrieval  # noqa: E402
from mir_export.corpus.pairs import TASKS, extract_pairs, load_manifest, select_pairs  # noqa: E402
from mir_export.export.whitening import cut_functions, fit_whitening, fit_within, variant_functions  # noqa: E402
from mir_runtime.features import GRAPH_INPUTS  # noqa: E402
from mir_runtime.featurizer import Featurizer  # noqa: E402
from mir_runtime.modeldir import TOKENIZER, ModelDirectory  # noqa: E402
from mir_runtime.progress import progress  # noqa: E402

# a layout: its parts, each the average of the named pooled vectors (statement means ``m``, maxima
# ``x``; graph ``g``) of the first and last layers
LAYOUTS = {
    "last (shipped)": ["m_last", "x_last", "g_last", "size"],
    "first": ["m_first", "x_first", "g_first", "size"],
    "first-last average": ["m_first+m_last", "x_last", "g_first+g_last", "size"],
    "last, then first means": ["m_last", "x_last", "g_last", "m_first", "g_first", "size"],
}


def file_parts(model: MIREncoder, featurizer: Featurizer, path: Path) -> dict[str, np.ndarray]:
    """The pooled vectors of one file at the first and last layer of each branch."""
    features = featurizer.read(path)
    weights = features.weights / features.weights.sum()
    text = model.text
    ids = torch.zeros((len(features.ids), max(map(len, features.ids))), dtype=torch.int64)
    for k, row in enumerate(features.ids):
        ids[k, : len(row)] = torch.tensor(row)
    mask = ids.ne(0).to(torch.float32).unsqueeze(-1)
    with torch.inference_mode():
        first = ((text.tokens(ids) * mask).sum(1) / mask.sum(1)).numpy()
        last = text(ids).numpy()
        inputs = [torch.from_numpy(getattr(features.graph, n)) for n in GRAPH_INPUTS]
        g_first = model.graph.node_features(*inputs[:3]).mean(0).numpy()
        g_last = model.graph.latents(*inputs).mean(0).numpy()
    sizes = np.log1p([features.weights.sum(), features.graph.num_nodes])
    return {"m_first": weights @ first, "x_first": first.max(0), "m_last": weights @ last, "x_last": last.max(0),
            "g_first": g_first, "g_last": g_last, "size": sizes}


def layout(parts: list[dict[str, np.ndarray]], names: list[str]) -> np.ndarray:
    """[N, D] float64: each part the average of its named vectors, concatenated."""
    return np.stack([np.concatenate([np.mean([p[n] for n in part.split("+")], 0) for part in names])
                     for p in parts]).astype(np.float64)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", type=Path, required=True, help="a `mir-export corpus variants` build")
    parser.add_argument("--model", type=Path, default=Path("artifacts"))
    parser.add_argument("--functions", type=int, default=3000, help="training functions for the whitening stages")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "layer_retrieval.json")
    args = parser.parse_args()
    torch.set_num_threads(args.jobs)
    directory = ModelDirectory(args.model)
    featurizer = Featurizer.from_file(directory.file(TOKENIZER), directory.manifest.max_tokens,
                                      directory.manifest.promote_allocas)
    model = encoder_from_onnx(args.model).eval()
    start = time.monotonic()

    def embed(paths: list[Path], what: str) -> list[dict[str, np.ndarray]]:
        return list(progress((file_parts(model, featurizer, p) for p in paths), len(paths), what))

    rows, counts = variant_functions(args.variants, args.functions)
    cut = cut_functions(args.variants, rows, args.jobs)
    training = embed([path for _, path in cut], "training functions")
    variants = load_manifest(args.variants)
    held_out = {}
    for task, (query, target) in TASKS.items():
        pairs, _ = select_pairs(variants, query, target, True)
        files, _ = extract_pairs(args.variants, pairs, args.jobs)
        held_out[task] = (embed([a for a, _ in files], task), embed([b for _, b in files], task))
    result = {"model": str(args.model), "variants": str(args.variants), "training_files": len(training),
              "training_functions": counts["sampled"], "layouts": {}}
    for name, names in LAYOUTS.items():
        x = layout(training, names)
        mean, matrix, _ = fit_whitening(x)
        within, _ = fit_within((x - mean) @ matrix, [k for k, _ in cut])
        scores = {}
        for task, (queries, targets) in held_out.items():
            q, t = layout(queries, names), layout(targets, names)
            raw, both = retrieval(q, t), retrieval((q - mean) @ matrix @ within, (t - mean) @ matrix @ within)
            scores[task] = {"candidates": len(q), "raw": [raw["recall_at_1"], raw["mrr"]],
                            "whitened": [both["recall_at_1"], both["mrr"]]}
        result["layouts"][name] = {"size": x.shape[1], "parts": names, "tasks": scores}
        print(name, {t: (s["raw"][0], s["whitened"][0]) for t, s in scores.items()}, flush=True)
    result["seconds"] = round(time.monotonic() - start)
    args.out.write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
