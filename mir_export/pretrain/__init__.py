"""Pre-training: the tokenizer, one sample per distinct function and the shards, the encoder, its
pre-training tasks and heads (MLM, graph auto-encoding, IR-graph matching, the compiler's
behaviour, distillation), data-parallel runs, the contrastive stage, and what travels to a lent
machine. ``cli`` is ``mir-export pretrain``."""
