"""Your own tuning task on the frozen embedding: read a labelled table, fit heads by nested
selection beside the baselines, and save them as a task pack the runtime serves. Needs the
``[tasks]`` extra (scikit-learn, LightGBM, skl2onnx, onnxmltools), never torch."""
from mir_export.usertask.fitting import FittedTask, fit_task
from mir_export.usertask.table import TableError, TaskTable, read_table

__all__ = ["FittedTask", "TableError", "TaskTable", "fit_task", "read_table"]
