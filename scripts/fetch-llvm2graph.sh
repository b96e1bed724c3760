#!/usr/bin/env bash
# ProGraML 0.3.2's reference graph builder, for the parity tests only (never a runtime dependency).
# Puts llvm2graph-10, graph2json and graph2dot (with the library they load) into .cache/programl/.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=.cache/programl
if [ -x "$dest/llvm2graph-10" ] && [ -x "$dest/graph2dot" ]; then exit 0; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python -m pip download --quiet --no-deps programl==0.3.2 -d "$tmp"
mkdir -p "$dest"
python - "$tmp" "$dest" <<'PY'
import glob, os, sys, zipfile
wheel = glob.glob(os.path.join(sys.argv[1], "programl-0.3.2-*.whl"))[0]
with zipfile.ZipFile(wheel) as z:
    for name in ("llvm2graph-10", "graph2json", "graph2dot", "libLLVMPolly.so.10.0.0"):
        target = os.path.join(sys.argv[2], name)
        with open(target, "wb") as out:
            out.write(z.read(f"programl-0.3.2.data/purelib/programl/bin/{name}"))
        os.chmod(target, 0o755)
PY
printf "define void @f() {\n  ret void\n}\n" | "$dest/llvm2graph-10" >/dev/null 2>&1 || { echo "llvm2graph-10 does not run (is libtinfo5 installed?)" >&2; exit 1; }
