"""Downstream tasks of the training side, one package per task."""
