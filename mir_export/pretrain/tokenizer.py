"""The WordPiece tokenizer of IR statements: IR atoms stay whole, punctuation is split.

The pre-tokenizer isolates ``%names``, ``@globals``, ``%struct.x``, ``!md``, ``#0``, strings,
numbers (decimal, hex float) and keywords/types (``i32``, ``getelementptr``) as single words,
and every other printable character (``, ( ) * [ ] { } < > =``) as a word of its own; WordPiece
then learns sub-words only inside those atoms (whitespace separates first, so a quoted name with
a space, e.g. ``%"struct.std::pair<int, int>"``, is two words). Inputs are ``[CLS] statement
[SEP]``, at most 64 tokens. Saved as one ``tokenizer.json`` that the runtime loads with ``tokenizers`` alone.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers, processors, trainers

SPECIAL_TOKENS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
PAD, UNK, CLS, SEP, MASK = range(5)
MAX_TOKENS = 64
ATOM = (
    r'[%@]"[^"]*"|[%@$!#][-\w$.]+|c"[^"]*"|"[^"]*"|0x[0-9A-Fa-f]+'
    r"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|[A-Za-z_][\w.]*|\.\.\.|\S"
)
_ATOM_RE = re.compile(ATOM)


def pre_tokenize(statement: str) -> list[str]:
    """The words the tokenizer sees, in Python (for tests and measurements)."""
    return [m.group(0) for chunk in statement.split() for m in _ATOM_RE.finditer(chunk)]


def new_tokenizer() -> Tokenizer:
    tok = Tokenizer(models.WordPiece(unk_token="[UNK]", max_input_chars_per_word=200))
    tok.pre_tokenizer = pre_tokenizers.Sequence(
        [pre_tokenizers.WhitespaceSplit(), pre_tokenizers.Split(Regex(ATOM), behavior="isolated")]
    )
    tok.decoder = decoders.WordPiece(prefix="##", cleanup=False)
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", special_tokens=[("[CLS]", CLS), ("[SEP]", SEP)]
    )
    return tok


def train_tokenizer(statements: Iterable[str], vocab_size: int, min_frequency: int = 2) -> Tokenizer:
    """A tokenizer trained from scratch on ``statements``."""
    tok = new_tokenizer()
    trainer = trainers.WordPieceTrainer(
        vocab_size=vocab_size, min_frequency=min_frequency, special_tokens=SPECIAL_TOKENS,
        continuing_subword_prefix="##", show_progress=False,
    )
    tok.train_from_iterator(statements, trainer=trainer)
    for token, index in zip(SPECIAL_TOKENS, range(5)):
        if tok.token_to_id(token) != index:
            raise RuntimeError(f"special token {token} is not id {index}")
    enable_limits(tok)
    return tok


def enable_limits(tok: Tokenizer) -> Tokenizer:
    tok.enable_truncation(max_length=MAX_TOKENS)
    tok.no_padding()
    return tok


def load_tokenizer(path: str | Path) -> Tokenizer:
    return enable_limits(Tokenizer.from_file(str(path)))


def measure(tok: Tokenizer, statements: list[str]) -> dict[str, float]:
    """Tokens per statement (before truncation), share over 64 tokens, and share of [UNK]."""
    tok.no_truncation()
    try:
        encodings = tok.encode_batch(statements)
    finally:
        enable_limits(tok)
    lengths = [len(e.ids) for e in encodings]
    unknown = sum(e.ids.count(UNK) for e in encodings)
    total = sum(lengths)
    return {
        "statements": len(statements),
        "mean_tokens": total / max(len(lengths), 1),
        "over_64": sum(n > MAX_TOKENS for n in lengths) / max(len(lengths), 1),
        "unk_share": unknown / max(total, 1),
    }
