#!/bin/sh
# `squares shape` and the built-in shapes against the square modes and the grid fill, and
# every error path of a shape file.
#   cli_shapes.sh SQUARES TESTS_DATA_DIR
set -u
squares=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")  # absolute: one test runs elsewhere
words=$2/squares/words4.txt
data=unused
. "$(dirname "$0")/cli_lib.sh"

# Topologies of the square modes (cells numbered from 1, row-major).
awk 'BEGIN { for (i = 0; i < 4; i++) { s = ""; for (j = 0; j < 4; j++) s = s (j ? "," : "") (i * 4 + j + 1); print s }
             for (j = 0; j < 4; j++) { s = ""; for (i = 0; i < 4; i++) s = s (i ? "," : "") (i * 4 + j + 1); print s } }' \
  >"$tmp/double4.txt"
printf '# symmetric 4x4: row i = column i\n1,2,3,4\n2,5,6,7\n3,6,8,9\n4,7,9,10\n' >"$tmp/sym4.txt"
# A 3x4 rectangle with its columns first (fieldfinder's advice), as a Qxw deck.
printf '.RANDOM 1\na e i\nb f j\nc g k\nd h l\na b c d\ne f g h\ni j k l\n' >"$tmp/rect.qxd"

for format in text lines jsonl; do
  "$squares" --double -n 4 --dict "$words" -f $format >"$tmp/want.$format"
  "$squares" shape "$tmp/double4.txt" --dict "$words" -f $format -j 1 >"$tmp/got.$format"
  [ $format = jsonl ] || same "double topology, $format" "$tmp/want.$format" "$tmp/got.$format"
  "$squares" shape "$tmp/double4.txt" --dict "$words" -f $format -j 3 >"$tmp/got3.$format"
  same "double topology, 3 threads, $format" "$tmp/got.$format" "$tmp/got3.$format"
  "$squares" shape "$tmp/double4.txt" --dict "$words" -f $format --order given -j 2 >"$tmp/given.$format"
  same "double topology, given order, $format" "$tmp/got.$format" "$tmp/given.$format"
done
for format in text lines; do
  "$squares" -n 4 --dict "$words" -f $format >"$tmp/want"
  "$squares" shape "$tmp/sym4.txt" --dict "$words" -f $format >"$tmp/got"
  same "symmetric topology, $format" "$tmp/want" "$tmp/got"
done
# A 3x4 rectangle, rows first: the bytes of --rect 3x4 in either order.
printf '1,2,3,4\n5,6,7,8\n9,10,11,12\n1,5,9\n2,6,10\n3,7,11\n4,8,12\n' >"$tmp/rect3x4.txt"
for format in text lines; do
  "$squares" --rect 3x4 --max-level 10 -f $format >"$tmp/want"
  for order in given greedy; do
    "$squares" shape "$tmp/rect3x4.txt" --max-level 10 -f $format --order $order -j 2 >"$tmp/got"
    same "rectangle topology, $format, $order order" "$tmp/want" "$tmp/got"
  done
done
# The deck lists columns first, so its grid is the transpose and its cell order another:
# compare the sets of rows.
"$squares" --rect 3x4 --max-level 10 -f jsonl | python3 -c '
import json, sys
for line in sys.stdin: print(" ".join(json.loads(line)["rows"]))' | sort >"$tmp/want"
"$squares" shape "$tmp/rect.qxd" --max-level 10 -f jsonl -j 2 | python3 -c '
import json, sys
for line in sys.stdin: print(" ".join(json.loads(line)["words"][4:]))' | sort >"$tmp/got"
same "rectangle deck" "$tmp/want" "$tmp/got"
# --count through the shape path (counted up to the transposition) and shards concatenate.
[ "$("$squares" shape "$tmp/double4.txt" --dict "$words" --count)" = "$("$squares" --double -n 4 --dict "$words" --count)" ] ||
  fail "double topology, count"
: >"$tmp/shards"
for i in 1 2 3 4 5; do
  "$squares" shape "$tmp/double4.txt" --dict "$words" -f lines --shard $i/5 >>"$tmp/shards"
done
"$squares" shape "$tmp/double4.txt" --dict "$words" -f lines >"$tmp/whole"
same "double topology, 5 shards" "$tmp/whole" "$tmp/shards"
# --limit, --contains, --distinct, --first and a pattern agree with the square mode.
for opts in "--limit 7" "--distinct" "--first soda"; do
  # shellcheck disable=SC2086
  "$squares" --double -n 4 --dict "$words" -f lines $opts >"$tmp/want"
  # shellcheck disable=SC2086
  "$squares" shape "$tmp/double4.txt" --dict "$words" -f lines $opts -j 2 >"$tmp/got"
  same "double topology, $opts" "$tmp/want" "$tmp/got"
done
# --contains: some word, a row or a column.
"$squares" --double -n 4 --dict "$words" -f jsonl | python3 -c '
import json, sys
for line in sys.stdin:
    square = json.loads(line)
    if "soda" in square["rows"] + square["columns"]: print(" ".join(square["rows"]))' >"$tmp/want"
"$squares" shape "$tmp/double4.txt" --dict "$words" -f lines --contains soda >"$tmp/got"
same "double topology, --contains" "$tmp/want" "$tmp/got"
printf '00 01 02 03 =s?[cd][^b]\n04 05 06 07\n08 09 10 11\n12 13 14 15\n00 04 08 12\n01 05 09 13\n02 06 10 14\n03 07 11 15\n' >"$tmp/pattern.qxd"
"$squares" --double -n 4 --dict "$words" -f lines -p 's.../..../..../....' | grep -E '^s.[cd][^b] ' >"$tmp/want"
"$squares" shape "$tmp/pattern.qxd" --dict "$words" -f lines >"$tmp/got"
same "deck pattern" "$tmp/want" "$tmp/got"

# Built-in diagonal squares and cubes against the topology files that state them.
awk 'BEGIN { for (i = 0; i < 4; i++) { s = ""; for (j = 0; j < 4; j++) s = s (j ? "," : "") (i * 4 + j + 1); print s }
             for (j = 0; j < 4; j++) { s = ""; for (i = 0; i < 4; i++) s = s (i ? "," : "") (i * 4 + j + 1); print s }
             print "1,6,11,16"; print "4,7,10,13" }' >"$tmp/diag4.txt"
"$squares" --double --diagonals -n 4 --dict "$words" -f lines >"$tmp/want"
"$squares" shape "$tmp/diag4.txt" --dict "$words" -f lines -j 2 --order given >"$tmp/got"
same "double diagonal topology" "$tmp/want" "$tmp/got"
"$squares" shape "$tmp/diag4.txt" --dict "$words" -f lines -j 2 | sort >"$tmp/greedy"
sort "$tmp/got" >"$tmp/given"
same "double diagonal topology, greedy order" "$tmp/given" "$tmp/greedy"
"$squares" --double -n 4 --dict "$words" -f jsonl | python3 -c '
import json, sys
for line in sys.stdin:
    rows = json.loads(line)["rows"]
    words = set(open(sys.argv[1]).read().split())
    if "".join(rows[i][i] for i in range(4)) in words and "".join(rows[i][3 - i] for i in range(4)) in words:
        print(" ".join(rows))' "$words" >"$tmp/want"
same "double diagonal squares, filtered from --double" "$tmp/want" "$tmp/got"
"$squares" -n 4 --dict "$words" -f lines | python3 -c '
import sys
words = set(open(sys.argv[1]).read().split())
for line in sys.stdin:
    rows = line.split()
    diag, anti = "".join(rows[i][i] for i in range(4)), "".join(rows[i][3 - i] for i in range(4))
    if diag in words and anti in words: print(line, end="")' "$words" >"$tmp/want"
"$squares" --diagonals -n 4 --dict "$words" -f lines >"$tmp/got"
same "symmetric diagonal squares, filtered from -n 4" "$tmp/want" "$tmp/got"
awk 'BEGIN { n = 3; for (a = 0; a < 3; a++) for (p = 0; p < n; p++) for (q = 0; q < n; q++) {
    s = ""; for (k = 0; k < n; k++) { if (a == 0) c = (p * n + q) * n + k; else if (a == 1) c = (p * n + k) * n + q; else c = (k * n + p) * n + q; s = s (k ? "," : "") c }
    print s } }' >"$tmp/cube3.txt"
"$squares" --cube 3 --max-level 10 -f lines -q | awk '{print $1, $4, $7, $2, $5, $8, $3, $6, $9}' >"$tmp/want"
"$squares" shape "$tmp/cube3.txt" --max-level 10 -f lines -q -j 2 >"$tmp/got"
same "cube topology (cells from 0) = --cube 3" "$tmp/want" "$tmp/got"
# Counted up to the six orders of the axes, with one or two threads: the number listed.
listed=$(wc -l <"$tmp/want")
[ "$listed" -gt 100 ] || fail "cube 3: only $listed cubes listed"
for j in 1 2; do
  [ "$("$squares" --cube 3 --max-level 10 --count -j $j)" = "$listed" ] || fail "cube 3: --count -j $j"
done
# Up to S3 or to one exchange of two axes, whichever walked less on a sample of the search:
# over the words of levels <= 10 most of its nodes lie above the cells that decide S3's keys,
# over those <= 20 below them.
"$squares" --cube 3 --max-level 10 --count --stats 2>&1 >/dev/null |
  grep -q "counted up to a symmetry of the shape that exchanges 18 cells" || fail "cube 3: --stats names the exchange"
"$squares" --cube 3 --max-level 20 --count --stats 2>"$tmp/err" >"$tmp/count"
grep -q "counted up to a symmetry of the shape of order 6 .* that moves 24 cells" "$tmp/err" || fail "cube 3: --stats names S3"
[ "$(cat "$tmp/count")" = "$("$squares" --cube 3 --max-level 20 -f lines -q | wc -l)" ] || fail "cube 3, levels <= 20: counted = listed"

# Every word naming its list: --dict is not read (a note says so), and the lists' own alphabet
# is searched, the same squares as --dict with that list.
sed "s|\$|:$words|" "$tmp/double4.txt" >"$tmp/listed4.txt"
"$squares" shape "$tmp/listed4.txt" --dict "$tmp/no-such-list" -f lines >"$tmp/got" 2>"$tmp/err" ||
  fail "shape with named lists and an unused --dict"
grep -qF "listed4.txt: every word names its list; the main dictionary is not read" "$tmp/err" || fail "unused --dict: no note"
"$squares" shape "$tmp/double4.txt" --dict "$words" -f lines >"$tmp/want"
[ -s "$tmp/want" ] || fail "double topology: no squares"
same "shape with named lists" "$tmp/want" "$tmp/got"

# One list named by words of two lengths, read for those two only: a 3x4 rectangle over the
# tiny list (4 of them), as the square mode finds.
tiny=$2/squares/tiny.txt
awk -v list="$tiny" 'BEGIN { for (i = 0; i < 3; i++) { s = ""; for (j = 0; j < 4; j++) s = s (j ? "," : "") (i * 4 + j + 1); print s ":" list }
             for (j = 0; j < 4; j++) { s = ""; for (i = 0; i < 3; i++) s = s (i ? "," : "") (i * 4 + j + 1); print s ":" list } }' \
  >"$tmp/rect34.txt"
[ "$("$squares" shape "$tmp/rect34.txt" --count -q)" = 4 ] || fail "3x4 shape over one named list: $("$squares" shape "$tmp/rect34.txt" --count 2>&1)"
[ "$("$squares" --rect 3x4 --dict "$tiny" --count)" = 4 ] || fail "3x4 rectangles over the tiny list"

# A shape whose cells lie in at most two words is a crossword grid: the same fills as
# `fill --all --allow-repeats --allow-offensive=slurs` (rows of the grid from the shape's across
# words; shapes, like squares, keep every word).
printf '...#\n....\n....\n#...\n' >"$tmp/grid.txt"
printf '1,2,3\n4,5,6,7\n8,9,10,11\n12,13,14\n1,4,8\n2,5,9,12\n3,6,10,13\n7,11,14\n' >"$tmp/grid-shape.txt"
"$squares" fill "$tmp/grid.txt" --all --allow-repeats --allow-offensive=slurs --max-level 10 -f lines | tr -d '#' | tr A-Z a-z | sort >"$tmp/want"
"$squares" shape "$tmp/grid-shape.txt" --max-level 10 -f lines | cut -d' ' -f1-4 | sort >"$tmp/got"
same "crossword shape = fill --all --allow-repeats --allow-offensive=slurs" "$tmp/want" "$tmp/got"

# Errors: status and message.
error() {  # error WHAT STATUS MESSAGE FILE [ARGS]
  what=$1 status=$2 message=$3 file=$4
  shift 4
  "$squares" shape "$file" --dict "$words" "$@" >/dev/null 2>"$tmp/err"
  got=$?
  [ $got = "$status" ] || fail "$what: status $got, expected $status"
  grep -qF -- "$message" "$tmp/err" || fail "$what: stderr '$(cat "$tmp/err")', expected '$message'"
}
printf '1,2\n3\n' >"$tmp/e1"
error "one cell" 1 "e1:2: a word needs at least 2 cells" "$tmp/e1"
printf '1,2\n2,x\n' >"$tmp/e2"
error "bad number" 1 "e2:2: 'x' is not a cell number" "$tmp/e2"
printf '1,2\n2,-3\n' >"$tmp/e3"
error "negative number" 1 "e3:2: '-3' is not a cell number" "$tmp/e3"
printf '1,2\n2,4\n' >"$tmp/e4"
error "cell in no word" 1 "e4: cell 3 is in no word" "$tmp/e4"
seq -s, 1 33 >"$tmp/e5"
error "long word" 1 "e5:1: a word of 33 cells; at most 32" "$tmp/e5"
printf '1,2:nowhere.txt\n' >"$tmp/e6"
error "missing list" 1 "e6:1: word list 'nowhere.txt'" "$tmp/e6"
printf 'a b\n.DICTIONARY 1 x\n' >"$tmp/e7.qxd"
error "deck directive" 1 "e7.qxd:2: deck directive '.DICTIONARY' is not supported" "$tmp/e7.qxd"
printf 'a b =abc\n' >"$tmp/e8.qxd"
error "pattern length" 1 "e8.qxd:1: the pattern has 3 cells, the light 2" "$tmp/e8.qxd"
printf '1,2,1025\n' >"$tmp/e9"
error "too many cells" 1 "e9:1: '1025' is not a cell number (0..1024)" "$tmp/e9"
error "missing file" 1 "nowhere.shape" "$tmp/nowhere.shape"
error "order" 2 "--order: 'best' is not greedy or given" "$tmp/double4.txt" --order best
printf '1,2\n' | "$squares" shape - --dict "$words" --count >"$tmp/out" 2>&1 || fail "stdin shape"
"$squares" shape >/dev/null 2>&1
[ $? = 2 ] || fail "no shape file: status 2"
"$squares" --cube 3 --diagonals >/dev/null 2>&1
[ $? = 2 ] || fail "--cube with --diagonals: status 2"
"$squares" -n 3 --order greedy >/dev/null 2>&1
[ $? = 2 ] || fail "--order on a square mode: status 2"
# A list per word: the two lists' letters are merged into one alphabet.
printf 'ab\nba\n' >"$tmp/l1.txt"
printf 'äb\nbä\n' >"$tmp/l2.txt"
printf '1,2:l1.txt\n3,1:l2.txt\n' >"$tmp/lists.txt"
[ "$(cd "$tmp" && "$squares" shape lists.txt -f lines --dict l1.txt | tr '\n' ';')" = "ba äb;" ] ||
  fail "lists: $(cd "$tmp" && "$squares" shape lists.txt -f lines --dict l1.txt 2>&1)"

[ $failures = 0 ] || { echo "$failures failures" >&2; exit 1; }
