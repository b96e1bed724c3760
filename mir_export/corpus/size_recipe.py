"""The pinned recipe of the size task: its Debian packages, the pipelines and the LLVM tools.

The packages are C libraries of Debian bookworm that the pre-training corpus
(:mod:`mir_export.corpus.packages`) does not contain, nor vendors (no gnulib, zlib, zstd, Lua or
sqlite copies), built with their own build systems through the corpus's IR-harvesting wrapper at
-O0 alone. A pipeline is an ``opt`` pass pipeline plus the function attributes clang would put on
the function for that level (``-Os``: optsize; ``-Oz``: minsize and optsize): the new pass manager's
``default<Oz>`` does not add them itself, and codegen reads them. Variants pair -O1's passes
with -Oz's attributes, or a short clean-up pipeline with -Oz's attributes.

It lives in ``corpus/``, beside the corpus's own pins, because both sides read it: the size task
(``tasks/size``) builds and labels its packages, and the corpus's behaviour labels run the same
LLVM tools (``tool``, ``with_attributes``) and refuse its packages.
"""
from __future__ import annotations

import re

from mir_export.corpus.packages import MAKE, Package, _autotools

LLVM_VERSION = 14  # the corpus's clang: its -O0 IR, read by the same opt and llc
_OPTNONE = re.compile(r"^(attributes #\d+ = \{.*?)\boptnone\b", re.MULTILINE)
REFERENCE = "Oz"  # sizes are reported relative to this pipeline's
# Functions labelled: the first of the packages' functions in a fixed order (a hash of module and
# name, so packages and units mixed): 4,000 of their 6,557 keep the labels to an hour on 2 cores.
SAMPLE = 4000
PIPELINES: dict[str, tuple[str, str]] = {  # name: (opt -passes, attributes replacing optnone)
    "O1": ("default<O1>", ""),
    "O2": ("default<O2>", ""),
    "O3": ("default<O3>", ""),
    "Os": ("default<Os>", "optsize"),
    "Oz": ("default<Oz>", "minsize optsize"),
    "O1-minsize": ("default<O1>", "minsize optsize"),
    "cleanup-minsize": ("function(sroa,early-cse,instcombine,simplifycfg)", "minsize optsize"),
}

PACKAGES: tuple[Package, ...] = (
    Package("lz4", "debian", "1.9.4-1", "BSD-2-Clause AND GPL-2.0+", (f"{MAKE} lib lz4",)),
    Package("expat", "debian", "2.5.0-1+deb12u2", "MIT",  # the upstream tarball is the git tree
            tuple(f"cd expat && {step}" for step in _autotools("--without-docbook")["steps"])),
    Package("libyaml", "debian", "0.2.5-1", "MIT", **_autotools()),
    Package("pcre2", "debian", "10.42-1", "BSD-3-Clause", **_autotools()),
    Package("jansson", "debian", "2.14-2", "MIT", **_autotools()),
    Package("libonig", "debian", "6.9.8-1", "BSD-2-Clause", **_autotools()),
    Package("giflib", "debian", "5.2.1-2.5+deb12u1", "MIT", (f"{MAKE} libgif.a libutil.a gifbuild giftext",)),
    Package("libpng1.6", "debian", "1.6.39-2+deb12u6", "Libpng", **_autotools()),
    Package("libxml2", "debian", "2.9.14+dfsg-1.3~deb12u6", "MIT", **_autotools("--without-python", "--without-lzma")),
)


def tool(name: str) -> str:
    return f"{name}-{LLVM_VERSION}"


def with_attributes(text: str, attributes: str) -> str:
    """The module with ``optnone`` in its attribute groups replaced by ``attributes`` (may be empty)."""
    return _OPTNONE.sub(lambda m: m.group(1) + attributes, text)
