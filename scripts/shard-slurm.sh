#!/bin/sh
#SBATCH --job-name=squares-shards
#SBATCH --array=1-16
#SBATCH --cpus-per-task=1
#SBATCH --requeue
# One `squares` enumeration as a Slurm job array: array task I runs shard I of N (N = the
# array's size, 1-N) with `scripts/shard-run.sh --run-one`, into DIR atomically, and does
# nothing when shard I's part is there already. Submit from the checkout's top directory:
#
#   sbatch --array=1-64 scripts/shard-slurm.sh -o DIR --squares PATH -- SQUARES-ARGS...
#   sbatch --dependency=afterany:JOBID --wrap 'scripts/shard-run.sh --merge-only -o DIR -O OUT'
#
# (or run the merge by hand once the array is done; after afterok, a failed task would leave the
# merge pending for ever, after afterany it fails naming the shards to rerun). To rerun only some shards, keep N:
#   sbatch --export=ALL,SHARDS=64 --array=3,17 scripts/shard-slurm.sh (the same arguments)
# SHARD_RUN may name shard-run.sh when the job does not start in the checkout.
set -eu
: "${SLURM_ARRAY_TASK_ID:?not an array task: submit with sbatch --array=1-N}"
if [ -n "${SHARDS:-}" ]; then
  shards=$SHARDS
else
  shards=${SLURM_ARRAY_TASK_COUNT:?not an array task: submit with sbatch --array=1-N}
  if [ "${SLURM_ARRAY_TASK_MIN:-1}" != 1 ] || [ "${SLURM_ARRAY_TASK_MAX:-$shards}" != "$shards" ]; then
    echo "shard-slurm.sh: the array is not 1-$shards: set SHARDS to the shard count" >&2
    exit 2
  fi
fi
exec sh "${SHARD_RUN:-${SLURM_SUBMIT_DIR:-.}/scripts/shard-run.sh}" \
  --run-one "$SLURM_ARRAY_TASK_ID" -N "$shards" "$@"
