#!/bin/sh
# Endless and enormous input: every reader answers /dev/zero, /dev/urandom and an
# endless valid stream with a clear error, quickly and in bounded memory, measured with GNU
# time; an endless valid word list (`yes`) is read with bounded memory until it is stopped,
# and so is endless output.
# Usage: cli_endless.sh SQUARES [sanitized] (a sanitizer build: ten times the time, and no
# memory bound, since ASan's shadow memory and quarantine would measure ASan, not squares)
set -u
squares=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
max_seconds=2 max_kb=65536
[ "${2:-}" = sanitized ] && max_seconds=10 max_kb=999999999
data=unused
. "$(dirname "$0")/cli_lib.sh"
cd "$tmp" || exit 1
printf 'cat\ndog\nact\ntac\n' >w.txt
"$squares" index w.txt -o w.idx

# bounded STATUS STDERR_START SHELL_COMMAND [SECONDS]: the command's exit status, the start of
# its stderr, and its time and peak memory (of its largest process) within the bounds.
bounded() {
  want_status=$1 want_start=$2 run=$3 within=${4:-$max_seconds}
  /usr/bin/time -f '%e %M' -o time.txt sh -c "$run" >out.txt 2>err.txt
  got=$?
  read -r seconds kb <<END
$(tail -n 1 time.txt)
END
  message=$(head -c 300 err.txt)
  case "$message" in "$want_start"*) matched=1 ;; *) matched=0 ;; esac
  if [ "$got" -ne "$want_status" ] || [ "$matched" -eq 0 ] || [ "$kb" -gt "$max_kb" ] ||
     awk "BEGIN { exit !($seconds > $within) }"; then
    echo "FAIL: $run: exit $got (expected $want_status), ${seconds}s (<= $within), ${kb} KB (<= $max_kb)"
    echo "  stderr: $message"
    echo "  expected to start: $want_start"
    failures=$((failures + 1))
  fi
}

s=\"$squares\"
binary=": NUL byte: this is a binary file, not"
# Word lists: a NUL byte or invalid UTF-8 is refused where it is read.
bounded 1 "squares: /dev/zero:1:1: NUL byte: this looks like a binary file" "$s --dict /dev/zero -n 3 --count"
bounded 1 "squares: /dev/urandom:" "$s --dict /dev/urandom -n 3 --count"
bounded 1 "squares: <stdin>:1:1: NUL byte" "$s --dict - -n 3 --count </dev/zero"
bounded 1 "squares: /dev/zero:1:1: NUL byte" "$s index /dev/zero -o x.idx"
# A line that never ends is refused at the line limit.
bounded 1 "squares: <stdin>:1: line longer than 65536 bytes: not a word list" \
  "tr '\\000' a </dev/zero | $s --dict - -n 3 --count"
# An endless valid list: duplicates merge, so memory stays bounded while it reads.
bounded 124 "" "yes | timeout 2 $s --dict - -n 3 --count" $((max_seconds + 2))
bounded 124 "" "yes word | timeout 2 $s index - -o x.idx" $((max_seconds + 2))
# An index on stdin is read as far as its header says, no further.
bounded 1 "squares: -: trailing bytes after the index" "(cat w.idx; yes) | $s --dict - -n 3 --count"
# Grids, Kakuro boards and region puzzles: refused at the first NUL, or past the file size
# their limits allow, before they are read whole.
for command in "fill --dict w.txt" "kakuro" "regions --dict w.txt" "shape --dict w.txt"; do
  bounded 1 "squares: /dev/zero:1:1$binary" "$s $command /dev/zero"
  bounded 1 "squares: /dev/urandom:" "$s $command /dev/urandom"
done
bounded 1 "squares: -: larger than 16 MiB, the limit for a crossword puzzle of up to 256x256 cells" \
  "yes ..... | $s fill --dict w.txt -"
bounded 1 "squares: -: larger than 8 MiB, the limit for a file of Kakuro boards" "yes '# .' | $s kakuro -"
# Clue files (fill --clues): the same.
printf '..\n..\n' >g.txt
bounded 1 "squares: /dev/zero:1:1$binary" "$s fill --dict w.txt --clues /dev/zero g.txt"
bounded 1 "squares: /dev/urandom:" "$s fill --dict w.txt --clues /dev/urandom g.txt"
bounded 1 "squares: -: larger than 8 MiB, the limit for a file of clues" \
  "yes 'cat	clue' | $s fill --dict w.txt --clues - g.txt"
bounded 1 "squares: -: larger than 8 MiB, the limit for a shape file" "yes 1,2,3 | $s shape --dict w.txt -"
bounded 1 "squares: -: larger than 1 MiB, the limit for a region puzzle of up to 256x256 cells" \
  "yes cat | $s regions --dict w.txt -"
# Endless output: parallel listing into a slow reader holds a few pieces of output per
# thread (256 KiB each, 9 per thread at most), not whole tasks' output (before: 125 MB here).
if [ "${2:-}" != sanitized ]; then
  bounded 0 "" "$s --double -n 4 -j 2 --format lines | (sleep 1; head -c 200000000 >/dev/null)" 10
fi

[ "$failures" -eq 0 ] || { echo "$failures failures"; exit 1; }
