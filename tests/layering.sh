#!/bin/sh
# The layers (docs/architecture.md): the engine (src/lexicon, src/search, src/fill, src/puzzles) includes neither the
# public API (include/squares) nor a face; the API (src/api) includes no face; each face (the
# command line src/cli, the server src/serve, the Python module src/python) includes only the
# public headers (squares/), the text helpers (text/) and its own folder, and the library holds
# no command-line object; the squares binary does not load the server's cpp-httplib and OpenSSL
# (squares-serve does). Arguments: the source root, the built library (a static one is listed
# with ar), the squares binary.
set -eu
root=$1
library=$2
binary=$3
status=0
# The quoted includes of FILE that name a folder of src/ or the public headers.
project_includes() {
  sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([a-z_]*\)\/.*/\1 &/p' "$1" |
    while read -r folder line; do
      if [ "$folder" = squares ] || [ -d "$root/src/$folder" ]; then printf '%s %s\n' "$folder" "$line"; fi
    done
}
# fail_unless FILE ALLOWED...: every project include of FILE is of a folder in ALLOWED.
fail_unless() {
  file=$1
  shift
  project_includes "$file" | while read -r folder line; do
    allowed=no
    for name; do [ "$folder" = "$name" ] && allowed=yes; done
    if [ $allowed = no ]; then
      echo "FAIL: ${file#"$root"/} includes $folder/ (allowed: $*): $line" >&2
      echo fail
    fi
  done
}
engine="lexicon search fill puzzles text"
for dir in lexicon search fill puzzles text; do
  for file in "$root/src/$dir"/*.h "$root/src/$dir"/*.cc; do
    [ -e "$file" ] || continue
    [ -z "$(fail_unless "$file" $engine)" ] || status=1
  done
done
for file in "$root"/src/api/*.h "$root"/src/api/*.cc; do
  [ -z "$(fail_unless "$file" $engine api squares)" ] || status=1
done
for dir in cli serve python; do
  for file in "$root/src/$dir"/*.h "$root/src/$dir"/*.cc; do
    [ -e "$file" ] || continue
    [ -z "$(fail_unless "$file" squares text "$dir")" ] || status=1
  done
done
case $library in
  *.a)
    objects=$(ar t "$library")
    [ -n "$objects" ] || { echo "FAIL: ar t $library lists nothing" >&2; exit 1; }
    if printf '%s\n' "$objects" | grep -E '(^|[/_])cli_'; then
      echo "FAIL: $library holds command-line objects" >&2
      status=1
    fi
    ;;
esac
needed=$(readelf -d "$binary" | grep NEEDED) || true
if printf '%s\n' "$needed" | grep -E 'httplib|libssl|libcrypto'; then
  echo "FAIL: $binary loads the server's libraries" >&2
  status=1
fi
[ "$status" -eq 0 ] && echo "layering: ok"
exit "$status"
