#!/bin/bash
# The contrastive stage on a lent GPU, as one prepared command (docs/training.md, "The contrastive second stage").
# Run from the repository root on the device machine, the file of 'mir-export pretrain pack' carried
# in; the weights come back under $OUT/NAME in parts ('mir-export pretrain join' makes a run of them).
# A 12-step probe sizes the schedule so that training takes about SECONDS (STEPS fixes it instead,
# for runs compared at equal budget; SECONDS + 60 then only caps the time). DEVICE=cpu rehearses it
# here; MODEL names another start than artifacts; the runs go to TMPDIR (/tmp).
#   scripts/device_contrastive.sh NAME PACKED SECONDS [pretrain contrastive flags ...]
# Called again with the same NAME on a warm machine, the run resumes from its checkpoint.
set -u
name=$1 packed=$2 seconds=$3
shift 3
export PYTHONPATH=$PWD PYTHONUNBUFFERED=1
mkdir -p "$OUT/$name"
contrastive() {  # run-directory steps minutes flags...
  local out=$1 steps=$2 minutes=$3
  shift 3
  python3 -m mir_export.cli pretrain contrastive --samples "$packed" --model "${MODEL:-artifacts}" \
    --device "${DEVICE:-cuda}" --steps "$steps" --minutes "$minutes" --out "$out" "$@"
}
main() {
  local probe=${TMPDIR:-/tmp}/$name-probe run=${TMPDIR:-/tmp}/$name per_step steps
  date; nvidia-smi --query-gpu=name,memory.total --format=csv,noheader 2>/dev/null
  if [ -n "${STEPS:-}" ]; then  # a fixed schedule: runs side by side at equal budget
    steps=$STEPS
  else
    rm -rf "$probe"  # a probe left by an earlier call on a warm machine would refuse to run again
    contrastive "$probe" 12 0 "$@" > /dev/null || return 1
    per_step=$(python3 -c "import json; r = [json.loads(l) for l in open('$probe/train-log.jsonl')]; \
print(max(0.01, (r[-1]['seconds'] - r[3]['seconds']) / (len(r) - 4)))") || return 1  # logged to 0.1 s
    steps=$(python3 -c "print(max(50, int($seconds / $per_step)))")
    echo "$per_step s a step: $steps steps"
  fi
  contrastive "$run" "$steps" "$(python3 -c "print(($seconds + 60) / 60)")" "$@" || return 1
  python3 -m mir_export.cli pretrain split --run "$run" --out "$OUT/$name"
  date
}
main "$@" 2>&1 | tee "$OUT/$name/log.txt"
exit "${PIPESTATUS[0]}"
