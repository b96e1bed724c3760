"""The suite's tasks: ``TASKS`` maps a name to a builder ``(datasets, quick) -> suite.Task``.

Each task's builder lives in its own folder (``tasks/devmap/suite.py``: one task per platform;
``tasks/coarsening/suite.py``; ``tasks/size/task.py``, registered when its labels are named); a
new task is one more folder and one more entry here.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from mir_export.evaluation.suite import Task
from mir_export.tasks.coarsening.suite import coarsening_task
from mir_export.tasks.devmap.suite import devmap_task


def size(datasets: Path, quick: bool) -> Task:
    """The held-out size task, from the directory ``$MIR_SIZE_TASK`` names (``size-labels --out``)."""
    from mir_export.tasks.size.task import size_task

    return size_task(Path(os.environ[SIZE_TASK]), quick)


SIZE_TASK = "MIR_SIZE_TASK"  # its labels are built, not shipped: the task is registered where they are named
TASKS: dict[str, Callable[[Path, bool], Task]] = {
    "devmap-amd": devmap_task("amd"),
    "devmap-nvidia": devmap_task("nvidia"),
    "coarsening": coarsening_task,
    **({"size": size} if os.environ.get(SIZE_TASK) else {}),
}
