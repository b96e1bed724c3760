"""The CC/CXX wrapper: run the real compile, then also write textual IR for each C/C++ source.

Compiling files one by one outside their build fails (missing config.h, generated headers), so
the corpus is harvested from inside each package's own build: ``make CC=<wrapper>`` sends every
translation unit through here with exactly the flags the build chose. The real compile always
runs first and its exit status is what the build sees; IR emission is best effort and can never
break the build.

Environment: ``MIR_IR_DIR`` (where the IR goes), ``MIR_BUILD_ROOT`` (IR paths mirror source paths
relative to it), ``MIR_IR_CC`` / ``MIR_IR_CXX`` (the compilers, clang-14 by default),
``MIR_WRAPPER_LOG`` (IR failures are appended there), ``MIR_COMMAND_LOG`` (one JSON line per
harvested source: its unit, directory, language and kept flags, so that ``corpus variants`` can
compile it again with other compilers and levels), ``MIR_IR_LEVELS`` (comma-separated, default
``O0,O2``: the size task's packages are read at -O0 alone).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

C_EXTS = {".c": "c", ".i": "c"}
CXX_EXTS = {".cc": "c++", ".cpp": "c++", ".cxx": "c++", ".c++": "c++", ".C": "c++", ".ii": "c++"}
OPT_LEVELS = ("O0", "O2")
IR_TIMEOUT_S = 600

# Flags that take their value as the next argument and only matter to the real compile.
_DROP_WITH_VALUE = {"-o", "-MF", "-MT", "-MQ"}
# Flags dropped on their own: output kind, dependency files, debug info (bloats IR, no statements),
# and warnings-as-errors (IR emission must not fail where the real compile passed).
_DROP = {"-c", "-S", "-E", "-M", "-MM", "-MD", "-MMD", "-MP", "-MG", "-pipe", "-Werror", "-save-temps"}
_DROP_PREFIX = ("-O", "-g", "-Werror=", "-Wl,", "-l", "-L", "-fdebug-prefix-map", "-ffile-prefix-map",
                "-flto", "-fprofile", "-Wa,", "-Wp,-M", "-pie", "-rdynamic", "-shared", "-static", "-fuse-ld")


def source_language(path: str) -> str | None:
    """'c' or 'c++' for a source file the wrapper emits IR for, else None."""
    ext = os.path.splitext(path)[1]
    return C_EXTS.get(ext) or CXX_EXTS.get(ext)


def split_args(args: list[str]) -> tuple[list[str], list[str], str | None]:
    """(flags kept for the IR compile, C/C++ source inputs, the -o output or None).

    Only compiles that produce code are harvested: preprocess-only (-E) and dependency-only
    (-M, -MM) runs give no sources back.
    """
    flags: list[str] = []
    sources: list[str] = []
    output: str | None = None
    if any(a in ("-E", "-M", "-MM") for a in args):
        return [], [], None
    i = 0
    while i < len(args):
        a = args[i]
        if a in _DROP_WITH_VALUE:
            if a == "-o" and i + 1 < len(args):
                output = args[i + 1]
            i += 2
            continue
        if a.startswith("-o") and len(a) > 2:
            output = a[2:]
        elif a.startswith(("-MF", "-MT", "-MQ")):
            pass
        elif a in ("-x", "-include", "-isystem", "-I", "-D", "-U", "-iquote", "-idirafter", "-Xclang",
                   "-target", "-arch", "-imacros", "--param", "-Xpreprocessor"):
            flags += args[i:i + 2]
            i += 2
            continue
        elif a in _DROP or (a.startswith(_DROP_PREFIX) and not a.startswith("-Og")):
            pass
        elif a.startswith("-O"):
            pass
        elif not a.startswith("-") and source_language(a):
            sources.append(a)
        elif not a.startswith("-") and os.path.splitext(a)[1] in (".o", ".a", ".so", ".lo", ".s", ".S"):
            pass
        else:
            flags.append(a)
        i += 1
    return flags, sources, output


def unit_path(build_root: Path, source: str, output: str | None, n_sources: int) -> Path:
    """A translation unit's name below the package's IR directory: the object path (or source
    path) relative to the build root; its IR files are ``<unit>.<level>.ll``.

    The object path is used when there is one because builds compile the same source several
    times under different flags into different objects (OpenBLAS kernels, libtool PIC/non-PIC).
    """
    base = output if output and n_sources == 1 else source
    full = Path(os.path.abspath(base))
    try:
        return full.relative_to(build_root)
    except ValueError:
        return Path(*[p for p in full.parts if p not in ("/", "..")])


def ir_path(ir_dir: Path, build_root: Path, source: str, output: str | None, n_sources: int, level: str) -> Path:
    """Where one source's IR goes: its unit path under ir_dir, plus the level."""
    return ir_dir / f"{unit_path(build_root, source, output, n_sources)}.{level}.ll"


def ir_command(compiler: str, flags: list[str], level: str, source: str, out: str) -> list[str]:
    """The clang command writing one source's textual IR at one level (the build's own flags kept)."""
    return [compiler, *flags, f"-{level}", "-w", "-S", "-emit-llvm", source, "-o", out]


def record_command(log: str, record: dict) -> None:
    """Append one compile record as a JSON line (one write, so parallel makes do not interleave)."""
    with open(log, "a") as fh:
        fh.write(json.dumps(record) + "\n")


def is_libtool_twin(output: str | None) -> bool:
    """True for libtool's second, non-PIC compile of a source whose PIC object (.libs/) exists.

    libtool builds every source twice (shared and static); the code is the same, so the IR of
    the first compile is enough and the second costs two clang runs for nothing.
    """
    if not output or "/.libs/" in f"/{output}":
        return False
    return os.path.exists(os.path.join(os.path.dirname(output), ".libs", os.path.basename(output)))


def emit_ir(compiler: str, args: list[str], env: dict[str, str], mode: str = "cc") -> None:
    """Write IR (-O0 and -O2 unless ``MIR_IR_LEVELS`` says) for every C/C++ source of one compiler
    command; log, never raise."""
    flags, sources, output = split_args(args)
    if not sources or "MIR_IR_DIR" not in env or is_libtool_twin(output):
        return
    ir_dir = Path(env["MIR_IR_DIR"])
    build_root = Path(os.path.abspath(env.get("MIR_BUILD_ROOT", os.getcwd())))
    log = env.get("MIR_WRAPPER_LOG")
    levels = env.get("MIR_IR_LEVELS", ",".join(OPT_LEVELS)).split(",")
    for src in sources:
        if env.get("MIR_COMMAND_LOG"):
            record_command(env["MIR_COMMAND_LOG"], {
                "unit": str(unit_path(build_root, src, output, len(sources))), "kind": mode,
                "cwd": os.getcwd(), "source": src, "flags": flags})
        for level in levels:
            dest = ir_path(ir_dir, build_root, src, output, len(sources), level)
            dest.parent.mkdir(parents=True, exist_ok=True)
            tmp = dest.with_name(dest.name + f".{os.getpid()}.tmp")
            cmd = ir_command(compiler, flags, level, src, str(tmp))
            try:
                done = subprocess.run(cmd, capture_output=True, text=True, timeout=IR_TIMEOUT_S)
                ok = done.returncode == 0
                err = done.stderr[-2000:]
            except (OSError, subprocess.TimeoutExpired) as exc:
                ok, err = False, str(exc)
            if ok:
                os.replace(tmp, dest)
            else:
                tmp.unlink(missing_ok=True)
                if log:
                    with open(log, "a") as fh:
                        fh.write(f"IR FAILED {' '.join(cmd)}\n{err}\n")


def main(argv: list[str] | None = None) -> int:
    """``python -m mir_export.corpus.wrapper cc|c++ ARGS...``: the real compile, then the IR."""
    argv = sys.argv[1:] if argv is None else argv
    mode, args = argv[0], argv[1:]
    env = dict(os.environ)
    if mode == "c++":
        real = env.get("MIR_REAL_CXX", "clang++-14")
        ir = env.get("MIR_IR_CXX", "clang++-14")
    else:
        real = env.get("MIR_REAL_CC", "clang-14")
        ir = env.get("MIR_IR_CC", "clang-14")
    rc = subprocess.call([real, *args])
    if rc == 0:
        try:
            emit_ir(ir, args, env, mode)
        except Exception as exc:  # the build must never see an IR failure
            if env.get("MIR_WRAPPER_LOG"):
                with open(env["MIR_WRAPPER_LOG"], "a") as fh:
                    fh.write(f"WRAPPER ERROR {exc!r} for {args}\n")
    return rc


if __name__ == "__main__":
    sys.exit(main())
