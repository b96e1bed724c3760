"""The pass-pipeline task: which ``opt -passes=`` pipeline gives a module the fewest IR instructions.

Packages and their IR forms (:mod:`sources`, :mod:`harvest`), pipelines in the new pass manager's
nested syntax (:mod:`pipelines`), labels (:mod:`measure`, :mod:`labels`), the room beyond the best
fixed pipeline (:mod:`room`), the coreset search (:mod:`coreset`) and the judge of feature sets
(:mod:`task`, :mod:`judge`, :mod:`judge_run`, :mod:`judge_report`).
"""
