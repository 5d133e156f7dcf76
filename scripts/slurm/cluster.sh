#!/usr/bin/env bash
# cluster.sh COMMAND [ARG…]: runs COMMAND against a real one-machine
# Slurm cluster, then stops it.
#
# The cluster is Debian's Slurm (slurm-wlm) and MUNGE, installed with
# apt-get where missing: a controller (slurmctld) and a node daemon
# (slurmd) on this host, both configured in a temporary directory, with
# a munged of their own (its own key and socket) so that nothing of the
# host's /etc/slurm or /etc/munge is used or changed. The node is this
# machine as `slurmd -C` sees it (CPUs, memory), in one partition.
# COMMAND runs once the node is idle, with SLURM_CONF naming the
# cluster's configuration (sbatch, squeue, scancel and scontrol read it)
# and SEEGA_TEST_SLURM=1, which lets the cluster tests of cmd/seega run
# instead of skipping. Every daemon, and every job still in the cluster,
# is stopped on the way out, whatever COMMAND did; the daemons' logs are
# printed if COMMAND failed. The exit status is COMMAND's.
#
# It needs root: slurmd starts the jobs as their user, and apt-get
# installs. `make test-slurm` runs it with the recipe tests.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 COMMAND [ARG…]  (runs COMMAND against a one-machine Slurm cluster)" >&2
  exit 2
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "$0: needs root (slurmd runs the jobs as their user; apt-get installs Slurm)" >&2
  exit 1
fi

need=()
for tool in sbatch slurmctld slurmd; do
  command -v "$tool" >/dev/null 2>&1 || { need+=(slurm-wlm); break; }
done
command -v munged >/dev/null 2>&1 || need+=(munge)
if [[ ${#need[@]} -gt 0 ]]; then
  echo "installing ${need[*]} (Debian's packages)…" >&2
  if ! (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null); then
    echo "$0: could not install ${need[*]} with apt-get: no Slurm cluster to test against" >&2
    exit 1
  fi
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/seega-slurm.XXXXXX")
chmod 755 "$dir"
mkdir -p "$dir/munge" "$dir/ctld" "$dir/spool" "$dir/log"
pids=()

# stop ends the cluster: the jobs first (so that no slurmstepd outlives
# its slurmd), then the daemons, then the directory.
stop() {
  local status=$?
  trap - EXIT INT TERM
  if [[ -n ${SLURM_CONF:-} ]] && [[ ${#pids[@]} -gt 1 ]]; then
    scancel --quiet --full --signal=KILL --user="$(id -un)" 2>/dev/null || true
    for _ in $(seq 50); do
      [[ -z $(squeue -h -o %i 2>/dev/null) ]] && break
      sleep 0.2
    done
  fi
  if [[ $status -ne 0 ]]; then
    for log in "$dir"/log/*.log; do
      [[ -f $log ]] || continue
      echo "=== the last lines of $log" >&2
      tail -n 30 "$log" >&2
    done
  fi
  local p
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    p=${pids[i]}
    kill "$p" 2>/dev/null || true
    for _ in $(seq 50); do
      kill -0 "$p" 2>/dev/null || break
      sleep 0.1
    done
    kill -9 "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
  done
  rm -rf "$dir"
  exit "$status"
}
trap stop EXIT
trap 'exit 130' INT TERM

# A free TCP port on this machine, from $1 upward.
free_port() {
  local p=$1
  while (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; do
    p=$((p + 1))
  done
  echo "$p"
}

# MUNGE, on a key and a socket of its own.
dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$dir/munge/munge.key"
munged --foreground --force --key-file="$dir/munge/munge.key" \
  --socket="$dir/munge/munge.socket" --pid-file="$dir/munge/munged.pid" \
  --seed-file="$dir/munge/munged.seed" --log-file="$dir/log/munged.log" \
  >>"$dir/log/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 50); do
  [[ -S $dir/munge/munge.socket ]] && break
  sleep 0.1
done
if ! munge --socket="$dir/munge/munge.socket" -n | unmunge --socket="$dir/munge/munge.socket" >/dev/null; then
  echo "$0: munged does not answer on $dir/munge/munge.socket" >&2
  exit 1
fi

host=$(hostname -s)
# This machine as slurmd sees it: NodeName=… CPUs=… RealMemory=…
node=$(slurmd -C | head -n 1)
ctldport=$(free_port 16817)
slurmdport=$(free_port $((ctldport + 1)))
export SLURM_CONF=$dir/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=seega-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctldport
SlurmdPort=$slurmdport
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# cred_expire is also how long a requeued job waits before it may start
# again: 120 s by default, 10 here so that the requeue test is short.
AuthInfo=socket=$dir/munge/munge.socket,cred_expire=10
StateSaveLocation=$dir/ctld
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU_Memory
ReturnToService=2
MinJobAge=600
DefMemPerCPU=256
MailProg=/bin/true
KillWait=10
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

slurmctld -D -i >>"$dir/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D >>"$dir/log/slurmd.out" 2>&1 &
pids+=($!)
state=
for _ in $(seq 300); do
  state=$(sinfo -h -n "$host" -o %t 2>/dev/null || true)
  [[ $state == idle ]] && break
  sleep 0.2
done
if [[ $state != idle ]]; then
  echo "$0: the node $host is not idle after 60 s (state: ${state:-none})" >&2
  exit 1
fi
echo "Slurm cluster up: $host ($node), SLURM_CONF=$SLURM_CONF" >&2

export SEEGA_TEST_SLURM=1
"$@"
