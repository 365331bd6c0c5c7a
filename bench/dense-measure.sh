#!/usr/bin/env bash
# Issue 25, identifier-dense text: idlint binaries against `rg -o -i` on one
# input, alternated rounds, every output piped to `cat` (rg stops at its first
# match when its output is /dev/null). Prints one line per run:
#   ROUND CASE BINARY wall user sys maxRSS(KB) faults load=…
# and, with SUMMARY=1, the medians and the ratio rg / case (wall).
#
#   ROUNDS=5 BINS="/tmp/idlint-old /tmp/idlint-new" F=dense-200MB.txt \
#     CASES="none none-j1 jsonl jsonl-j1 text text-j1 report rg" bench/dense-measure.sh
#
# F: the input (make it with
#   go run ./internal/textgen/cmd/textgen -kind dense -size 200 -seed 1 -o dense-200MB.txt);
# CASES: a format (none, jsonl, text), "-j1" after it for -j 1, "report" for
# `--format none --report DIR` (needs -tags parquet builds), "rg".
set -uo pipefail
F=${F:?F: the input file}
ROUNDS=${ROUNDS:-5}
BINS=${BINS:?BINS: the idlint binaries}
CASES=${CASES:-"none none-j1 jsonl jsonl-j1 text text-j1 rg"}
PAT='urn:[^\s"<>]+'
T=$(mktemp)
REP=$(mktemp -d)
OUT=$(mktemp)
trap 'rm -rf "$T" "$REP" "$OUT"' EXIT
load() { cut -d' ' -f1 /proc/loadavg; }
for r in $(seq "$ROUNDS"); do
	for c in $CASES; do
		if [[ $c == rg ]]; then
			/usr/bin/time -o "$T" -f "%e %U %S %M %R" rg -o -i "$PAT" "$F" | cat >/dev/null
			echo "$r rg - $(tail -1 "$T") load=$(load)"
			continue
		fi
		fmt=${c%-j1}
		j=()
		[[ $c == *-j1 ]] && j=(-j 1)
		for b in $BINS; do
			if [[ $fmt == report ]]; then
				rm -rf "$REP/r"
				args=(--run-id R --format none --report "$REP/r")
			else
				args=(--format "$fmt")
			fi
			# an idlint run that reports an input error exits 2: the figures
			# are on time's last line either way
			/usr/bin/time -o "$T" -f "%e %U %S %M %R" "$b" scan --quiet "${j[@]}" "${args[@]}" "$F" 2>/dev/null | cat >/dev/null
			echo "$r $c $b $(tail -1 "$T") load=$(load)"
		done
	done
done | tee "$OUT"
if [[ ${SUMMARY:-1} == 1 ]]; then
	python3 - "$OUT" <<'PY'
import sys, statistics as st, collections
d = collections.defaultdict(list)
for l in open(sys.argv[1]):
    p = l.split()
    if len(p) < 8:
        continue
    d[(p[1], p[2])].append((float(p[3]), float(p[4]) + float(p[5]), int(p[6]), int(p[7])))
rg = st.median(x[0] for x in d.get(("rg", "-"), [(0, 0, 0, 0)]))
for k in sorted(d):
    v = d[k]
    w = st.median(x[0] for x in v)
    print("%-10s %-30s n=%d wall %.3f s  cpu %.3f s  rss %d MB  faults %d  rg/this %.2f" % (
        k + (len(v), w, st.median(x[1] for x in v), st.median(x[2] for x in v) // 1024,
             st.median(x[3] for x in v), rg / w if w else 0)))
PY
fi
