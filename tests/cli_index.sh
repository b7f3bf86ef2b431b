#!/bin/sh
# CLI tests of `squares index` and of --dict FILE.idx: the same output as from the text list,
# and one test per error path (exit code and message). Usage: cli_index.sh SQUARES DATA_DIR
set -u
squares=$1
data=$2
. "$(dirname "$0")/cli_lib.sh"

list=$data/index-words.txt
expect 0 "" "$squares" index "$list" -o "$tmp/w.idx"
for args in "-n 3 --format lines" "--double -n 3 --format jsonl" "--rect 2x3 --count" "bat"; do
  # shellcheck disable=SC2086
  "$squares" --dict "$list" $args >"$tmp/text.out" 2>&1
  # shellcheck disable=SC2086
  "$squares" --dict "$tmp/w.idx" $args >"$tmp/index.out" 2>&1
  if ! cmp -s "$tmp/text.out" "$tmp/index.out"; then
    echo "FAIL: '$args' differs between the list and its index"
    failures=$((failures + 1))
  fi
done
# From stdin, too.
"$squares" --dict - -n 3 --count <"$tmp/w.idx" >"$tmp/stdin.out"
"$squares" --dict "$list" -n 3 --count >"$tmp/text.out"
cmp -s "$tmp/stdin.out" "$tmp/text.out" || { echo "FAIL: index on stdin"; failures=$((failures + 1)); }

# Usage errors (exit 2).
expect 2 "squares: index: give at least one word list" "$squares" index -o "$tmp/x.idx"
expect 2 "squares: index: give the output file with -o FILE" "$squares" index "$list"
expect 2 "squares: $tmp/w.idx: an index file must be the only list" \
  "$squares" --dict "$tmp/w.idx" --dict "$list" -n 3 --count
expect 2 "squares: $tmp/w.idx: the index was built with other options (accent folding, minimum score, maximum level); rebuild it with the options you want" \
  "$squares" --dict "$tmp/w.idx" --fold-accents -n 3 --count
# Data errors (exit 1).
expect 1 "squares: $tmp/none.txt: No such file or directory" "$squares" index "$tmp/none.txt" -o "$tmp/x.idx"
expect 1 "squares: $tmp/no/dir.idx: No such file or directory" "$squares" index "$list" -o "$tmp/no/dir.idx"
head -c 100 "$tmp/w.idx" >"$tmp/short.idx"
expect 1 "squares: $tmp/short.idx: truncated index file" "$squares" --dict "$tmp/short.idx" -n 3
cp "$tmp/w.idx" "$tmp/flip.idx"
printf 'Z' | dd of="$tmp/flip.idx" bs=1 seek=200 conv=notrunc 2>/dev/null
expect 1 "squares: $tmp/flip.idx: checksum mismatch: the file is corrupt" "$squares" --dict "$tmp/flip.idx" -n 3
expect 1 "squares: $tmp/w.idx:1:10: NUL byte: this looks like a binary file, not a word list" \
  "$squares" index "$list" "$tmp/w.idx" -o "$tmp/x.idx"
# Parser-level limits: a list of 65 letters is refused naming the 65th; words over 64 letters
# are skipped and counted.
python3 -c 'import sys; sys.stdout.write("".join(chr(c) + "\n" for c in list(range(0x61, 0x7b)) + list(range(0xe0, 0xf7)) + list(range(0x3b1, 0x3ca))))' >"$tmp/many.txt"
expect 1 "squares: $tmp/many.txt:65: the word list uses more than 64 letters; the 65th is 'π' (try folding accents)" \
  "$squares" index "$tmp/many.txt" -o "$tmp/x.idx"
{ printf 'ab\n'; printf 'a%.0s' $(seq 65); printf '\n'; } >"$tmp/long.txt"
expect 0 "squares: 1 words, 2 letters; skipped 0 entries with non-letters, 1 longer than 64 letters; merged 0 duplicates; 0 outside the score range
squares: $tmp/x.idx: 1 words, 2 letters, 1680 bytes" \
  "$squares" index "$tmp/long.txt" -o "$tmp/x.idx" --verbose
expect 0 "squares: $tmp/x.idx: index of 1 words, 2 letters" \
  sh -c '"$1" stats --dict "$2" --verbose >/dev/null' sh "$squares" "$tmp/x.idx"
printf 'ok\nfo\303(o\n' >"$tmp/utf8.txt"
expect 1 "squares: $tmp/utf8.txt:2:3: invalid UTF-8 (byte 0xc3)" "$squares" index "$tmp/utf8.txt" -o "$tmp/x.idx"

[ "$failures" -eq 0 ] || { echo "$failures failures"; exit 1; }
