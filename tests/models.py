"""A tiny exported model for runtime tests: random weights, the real export path, a toy
two-variant task head and a toy vectorize head (linear layers written with onnx.helper)
registered in the manifest, vectorize's entry as ``export-heads`` writes it."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from mir_runtime import parse_ir
from mir_runtime.statements import statements

IR = """
define i32 @f(i32 %n, i32* %p) {
entry:
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %body, label %exit
body:
  %v = load i32, i32* %p, align 4
  %w = add nsw i32 %v, 1
  store i32 %w, i32* %p, align 4
  br label %exit
exit:
  %r = phi i32 [ 0, %entry ], [ %w, %body ]
  ret i32 %r
}
"""

# Two kernels told apart only by their code: a loop that multiplies, and straight-line adds.
LOOP = """
define void @k(float* %a, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  %p = getelementptr float, float* %a, i32 %i
  %v = load float, float* %p
  %w = fmul float %v, %v
  store float %w, float* %p
  %j = add i32 %i, 1
  %c = icmp slt i32 %j, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"""


TOY_TASK = {
    "description": "which of two devices is faster (a toy head for tests)",
    "kind": "classification",
    "selector": {"name": "platform", "help": "the platform", "choices": {"amd": "toy-amd.onnx", "nvidia": "toy-nvidia.onnx"}},
    "inputs": [{"name": "transfer", "help": "bytes moved"}, {"name": "wgsize", "help": "work-group size"}],
    "classes": ["CPU", "GPU"],
}

# A machine.json of the tests' measurements (what the vectorize task's selector is named after).
TOY_MACHINE = {"cpu_model": "AMD EPYC", "clang": "Debian clang version 19.1.7", "cpu_flags": ["avx2", "clwb", "vaes"]}


def linear_head(path: Path, embedding_size: int, extras: int, classes: int, seed: int, output: str = "logits") -> None:
    """``output = embedding @ A + extras @ B + c`` as an ONNX file (no ``extras`` input when 0)."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(seed)
    a = numpy_helper.from_array(rng.normal(size=(embedding_size, classes)).astype(np.float32), "A")
    b = numpy_helper.from_array(rng.normal(size=(extras, classes)).astype(np.float32), "B")
    c = numpy_helper.from_array(rng.normal(size=(classes,)).astype(np.float32), "c")
    nodes = [helper.make_node("MatMul", ["embedding", "A"], ["ea"])]
    inputs = [helper.make_tensor_value_info("embedding", TensorProto.FLOAT, ["n", embedding_size])]
    if extras:
        nodes += [helper.make_node("MatMul", ["extras", "B"], ["xb"]), helper.make_node("Add", ["ea", "xb"], ["s"])]
        inputs.append(helper.make_tensor_value_info("extras", TensorProto.FLOAT, ["n", extras]))
    nodes.append(helper.make_node("Add", ["s" if extras else "ea", "c"], [output]))
    graph = helper.make_graph(
        nodes, "toy_head", inputs, [helper.make_tensor_value_info(output, TensorProto.FLOAT, ["n", classes])],
        initializer=[a, b, c] if extras else [a, c],
    )
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=10), str(path))


def fixed_tokenizer(corpus: list[str]):
    """Our tokenizer with a vocabulary that is the same in every process: every word of
    ``corpus``, then every character alone and as a ``##`` continuation, in sorted order.

    ``WordPieceTrainer`` numbers sub-word tokens, and breaks ties between merges, in hash-map
    order, which changes from one process to the next (huggingface/tokenizers#1794); tests that
    train a model on the ids (matching, fine-tuning) would pass or fail with it.
    """
    from tokenizers import models

    from mir_export.pretrain.tokenizer import SPECIAL_TOKENS, enable_limits, new_tokenizer, pre_tokenize

    words = sorted({w for s in corpus for w in pre_tokenize(s)})
    chars = sorted({c for w in words for c in w})
    vocab = list(dict.fromkeys(SPECIAL_TOKENS + words + chars + [f"##{c}" for c in chars]))
    tokenizer = new_tokenizer()
    tokenizer.model = models.WordPiece({w: k for k, w in enumerate(vocab)}, unk_token="[UNK]")
    return enable_limits(tokenizer)


def tiny_model(out: Path):
    """(torch model, tokenizer, model directory) with the toy task."""
    import torch

    from mir_export.tasks.export_heads import vectorize_task
    from mir_export.export.encoders import export
    from mir_export.pretrain.model import MIREncoder, config
    from mir_runtime.modeldir import ModelDirectory
    from mir_runtime.packs import MODEL_TASKS, base_model, write_pack
    from mir_runtime.tasks import Task

    module = parse_ir(IR)
    tokenizer = fixed_tokenizer(statements(module))
    tokenizer.save(str(out / "tok.json"))
    torch.manual_seed(0)
    model = MIREncoder(config("tiny", tokenizer.get_vocab_size())).eval()
    torch.save({"model": model.state_dict(), "model_config": model.cfg.to_dict()}, out / "checkpoint.pt")
    directory = out / "model"
    manifest = export(out / "checkpoint.pt", out / "tok.json", directory)
    base = base_model(ModelDirectory(directory), "fp32")
    heads = list(TOY_TASK["selector"]["choices"].values())
    for seed, name in enumerate(heads):
        linear_head(out / name, manifest["embedding_size"], 2, 2, seed)
    write_pack(directory / MODEL_TASKS / "toy", Task.from_manifest("toy", TOY_TASK), {h: out / h for h in heads}, base, {})
    vectorize = vectorize_task(TOY_MACHINE, {"zen3": "toy-vectorize-zen3.onnx"})
    linear_head(out / "toy-vectorize-zen3.onnx", manifest["embedding_size"], 0, len(vectorize["classes"]), 7, "scores")
    write_pack(directory / MODEL_TASKS / "vectorize", Task.from_manifest("vectorize", vectorize),
               {"toy-vectorize-zen3.onnx": out / "toy-vectorize-zen3.onnx"}, base, {})
    return model, tokenizer, directory


def trained_like(tokenizer, out: Path):
    """(tiny torch model, its model directory under ``out``) with every parameter distinct and
    non-zero, as trained ones are: the exporter merges equal initializers and folds the zero
    biases of a fresh model, and its ONNX weights would not come back whole."""
    import torch

    from mir_export.export.encoders import export
    from mir_export.pretrain.model import MIREncoder, config

    tokenizer.save(str(out / "tok.json"))
    torch.manual_seed(0)
    model = MIREncoder(config("tiny", tokenizer.get_vocab_size()))
    with torch.no_grad():
        for p in model.parameters():
            p.add_(torch.randn_like(p) * 0.1)
    torch.save({"model": model.state_dict(), "model_config": model.cfg.to_dict()}, out / "checkpoint.pt")
    export(out / "checkpoint.pt", out / "tok.json", out / "model")
    return model, out / "model"
