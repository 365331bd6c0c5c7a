#!/bin/sh
# Submits an array of N idlint shards over INPUT... and its merge:
#   deploy/slurm/submit.sh N OUT INPUT...
# The merge lands in OUT/merged. Rerun the same line after a failure:
# finished shards are skipped (--skip-done).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
n=$1 out=$2
shift 2
array=$(sbatch --parsable --array="1-$n" "$here/idlint-array.sbatch" "$n" "$out" "$@")
sbatch --parsable --dependency="afterok:${array%%;*}" "$here/merge.sbatch" "$n" "$out"
