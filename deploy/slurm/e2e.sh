#!/bin/sh
# End-to-end run of idlint on a real Slurm (issue 23 §3): a single-node
# cluster on 127.0.0.1 without systemd (munged, slurmctld -D, slurmd -D,
# state in a temporary directory), an array of 4 shards over the corpus,
# one task made to fail and the array resubmitted (finished shards are
# skipped), the dependent merge, and every table of the merge compared
# with a single-machine run by row content. Stops every daemon it started,
# by PID. Exits 0 only when all agree.
#   deploy/slurm/e2e.sh [CORPUS]   (default ../shared/corpora/rfc)
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
corpus_arg=${1:-$repo/../shared/corpora/rfc}
if [ ! -d "$corpus_arg" ]; then
	echo "e2e: skipped: no corpus at $corpus_arg (a clone beside ../shared has it)" >&2
	exit 0
fi
corpus=$(cd "$corpus_arg" && pwd)
n=4

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
	echo "e2e: installing slurm-wlm and munge"
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends slurm-wlm munge >/dev/null
fi

t=$(mktemp -d /tmp/idlint-slurm.XXXXXX)
pids=""
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null || true; done
	for p in $pids; do wait "$p" 2>/dev/null || true; done # reaped: no zombie left
	rm -rf "$t"
}
trap cleanup EXIT INT TERM

echo "e2e: building idlint -tags parquet"
(cd "$repo" && go build -tags parquet -o "$t/idlint" ./cmd/idlint && go build -tags parquet -o "$t/tablecmp" ./deploy/slurm/tablecmp)

# munge, on its own key and socket
mkdir -p "$t/munge" && chmod 700 "$t/munge"
mungekey -c -k "$t/munge/munge.key" >/dev/null 2>&1 || dd if=/dev/urandom of="$t/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$t/munge/munge.key"
munged --foreground --force --key-file="$t/munge/munge.key" --socket="$t/munge/munge.sock" \
	--pid-file="$t/munged.pid" --log-file="$t/munged.log" --seed-file="$t/munge/seed" >"$t/munged.out" 2>&1 &
pids="$pids $!"
i=0
until [ -S "$t/munge/munge.sock" ]; do
	i=$((i + 1)); [ $i -lt 100 ] || { echo "e2e: munged did not start"; cat "$t/munged.log"; exit 1; }
	sleep 0.1
done

host=$(hostname -s)
cpus=$(nproc)
port=$((17000 + $$ % 1000)) # two runs at once do not share ports
mkdir -p "$t/state" "$t/spool" "$t/out"
cat >"$t/slurm.conf" <<CONF
ClusterName=idlinte2e
SlurmctldHost=$host(127.0.0.1)
SlurmUser=$(id -un)
AuthType=auth/munge
AuthInfo=socket=$t/munge/munge.sock
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmctldPort=$port
SlurmdPort=$((port + 1))
StateSaveLocation=$t/state
SlurmdSpoolDir=$t/spool
SlurmctldPidFile=$t/slurmctld.pid
SlurmdPidFile=$t/slurmd.pid
SlurmctldLogFile=$t/slurmctld.log
SlurmdLogFile=$t/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=e2e Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$t/slurm.conf"
slurmctld -D -i >"$t/slurmctld.out" 2>&1 &
pids="$pids $!"
slurmd -D >"$t/slurmd.out" 2>&1 &
pids="$pids $!"
i=0
until sinfo -h -o %T 2>/dev/null | grep -q idle; do
	i=$((i + 1))
	if [ $i -gt 120 ]; then
		echo "e2e: the cluster did not come up"; tail -5 "$t/slurmctld.log" "$t/slurmd.log" 2>/dev/null
		exit 1
	fi
	sleep 0.5
done
echo "e2e: cluster up ($host, $cpus CPUs)"

# waitjobs waits until none of the given jobs is pending or running, at
# most 5 minutes
waitjobs() {
	i=0
	while [ -n "$(squeue -h -j "$1" 2>/dev/null)" ]; do
		i=$((i + 1))
		if [ $i -gt 300 ]; then
			echo "e2e: jobs $1 still queued after 5 minutes:"; squeue -j "$1"
			exit 1
		fi
		sleep 1
	done
}

# the first submission: task 2 fails once (a wrapper around idlint)
cat >"$t/idlint-flaky" <<W
#!/bin/sh
if [ "\$SLURM_ARRAY_TASK_ID" = 2 ] && [ ! -e "$t/failed-once" ]; then
	touch "$t/failed-once"; echo "task 2: failing on purpose" >&2; exit 1
fi
exec "$t/idlint" "\$@"
W
chmod +x "$t/idlint-flaky"
start=$(date +%s.%N)
cd "$t"
array=$(IDLINT="$t/idlint-flaky" sbatch --parsable --export=ALL --chdir="$t" -o "$t/task-%a.log" \
	--cpus-per-task=1 --array=1-$n "$repo/deploy/slurm/idlint-array.sbatch" $n "$t/out" "$corpus")
merge=$(sbatch --parsable --export=ALL --chdir="$t" -o "$t/merge1.log" --dependency=afterok:$array \
	--kill-on-invalid-dep=yes "$repo/deploy/slurm/merge.sbatch" $n "$t/out")
waitjobs "$array"
scancel "$merge" 2>/dev/null || true
done1=$(ls "$t"/out/shard*/DONE.json 2>/dev/null | wc -l)
echo "e2e: first array: $done1 of $n shards complete (task 2 failed on purpose)"
[ "$done1" -eq $((n - 1)) ] || { echo "e2e: want $((n - 1))"; cat "$t"/task-*.log; exit 1; }

# the resubmission: the same array; complete shards are skipped
array=$(IDLINT="$t/idlint" sbatch --parsable --export=ALL --chdir="$t" -o "$t/task2-%a.log" \
	--cpus-per-task=1 --array=1-$n "$repo/deploy/slurm/idlint-array.sbatch" $n "$t/out" "$corpus")
merge=$(IDLINT="$t/idlint" sbatch --parsable --export=ALL --chdir="$t" -o "$t/merge.log" \
	--dependency=afterok:$array --kill-on-invalid-dep=yes "$repo/deploy/slurm/merge.sbatch" $n "$t/out")
waitjobs "$array,$merge"
end=$(date +%s.%N)
skipped=$(cat "$t"/task2-*.log | grep -c "skipped (--skip-done)" || true)
echo "e2e: resubmitted array: $skipped of $n shards skipped"
cat "$t/merge.log" 2>/dev/null || true
[ "$skipped" -eq $((n - 1)) ] || { echo "e2e: want $((n - 1)) skipped"; cat "$t"/task2-*.log; exit 1; }
[ -f "$t/out/merged/DONE.json" ] || { echo "e2e: no merge (a task failed?)"; cat "$t"/task2-*.log; exit 1; }

s0=$(date +%s.%N)
"$t/idlint" scan --quiet --format none --report "$t/single" "$corpus" 2>/dev/null
s1=$(date +%s.%N)
echo "e2e: Slurm (both submissions, merge included) $(echo "$end - $start" | bc) s; single run $(echo "$s1 - $s0" | bc) s"
"$t/tablecmp" "$t/single" "$t/out/merged"
echo "e2e: ok"
