#!/bin/sh
# scripts/shard-run.sh (GNU Parallel) and scripts/shard-slurm.sh against single runs.
#   cli_shards.sh SQUARES SOURCE_DIR
# The Slurm script runs by hand with the SLURM_* variables set; the Parallel runner's checks
# are skipped (status 77) when GNU parallel is not installed.
set -u
squares=$1
root=$2
run=$root/scripts/shard-run.sh
words=$root/tests/data/squares/words4.txt
data=unused
. "$(dirname "$0")/cli_lib.sh"

# A squares that logs each shard it runs (not the runner's question for the key), and fails on shard $FAIL_SHARD after some output.
cat >"$tmp/logged" <<EOF
#!/bin/sh
for arg in "\$@"; do last=\$arg; done
[ "\$last" = --shard-key ] || echo "\$last" >>"$tmp/log"
if [ "\$last" = "\${FAIL_SHARD:-}" ]; then echo partial; exit 1; fi
exec "$squares" "\$@"
EOF
chmod +x "$tmp/logged"

# Slurm: each array index by hand, twice for one (the second does nothing), then the merge.
"$squares" --double -n 4 --dict "$words" --format lines >"$tmp/whole"
slurm() {  # slurm INDEX COUNT [MIN MAX]
  SLURM_ARRAY_TASK_ID=$1 SLURM_ARRAY_TASK_COUNT=$2 SLURM_ARRAY_TASK_MIN=${3:-1} \
    SLURM_ARRAY_TASK_MAX=${4:-$2} SLURM_SUBMIT_DIR=$root SHARDS=${SHARDS:-} \
    sh "$root/scripts/shard-slurm.sh" -o "$tmp/slurm" --squares "$tmp/logged" -- \
    --double -n 4 --dict "$words" --format lines 2>>"$tmp/slurm-err"
}
for i in 1 2 3 4 5; do slurm $i 5 || fail "slurm task $i: status $?"; done
: >"$tmp/log"
slurm 3 5 || fail "slurm task 3 again: status $?"
[ ! -s "$tmp/log" ] || fail "slurm task 3 again ran squares: $(cat "$tmp/log")"
"$run" --merge-only -o "$tmp/slurm" >"$tmp/merged" || fail "slurm merge: status $?"
same "slurm: merged parts = whole" "$tmp/merged" "$tmp/whole"
# A resubmission of shards 2 and 4 (array 2-4) keeps N with SHARDS.
rm "$tmp/slurm/part-2-of-5" "$tmp/slurm/part-4-of-5"
slurm 2 3 2 4 && fail "slurm: array 2-4 without SHARDS accepted"
for i in 2 4; do SHARDS=5 slurm $i 3 2 4 || fail "SHARDS=5 slurm task $i: status $?"; done
"$run" --merge-only -o "$tmp/slurm" -O "$tmp/merged" || fail "slurm merge -O: status $?"
same "slurm: resubmitted shards, merged = whole" "$tmp/merged" "$tmp/whole"

if ! command -v parallel >/dev/null 2>&1; then
  echo "GNU parallel is not installed: skipping the runner's checks"
  [ "$failures" -eq 0 ] || exit 1
  exit 77
fi

# Every mode and shard count: the merged result = the single process's, byte for byte.
check_mode() {  # check_mode NAME "SHARD COUNTS" SQUARES-ARGS...
  name=$1 counts=$2
  shift 2
  "$squares" "$@" >"$tmp/whole" || fail "$name: single run: status $?"
  for n in $counts; do
    out=$tmp/$name-$n
    "$run" -j 2 -N "$n" -o "$out" --squares "$squares" -- "$@" >"$tmp/merged" 2>"$tmp/err" ||
      fail "$name, N = $n: status $? $(cat "$tmp/err")"
    cp "$tmp/err" "$tmp/$name-err"
    same "$name, N = $n: merged = single run" "$tmp/merged" "$tmp/whole"
  done
}
check_mode symmetric "1 2 3 7 16" -n 4 --dict "$words" --threads 1
check_mode double-count "2 16" --double -n 4 --dict "$words" --count
check_mode rect-lines "3 7" --rect 3x4 --max-level 35 --format lines
printf '....\n#..#\n....\n' >"$tmp/grid.txt"
check_mode fill "3" fill "$tmp/grid.txt" --all --dict "$root/tests/data/fill/words.txt"

# A shard that dies leaves no part; the run says which and fails; the rerun runs only it.
: >"$tmp/log"
FAIL_SHARD=4/7 "$run" -j 2 -N 7 -o "$tmp/resume" --squares "$tmp/logged" -- -n 4 \
  --dict "$words" >"$tmp/merged" 2>"$tmp/err"
status=$?
[ $status -eq 1 ] && grep -q "failed shards of 7: 4 " "$tmp/err" ||
  fail "dead shard: status $status, $(cat "$tmp/err")"
[ ! -e "$tmp/resume/part-4-of-7" ] && [ -z "$(ls "$tmp/resume"/.part-* 2>/dev/null)" ] ||
  fail "dead shard: a part or temporary file was left: $(ls -a "$tmp/resume")"
"$squares" -n 4 --dict "$words" >"$tmp/whole"
# Also as after a kill: two parts gone, a stray temporary file of one of them.
rm "$tmp/resume/part-2-of-7" "$tmp/resume/part-6-of-7"
echo partial >"$tmp/resume/.part-6-of-7.tmp.12345"
: >"$tmp/log"
"$run" -j 2 -N 7 -o "$tmp/resume" --squares "$tmp/logged" -- -n 4 --dict "$words" \
  >"$tmp/merged" 2>"$tmp/err" || fail "rerun: status $? $(cat "$tmp/err")"
same "rerun: merged = single run" "$tmp/merged" "$tmp/whole"
[ "$(sort "$tmp/log" | tr '\n' ' ')" = "2/7 4/7 6/7 " ] ||
  fail "rerun ran $(tr '\n' ' ' <"$tmp/log") (want 2/7 4/7 6/7)"

# The key of the cut: the same for the same search and shard count, another for another
# count or other words; a part refuses to run under another key (exit 1), and the runner
# refuses to resume a run whose recorded key differs from its squares' (another build).
key() { "$squares" "$@" --shard-key; }
k=$(key -n 4 --dict "$words" --shard 2/7)
echo "$k" | grep -Eqx '[0-9a-f]{16}' || fail "--shard-key printed '$k'"
[ "$(key -n 4 --dict "$words" --shard 5/7)" = "$k" ] || fail "--shard-key differs between parts"
[ "$(key -n 4 --dict "$words" --shard 2/8)" != "$k" ] || fail "--shard-key: 7 and 8 parts alike"
head -n 200 "$words" >"$tmp/fewer.txt"
[ "$(key -n 4 --dict "$tmp/fewer.txt" --shard 2/7)" != "$k" ] || fail "--shard-key: other words alike"
"$squares" -n 4 --dict "$words" --shard 2/7 --check-shard-key "$k" >"$tmp/part" ||
  fail "--check-shard-key with the right key: status $?"
"$squares" -n 4 --dict "$words" --shard 2/7 >"$tmp/plain"
same "--check-shard-key: the part" "$tmp/part" "$tmp/plain"
"$squares" -n 4 --dict "$words" --shard 2/7 --check-shard-key 0123456789abcdef \
  >"$tmp/part" 2>"$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/part" ] && grep -qF "cut into other parts here (key $k)" "$tmp/err" ||
  fail "--check-shard-key with another key: $(cat "$tmp/err")"
[ "$(cat "$tmp/resume/key")" = "$(key -n 4 --dict "$words" --shard 1/7)" ] ||
  fail "the runner recorded key '$(cat "$tmp/resume/key")'"
echo 0123456789abcdef >"$tmp/resume/key"
rm "$tmp/resume/part-3-of-7"
: >"$tmp/log"
"$run" -j 2 -N 7 -o "$tmp/resume" --squares "$tmp/logged" -- -n 4 --dict "$words" \
  >"$tmp/merged" 2>"$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/merged" ] && [ ! -s "$tmp/log" ] &&
  grep -qF "cut by another squares build or from other words" "$tmp/err" ||
  fail "resumed under another key: $(cat "$tmp/err"), ran $(cat "$tmp/log")"
# The words changed under a run: the same refusal.
cp "$words" "$tmp/changing.txt"
FAIL_SHARD=2/4 "$run" -j 2 -N 4 -o "$tmp/changed" --squares "$tmp/logged" -- -n 4 \
  --dict "$tmp/changing.txt" >/dev/null 2>&1
sed -i 1d "$tmp/changing.txt"
"$run" -j 2 -N 4 -o "$tmp/changed" --squares "$tmp/logged" -- -n 4 --dict "$tmp/changing.txt" \
  >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] && grep -qF "cut by another squares build or from other words" "$tmp/err" ||
  fail "resumed with other words: $(cat "$tmp/err")"
# fill's key, as the square search's: the same for every part, another for another count or
# other words; a part runs only under it; the runner records it and refuses a resume under
# another.
fill_words=$root/tests/data/fill/words.txt
fill_key() { "$squares" fill "$tmp/grid.txt" --all --dict "$@" --shard-key; }
k=$(fill_key "$fill_words" --shard 2/3)
echo "$k" | grep -Eqx '[0-9a-f]{16}' || fail "fill --shard-key printed '$k'"
for i in 1 3; do
  [ "$(fill_key "$fill_words" --shard $i/3)" = "$k" ] || fail "fill --shard-key differs for part $i"
done
[ "$(fill_key "$fill_words" --shard 2/4)" != "$k" ] || fail "fill --shard-key: 3 and 4 parts alike"
head -n 30 "$fill_words" >"$tmp/fill-fewer.txt"
[ "$(fill_key "$tmp/fill-fewer.txt" --shard 2/3)" != "$k" ] ||
  fail "fill --shard-key: other words alike"
"$squares" fill "$tmp/grid.txt" --all --dict "$fill_words" --shard 2/3 --check-shard-key "$k" \
  >"$tmp/part" || fail "fill --check-shard-key with the right key: status $?"
"$squares" fill "$tmp/grid.txt" --all --dict "$fill_words" --shard 2/3 >"$tmp/plain"
[ -s "$tmp/plain" ] || fail "fill: part 2/3 is empty"
same "fill --check-shard-key: the part" "$tmp/part" "$tmp/plain"
"$squares" fill "$tmp/grid.txt" --all --dict "$fill_words" --shard 2/3 \
  --check-shard-key 0123456789abcdef >"$tmp/part" 2>"$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/part" ] && grep -qF "cut into other parts here (key $k)" "$tmp/err" ||
  fail "fill --check-shard-key with another key: $(cat "$tmp/err")"
[ "$(cat "$tmp/fill-3/key")" = "$(fill_key "$fill_words" --shard 1/3)" ] ||
  fail "the runner recorded fill key '$(cat "$tmp/fill-3/key")'"
! grep -q "warning" "$tmp/fill-err" || fail "fill: the runner warned: $(cat "$tmp/fill-err")"
echo 0123456789abcdef >"$tmp/fill-3/key"
rm "$tmp/fill-3/part-2-of-3"
"$run" -j 2 -N 3 -o "$tmp/fill-3" --squares "$squares" -- fill "$tmp/grid.txt" --all \
  --dict "$fill_words" >"$tmp/merged" 2>"$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/merged" ] && [ ! -e "$tmp/fill-3/part-2-of-3" ] &&
  grep -qF "cut by another squares build or from other words" "$tmp/err" ||
  fail "fill resumed under another key: $(cat "$tmp/err")"
# A command whose key cannot be made runs nothing, and says why.
"$run" -N 2 -o "$tmp/bad" --squares "$squares" -- -n 4 --bogus >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -qF "shard-run.sh: the key of the cut: squares: unknown option '--bogus'" \
  "$tmp/err" && [ -z "$(ls "$tmp/bad" | grep part)" ] ||
  fail "a command without a key: $(cat "$tmp/err")"

# Usage errors: exit 2 with a message.
usage_error() {  # usage_error MESSAGE ARGS...
  want=$1
  shift
  "$run" "$@" >/dev/null 2>"$tmp/err"
  status=$?
  [ $status -eq 2 ] && grep -qF -- "$want" "$tmp/err" ||
    fail "usage $*: status $status, $(head -1 "$tmp/err")"
}
usage_error "-N: 'x' is not a positive integer" -N x -- -n 4
usage_error "-j: '0' is not a positive integer" -j 0 -- -n 4
usage_error "no SQUARES-ARGS" -N 2
usage_error "unknown option '-n'" -n 4
usage_error "option '-o' needs a value" -o
usage_error "must not have --shard" -- -n 4 --shard 1/2
usage_error "holds the parts of another run" -N 3 -o "$tmp/resume" -- -n 4 --dict "$words"
"$run" --merge-only -o "$tmp/nothing" 2>"$tmp/err"
[ $? -eq 1 ] && grep -qF "nothing to merge" "$tmp/err" || fail "merge of nothing: $(cat "$tmp/err")"

[ "$failures" -eq 0 ] || { echo "$failures failures" >&2; exit 1; }
