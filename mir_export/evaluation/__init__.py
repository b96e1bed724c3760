"""Downstream tasks of the published protocols: heterogeneous device mapping (``devmap``) and
OpenCL thread coarsening (``coarsening``), each scored for several feature sets on the same folds,
and the final task heads exported to ONNX for the runtime."""
