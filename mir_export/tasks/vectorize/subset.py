"""Kernel families and a family-stratified subset of the kernels.

Kernels of one family are near-duplicates (``sF_<sizes>_<op>_<k>.c``: same loop nest, other sizes,
operators, types), so a sample must cover every family for grouped cross-validation to hold any out,
and the small families (54 kernels) must not vanish beside the big ones (1,458)."""
from __future__ import annotations

import math
import random
from collections import defaultdict
from pathlib import Path


def family(kernel: str) -> str:
    """``s12n_1024_..._x.c`` -> ``s12n``: the prefix before the first underscore (``n``/``nn``
    variants are families of their own, as the data set's README counts them)."""
    return Path(kernel).name.split("_", 1)[0]


def list_kernels(kernels: Path) -> list[str]:
    """The kernel files of a data set folder, sorted; ``header.c`` is shared code, not a kernel."""
    return sorted(p.name for p in kernels.glob("*.c") if p.name != "header.c")


def read_subset(path: Path) -> list[str]:
    """Kernel names from a subset file: one a line, ``#`` comments and blank lines ignored."""
    names = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.append(line)
    return names


def allocate(sizes: dict[str, int], n: int, minimum: int) -> dict[str, int]:
    """How many kernels to take from each family: ``min(size, minimum)`` each, the rest in
    proportion to family size (largest remainders), never more than a family has."""
    if n >= sum(sizes.values()):
        return dict(sizes)
    take = {f: min(s, minimum) for f, s in sizes.items()}
    if sum(take.values()) > n:
        raise ValueError(f"n={n} is below {len(sizes)} families x {minimum}: lower --min-per-family")
    while (left := n - sum(take.values())) > 0:
        room = {f: sizes[f] - take[f] for f in sizes if sizes[f] > take[f]}
        total = sum(room.values())
        shares = {f: left * r / total for f, r in room.items()}
        extra = {f: min(room[f], math.floor(s)) for f, s in shares.items()}
        rest = left - sum(extra.values())
        for f in sorted(room, key=lambda f: (-(shares[f] - math.floor(shares[f])), f)):
            if rest <= 0:
                break
            if extra[f] < room[f]:
                extra[f] += 1
                rest -= 1
        for f, e in extra.items():
            take[f] += e
    return take


def stratified_subset(kernels: list[str], n: int, seed: int = 0, minimum: int = 30) -> list[str]:
    """``n`` kernels covering every family, sampled uniformly within each family; the same list for
    the same names, ``n``, seed and minimum. Sorted by name."""
    by_family: dict[str, list[str]] = defaultdict(list)
    for k in sorted(kernels):
        by_family[family(k)].append(k)
    counts = allocate({f: len(ks) for f, ks in by_family.items()}, n, minimum)
    rng = random.Random(seed)
    chosen: list[str] = []
    for f in sorted(by_family):
        chosen += rng.sample(by_family[f], counts[f])
    return sorted(chosen)
