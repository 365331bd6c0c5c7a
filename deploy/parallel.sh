#!/bin/sh
# idlint sharded with GNU parallel on one machine or over ssh (--sshlogin),
# then merged (issue 23 §4):  deploy/parallel.sh N OUT INPUT...
# Rerunning it after a failure redoes only the shards without DONE.json.
set -eu
n=$1 out=$2
shift 2
mkdir -p "$out"
seq "$n" | parallel --halt never idlint scan --quiet --format none --skip-done \
	--shard {}/"$n" --report "$out/shard{}" "$@"
idlint merge --force "$out/merged" $(seq -f "$out/shard%g" "$n")
