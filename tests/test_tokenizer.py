"""The IR tokenizer: atoms kept whole, [CLS] statement [SEP], at most 64 tokens, round trip."""
from __future__ import annotations

import pytest

from mir_export.pretrain.tokenizer import CLS, MAX_TOKENS, SEP, SPECIAL_TOKENS, load_tokenizer, measure, pre_tokenize, train_tokenizer

STATEMENTS = [
    "%19 = load i32, i32* %18, align 4",
    "%5 = tail call i64 @_Z13get_global_idj(i32 0)",
    "%a = getelementptr inbounds %struct.point, %struct.point* %p, i64 0, i32 1",
    "store float 1.000000e+00, float* %x, align 4",
    "%c = fcmp olt double %v, 0x3FB999999999999A",
    "br i1 %c, label %then, label %else",
    "%s = call i32 (i8*, ...) @printf(i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i64 0, i64 0))",
] * 20


def test_pre_tokenizer_keeps_ir_atoms_whole() -> None:
    assert pre_tokenize("%a = getelementptr inbounds %struct.point, %struct.point* %p, i64 0") == [
        "%a", "=", "getelementptr", "inbounds", "%struct.point", ",", "%struct.point", "*", "%p", ",", "i64", "0"
    ]
    assert pre_tokenize("store float 1.000000e+00, float* @g.x") == ["store", "float", "1.000000e+00", ",", "float", "*", "@g.x"]
    assert pre_tokenize('call void @"quoted.name"(i32 -7)') == ["call", "void", '@"quoted.name"', "(", "i32", "-7", ")"]


@pytest.fixture(scope="module")
def tokenizer():
    return train_tokenizer(STATEMENTS, vocab_size=300, min_frequency=1)


def test_special_tokens_and_template(tokenizer) -> None:
    assert [tokenizer.token_to_id(t) for t in SPECIAL_TOKENS] == [0, 1, 2, 3, 4]
    ids = tokenizer.encode(STATEMENTS[0]).ids
    assert ids[0] == CLS and ids[-1] == SEP


def test_round_trip(tokenizer, tmp_path) -> None:
    tokenizer.save(str(tmp_path / "tokenizer.json"))
    loaded = load_tokenizer(tmp_path / "tokenizer.json")
    for statement in set(STATEMENTS):
        encoding = loaded.encode(statement)
        assert loaded.decode(encoding.ids) == " ".join(pre_tokenize(statement))


def test_truncated_to_64_tokens(tokenizer) -> None:
    long = "call void @f(" + ", ".join(f"i32 {i}" for i in range(100)) + ")"
    ids = tokenizer.encode(long).ids
    assert len(ids) == MAX_TOKENS and ids[0] == CLS and ids[-1] == SEP


def test_measure(tokenizer) -> None:
    figures = measure(tokenizer, STATEMENTS[:7] + ["call void @f(" + ", ".join(["i32 1"] * 40) + ")"])
    assert figures["statements"] == 8 and figures["over_64"] == 1 / 8 and figures["mean_tokens"] > 10
    assert len(tokenizer.encode(STATEMENTS[0]).ids) < MAX_TOKENS  # measuring leaves truncation on
