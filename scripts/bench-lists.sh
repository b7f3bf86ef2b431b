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
