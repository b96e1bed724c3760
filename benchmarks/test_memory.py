"""Peak memory of ``mir-runtime embed`` on one big module.

Each run is a fresh ``mir-runtime embed MODULE -o out.npy`` process (the CLI as users run it:
int8 encoders, all cores), its peak RSS that of the whole process tree (the CLI and the child
that reads a big module, summed, sampled every 20 ms: ``processes.measure``). The
modules are built by ``benchmarks/big_modules.py`` (Debian sources, clang-14 -O2, llvm-link-14).
Bars: at most 600 MB for a 2.6 MB module (33 Lua files linked) and 1.5 GB for a
16.9 MB one; the benchmark holds each module to the bar scaled to its own size, as peak RSS
grows with the graph.

    python -m pytest benchmarks/test_memory.py -s      # writes results/memory.json
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import big_modules
import pytest
from processes import measure

RESULTS = Path(__file__).parent / "results" / "memory.json"
BARS = {"lua": (2.6e6, 600e6), "sqlite3": (16.9e6, 1.5e9)}  # (module bytes, peak RSS bytes)


@pytest.mark.parametrize("name", list(BARS))
def test_embed_peak_memory(name, tmp_path) -> None:
    module = getattr(big_modules, name)()
    command = [sys.executable, "-m", "mir_runtime.cli", "embed", str(module), "-o", str(tmp_path / "e.npy")]
    seconds, peak, _ = measure(command)
    size = module.stat().st_size
    bar_size, bar = BARS[name]
    found = {"module": module.name, "ir_bytes": size, "peak_rss_bytes": peak, "seconds": round(seconds, 1),
             "rss_per_ir_byte": round(peak / size, 1), "bar_bytes_scaled": round(bar * size / bar_size)}
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    RESULTS.write_text(json.dumps(results | {name: found}, indent=2) + "\n")
    print(found)
    assert peak <= bar * size / bar_size, f"{name}: peak RSS {peak / 1e6:.0f} MB above the bar"
