"""A command's cost as a whole process tree: wall seconds, peak RSS of the process and its
descendants summed (worker processes, a child reading a big module), and CPU seconds."""
from __future__ import annotations

import os
import resource
import subprocess
import threading
import time

SAMPLE_SECONDS = 0.02


def measure(command: list[str], env: dict[str, str] | None = None) -> tuple[float, int, float]:
    """Wall seconds, peak RSS (bytes, the process and its descendants summed, sampled every
    ``SAMPLE_SECONDS``) and CPU seconds (user + system, descendants included) of ``command``;
    fails with its stderr if it fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    peak = [0]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(SAMPLE_SECONDS):
            peak[0] = max(peak[0], tree_rss(process.pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, stderr = process.communicate()
    seconds = time.perf_counter() - start
    done.set()
    sampler.join()
    assert process.returncode == 0, f"{' '.join(command)}: exit {process.returncode}: {stderr.decode()[-2000:]}"
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return seconds, peak[0], cpu


def tree_rss(root: int) -> int:
    """The summed RSS (bytes) of ``root`` and its descendants now."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    tree, grew = {root}, True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in tree} - tree
        tree |= more
        grew = bool(more)
    total = 0
    for pid in tree:
        try:
            with open(f"/proc/{pid}/statm") as f:
                total += int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except OSError:
            pass
    return total
