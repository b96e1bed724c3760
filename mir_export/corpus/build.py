"""``mir-export corpus build``: fetch, build and harvest IR package by package, then the manifest.

Resumable: a package whose ``ir/<name>/.done`` exists is skipped, so an interrupted run picks up
where it stopped. Parallel inside each package (``make -jN``, a pool for the OpenCL kernels) and
in the manifest's reading. Each package logs to ``<out>/logs/<name>.log``.
"""
from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from mir_export.corpus import fetch, wrapper
from mir_export.corpus.packages import HASHCAT_KERNEL_STRIDE, Package

DONE = ".done"
COMMANDS = "commands.jsonl"  # per package, beside its IR: how each unit was compiled (for variants)

# hashcat's runtime passes these to the OpenCL compiler; the values pick a generic GPU device.
HASHCAT_DEFINES = tuple(
    "KERNEL_STATIC INCLUDE_PATH=. XM2S(x)=#x M2S(x)=XM2S(x) LOCAL_MEM_TYPE=1 VENDOR_ID=8 CUDA_ARCH=0 "
    "HAS_ADD=0 HAS_ADDC=0 HAS_SUB=0 HAS_SUBC=0 HAS_VADD=0 HAS_VADDC=0 HAS_VADD_CO=0 HAS_VADDC_CO=0 "
    "HAS_VSUB=0 HAS_VSUBB=0 HAS_VSUB_CO=0 HAS_VSUBB_CO=0 HAS_VPERM=0 HAS_VADD3=0 HAS_VBFE=0 HAS_BFE=0 "
    "HAS_LOP3=0 HAS_MOV64=0 HAS_PRMT=0 VECT_SIZE=1 DEVICE_TYPE=4 DGST_R0=0 DGST_R1=3 DGST_R2=2 DGST_R3=1 "
    "DGST_ELEM=4 KERN_TYPE=0 ATTACK_EXEC=11 ATTACK_KERN=0 ATTACK_MODE=0".split()
)
OPENCL_FLAGS = ["-x", "cl", "-cl-std=CL1.2", "-Xclang", "-finclude-default-header", "-target", "spir64", "-w", "-I", "."]


def write_wrappers(bin_dir: Path) -> tuple[Path, Path]:
    """The CC and CXX wrapper scripts the builds are pointed at."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    scripts = []
    for name, mode in (("mir-cc", "cc"), ("mir-c++", "c++")):
        path = bin_dir / name
        path.write_text(f'#!/bin/sh\nexec {sys.executable} {wrapper.__file__} {mode} "$@"\n')
        path.chmod(0o755)
        scripts.append(path)
    return scripts[0], scripts[1]


def opencl_kernel_ir(kernel: Path, ir_dir: Path, log_path: Path) -> None:
    """Both IR levels of one hashcat kernel file, keeping only the kernels and what they call.

    Each kernel file includes hashcat's whole helper library (12 MB of IR at -O0), so the module
    is cut down with llvm-extract to the kernels (``m<5 digits>...``) and their callees; -O2 is
    clang's -O2 front end, the cut, then opt -O2 with the helpers internalized, as a device build.
    """
    defines = [f"-D{d}" for d in HASHCAT_DEFINES]
    base = ir_dir / "OpenCL" / kernel.name
    base.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(f"{base}.tmp")
    compile_ = ["clang-14", *OPENCL_FLAGS, *defines, "-emit-llvm", "-c", kernel.name]
    extract = ["llvm-extract-14", "--recursive", "--rfunc", "^m[0-9]{5}"]
    steps = {
        "O0": [[*compile_, "-O0", "-o", f"{tmp}.bc"], [*extract, "-S", f"{tmp}.bc", "-o", f"{tmp}.ll"]],
        "O2": [[*compile_, "-O2", "-Xclang", "-disable-llvm-passes", "-o", f"{tmp}.bc"],
               [*extract, f"{tmp}.bc", "-o", f"{tmp}.x.bc"],
               ["opt-14", "-internalize", "-internalize-public-api-list=m[0-9][0-9][0-9][0-9][0-9]_*", "-O2", "-S",
                f"{tmp}.x.bc", "-o", f"{tmp}.ll"]],
    }
    wrapper.record_command(str(ir_dir / COMMANDS), {"unit": f"OpenCL/{kernel.name}", "kind": "opencl",
                                                   "cwd": str(kernel.parent), "source": kernel.name,
                                                   "flags": [*OPENCL_FLAGS, *defines]})
    with open(log_path, "a") as log:
        for level, cmds in steps.items():
            if all(fetch.run(cmd, log, cwd=kernel.parent) == 0 for cmd in cmds):
                os.replace(f"{tmp}.ll", f"{base}.{level}.ll")
            for leftover in glob.glob(f"{tmp}*"):
                os.unlink(leftover)


def build_opencl_kernels(tree: Path, ir_dir: Path, jobs: int, log_path: Path) -> int:
    """hashcat's OpenCL kernels (every HASHCAT_KERNEL_STRIDE-th), compiled in parallel."""
    kernels = sorted((tree / "OpenCL").glob("m[0-9]*.cl"))[::HASHCAT_KERNEL_STRIDE]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(lambda k: opencl_kernel_ir(k, ir_dir, log_path), kernels))
    return len(kernels)


def build_package(pkg: Package, out: Path, jobs: int, wrappers: tuple[Path, Path]) -> dict:
    """Fetch and build one package, harvesting its IR into ``out/ir/<name>``; return its record."""
    ir_dir = out / "ir" / pkg.name
    work = out / "src" / pkg.name
    log_path = out / "logs" / f"{pkg.name}.log"
    if ir_dir.exists():
        shutil.rmtree(ir_dir)  # a partial earlier attempt: start clean so the result is deterministic
    ir_dir.mkdir(parents=True)
    start = time.time()
    record = {"name": pkg.name, "source": pkg.source, "version": pkg.version, "license": pkg.license,
              "tags": list(pkg.tags), "steps": []}
    with open(log_path, "w") as log:
        tree = fetch.fetch(pkg, work, log)
        env = dict(os.environ, CC_WRAP=str(wrappers[0]), CXX_WRAP=str(wrappers[1]), JOBS=str(jobs),
                   MIR_IR_DIR=str(ir_dir), MIR_BUILD_ROOT=str(tree),
                   MIR_WRAPPER_LOG=str(out / "logs" / f"{pkg.name}.wrapper.log"),
                   MIR_COMMAND_LOG=str(ir_dir / COMMANDS),
                   FORCE_UNSAFE_CONFIGURE="1")
        for step in pkg.steps:
            if step == "opencl-kernels":
                n = build_opencl_kernels(tree, ir_dir, jobs, log_path)
                record["steps"].append({"step": step, "kernels": n})
                continue
            log.write(f"\n=== {step}\n")
            log.flush()
            rc = fetch.run(step, log, cwd=tree, env=env)
            record["steps"].append({"step": step, "status": rc})
    record["seconds"] = round(time.time() - start, 1)
    record["ir_files"] = sum(1 for _ in ir_dir.rglob("*.ll"))
    (ir_dir / DONE).write_text(json.dumps(record, indent=1))
    return record


def build(out: Path, packages: list[Package], jobs: int, prepare: bool = True) -> list[dict]:
    """Build every package not already done; print progress; return the records of all of them."""
    (out / "logs").mkdir(parents=True, exist_ok=True)
    if prepare:
        with open(out / "logs" / "prepare.log", "a") as log:
            print("preparing the machine (deb-src, apt, pip); log: logs/prepare.log", flush=True)
            fetch.prepare_machine(log)
    wrappers = write_wrappers(out / "bin")
    records = []
    for i, pkg in enumerate(packages, 1):
        done = out / "ir" / pkg.name / DONE
        if done.exists():
            print(f"[{i}/{len(packages)}] {pkg.name}: already built, skipped", flush=True)
            records.append(json.loads(done.read_text()))
            continue
        print(f"[{i}/{len(packages)}] {pkg.name} {pkg.version}: building (log: logs/{pkg.name}.log)", flush=True)
        try:
            rec = build_package(pkg, out, jobs, wrappers)
        except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
            print(f"[{i}/{len(packages)}] {pkg.name}: FAILED: {exc}", flush=True)
            continue
        print(f"[{i}/{len(packages)}] {pkg.name}: {rec['ir_files']} IR files in {rec['seconds']:.0f} s", flush=True)
        records.append(rec)
    return records
