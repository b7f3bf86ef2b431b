#!/bin/sh
# The cost of a sharded search before it is run (by scripts/shard-run.sh or shard-slurm.sh):
# runs SAMPLE of its N parts (`--shard I/N`), drawn at random with SEED, one at a time pinned
# to one core, and prints each part's CPU seconds (user + sys) and the expected total: the
# mean part times N, with the least and the most part times N as its range. Parts differ by
# 3x and more (docs: BENCHMARKS.md), so take 20 parts or more before planning a large run.
#   scripts/bench-frontier.sh [-n SAMPLE] [-s SEED] [--squares PATH] N -- SQUARES-ARGS...
# Example, the order-9 double search over dwyl's words_alpha:
#   scripts/bench-frontier.sh -n 20 4000 -- --double --distinct --no-transpose --count \
#     -n 9 -d words_alpha.txt
# Environment: PIN_CPU (default 1).
set -eu
usage() {
  echo "bench-frontier.sh: $1" >&2
  sed -n '7s/^#  /usage:/p' "$0" >&2
  exit 2
}
sample=20 seed=1 squares=build/src/squares
while [ $# -gt 0 ]; do
  case $1 in
    -n|-s|--squares)
      [ $# -ge 2 ] || usage "option '$1' needs a value"
      case $1 in -n) sample=$2 ;; -s) seed=$2 ;; --squares) squares=$2 ;; esac
      shift 2 ;;
    --) usage "N comes before --" ;;
    -*) usage "unknown option '$1'" ;;
    *) break ;;
  esac
done
if [ $# -lt 2 ] || [ "$2" != -- ]; then usage "give N, then -- and the squares arguments"; fi
shards=$1
shift 2
case $shards$sample in *[!0-9]*|'') usage "N and SAMPLE must be positive integers" ;; esac
if [ "$shards" -lt 1 ] || [ "$sample" -lt 1 ]; then usage "N and SAMPLE must be positive integers"; fi
[ "$sample" -le "$shards" ] || sample=$shards
[ -x "$squares" ] || usage "$squares: no squares program (build it, or give --squares)"
parts=$(awk -v n="$shards" -v k="$sample" -v seed="$seed" 'BEGIN {
  srand(seed); while (got < k) { i = 1 + int(rand() * n); if (!(i in seen)) { seen[i]; got++; print i } } }')
PARTS=$parts python3 - "${PIN_CPU:-1}" "$shards" "$squares" "$@" <<'PY'
import os, subprocess, sys
pin, shards, squares, args = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
seconds = []
for part in [int(p) for p in os.environ["PARTS"].split()]:
    child = subprocess.Popen(["taskset", "-c", pin, squares, *args, "--shard", f"{part}/{shards}"],
                             stdout=subprocess.PIPE)
    out = child.stdout.read().decode().strip().splitlines()
    _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        sys.exit(f"bench-frontier.sh: part {part}/{shards} failed (status {status})")
    seconds.append(usage.ru_utime + usage.ru_stime)
    print(f"part {part}/{shards}: {seconds[-1]:.2f} CPU s, {out[-1] if out else 'no output'}",
          flush=True)
mean = sum(seconds) / len(seconds)
print(f"expected total over {shards} parts, from {len(seconds)}: {mean * shards:.0f} CPU s"
      f" = {mean * shards / 3600:.2f} CPU hours (range {min(seconds) * shards:.0f}-"
      f"{max(seconds) * shards:.0f} CPU s)")
PY
