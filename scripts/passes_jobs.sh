#!/bin/bash
# The pass-pipeline task's long jobs, in order: coreset search, held-out build and labels, training
# build and labels. Every step resumes where it stopped, so running this again continues the work.
#   nohup nice -n 10 scripts/passes_jobs.sh DATA [SEEDS] > passes-jobs.log 2>&1 &
# DATA: the task directory (outside the repository); SEEDS: seed sequences for the search (optional,
# e.g. Liang et al.'s published coreset, read from where the user keeps it).
set -euo pipefail
DATA=${1:?usage: scripts/passes_jobs.sh DATA [SEEDS]}
SEEDS=${2:-}
cd "$(dirname "$0")/.."
P="python3 -m mir_export.cli passes"
SEARCH="cminpack muparser glm cppcheck"      # the coreset search reads these training packages only
TRAIN="cminpack muparser glm cppcheck gsl glpk flint boost1.81"
TEST="eigen3 range-v3 re2 kissfft gemmlowp mdds armadillo nlohmann-json3"
CAP="--max-instructions 30000"
set -x
$P build --data "$DATA" --packages $SEARCH
$P coreset --data "$DATA" --packages $SEARCH ${SEEDS:+--seed "$SEEDS"} --per-group 40 $CAP --pool 120 --cover-modules 300
$P build --data "$DATA" --packages $TEST
$P label --data "$DATA" --split test --packages $TEST --pipelines "$DATA/coreset/coreset.tsv" $CAP
$P build --data "$DATA" --packages gsl glpk
$P build --data "$DATA" --packages flint --max-units 1400
$P build --data "$DATA" --packages boost1.81 --max-units 300
$P label --data "$DATA" --split train --packages $TRAIN --pipelines "$DATA/coreset/coreset.tsv" $CAP
$P label --data "$DATA" --split test --packages $TEST --pipelines "$DATA/coreset/coreset.tsv" --recheck 50
echo "=== passes jobs done $(date -u)"
