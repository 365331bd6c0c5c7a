#!/bin/bash
# Usage: bench/ab.sh ROUNDS CMD...
# Runs every CMD once per round, ROUNDS rounds in alternation, and prints
# the median wall time of each in seconds: a side-by-side measurement that a
# noisy shared machine cannot bias towards one command.
set -u
rounds=$1
shift
declare -a times
for ((i = 0; i < rounds; i++)); do
	k=0
	for c in "$@"; do
		s=$(date +%s%N)
		bash -c "$c" >/dev/null 2>&1
		e=$(date +%s%N)
		times[k]="${times[k]:-} $((e - s))"
		k=$((k + 1))
	done
done
k=0
for c in "$@"; do
	med=$(printf '%s\n' ${times[k]} | sort -n | awk '{a[NR] = $1} END {printf "%.3f", a[int((NR + 1) / 2)] / 1e9}')
	echo "$med  $c"
	k=$((k + 1))
done
