#!/bin/sh
# Regenerates data/words.txt (the embedded default dictionary) from Debian's `scowl`
# package: English, American and British words up to SCOWL size 70, one `word;size` per
# line, where size is the smallest SCOWL size listing the word (10 = most common).
# Entries with apostrophes are left out; the copyright file is copied beside the list.
set -eu
dir=/usr/share/dict/scowl
[ -d "$dir" ] || { echo "make-default-dict.sh: install Debian's scowl package first" >&2; exit 1; }
out=$(dirname "$0")/../data
for size in 10 20 35 40 50 55 60 70; do
  for kind in english american british; do
    sed "s/\$/;$size/" "$dir/$kind-words.$size"
  done
done | grep -v "'" | awk -F';' '!seen[$1]++' | LC_ALL=C sort >"$out/words.txt"
cp /usr/share/doc/scowl/copyright "$out/words-COPYRIGHT.txt"
wc -l "$out/words.txt" >&2
