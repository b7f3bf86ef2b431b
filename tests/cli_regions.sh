#!/bin/sh
# Golden and CLI tests of `squares regions`: each golden case runs the binary and compares
# stdout byte for byte with tests/data/regions/NAME.out (exit status 0); each error path
# checks the exit status and the exact message. Usage: cli_regions.sh SQUARES DATA_DIR
# To regenerate the golden files after a deliberate change: REGENERATE=1 cli_regions.sh ...
set -u
squares=$1
data=$2/regions
. "$(dirname "$0")/cli_lib.sh"
words=$data/words.txt

# Solving: unique, two words that swap letters (2+, both drawn), none, every solution.
golden unique 0 "$squares" regions --dict "$words" "$data/unique.txt"
golden unique-upper 0 "$squares" regions --dict "$words" --upper "$data/unique.txt"
golden swap 0 "$squares" regions --dict "$words" "$data/swap.txt"
golden swap-all 0 "$squares" regions --dict "$words" --all "$data/swap.txt"
golden none 0 "$squares" regions --dict "$words" "$data/none.txt"
golden sizes 0 "$squares" regions --dict "$words" --min 5 --max 6 "$data/swap.txt"
golden utf8 0 "$squares" regions --dict "$data/utf8-words.txt" "$data/utf8.txt"
golden stdin 0 sh -c "\"$squares\" regions --dict \"$words\" - <\"$data/unique.txt\""
# Making: the puzzle and its solution; the puzzle printed solves to that solution.
golden make 0 "$squares" regions --dict "$words" --make 6x8 --seed 7 --solution
"$squares" regions --dict "$words" --make 6x8 --seed 7 >"$tmp/made.txt"
"$squares" regions --dict "$words" "$tmp/made.txt" >"$tmp/solved.out"
sed -n '8,$p' "$data/make.out" >"$tmp/solution.out"
echo unique >>"$tmp/solution.out"
cmp -s "$tmp/solution.out" "$tmp/solved.out" ||
  { echo "FAIL: the made puzzle does not solve to its solution"; failures=$((failures + 1)); }

# Data errors (exit 1).
printf 'home\nles\n' >"$tmp/ragged.txt"
expect 1 "squares: $tmp/ragged.txt:2: row has 3 letters, expected 4" \
  "$squares" regions --dict "$words" "$tmp/ragged.txt"
printf 'home\nle-s\n' >"$tmp/bad.txt"
expect 1 "squares: $tmp/bad.txt:2:3: '-' is not a letter of the dictionary's alphabet" \
  "$squares" regions --dict "$words" "$tmp/bad.txt"
printf 'über\nkäse\n' >"$tmp/accent.txt"
expect 1 "squares: $tmp/accent.txt:1:1: 'ü' is not a letter of the dictionary's alphabet" \
  "$squares" regions --dict "$words" "$tmp/accent.txt"
printf 'home\n\nless\n' >"$tmp/gap.txt"
expect 1 "squares: $tmp/gap.txt:2: empty row" "$squares" regions --dict "$words" "$tmp/gap.txt"
: >"$tmp/empty.txt"
expect 1 "squares: $tmp/empty.txt: no rows" "$squares" regions --dict "$words" "$tmp/empty.txt"
expect 1 "squares: $tmp/missing.txt: No such file or directory" \
  "$squares" regions --dict "$words" "$tmp/missing.txt"
expect 1 "squares: no unique 2x4 puzzle found in 1000 solver runs; try another seed" \
  sh -c "printf 'aaaa\\n' | \"$squares\" regions --dict - --make 2x4"

# Usage errors (exit 2).
expect 2 "squares: regions: missing PUZZLE file" "$squares" regions --dict "$words"
expect 2 "squares: regions: expected one PUZZLE file" \
  "$squares" regions --dict "$words" "$data/swap.txt" "$data/swap.txt"
expect 2 "squares: --min 7 is larger than --max 6" \
  "$squares" regions --dict "$words" --min 7 --max 6 "$data/swap.txt"
expect 2 "squares: --min: '0' is not an integer in 1..10" \
  "$squares" regions --dict "$words" --min 0 "$data/swap.txt"
expect 2 "squares: --max: '11' is not an integer in 1..10" \
  "$squares" regions --dict "$words" --max 11 "$data/swap.txt"
expect 2 "squares: --make: expected ROWSxCOLS (1 to 50 each), got '3y4'" \
  "$squares" regions --dict "$words" --make 3y4
expect 2 "squares: regions: --make takes no PUZZLE file" \
  "$squares" regions --dict "$words" --make 3x4 "$data/swap.txt"
expect 2 "squares: cannot split a 1x3 grid into regions of 4 to 8 cells" \
  "$squares" regions --dict "$words" --make 1x3
expect 2 "squares: the dictionary has no words of 7 to 8 letters" \
  "$squares" regions --dict "$words" --min 7 --make 4x4
expect 2 "squares: --seed: '-1' is not an integer in 0..9223372036854775807" \
  "$squares" regions --dict "$words" --make 4x4 --seed -1
expect 2 "squares: --solution needs --make" \
  "$squares" regions --dict "$words" --solution "$data/swap.txt"
expect 2 "squares: --seed needs --make" \
  "$squares" regions --dict "$words" --seed 3 "$data/swap.txt"
expect 2 "squares: --all does not go with --make" \
  "$squares" regions --dict "$words" --all --make 3x4
expect 2 "squares: unknown option '--bogus' (try --help)" \
  "$squares" regions --bogus "$data/swap.txt"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "all regions CLI tests passed"
