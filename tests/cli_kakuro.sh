#!/bin/sh
# Golden and CLI tests of `squares kakuro`: each golden case compares stdout byte for byte with
# tests/data/kakuro/NAME.out (and the exit status); each error path checks the exit status and
# the exact message. Usage: cli_kakuro.sh SQUARES DATA_DIR
# To regenerate the golden files after a deliberate change: REGENERATE=1 cli_kakuro.sh ...
set -u
squares=$1
data=$2/kakuro
. "$(dirname "$0")/cli_lib.sh"

# The shared puzzles: solved grids, and every stored solution checked unique.
golden nikoli 0 "$squares" kakuro "$data/gecode-nikoli.kgrid"
golden check-nikoli 0 "$squares" kakuro --check "$data/gecode-nikoli.kgrid"
golden check-atk 0 "$squares" kakuro --check "$data/csprules-atk.kgrid"
golden count-atk 0 "$squares" kakuro --count "$data/csprules-atk.kgrid"
# Unique, two solutions, none; a bare grid; stdin.
golden small 0 "$squares" kakuro "$data/small.kgrid"
golden small-count 0 "$squares" kakuro --count "$data/small.kgrid"
golden small-all 0 "$squares" kakuro --all "$data/small.kgrid"
golden small-all-count 0 "$squares" kakuro --all --count "$data/small.kgrid"
golden small-limit 0 "$squares" kakuro --all --limit 1 "$data/small.kgrid"
# --limit 0 asks for no solution, as `squares --limit 0` for no square: no board searched.
golden small-limit0 0 "$squares" kakuro --all --limit 0 "$data/small.kgrid"
golden small-all-count-limit0 0 "$squares" kakuro --all --count --limit 0 "$data/small.kgrid"
golden bare 0 "$squares" kakuro "$data/bare.txt"
golden bare-count 0 sh -c "\"$squares\" kakuro --count - <\"$data/bare.txt\""
# --check failures: a wrong stored solution, a valid one that is not unique, none stored.
golden check-bad 1 "$squares" kakuro --check "$data/check.kgrid"
"$squares" kakuro --check "$data/check.kgrid" >/dev/null 2>"$tmp/err"
[ "$(cat "$tmp/err")" = "squares: $data/check.kgrid: 3 of 4 puzzles failed the check" ] ||
  { echo "FAIL: check.kgrid summary: $(cat "$tmp/err")"; failures=$((failures + 1)); }
# A solved grid printed by the command satisfies its board: paste it back as the SOLUTION.
{ head -4 "$data/small.kgrid"; echo SOLUTION; sed -n '2,4p' "$data/small.out"; echo END; } >"$tmp/solved.kgrid"
printf 'unique: ok: unique, matches the stored solution\n' >"$tmp/expected"
"$squares" kakuro --check "$tmp/solved.kgrid" >"$tmp/out" 2>&1
cmp -s "$tmp/out" "$tmp/expected" || { echo "FAIL: round trip: $(cat "$tmp/out")"; failures=$((failures + 1)); }

# Data errors (exit 1), each named by line, row and column.
board() { printf "$1" >"$tmp/b.txt"; }
board '# 3\\ 4\\\n\\3 . .\n\\4 . x\n'
expect 1 "squares: $tmp/b.txt:3: row 3, column 3: malformed token 'x' (expected '.', '#' or a clue 'D\\R')" \
  "$squares" kakuro "$tmp/b.txt"
board '# 3\\ 4\\\n\\3 . .\n\\4 .\n'
expect 1 "squares: $tmp/b.txt:3: row has 2 cells, expected 3" "$squares" kakuro "$tmp/b.txt"
board '\\45 . . . . . . . . . .\n'
expect 1 "squares: $tmp/b.txt:1: row 1, column 1: the run right of this clue has 10 cells, more than 9" \
  "$squares" kakuro "$tmp/b.txt"
board '# 3\\ 4\\\n\\3 . .\n\\18 . .\n'
expect 1 "squares: $tmp/b.txt:3: row 3, column 1: right sum 18 is impossible for 2 cells (distinct digits make 3..17)" \
  "$squares" kakuro "$tmp/b.txt"
board '# 3\\ 4\\ # #\n\\3 . . # .\n\\4 . . # #\n'
expect 1 "squares: $tmp/b.txt:2: row 2, column 5: white cell in no run" "$squares" kakuro "$tmp/b.txt"
board '# 3\\ 4\\ 5\\\n\\3 . . #\n\\4 . . #\n'
expect 1 "squares: $tmp/b.txt:1: row 1, column 4: clue '5\\' has a down sum but no run below it" \
  "$squares" kakuro "$tmp/b.txt"
board '# 3\\ 4\\\n# . .\n\\4 . .\n'
expect 1 "squares: $tmp/b.txt:2: row 2, column 2: a run of 2 white cells across starts here with no clue before it" \
  "$squares" kakuro "$tmp/b.txt"
board 'KAKURO x 3 3\n# 3\\ 4\\\n\\3 . .\n'
expect 1 "squares: $tmp/b.txt:1: board 'x' has 2 rows, the header says 3" "$squares" kakuro "$tmp/b.txt"
expect 1 "squares: $tmp/missing.txt: No such file or directory" "$squares" kakuro "$tmp/missing.txt"

# Usage errors (exit 2).
expect 2 "squares: give exactly one BOARD file (try 'squares kakuro --help')" "$squares" kakuro
expect 2 "squares: --limit needs --all" "$squares" kakuro --limit 3 "$data/small.kgrid"
expect 2 "squares: --limit: '-1' is not an integer in 0..9223372036854775807" \
  "$squares" kakuro --all --limit -1 "$data/small.kgrid"
expect 2 "squares: --check excludes --all and --count" "$squares" kakuro --check --count "$data/small.kgrid"
expect 2 "squares: --timeout: 'x' is not a positive number" "$squares" kakuro --timeout x "$data/small.kgrid"
expect 2 "squares: unknown option '--bogus' (try --help)" "$squares" kakuro --bogus "$data/small.kgrid"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "all kakuro CLI tests passed"
