"""The retrieval proxy: does the embedding find a function again across compilers and levels?

For held-out functions of a variants directory (``mir-export corpus variants``), each function's
query variant (clang-13 -O0) is embedded beside every function's target variant (clang-13 -O2)
and ranked by cosine similarity: recall@1 and MRR over all candidates, the same across clang
versions, for our encoder (its embedding as it is, and ``whitened`` by the model's corpus
statistics where it has them: ``mir_export.export.whitening``) and for baselines that learn nothing
(``vectors``). It never reads an evaluation set.
"""

METHODS = ("ours", "whitened", "ir2vec", "opcodes", "identifiers", "tokens")  # ``vectors.vectors``; here for the CLI's set-up

