# A real single-node Slurm cluster in a folder, for the cluster recipe's test: munged with a key made
# here, slurmctld and slurmd from a slurm.conf made here (this host as the one node with its CPUs,
# proctrack/linuxproc, free ports, state and logs in the folder). Sourced; the caller exports
# SLURM_CONF=$cluster/slurm.conf for the client commands.
#   slurm_cluster_start DIR   starts it and waits until the node is idle; returns 77 with the reason
#                             on stderr where the daemons cannot start here (no Slurm, not root, ...)
#   slurm_cluster_stop DIR    stops every daemon it started (by pid) and removes DIR

slurm_cluster_skip() { echo "slurm cluster: cannot start here: $*" >&2; return 77; }

slurm_free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

slurm_cluster_start() {
  local dir=$1 program
  for program in munged munge slurmctld slurmd sbatch squeue sinfo scontrol; do
    command -v "$program" > /dev/null || { slurm_cluster_skip "$program is not installed (scripts/bootstrap.sh installs slurm-wlm and munge)"; return; }
  done
  # slurmd runs each job as its user and tracks its processes: that takes root here.
  (( EUID == 0 )) || { slurm_cluster_skip "slurmd needs root to run jobs as their users (EUID $EUID)"; return; }
  mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
  chmod 755 "$dir/munge"
  head -c 1024 /dev/urandom > "$dir/munge/munge.key"
  chmod 400 "$dir/munge/munge.key"
  munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" --pid-file="$dir/munge/munged.pid" \
    --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed" ||
    { slurm_cluster_skip "munged did not start: $(tail -1 "$dir/munge/munged.log" 2> /dev/null)"; return; }
  local node ctld_port slurmd_port
  node=$(hostname -s)
  ctld_port=$(slurm_free_port)
  slurmd_port=$(slurm_free_port)
  cat > "$dir/slurm.conf" << EOF
ClusterName=abtool-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/backfill
DependencyParameters=kill_invalid_depend
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MinJobAge=3600
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=abtool Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF=$dir/slurm.conf
  slurmctld -D -f "$SLURM_CONF" > "$dir/log/slurmctld.out" 2>&1 &
  echo $! > "$dir/slurmctld.bgpid"
  slurmd -D -f "$SLURM_CONF" > "$dir/log/slurmd.out" 2>&1 &
  echo $! > "$dir/slurmd.bgpid"
  local waited
  for (( waited = 0; waited < 300; ++waited )); do
    [[ $(sinfo -h -o %T 2> /dev/null) == idle ]] && return 0
    kill -0 "$(cat "$dir/slurmctld.bgpid")" 2> /dev/null && kill -0 "$(cat "$dir/slurmd.bgpid")" 2> /dev/null || break
    sleep 0.1
  done
  local why
  why=$(tail -2 "$dir/log/slurmctld.out" "$dir/log/slurmd.out" "$dir/log/slurmctld.log" "$dir/log/slurmd.log" 2> /dev/null | grep -i error | tail -1)
  slurm_cluster_stop "$dir"
  slurm_cluster_skip "the node did not become idle in 30 s${why:+: $why}"
}

slurm_cluster_stop() {
  local dir=$1 file pid
  for file in "$dir/slurmd.bgpid" "$dir/slurmctld.bgpid" "$dir/munge/munged.pid"; do
    [[ -f $file ]] || continue
    pid=$(cat "$file")
    kill "$pid" 2> /dev/null || continue
    for _ in $(seq 100); do kill -0 "$pid" 2> /dev/null || break; sleep 0.05; done
    kill -9 "$pid" 2> /dev/null || true
  done
  rm -rf "$dir"
}
