# shellcheck shell=sh
# Sourced by the benchmarks with $data set: makes, once, $wam (Debian's wamerican: a-z words,
# lower-cased: 73,445; the package is installed when missing) and $lp (the npm package
# word-list, "letterpress": 274,137 words, fetched with `npm pack`).
wam=$data/wamerican.txt
if [ ! -s "$wam" ]; then
  if [ ! -r /usr/share/dict/american-english ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wamerican >/dev/null \
      || { echo "$0: install Debian's wamerican" >&2; exit 1; }
  fi
  grep -x '[a-zA-Z]*' /usr/share/dict/american-english | tr A-Z a-z | LC_ALL=C sort -u >"$wam"
fi
lp=$data/letterpress.txt
if [ ! -s "$lp" ]; then
  (cd "$data" && npm pack --silent word-list >/dev/null && tar xzf word-list-*.tgz package/words.txt \
     && mv package/words.txt letterpress.txt && rm -rf package word-list-*.tgz)
fi
# peer_lists DIR: the lists of bench-peers.sh (fieldfinder takes a-z words only), sorted, no
# duplicates: DIR/wamerican.txt, DIR/letterpress.txt, and the default list's words of SCOWL
# size <= 20 and <= 35 (see README, Data) as DIR/common20.txt and DIR/common35.txt.
peer_lists() {
  grep -x '[a-z][a-z]*' "$wam" | LC_ALL=C sort -u >"$1/wamerican.txt"
  grep -x '[a-z][a-z]*' "$lp" | LC_ALL=C sort -u >"$1/letterpress.txt"
  for size in 20 35; do
    awk -F';' -v size=$size '$2 <= size { print $1 }' data/words.txt | grep -x '[a-z][a-z]*' \
      | LC_ALL=C sort -u >"$1/common$size.txt"
  done
}
