"""A large held-out compiler task: per function read at -O0, the optimization pipeline that gives
the smallest object code, with labels the compiler computes deterministically.

Recipe (re-runnable; resumable; as root on Debian 12, as the corpus)::

    mir-export downstream size-labels --out /path/outside/the/repo --jobs 2

The packages (:mod:`~mir_export.corpus.size_recipe`) are never in the pre-training corpus, and
nothing computed from them may become a pre-training target (``tests/test_sizetask.py`` checks
that the two package lists are disjoint).
"""
