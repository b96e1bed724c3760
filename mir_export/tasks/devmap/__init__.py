"""Heterogeneous device mapping (CPU or GPU for an OpenCL kernel): the published protocol's task."""
