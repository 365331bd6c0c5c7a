#!/usr/bin/env bash
# Issue 25, sparse text: `idlint scan --format jsonl` against `rg -o -i 'urn:[^\s"<>]+'`
# on 2 GB of RFC text and 2 GB of English prose (and their first 200 MiB, and
# an 8-byte file for the fixed start), page cache warm, alternated runs.
# Needs rg, perf (linux-perf), bc, zstd and ../shared/corpora beside the checkout.
#
#   sparse-measure.sh [ROUNDS]            (default 5)
#
# Environment:
#   REPO   checkout to build idlint from and to generate English from (default: this checkout;
#          it needs internal/textgen/cmd/textgen)
#   DATA   where the inputs live (default ${TMPDIR:-/tmp}/idlint-sparse; made if missing)
#   BINS   space-separated idlint binaries to compare (default: a fresh build of REPO;
#          e.g. BINS="/tmp/idlint-old /tmp/idlint-new")
#   INPUTS which inputs (default "rfc-2GB english-2GB rfc-200MB english-200MB tiny")
#   JOBS   -j values to run idlint at (default "default 1 2"; "default" = no -j flag)
#   The inputs stay in DATA afterwards: `rm -r $DATA` frees 4.4 GB.
#
# Every command writes into a pipe (`| cat >/dev/null`): rg stops at its first
# match when its output is /dev/null, so both get the same sink. The table gives
# the medians and the wall and CPU ratios rg / command (> 1: the command is
# faster than rg). Report `uptime` with the figures: the script prints it before
# and after.
set -euo pipefail
ROUNDS=${1:-5}
REPO=${REPO:-$(cd "$(dirname "$0")/.." && pwd)}
DATA=${DATA:-${TMPDIR:-/tmp}/idlint-sparse}
INPUTS=${INPUTS:-"rfc-2GB english-2GB rfc-200MB english-200MB tiny"}
JOBS=${JOBS:-"default 1 2"}
PAT='urn:[^\s"<>]+'
mkdir -p "$DATA"

if [[ -z "${BINS:-}" ]]; then
	(cd "$REPO" && go build -o "$DATA/idlint-measured" ./cmd/idlint)
	BINS="$DATA/idlint-measured"
fi

# settle: drop the file's pages and read it once in order, so that readahead
# leaves it in large folios as a first read from disk does (bench/compare's
# settle); a file just written sits in small folios, a page fault per 64 KB.
settle() {
	sync "$1"
	dd if="$1" iflag=nocache count=0 status=none
	cat "$1" >/dev/null
}

make_rfc() { # the RFCs of ../shared/corpora in number order, repeated, cut at 2 GiB
	local tmp
	tmp=$(mktemp -d "$DATA/rfcsrc.XXXX")
	zstd -dc "$REPO/../shared/corpora/rfc/rfcs.tar.zst" | tar x -C "$tmp"
	find "$tmp/rfcs" -maxdepth 1 -type f -regex '.*/rfc[0-9]+\.txt' | sort -V >"$tmp/list"
	(for _ in 1 2 3 4 5; do xargs cat <"$tmp/list"; done) 2>/dev/null | head -c $((2 << 30)) >"$DATA/rfc-2GB.txt" || true
	rm -rf "$tmp"
}
[[ -s $DATA/rfc-2GB.txt ]] || make_rfc
[[ -s $DATA/english-2GB.txt ]] || (cd "$REPO" && go run ./internal/textgen/cmd/textgen -kind english -size 2048 -seed 1 -o "$DATA/english-2GB.txt")
[[ -s $DATA/rfc-200MB.txt ]] || head -c $((200 << 20)) "$DATA/rfc-2GB.txt" >"$DATA/rfc-200MB.txt"
[[ -s $DATA/english-200MB.txt ]] || head -c $((200 << 20)) "$DATA/english-2GB.txt" >"$DATA/english-200MB.txt"
printf 'urn:x:y\n' >"$DATA/tiny.txt"

for in in $INPUTS; do settle "$DATA/$in.txt"; done
command -v fincore >/dev/null && (cd "$DATA" && fincore ./*.txt)

RAW="$DATA/measure-$(date +%H%M%S).tsv"
echo "# $(date -u +%FT%TZ) load: $(uptime)" | tee "$RAW"
echo "# rg: $(rg --version | sed -n 1p); binaries: $BINS" | tee -a "$RAW"
# one run: the wall time from bash's clock around the bare pipeline (the
# `true` row is what the pipeline itself costs), then the same command again
# under perf stat (CPU: task-clock, user, sys; page faults) and GNU time (max RSS)
one() { # input label command...
	local in=$1 label=$2 t0 t1
	shift 2
	t0=$EPOCHREALTIME
	"$@" | cat >/dev/null
	t1=$EPOCHREALTIME
	/usr/bin/time -f '%M' -o "$RAW.t" perf stat -x, -o "$RAW.p" -e task-clock,user_time,system_time,page-faults -- "$@" | cat >/dev/null
	awk -F, -v inp="$in" -v label="$label" -v wall="$(echo "$t1 - $t0" | bc)" -v rss="$(tail -1 "$RAW.t")" '
		$3 == "task-clock" { cpu = $1 / 1000 } $3 == "user_time" { u = $1 / 1e9 } $3 == "system_time" { s = $1 / 1e9 } $3 == "page-faults" { f = $1 }
		END { printf "%s\t%s\t%.4f\t%.4f\t%.4f\t%.4f\t%d\t%d\n", inp, label, wall, cpu, u, s, rss, f }' "$RAW.p" >>"$RAW"
}
for r in $(seq "$ROUNDS"); do
	one tiny true true
	for in in $INPUTS; do
		f="$DATA/$in.txt"
		for b in $BINS; do
			for j in $JOBS; do
				jf=(); [[ $j == default ]] || jf=(-j "$j")
				one "$in" "$(basename "$b") -j$j" "$b" scan "${jf[@]}" --format jsonl "$f"
			done
		done
		one "$in" "rg -o -i" rg -o -i "$PAT" "$f"
	done
done
rm -f "$RAW.t" "$RAW.p"
echo "# end load: $(uptime)" | tee -a "$RAW"

# medians per (input, command); ratio = rg's median / this command's median
awk -F'\t' '
function med(s,   a, n, i, j, t) { n = split(s, a, " "); for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }; return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
function ratio(a, b) { return b > 0 ? a / b : 0 }
/^#/ { next }
{ k = $1 SUBSEP $2; if (!(k in seen)) { seen[k] = 1; order[++n] = k }
  wall[k] = wall[k] " " $3; cpu[k] = cpu[k] " " $4; usr[k] = usr[k] " " $5; sys[k] = sys[k] " " $6; rss[k] = rss[k] " " $7; flt[k] = flt[k] " " $8 }
END {
  print "| input | command | wall ms | CPU ms | user ms | sys ms | max RSS MB | page faults | wall ratio rg/this | CPU ratio rg/this |"
  print "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|"
  for (i = 1; i <= n; i++) { k = order[i]; split(k, p, SUBSEP); rk = p[1] SUBSEP "rg -o -i"
    printf "| %s | %s | %.1f | %.1f | %.0f | %.0f | %.0f | %.0f | %.2f | %.2f |\n", p[1], p[2], 1000 * med(wall[k]), 1000 * med(cpu[k]), 1000 * med(usr[k]), 1000 * med(sys[k]), med(rss[k]) / 1024, med(flt[k]), ratio(med(wall[rk]), med(wall[k])), ratio(med(cpu[rk]), med(cpu[k])) }
}' "$RAW"
echo "raw runs: $RAW"
