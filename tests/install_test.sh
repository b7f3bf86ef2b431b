#!/bin/sh
# install_test.sh BUILD PREFIX LIBDIR SKIP PYTHON CXX...: installs the build into
# BUILD/install-test (meson install --destdir), checks the files a user gets, then builds
# tests/install_example.cc against the installed library (static or shared, as built) three
# ways: with `pkg-config --cflags --libs`, as a meson project's dependency('squares') and as a
# CMake project's pkg_check_modules(IMPORTED_TARGET), and compares each one's output with the
# installed binary's. Nothing is installed outside PREFIX. PYTHON (empty when the module is not
# built): the package squares is in the site directory PYTHON names for PREFIX, with its stubs,
# and imports. SKIP non-empty: exit 77 (skipped) with it as the reason.
set -eu
build=$1 prefix=$2 libdir=$3 skip=$4 python=$5
shift 5
if [ -n "$skip" ]; then echo "skipped: $skip"; exit 77; fi
here=$(cd "$(dirname "$0")" && pwd)
dest=$(cd "$build" && pwd)/install-test
root=$dest$prefix
rm -rf "$dest"
meson install -C "$build" --destdir "$dest" --no-rebuild >"$build/install-test.log"

fail() { echo "FAIL: $*"; exit 1; }
outside=$(find "$dest" ! -type d ! -path "$root/*" | head -3)
[ -z "$outside" ] || fail "installed outside the prefix $prefix: $outside"
for file in bin/squares bin/squares-serve include/squares/squares.h "$libdir/pkgconfig/squares.pc" \
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
if [ -e "$root/$libdir/libsquares.so" ]; then kind=shared; else kind=static; fi
# No face reaches inside the library: the public headers hold no Impl and no impl().
if grep -n -E '\bImpl\b|impl\(\)' "$root"/include/squares/*.h; then fail "a public header shows the library's insides"; fi
# A shared library exports the public API only (src/api/exports.map): squares:: names that
# start with an upper-case letter, and its classes' type information.
if [ $kind = shared ]; then
  exported=$(nm -D --defined-only -C "$root/$libdir/libsquares.so" | sed 's/^[0-9a-f]* [A-Za-z] //')
  others=$(printf '%s\n' "$exported" |
    grep -v -E '^((typeinfo|typeinfo name|vtable) for )?squares::[A-Z]') || true
  [ -z "$others" ] || fail "libsquares.so exports more than the public API: $(printf '%s\n' "$others" | head -5)"
  printf '%s\n' "$exported" | grep -q '^squares::Dictionary::Default' || fail "libsquares.so does not export Dictionary::Default"
fi
[ -e "$root/$libdir/libsquares.a" ] || [ $kind = shared ] || fail "no library installed"
# The binary runs as installed: a shared build's finds its library by its rpath.
"$root/bin/squares" --version >/dev/null || fail "the installed $kind binary does not run"
# `squares serve` runs the squares-serve installed beside it: only the server says it cannot listen.
served=$("$root/bin/squares" serve --host 256.0.0.1 --port 1 2>&1) && fail "squares serve listened on 256.0.0.1"
printf '%s\n' "$served" | grep -q 'cannot listen on 256.0.0.1' ||
  fail "the installed squares does not run the installed squares-serve: $served"
# Every command and option of --help is in the man page.
for command in "" shape stats index fill regions kakuro serve; do
  "$root/bin/squares" $command --help | grep -o -- '--[a-z][a-z-]*' | sort -u | while read -r option; do
    roff=$(printf '%s' "$option" | sed 's/-/\\-/g')  # --no-transpose: \-\-no\-transpose
    grep -qF -- "\\fB$roff\\fR" "$root/share/man/man1/squares.1" ||
      fail "squares $command: $option is not in the man page"
  done
done

want=$("$root/bin/squares" bishop --limit 3 --format lines
       printf 'bit\nice\nten\ntab\nant\nban\n' | "$root/bin/squares" -n 3 --count --dict -
       echo "usage error: size: 40 is not in 1..32")
printf '%s\n' "$want" | head -1 | grep -q '^bishop ' || fail "no square of bishop"
# check HOW PROGRAM: PROGRAM (a consumer of the installed library) prints what the binary does.
check() {
  got=$(LD_LIBRARY_PATH="$root/$libdir" "$2") || fail "the example built $1 failed"
  [ "$got" = "$want" ] || fail "$(printf 'the example built %s printed\n%s\nexpected\n%s' "$1" "$got" "$want")"
}

# The installed squares.pc where the test installed it: its paths are relative to its own
# folder, and --define-prefix changes none of them. The headers need only the standard library:
# the library's dependencies come with --static only.
export PKG_CONFIG_PATH="$root/$libdir/pkgconfig"
[ "$(pkg-config --variable=includedir squares)" -ef "$root/include" ] ||
  fail "squares.pc's includedir is not $root/include: $(pkg-config --variable=includedir squares)"
[ "$(pkg-config --variable=libdir squares)" -ef "$root/$libdir" ] ||
  fail "squares.pc's libdir is not $root/$libdir"
# (The dependencies' own Cflags come too: Requires.private, as pkg-config reads it.)
for how in "" --define-prefix; do
  case " $(pkg-config $how --cflags squares) " in
    *" -I$(pkg-config --variable=includedir squares) "*) ;;
    *) fail "pkg-config $how --cflags squares: $(pkg-config $how --cflags squares)" ;;
  esac
done
dynamic=$(pkg-config --libs squares)
case $dynamic in *absl*|*xxhash*) fail "pkg-config --libs squares names its dependencies: $dynamic" ;; esac
static_flag=
[ $kind = static ] && static_flag=--static
# shellcheck disable=SC2086
flags=$(pkg-config $static_flag --cflags --libs squares)
# shellcheck disable=SC2086
"$@" -std=c++17 -o "$dest/example" "$here/install_example.cc" $flags ||
  fail "could not build against squares.pc ($kind)"
check "with pkg-config" "$dest/example"
ways="pkg-config"

# The compiler without a launcher (ccache): the last word of CXX....
for compiler; do :; done
mkdir "$dest/meson-project"
cp "$here/install_example.cc" "$dest/meson-project/"
cat >"$dest/meson-project/meson.build" <<'EOF'
project('example', 'cpp', default_options : ['cpp_std=c++17'])
executable('example', 'install_example.cc',
  dependencies : dependency('squares', static : get_option('default_library') == 'static'))
EOF
CXX=$compiler meson setup -Ddefault_library=$kind "$dest/meson-project" "$dest/meson-build" \
  >"$dest/meson-setup.log" 2>&1 ||
  fail "meson setup of a project with dependency('squares') failed ($kind): see $dest/meson-setup.log"
ninja -C "$dest/meson-build" >"$dest/meson-build.log" 2>&1 ||
  fail "a meson project could not link dependency('squares') ($kind): see $dest/meson-build.log"
check "by meson" "$dest/meson-build/example"
ways="$ways, meson"

if command -v cmake >/dev/null 2>&1; then
  mkdir "$dest/cmake-project"
  cp "$here/install_example.cc" "$dest/cmake-project/"
  cat >"$dest/cmake-project/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.13)
project(example CXX)
find_package(PkgConfig REQUIRED)
pkg_check_modules(SQUARES REQUIRED IMPORTED_TARGET squares)
add_executable(example install_example.cc)
target_compile_features(example PRIVATE cxx_std_17)
if(SQUARES_KIND STREQUAL "static")
  target_include_directories(example PRIVATE ${SQUARES_STATIC_INCLUDE_DIRS})
  target_link_libraries(example ${SQUARES_STATIC_LDFLAGS})
else()
  target_link_libraries(example PkgConfig::SQUARES)
endif()
EOF
  CXX=$compiler cmake -DSQUARES_KIND=$kind -S "$dest/cmake-project" -B "$dest/cmake-build" \
    >"$dest/cmake.log" 2>&1 &&
    cmake --build "$dest/cmake-build" >>"$dest/cmake.log" 2>&1 ||
    fail "a CMake project could not link pkg_check_modules(squares) ($kind): see $dest/cmake.log"
  check "by CMake" "$dest/cmake-build/example"
  ways="$ways, CMake"
fi

if [ -n "$python" ]; then
  package=$(find "$root" -name __init__.py -path '*-packages/squares/*')
  [ -n "$package" ] || fail "the Python package squares was not installed under $prefix"
  site=$(dirname "$(dirname "$package")")
  where=${site#"$dest"}
  want=$("$python" -c 'import site, sys; print(site.getsitepackages([sys.argv[1]])[-1])' "$prefix")
  [ "$where" = "$want" ] || fail "the Python package was installed in $where, not $want ($python's for $prefix)"
  for file in py.typed _squares.pyi; do
    [ -f "$site/squares/$file" ] || fail "not installed: $where/squares/$file"
  done
  LD_LIBRARY_PATH="$root/$libdir" PYTHONPATH="$site" "$python" -c \
    'import squares; assert "bishop" in squares.Dictionary(), "no bishop"' ||
    fail "the installed Python package does not import"
  ways="$ways; the Python package imports from $where"
fi
echo "ok: $kind library installed into $dest, the example built with $ways"
