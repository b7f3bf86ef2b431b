#!/bin/sh
# install_test.sh BUILD PREFIX LIBDIR SKIP CXX...: installs the build into BUILD/install-test
# (meson install --destdir), checks the files a user gets, then builds
# tests/install_example.cc against the installed library with pkg-config and compares its
# output with the installed binary's. SKIP non-empty: exit 77 (skipped) with it as the reason.
set -eu
build=$1 prefix=$2 libdir=$3 skip=$4
shift 4
if [ -n "$skip" ]; then echo "skipped: $skip"; exit 77; fi
here=$(cd "$(dirname "$0")" && pwd)
dest=$(cd "$build" && pwd)/install-test
root=$dest$prefix
rm -rf "$dest"
meson install -C "$build" --destdir "$dest" --no-rebuild >"$build/install-test.log"

fail() { echo "FAIL: $*"; exit 1; }
for file in bin/squares include/squares/squares.h "$libdir/pkgconfig/squares.pc" \
            share/man/man1/squares.1 share/bash-completion/completions/squares \
            share/zsh/site-functions/_squares; do
  [ -f "$root/$file" ] || fail "not installed: $file"
done
[ ! -e "$root/include/squares/cli.h" ] || fail "an internal header was installed"
# The zsh completion parses, and compinit binds it to squares (where zsh is installed).
if command -v zsh >/dev/null 2>&1; then
  zfunctions=$root/share/zsh/site-functions
  zsh -n "$zfunctions/_squares" || fail "the zsh completion does not parse"
  bound=$(zsh -f -c 'fpath=("$1" $fpath); autoload -U compinit; compinit -u -D; print -r -- ${_comps[squares]}' \
    zsh "$zfunctions")
  [ "$bound" = _squares ] || fail "zsh binds '$bound' to squares, not _squares"
fi
ls "$root/$libdir"/libsquares.* >/dev/null || fail "no library installed"
# Every command and option of --help is in the man page.
for command in "" shape stats index fill regions kakuro; do
  "$root/bin/squares" $command --help | grep -o -- '--[a-z][a-z-]*' | sort -u | while read -r option; do
    roff=$(printf '%s' "$option" | sed 's/-/\\-/g')  # --no-transpose: \-\-no\-transpose
    grep -qF -- "\\fB$roff\\fR" "$root/share/man/man1/squares.1" ||
      fail "squares $command: $option is not in the man page"
  done
done

export PKG_CONFIG_PATH="$root/$libdir/pkgconfig"
flags=$(pkg-config --define-variable=prefix="$root" --static --cflags --libs squares)
# shellcheck disable=SC2086
"$@" -o "$dest/example" "$here/install_example.cc" $flags || fail "could not build against squares.pc"
got=$(LD_LIBRARY_PATH="$root/$libdir" "$dest/example")
want=$(LD_LIBRARY_PATH="$root/$libdir" "$root/bin/squares" bishop --limit 3 --format lines
       printf 'bit\nice\nten\ntab\nant\nban\n' | LD_LIBRARY_PATH="$root/$libdir" "$root/bin/squares" -n 3 --count --dict -
       echo "usage error: --size: '40' is not an integer in 1..32")
[ "$got" = "$want" ] || fail "$(printf 'the example printed\n%s\nexpected\n%s' "$got" "$want")"
printf '%s\n' "$got" | head -1 | grep -q '^bishop ' || fail "no square of bishop"
echo "ok: installed into $dest, example built with pkg-config and run"
