#!/usr/bin/env bash
# One-step development set-up on Debian 12: system packages, the project with every extra,
# and ProGraML's reference binary for the parity tests.
set -euo pipefail
cd "$(dirname "$0")/.."
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# clang-13..16 and 19 for the version-tolerance tests, llvm-dis/llvm-as 14 and 19 for bitcode and
# the differential test,
# libomp-14-dev for OpenMP units (its omp.h serves every clang: Debian's libomp-N-dev exclude each other),
# libtinfo5 for llvm2graph-10, jemalloc for pre-training (glibc's allocator grows with
# variable-size batches: LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2), graphviz for
# `mir-runtime graph --format svg|png`.
$sudo apt-get install -y -qq --no-install-recommends \
  clang-13 clang-14 clang-15 clang-16 clang-19 llvm-14 llvm-19 libomp-14-dev libtinfo5 libjemalloc2 graphviz >/dev/null
python -m pip install --quiet -e '.[cpu,train,ray,graphs,dev]'
bash scripts/fetch-llvm2graph.sh
