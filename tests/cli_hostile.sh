#!/bin/sh
# The hostile-input table: one row per class of bad input, with the exact message and exit
# status (2 usage, 1 data). Usage: cli_hostile.sh SQUARES
set -u
squares=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")  # absolute: the tests run in $tmp
data=unused
. "$(dirname "$0")/cli_lib.sh"
cd "$tmp" || exit 1
printf 'cat\ndog\nact\ntac\n' >w.txt
"$squares" index w.txt -o w.idx
# write FILE PYTHON: FILE's bytes made by a Python expression (b: the bytes of w.idx).
write() { python3 -c "import sys; b = bytearray(open('w.idx','rb').read()); sys.stdout.buffer.write(bytes($2))" >"$1"; }

# Usage: unknown option, absurd sizes.
expect 2 "squares: unknown option '--frobnicate' (try --help)" "$squares" --frobnicate
expect 2 "squares: --size: '33' is not an integer in 1..32" "$squares" -n 33
expect 2 "squares: --size: '-1' is not an integer in 1..32" "$squares" -n -1
# Word lists: missing, words over 64 letters (skipped, counted), alphabet over 64 letters,
# invalid UTF-8, binary.
expect 1 "squares: missing.txt: No such file or directory" "$squares" -n 3 --dict missing.txt
python3 -c "print('a' * 65); print('cat\ndog\nact\ntac')" >long.txt
expect 0 "squares: 4 words, 6 letters; skipped 0 entries with non-letters, 1 longer than 64 letters; merged 0 duplicates; 0 outside the score range" \
  "$squares" -n 3 --dict long.txt --verbose --limit 0
python3 -c "print('\n'.join(chr(c) for c in [*range(97, 123), *range(0x3b1, 0x3be), *range(0x430, 0x44a)]))" >alpha.txt
expect 1 "squares: alpha.txt:65: the word list uses more than 64 letters; the 65th is 'щ' (try folding accents)" \
  "$squares" -n 2 --dict alpha.txt
printf 'cat\nd\377g\n' >utf8.txt
expect 1 "squares: utf8.txt:2:2: invalid UTF-8 (byte 0xff)" "$squares" -n 3 --dict utf8.txt
printf 'cat\000dog\n' >binary.txt
expect 1 "squares: binary.txt:1:4: NUL byte: this looks like a binary file, not a word list" \
  "$squares" -n 3 --dict binary.txt
# Index files: truncated, a bit flipped, another version, another byte order.
write truncated.idx 'b[:100]'
expect 1 "squares: truncated.idx: truncated index file" "$squares" -n 3 --dict truncated.idx
write flipped.idx 'b[:-3] + bytes([b[-3] ^ 4]) + b[-2:]'
expect 1 "squares: flipped.idx: checksum mismatch: the file is corrupt" "$squares" -n 3 --dict flipped.idx
write version.idx 'b[:8] + bytes([9]) + b[9:]'
expect 1 "squares: version.idx: index format version 9; this squares reads versions 1 to 2: rebuild it with 'squares index'" \
  "$squares" -n 3 --dict version.idx
write order.idx 'b[:12] + bytes([1, 2, 3, 4]) + b[16:]'
expect 1 "squares: order.idx: index written on a machine of the other byte order; rebuild it here" \
  "$squares" -n 3 --dict order.idx
# Grids, Kakuro boards and region puzzles over the size limit (256 rows and columns).
python3 -c "print('\n'.join(['.' * 10] * 300))" >tall.txt
expect 1 "squares: tall.txt:257: more than 256 rows (the largest grid has 256 rows and columns)" \
  "$squares" fill --dict w.txt tall.txt
python3 -c "print('.' * 300)" >wide.txt
expect 1 "squares: wide.txt:1:257: row longer than 256 cells (the largest grid has 256 rows and columns)" \
  "$squares" fill --dict w.txt wide.txt
printf '300\n3\n' >header.crg
expect 1 "squares: header.crg:1: grid of 300x3 cells; the largest is 256x256" \
  "$squares" fill --dict w.txt header.crg
python3 -c "print('\n'.join([' '.join(['#'] * 300)] * 2))" >wide.kgrid
expect 1 "squares: wide.kgrid:1: board of 2x300 cells; the largest is 256x256" "$squares" kakuro wide.kgrid
python3 -c "print('\n'.join(['cat'] * 300))" >tall-regions.txt
expect 1 "squares: tall-regions.txt:257: more than 256 rows (the largest puzzle has 256 rows and columns)" \
  "$squares" regions --dict w.txt tall-regions.txt
# Output: a full disk and a closed stdout are write errors; a closed pipe ends quietly.
expect 1 "squares: error writing output: No space left on device" sh -c "\"$squares\" -n 3 --dict w.txt --count >/dev/full"
expect 1 "squares: error writing output: Bad file descriptor" sh -c "\"$squares\" -n 3 --dict w.txt --count >&-"
expect 0 "" sh -c "\"$squares\" -n 5 | head -c 1 >/dev/null"

[ "$failures" -eq 0 ] || { echo "$failures failures"; exit 1; }
