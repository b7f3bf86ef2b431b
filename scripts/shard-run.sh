#!/bin/sh
# Runs one `squares` enumeration as N exact shards (`--shard I/N`) with GNU Parallel, on local
# cores or on SSH hosts, then merges the parts (docs/development.md, "Running across machines").
#
#   shard-run.sh [-j JOBS] [-N SHARDS] [-o DIR] [-O FILE] [--sshloginfile FILE]
#                [--squares PATH] -- SQUARES-ARGS...
#   shard-run.sh --run-one I [-N SHARDS] [-o DIR] [--squares PATH] -- SQUARES-ARGS...
#   shard-run.sh --merge-only [-o DIR] [-O FILE]
#
# DIR holds `run` (the shard count, the merge rule and the command, written by the first run)
# and part-I-of-N for each finished shard. A shard writes DIR/.part-I-of-N.tmp.PID and renames
# it to its part file only when squares succeeded (and removes it when squares failed or the
# shard got SIGTERM, SIGINT or SIGHUP), so a part file is always complete: a rerun
# runs only the shards without one, and a killed job loses nothing but itself. The merge sums
# the counts (when SQUARES-ARGS has --count or -c) or concatenates the parts in order I = 1..N.
# --run-one runs a single shard that way (the Slurm script uses it); --merge-only only merges.
# Every part of a run must come from one squares build and one word list: the parts are cut
# by the search's own weights, which another version may weigh differently (a run resumed
# with a newer squares would leave gaps or overlaps between its old and new parts). So the
# first start records the key of the cut (`squares --shard-key`) in DIR/key, every later start
# refuses to go on under another key, and shards on SSH hosts check it themselves
# (--check-shard-key).
set -eu

usage() {
  printf 'shard-run.sh: %s\n' "$1" >&2
  sed -n '5,7s/^#  /usage:/p' "$0" >&2
  exit 2
}

jobs="" shards=16 dir=shards output="" sshloginfile="" squares=squares one="" merge_only=""
while [ $# -gt 0 ]; do
  case $1 in
    -j|-N|-o|-O|--sshloginfile|--squares|--run-one)
      [ $# -ge 2 ] || usage "option '$1' needs a value"
      case $1 in
        -j) jobs=$2 ;; -N) shards=$2 ;; -o) dir=$2 ;; -O) output=$2 ;;
        --sshloginfile) sshloginfile=$2 ;; --squares) squares=$2 ;; --run-one) one=$2 ;;
      esac
      shift 2 ;;
    --merge-only) merge_only=1; shift ;;
    -h|--help) sed -n '2,15s/^# \{0,1\}//p' "$0"; exit 0 ;;
    --) shift; break ;;
    *) usage "unknown option '$1' (SQUARES-ARGS come after --)" ;;
  esac
done

is_count() {  # a positive integer
  case $1 in ''|*[!0-9]*|0*) return 1 ;; esac
}
is_count "$shards" || usage "-N: '$shards' is not a positive integer"
[ -z "$jobs" ] || is_count "$jobs" || usage "-j: '$jobs' is not a positive integer"
[ -z "$one" ] || { is_count "$one" && [ "$one" -le "$shards" ]; } ||
  usage "--run-one: '$one' is not a shard number in 1..$shards"
[ -z "$sshloginfile" ] || [ -r "$sshloginfile" ] ||
  usage "--sshloginfile: cannot read '$sshloginfile'"

# The shards of N (1..N) without a part in DIR.
missing_parts() {
  i=1
  while [ "$i" -le "$1" ]; do
    [ -f "$dir/part-$i-of-$1" ] || printf ' %s' "$i"
    i=$((i + 1))
  done
}

# Merges DIR's parts in order, summed or concatenated, to -O FILE (atomically) or stdout.
merge() {
  if [ -z "$output" ]; then
    merge_parts
  else
    merge_parts >"$output.tmp.$$" && mv "$output.tmp.$$" "$output"
  fi
}

merge_parts() {
  [ -r "$dir/run" ] || { echo "shard-run.sh: $dir/run: no run here (nothing to merge)" >&2; exit 1; }
  n=$(sed -n 's/^shards=//p' "$dir/run")
  rule=$(sed -n 's/^merge=//p' "$dir/run")
  missing=$(missing_parts "$n")
  if [ -n "$missing" ]; then
    echo "shard-run.sh: $dir: shards without a part (rerun to finish them):$missing" >&2
    exit 1
  fi
  i=1 total=0
  while [ "$i" -le "$n" ]; do
    part=$dir/part-$i-of-$n
    if [ "$rule" = count ]; then
      value=$(cat "$part")
      case $value in
        ''|*[!0-9]*) echo "shard-run.sh: $part: not a count: '$value'" >&2; exit 1 ;;
      esac
      total=$((total + value))
    else
      cat "$part"
    fi
    i=$((i + 1))
  done
  [ "$rule" != count ] || echo "$total"
}

if [ -n "$merge_only" ]; then
  [ $# -eq 0 ] || usage "--merge-only takes no SQUARES-ARGS"
  merge
  exit 0
fi
[ $# -gt 0 ] || usage "no SQUARES-ARGS (give them after --)"

# The squares command, quoted for a shell (also a remote one), and its merge rule.
quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
command=$(quote "$squares")
rule=concat
for arg in "$@"; do
  case $arg in --shard|--shard=*) usage "SQUARES-ARGS must not have --shard (the runner adds it)" ;; esac
  case $arg in --count|-c) rule=count ;; esac
  command="$command $(quote "$arg")"
done

mkdir -p "$dir"
run=$(printf 'shards=%s\nmerge=%s\ncommand=%s\n' "$shards" "$rule" "$command")
if [ -f "$dir/run" ]; then
  [ "$(cat "$dir/run")" = "$run" ] ||
    usage "$dir holds the parts of another run (see $dir/run): choose another -o"
else
  printf '%s\n' "$run" >"$dir/run.tmp.$$" && mv "$dir/run.tmp.$$" "$dir/run"
fi

if [ -n "$one" ] && [ -f "$dir/part-$one-of-$shards" ]; then
  echo "shard-run.sh: shard $one of $shards: done already" >&2
  exit 0
fi

# The key of the cut: recorded by the first start (the first of simultaneous ones, by ln),
# then compared.
key=$(eval "$command --shard 1/$shards --shard-key" 2>"$dir/.key-error.$$") || {
  status=$?
  echo "shard-run.sh: the key of the cut: $(head -1 "$dir/.key-error.$$")" >&2
  rm -f "$dir/.key-error.$$"
  exit $status
}
rm -f "$dir/.key-error.$$"
if [ ! -f "$dir/key" ] && [ -n "$(find "$dir" -maxdepth 1 -name 'part-*' | head -1)" ]; then
  echo "shard-run.sh: warning: $dir has parts but no key: they are not checked to come from this build" >&2
fi
printf '%s\n' "$key" >"$dir/.key.tmp.$$"
ln "$dir/.key.tmp.$$" "$dir/key" 2>/dev/null || true
rm -f "$dir/.key.tmp.$$"
recorded=$(cat "$dir/key")
if [ "$recorded" != "$key" ]; then
  echo "shard-run.sh: $dir: its parts are cut by another squares build or from other words" \
       "(key $recorded there, $key with this squares): finish the run with the build that" \
       "started it, or start again in another -o" >&2
  exit 1
fi
check=""
[ -z "$sshloginfile" ] || check=" --check-shard-key $key"

# One shard as a shell command with {} for I; it runs where Parallel sends it. Remote hosts
# write the part into the same absolute DIR of their own, and Parallel's --return copies it
# back (rsync renames atomically); a shared DIR works too.
[ -z "$sshloginfile" ] || case $dir in /*) ;; *) dir=$(pwd)/$dir ;; esac
# The temporary file goes when the shard fails or is stopped by a signal (scancel, Parallel).
job="mkdir -p $(quote "$dir") && t=$(quote "$dir")/.part-{}-of-$shards.tmp.\$\$ &&"
job="$job trap 'rm -f \"\$t\"' EXIT && trap 'exit 1' HUP INT TERM &&"
job="$job $command$check --shard {}/$shards >\"\$t\" && mv \"\$t\" $(quote "$dir")/part-{}-of-$shards"

if [ -n "$one" ]; then
  eval "$(printf '%s\n' "$job" | sed "s/{}/$one/g")"
  exit
fi

command -v parallel >/dev/null 2>&1 || { echo "shard-run.sh: GNU parallel is not installed" >&2; exit 1; }
todo=$(missing_parts "$shards")
if [ -n "$todo" ]; then
  set -- --will-cite --tagstring "shard {}:" ${jobs:+-j "$jobs"}
  if [ -n "$sshloginfile" ]; then
    set -- "$@" --sshloginfile "$sshloginfile" --return "$dir/part-{}-of-$shards"
  fi
  # shellcheck disable=SC2086  # $todo is a list of numbers
  parallel "$@" "$job" ::: $todo || true
fi
failed=$(missing_parts "$shards")
if [ -n "$failed" ]; then
  echo "shard-run.sh: failed shards of $shards:$failed (rerun the same command to finish them)" >&2
  exit 1
fi
merge
