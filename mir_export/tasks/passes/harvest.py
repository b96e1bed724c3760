"""Fetching the recipe's packages and compiling their translation units to IR, in the three forms.

Resumable: a package whose ``ir/<name>/.done`` exists is skipped; a unit whose IR exists is not
compiled again. Units compile in worker processes (``jobs``); failures are logged per package
(``logs/<name>.log``) and recorded in ``.done``, never fatal to the rest.
"""
from __future__ import annotations

import glob
import hashlib
import json
import os
import subprocess
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Iterable

from mir_export.corpus import fetch
from mir_export.corpus.packages import Package
from mir_export.tasks.passes.sources import PLACEHOLDER, WRAPPED, Source

DONE = ".done"
FORMS = ("O0", "O2", "linked")
COMPILE_TIMEOUT_S = 600
C_SUFFIXES = (".c",)


PREPARED = ".prepared"
PREPARE_TIMEOUT_S = 1800


def missing_needs(src: Source) -> list[str]:
    """The Debian packages of ``src.needs`` that dpkg does not have installed."""
    status = [subprocess.run(["dpkg-query", "-W", "-f=${Status}", p], capture_output=True, text=True)
              for p in src.needs]
    return [p for p, done in zip(src.needs, status) if done.returncode != 0 or not done.stdout.endswith(" installed")]


def _tree(src: Source, out: Path) -> Path:
    """The unpacked upstream tree (fetched with apt-get source on first use), prepared; RuntimeError
    naming the Debian packages its units need and the machine lacks (``passes build`` installs them)."""
    work = out / "src" / src.name
    missing = missing_needs(src)
    if missing:
        raise RuntimeError(f"its units need {' '.join(missing)}: apt-get install them first")
    marker = work / ".tree"
    if marker.exists():
        tree = Path(marker.read_text())
    else:
        with open(out / "logs" / f"{src.name}.log", "a") as log:
            tree = fetch.fetch(Package(src.name, "debian", src.version, src.license, ()), work, log)
        marker.write_text(str(tree))
    if src.prepare and not (work / PREPARED).exists():
        with open(out / "logs" / f"{src.name}.log", "a") as log:
            for command in src.prepare:
                log.write(f"$ {command}\n")
                log.flush()
                done = subprocess.run(command, shell=True, cwd=tree, stdout=log, stderr=subprocess.STDOUT,
                                      timeout=PREPARE_TIMEOUT_S)
                if done.returncode != 0:
                    raise RuntimeError(f"{command!r} failed in the unpacked tree (exit {done.returncode}; "
                                       f"see logs/{src.name}.log)")
        (work / PREPARED).write_text("\n".join(src.prepare) + "\n")
    return tree


def unit_sources(src: Source, tree: Path) -> list[str]:
    """The unit paths (relative to the tree) the recipe's globs match, and the wrapped fragments'
    units (written on first use), sorted, each once."""
    found = {os.path.relpath(p, tree) for g in src.units for p in glob.glob(str(tree / g))}
    for fragments, template in src.wrap:
        text = (tree / template).read_text(errors="replace")
        for path in glob.glob(str(tree / fragments)):
            unit = Path(WRAPPED) / os.path.relpath(path, tree)
            if not (tree / unit).exists():
                (tree / unit).parent.mkdir(parents=True, exist_ok=True)
                (tree / unit).write_text(text.replace(PLACEHOLDER, Path(path).read_text(errors="replace")))
            found.add(str(unit))
    return sorted(found)


def _compile(args: tuple[str, str, list[str], str, str]) -> str | None:
    """One unit at one level; None, or the error's first line."""
    tree, unit, flags, level, dest = args
    compiler = "clang-14" if unit.endswith(C_SUFFIXES) else "clang++-14"
    tmp = f"{dest}.{os.getpid()}.tmp"
    cmd = [compiler, *flags, f"-{level}", "-w", "-S", "-emit-llvm", unit, "-o", tmp]
    try:
        done = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, timeout=COMPILE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return f"{unit} -{level}: over {COMPILE_TIMEOUT_S} s"
    if done.returncode != 0:
        Path(tmp).unlink(missing_ok=True)
        first = next((ln for ln in done.stderr.splitlines() if "error" in ln), done.stderr.strip()[:200])
        return f"{unit} -{level}: {first[:300]}"
    os.replace(tmp, dest)
    return None


def _link(ir_dir: Path, name: str, units: list[str], log) -> str | None:
    """llvm-link of the -O0 modules of ``units`` into ``linked/<name>.linked.ll``; None or the error."""
    inputs = [str(ir_dir / f"{u}.O0.ll") for u in units if (ir_dir / f"{u}.O0.ll").exists()]
    if not inputs:
        return f"link {name}: no -O0 module"
    dest = ir_dir / "linked" / f"{name}.linked.ll"
    dest.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["llvm-link-14", "-S", *inputs, "-o", f"{dest}.tmp"], capture_output=True, text=True)
    if done.returncode != 0:
        return f"link {name}: {done.stderr.strip().splitlines()[0][:300] if done.stderr.strip() else 'failed'}"
    os.replace(f"{dest}.tmp", dest)
    log.write(f"linked {name}: {len(inputs)} modules\n")
    return None


def harvest(src: Source, out: Path, jobs: int, max_units: int | None = None,
            only: frozenset[str] | None = None) -> dict:
    """The package's units (the first ``max_units`` in an order fixed by a hash of the path, all
    when None; of those, the ones in ``only`` where given) at -O0 and -O2, then its link groups;
    the package's record. A package done with the same selection is not looked at again; a larger
    one compiles only the missing units."""
    ir_dir = out / "ir" / src.name
    done_file = ir_dir / DONE
    selection = None if only is None else hashlib.sha256("\n".join(sorted(only)).encode()).hexdigest()[:16]
    if done_file.exists():
        record = json.loads(done_file.read_text())
        if record.get("max_units") == max_units and record.get("only") == selection:
            return record
    (out / "logs").mkdir(parents=True, exist_ok=True)
    start = time.time()
    tree = _tree(src, out)
    units = sorted(unit_sources(src, tree), key=lambda u: hashlib.sha256(u.encode()).hexdigest())[:max_units]
    if only is not None:
        units = [u for u in units if u in only]
    linked = {name: sorted({os.path.relpath(p, tree) for g in globs for p in glob.glob(str(tree / g))})
              for name, globs in src.link}
    units = sorted(set(units).union(*linked.values()))  # a link group's units are always compiled
    flags = [*src.flags, *(f"-I{os.path.relpath(p, tree)}" for g in src.includes for p in sorted(glob.glob(str(tree / g))))]
    work = []
    for unit in units:
        for level in ("O0", "O2"):
            dest = ir_dir / f"{unit}.{level}.ll"
            dest.parent.mkdir(parents=True, exist_ok=True)
            if not dest.exists():
                work.append((str(tree), unit, flags, level, str(dest)))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        errors = [e for e in pool.map(_compile, work) if e]
    with open(out / "logs" / f"{src.name}.log", "a") as log:
        for err in errors:
            log.write(f"FAILED {err}\n")
        for name, group in linked.items():
            err = _link(ir_dir, name, group, log)
            if err:
                errors.append(err)
                log.write(f"FAILED {err}\n")
    record = {"name": src.name, "version": src.version, "license": src.license, "kind": src.kind,
              "units": len(units), "max_units": max_units, "only": selection, "failed": len(errors),
              "seconds": round(time.time() - start, 1),
              "modules": {form: len(modules(out, src.name, form)) for form in FORMS}}
    done_file.write_text(json.dumps(record, indent=1))
    return record


def labelled_units(keys: Iterable[str]) -> dict[str, frozenset[str]]:
    """Per package, the units whose modules the label keys name (``PACKAGE/UNIT.FORM.ll``; linked
    modules name no unit: their link groups are always compiled)."""
    found: dict[str, set[str]] = {}
    for key in keys:
        package, _, rest = key.partition("/")
        for form in ("O0", "O2"):
            if rest.endswith(f".{form}.ll") and not rest.startswith("linked/"):
                found.setdefault(package, set()).add(rest.removesuffix(f".{form}.ll"))
    return {name: frozenset(units) for name, units in found.items()}


def modules(out: Path, package: str, form: str) -> list[str]:
    """The package's modules of one form, as paths relative to ``out/ir``, sorted."""
    root = out / "ir"
    if form == "linked":
        found = (root / package / "linked").glob("*.linked.ll")
    else:
        found = (p for p in (root / package).rglob(f"*.{form}.ll") if "linked" not in p.relative_to(root).parts[1:2])
    return sorted(str(p.relative_to(root)) for p in found)
