"""The third task: loop vectorization (VF) and interleave (IF) factors for NeuroVectorizer's
kernels, measured on the machine that tunes.

``pragmas`` finds innermost loops with libclang and forces a pair on them, ``build`` compiles and
times one binary, ``sweep`` measures a kernel's whole search space into a resumable CSV, ``subset``
picks a family-stratified sample, ``experiment`` scores the feature sets on the measured labels,
``cli`` is ``mir-export vectorize``."""
