#!/bin/sh
# The layers (docs/architecture.md): no file of the engine (src/lexicon, src/search, src/fill,
# src/puzzles) or of the API (src/api) includes a header of the command line (src/cli), and
# the library holds no command-line object; the server (src/serve) includes only the public
# API; the squares binary does not load the server's cpp-httplib and OpenSSL (squares-serve
# does). Arguments: the source root, the built library (a static one is listed with ar), the
# squares binary.
set -eu
root=$1
library=$2
binary=$3
status=0
for dir in lexicon search fill puzzles api; do
  for file in "$root/src/$dir"/*; do
    if grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"cli/' "$file"; then
      echo "FAIL: ${file#"$root"/} includes a header of src/cli" >&2
      status=1
    fi
  done
done
# The workbench's server is a face on the public API: it includes only its own headers and
# those of include/squares.
for file in "$root"/src/serve/*.h "$root"/src/serve/*.cc; do
  if grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$file" | grep -v '"\(serve\|squares\)/'; then
    echo "FAIL: ${file#"$root"/} includes a header of the library's insides" >&2
    status=1
  fi
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
