#!/bin/sh
# Runs scripts/shard-run.sh over a real sshd and scripts/shard-slurm.sh on a real Slurm, both
# on this machine, and compares each merged result with the unsharded output byte for byte.
#   scripts/cluster-test.sh [SQUARES]      (default: build/src/squares; needs root or sudo)
# Installs openssh-server, slurm-wlm, munge, rsync and parallel (and ss, pgrep) from Debian when
# missing. Starts, from a temporary folder that holds every key, configuration, log and state:
# an sshd on 127.0.0.1 with a throwaway host key and user key (the client reads only that
# folder's ssh_config: ~/.ssh is not touched), and a one-node Slurm (munged with a throwaway
# key, slurmctld, slurmd; SLURM_CONF points into the folder). Each path runs a sharded count and
# a sharded listing, one shard of each killed mid-run; the rerun must run only that shard. On
# exit, also on failure or interrupt, it stops everything it started and removes the folder.
set -eu
cd "$(dirname "$0")/.."
squares=$(realpath "${1:-build/src/squares}")
if [ ! -x "$squares" ]; then
  echo "cluster-test.sh: no $squares: build first (scripts/setup.sh)" >&2
  exit 2
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo

packages="openssh-server openssh-client slurm-wlm munge rsync parallel iproute2 procps"
missing=""
for p in $packages; do
  # (dpkg -s also succeeds for a removed package whose configuration files are left)
  status=$(dpkg-query -W -f '${Status}' "$p" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "cluster-test.sh: installing$missing"
  $sudo apt-get update -qq
  # shellcheck disable=SC2086  # a list of package names
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing \
    >/dev/null
fi

tmp=$(mktemp -d /tmp/cluster-test.XXXXXX)
chmod 755 "$tmp"  # slurmd and sshd read it; mktemp makes it private
mkdir "$tmp/bin" "$tmp/ssh" "$tmp/munge" "$tmp/slurm" "$tmp/slurm/out" "$tmp/parts"
start=$(date +%s)
say() { echo "cluster-test.sh: [$(($(date +%s) - start)) s] $*"; }
daemons=""  # PIDs of the daemons started here, all run in the foreground as our children
conf=$tmp/slurm/slurm.conf
slurm() { SLURM_CONF=$conf "$@"; }
sbin() { command -v "$1" || echo "/usr/sbin/$1"; }  # a daemon (/usr/sbin is not on every PATH)

# Stops the daemons (TERM, then KILL after 10 s), then any process left whose command line or
# environment names the folder (slurmstepd and remote shards outlive their daemons), then
# removes the folder.
cleanup() {
  status=$?
  set +e
  trap - EXIT INT TERM
  if [ -n "$daemons" ]; then
    [ ! -S "$tmp/munge/socket" ] || slurm scancel --quiet --user="$(id -un)" 2>/dev/null
    # shellcheck disable=SC2086  # a list of PIDs
    $sudo kill $daemons 2>/dev/null || true
    waited=0
    for pid in $daemons; do
      while kill -0 "$pid" 2>/dev/null && [ $waited -lt 100 ]; do
        sleep 0.1
        waited=$((waited + 1))
      done
      kill -0 "$pid" 2>/dev/null && $sudo kill -9 "$pid" 2>/dev/null
    done
  fi
  for _ in 1 2 3 4 5; do
    left=$(leftovers)
    [ -n "$left" ] || break
    echo "cluster-test.sh: killing processes left over:$left" >&2
    # shellcheck disable=SC2086  # a list of PIDs
    $sudo kill -9 $left 2>/dev/null
    sleep 0.5
  done
  $sudo rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The PIDs of processes (not this script's) whose command line or environment names $tmp.
leftovers() {
  for proc in /proc/[0-9]*; do
    pid=${proc#/proc/}
    [ "$pid" != $$ ] || continue
    if $sudo grep -qaF "$tmp" "$proc/cmdline" "$proc/environ" 2>/dev/null; then
      printf ' %s' "$pid"
    fi
  done
}

fail() {
  echo "cluster-test.sh: FAIL: $*" >&2
  exit 1
}

# A TCP port nobody listens on (a random one in 20000..59999).
free_port() {
  while :; do
    port=$((20000 + $(od -An -N2 -tu2 /dev/urandom) % 40000))
    [ -n "$(ss -Htln "sport = :$port")" ] || { echo "$port"; return; }
  done
}

# wait_for WHAT SECONDS COMMAND...: runs COMMAND every 0.2 s until it succeeds.
wait_for() {
  what=$1 tries=$(($2 * 5))
  shift 2
  until "$@" >/dev/null 2>&1; do
    tries=$((tries - 1))
    [ $tries -gt 0 ] || fail "$what: not within $2 s; logs: $(tail -n 5 "$tmp"/*/*.log)"
    sleep 0.2
  done
}

# A squares that logs each shard it runs, not the runner's question for the key (then becomes
# the real one, so its PID is the shard's).
# The shard named in stop-shard, once, writes its PID to victim and stops itself (SIGSTOP)
# until the test kills or cancels it: a victim caught mid-run however loaded the machine is.
# Continued (a cancel sends SIGCONT before SIGTERM), it stays a running shard until the
# signal that ends it: a shard of milliseconds would otherwise finish in between.
cp "$squares" "$tmp/bin/squares.real"
cat >"$tmp/bin/squares" <<EOF
#!/bin/sh
for arg in "\$@"; do last=\$arg; done
[ "\$last" = --shard-key ] || echo "\$last" >>"$tmp/shards.log"
if [ "\$last" = "\$(cat "$tmp/stop-shard" 2>/dev/null)" ] && rm "$tmp/stop-shard" 2>/dev/null; then
  echo \$\$ >"$tmp/victim.new" && mv "$tmp/victim.new" "$tmp/victim"
  kill -STOP \$\$
  while :; do sleep 1; done
fi
exec "$tmp/bin/squares.real" "\$@"
EOF
chmod +x "$tmp/bin/squares"

# sshd on 127.0.0.1, logging in this user by a throwaway key; the client reads only
# $tmp/ssh/config (the hosts file names `ssh -F` it, for GNU Parallel and its rsync).
# The sshd runs in its own mount namespace with an empty tmpfs on $tmp/parts, so the "remote"
# shards write their parts where this side cannot see them, as on another machine, and only
# Parallel's --return brings them back.
user=$(id -un)
ssh_port=$(free_port)
ssh-keygen -q -t ed25519 -N '' -C cluster-test-host -f "$tmp/ssh/host_key"
ssh-keygen -q -t ed25519 -N '' -C cluster-test-user -f "$tmp/ssh/user_key"
cp "$tmp/ssh/user_key.pub" "$tmp/ssh/authorized_keys"
echo "cluster-test $(cat "$tmp/ssh/host_key.pub")" >"$tmp/ssh/known_hosts"
cat >"$tmp/ssh/sshd_config" <<EOF
ListenAddress 127.0.0.1
Port $ssh_port
HostKey $tmp/ssh/host_key
PidFile none
AuthorizedKeysFile $tmp/ssh/authorized_keys
AllowUsers $user
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
# Bash reads ~/.bashrc for a command sent over SSH only at shell level 1: spare the shards it.
SetEnv SHLVL=1
EOF
cat >"$tmp/ssh/config" <<EOF
Host cluster-test
  HostName 127.0.0.1
  Port $ssh_port
  User $user
  IdentityFile $tmp/ssh/user_key
  IdentitiesOnly yes
  HostKeyAlias cluster-test
  UserKnownHostsFile $tmp/ssh/known_hosts
  StrictHostKeyChecking yes
  BatchMode yes
EOF
printf '2/ssh -F %s cluster-test\n' "$tmp/ssh/config" >"$tmp/ssh/hosts"
host() { ssh -F "$tmp/ssh/config" cluster-test "$@"; }
[ -d /run/sshd ] || $sudo mkdir -m 755 /run/sshd  # sshd's privilege separation folder
sshd="$(sbin sshd) -D -f $tmp/ssh/sshd_config -E $tmp/ssh/sshd.log"
if $sudo unshare -m true 2>/dev/null; then
  $sudo unshare -m sh -c "mount -t tmpfs cluster-test $tmp/parts && exec $sshd" &
  remote="another view of $tmp/parts"
else
  # shellcheck disable=SC2086  # the command and its arguments
  $sudo $sshd &
  remote="the same $tmp/parts (no mount namespace: --return copies nothing)"
fi
daemons="$daemons $!"
wait_for sshd 10 host true

# munged with a throwaway key; Slurm finds its socket through AuthInfo.
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$tmp/munge/munge.key"
$sudo "$(sbin munged)" -F --force --key-file="$tmp/munge/munge.key" \
  --socket="$tmp/munge/socket" --pid-file="$tmp/munge/munged.pid" \
  --seed-file="$tmp/munge/seed" --log-file="$tmp/munge/munged.log" 2>/dev/null &
daemons="$daemons $!"
wait_for munged 10 munge -n -S "$tmp/munge/socket"

# One node: this machine's CPUs and memory as slurmd measures them.
node=$(hostname -s)
hardware=$("$(sbin slurmd)" -C | sed -n 's/^NodeName=[^ ]* //p')
cat >"$conf" <<EOF
ClusterName=clustertest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=$user
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/socket
CredType=cred/munge
StateSaveLocation=$tmp/slurm/state
SlurmdSpoolDir=$tmp/slurm/spool
SlurmctldPidFile=$tmp/slurm/slurmctld.pid
SlurmdPidFile=$tmp/slurm/slurmd.pid
SlurmctldLogFile=$tmp/slurm/slurmctld.log
SlurmdLogFile=$tmp/slurm/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
KillWait=2
NodeName=$node NodeAddr=127.0.0.1 $hardware State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
mkdir "$tmp/slurm/state" "$tmp/slurm/spool"
$sudo env SLURM_CONF="$conf" "$(sbin slurmctld)" -D -i 2>/dev/null &
daemons="$daemons $!"
$sudo env SLURM_CONF="$conf" "$(sbin slurmd)" -D -N "$node" 2>/dev/null &
daemons="$daemons $!"
node_idle() { [ "$(slurm sinfo -h -n "$node" -o %T)" = idle ]; }
wait_for "Slurm (node $node idle)" 30 node_idle
say "sshd on 127.0.0.1:$ssh_port, its shards writing to $remote"
say "Slurm node $node: $hardware"

# Has shard 1 of $1 stop itself as it starts (see the squares wrapper), waits until it has,
# and prints its shard number; its PID is in $tmp/victim.
catch_shard() {
  rm -f "$tmp/victim"
  echo "1/$1" >"$tmp/stop-shard"
  wait_for "shard 1 of $1 stopped at its start" 120 test -s "$tmp/victim"
  echo 1
}

# check NAME GOT WANT: the merged output equals the unsharded one, byte for byte.
check() {
  cmp -s "$2" "$3" && [ -s "$2" ] || fail "$1: the merged output differs from the unsharded one"
  say "$1: merged = unsharded ($(wc -c <"$2") bytes)"
}

ssh_run() {
  scripts/shard-run.sh -N "$n" -o "$dir" --sshloginfile "$tmp/ssh/hosts" \
    --squares "$tmp/bin/squares" -- "$@" >"$tmp/got" 2>"$tmp/err"
}

# ssh_case NAME N ARGS...: shard-run.sh over SSH; one shard killed mid-run; the rerun must run
# only that shard.
ssh_case() {
  name=$1 n=$2
  shift 2
  dir=$tmp/parts/$name
  : >"$tmp/shards.log"
  status=0
  ssh_run "$@" &
  runner=$!
  victim=$(catch_shard "$n")
  kill -9 "$(cat "$tmp/victim")"
  wait "$runner" || status=$?
  [ $status -eq 1 ] && grep -q "failed shards of $n: $victim (" "$tmp/err" ||
    fail "$name: killed shard $victim: status $status: $(cat "$tmp/err")"
  [ ! -e "$dir/part-$victim-of-$n" ] || fail "$name: killed shard $victim left a part"
  left=$(host find "$dir" -name "'.part-*'")
  [ -z "$left" ] || fail "$name: killed shard $victim left on the host: $left"
  [ "$(sort -n "$tmp/shards.log" | uniq | wc -l)" -eq "$n" ] || fail "$name: not every shard ran"
  : >"$tmp/shards.log"
  ssh_run "$@" || fail "$name: rerun: status $?: $(cat "$tmp/err")"
  [ "$(cat "$tmp/shards.log")" = "$victim/$n" ] ||
    fail "$name: the rerun ran shards $(tr '\n' ' ' <"$tmp/shards.log")(want only $victim/$n)"
  check "ssh $name (shard $victim of $n killed, rerun alone)" "$tmp/got" "$tmp/want-$name"
}

no_tasks_left() { [ -z "$(slurm squeue -h -j "$1" -o %i)" ]; }
never_runs() { slurm squeue -h -j "$1" -o %r | grep -q DependencyNeverSatisfied; }

# The states of job $1's tasks once none is pending or running, e.g. "CANCELLED COMPLETED ".
# (Polls faster than sbatch --wait, which sleeps up to 10 s between looks.)
finished() {
  wait_for "the end of job $1" 120 no_tasks_left "$1"
  slurm scontrol -o show job "$1" | grep -o 'JobState=[A-Z_]*' | cut -d= -f2 | sort -u | tr '\n' ' '
}

# slurm_case NAME N ARGS...: a job array of shard-slurm.sh, one task cancelled mid-run; a merge
# job after afterok would wait forever, after afterany it names the missing shard; then a
# resubmission of that task alone, and the merge again.
slurm_case() {
  name=$1 n=$2
  shift 2
  dir=$tmp/slurm/parts-$name
  out=$tmp/slurm/out
  : >"$tmp/shards.log"
  job=$(slurm sbatch --parsable --array="1-$n" --output="$out/%A_%a.out" \
    scripts/shard-slurm.sh -o "$dir" --squares "$tmp/bin/squares" -- "$@")
  victim=$(catch_shard "$n")
  slurm scancel "${job}_$victim"
  # The cancel continues the stopped shard and terminates it. The test's own SIGCONT comes
  # only if it is still there after 10 s, to deliver a SIGTERM left pending while stopped.
  pid=$(cat "$tmp/victim") tries=50
  while kill -0 "$pid" 2>/dev/null && [ $tries -gt 0 ]; do
    sleep 0.2
    tries=$((tries - 1))
  done
  kill -CONT "$pid" 2>/dev/null || true
  states=$(finished "$job")
  [ "$states" = "CANCELLED COMPLETED " ] ||
    fail "$name: the array with task $victim cancelled ended $states(want CANCELLED COMPLETED)"
  [ ! -e "$dir/part-$victim-of-$n" ] || fail "$name: cancelled task $victim left a part"
  left=$(find "$dir" -name '.part-*')
  [ -z "$left" ] || fail "$name: cancelled task $victim left: $left"
  merge_cmd="scripts/shard-run.sh --merge-only -o '$dir' -O '$tmp/got'"
  stuck=$(slurm sbatch --parsable --dependency="afterok:$job" --output=/dev/null \
    --wrap "$merge_cmd")
  wait_for "the reason DependencyNeverSatisfied of a merge job after afterok" 10 never_runs "$stuck"
  slurm scancel "$stuck"
  merge=$(slurm sbatch --parsable --dependency="afterany:$job" --output="$out/merge-%j.out" \
    --wrap "$merge_cmd")
  [ "$(finished "$merge")" = "FAILED " ] || fail "$name: merge without shard $victim succeeded"
  grep -q "shards without a part (rerun to finish them): $victim\$" "$out/merge-$merge.out" ||
    fail "$name: the merge did not name shard $victim: $(cat "$out/merge-$merge.out")"
  : >"$tmp/shards.log"
  rerun=$(slurm sbatch --parsable --export="ALL,SHARDS=$n" --array="$victim" \
    --output="$out/%A_%a.out" scripts/shard-slurm.sh -o "$dir" --squares "$tmp/bin/squares" -- "$@")
  merge=$(slurm sbatch --parsable --dependency="afterok:$rerun" --output="$out/merge-%j.out" \
    --wrap "$merge_cmd")
  [ "$(finished "$merge")" = "COMPLETED " ] || fail "$name: merge after the rerun: $(cat "$out"/*)"
  [ "$(cat "$tmp/shards.log")" = "$victim/$n" ] ||
    fail "$name: the rerun ran shards $(tr '\n' ' ' <"$tmp/shards.log")(want only $victim/$n)"
  check "slurm $name (task $victim of $n cancelled, resubmitted alone)" "$tmp/got" "$tmp/want-$name"
}

count_args="--double -n 4 --count --threads 1 --max-level 40"  # 0.2 s (the whole list: 2 s)
list_args="--rect 3x5 --format lines --threads 1"
# shellcheck disable=SC2086  # argument lists
{
  "$squares" $count_args >"$tmp/want-count"
  "$squares" $list_args >"$tmp/want-list"
  ssh_case count 6 $count_args
  ssh_case list 6 $list_args
  slurm_case count 6 $count_args
  slurm_case list 6 $list_args
}
say "all passed ($(grep -c '^Accepted publickey' "$tmp/ssh/sshd.log") SSH logins)"
