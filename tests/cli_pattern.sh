#!/bin/sh
# Golden and CLI tests of `squares pattern`: a random pattern is the same for its seed (stdout
# byte for byte against tests/data/pattern/NAME.out) and one `squares fill` reads; --check's
# verdicts; each error path's exit status and exact message. Usage: cli_pattern.sh SQUARES
# DATA_DIR. To regenerate the golden files: REGENERATE=1 cli_pattern.sh ...
set -u
squares=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
data=$2/pattern
. "$(dirname "$0")/cli_lib.sh"

golden seed-7 0 "$squares" pattern 15 --seed 7
golden rect 0 "$squares" pattern 13x21 --seed 2 --density 0.15
"$squares" pattern 15 --seed 7 >"$tmp/seven.txt"
"$squares" pattern --check "$tmp/seven.txt" >"$tmp/check.out" ||
  fail "pattern --check refuses the pattern it made"
[ "$(cat "$tmp/check.out")" = "$tmp/seven.txt: legal" ] || fail "pattern --check: $(cat "$tmp/check.out")"
"$squares" fill --any --threads 1 "$tmp/seven.txt" >/dev/null || fail "fill does not read the pattern"

# --check: every problem, exit 1 with the count on stderr.
printf '#....\n.....\n..#..\n.....\n.....\n' >"$tmp/bad.txt"
golden check-bad 1 sh -c "cd \"$tmp\" && \"$squares\" pattern --check seven.txt bad.txt"
[ "$(cat "$tmp/err")" = "squares: 1 of 2 patterns are not legal" ] || fail "check-bad: stderr $(cat "$tmp/err")"

# Data errors (exit 1).
expect 1 "squares: no legal 5x5 pattern with 10 blocks was found (at most 8 in 20 tries): ask for fewer blocks" \
  "$squares" pattern 5 --density 0.4
expect 1 "squares: $tmp/missing.txt: No such file or directory" "$squares" pattern --check "$tmp/missing.txt"

# Usage errors (exit 2).
expect 2 "squares: pattern: missing SIZE (15, or ROWSxCOLS)" "$squares" pattern
expect 2 "squares: pattern: expected one SIZE" "$squares" pattern 15 21
expect 2 "squares: pattern: SIZE is 15 or ROWSxCOLS, not '15x'" "$squares" pattern 15x
expect 2 "squares: a pattern has 3 to 64 rows and columns, not 2x2" "$squares" pattern 2
expect 2 "squares: a pattern has 3 to 64 rows and columns, not 15x65" "$squares" pattern 15x65
expect 2 "squares: the block density is 0 to 0.4, not 0.5" "$squares" pattern 15 --density 0.5
expect 2 "squares: --density: expected a number, got 'lots'" "$squares" pattern 15 --density lots
expect 2 "squares: --seed: '-1' is not an integer in 0..9223372036854775807" "$squares" pattern 15 --seed -1
expect 2 "squares: pattern: --check needs GRID files" "$squares" pattern --check
expect 2 "squares: --seed does not go with --check" "$squares" pattern --check --seed 3 "$tmp/seven.txt"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "all pattern CLI tests passed"
