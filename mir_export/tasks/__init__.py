"""The downstream tasks, one folder each: ``devmap`` (heterogeneous device mapping),
``coarsening`` (OpenCL thread coarsening), ``vectorize`` (loop vectorization factors) and
``size`` (the smallest-code pipeline); a new task gets a folder of its own here. ``suite_tasks``
registers them with the suite, ``cli`` is ``mir-export downstream``."""
