"""The pre-training corpus: textual LLVM IR harvested from real, licensed C/C++/OpenCL builds.

Recipe (re-runnable on a fresh Debian 12 machine, as root)::

    mir-export corpus build --out /path/outside/the/repo --jobs 2
    mir-export corpus stats /path/outside/the/repo

``build`` adds a deb-src mirror of the Debian sources, installs the build tools (apt, pip),
fetches each pinned package of :mod:`~mir_export.corpus.packages` (``apt-get source`` upstream
tarballs, PyPI sdists), builds it with its own build system while a compiler wrapper
(:mod:`~mir_export.corpus.wrapper`) writes -O0 and -O2 IR of every translation unit, then reads
every module with the project's IR reader and writes ``corpus-manifest.json``
(:mod:`~mir_export.corpus.manifest`): per-package and per-module counts and hashes, function-level
dedup, a per-package cap, the check that no evaluation-set function is in the corpus, and the
build time and machine. The IR stays outside the repository; the manifest of the corpus used for
training is committed as ``artifacts/corpus-manifest.json``.
"""
