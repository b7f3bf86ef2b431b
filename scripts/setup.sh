#!/bin/sh
# Usage: scripts/setup.sh [--tests]
# Installs the Debian packages the build needs (when missing; with sudo when not root), sets up
# ./build and builds the squares program and what it links, nothing else: the README's first
# command, kept to what a user needs to run squares. `ninja -C build` builds the rest (the
# server squares-serve, the man page, the Python module when its packages are there, the tests).
#
# --tests (scripts/check.sh) also installs what the tests use, configures the build again so
# that it sees them, and builds everything:
#   clang and libclang-rt-dev for scripts/sanitize.sh (ASan, UBSan, the libFuzzer targets);
#   pybind11-dev and python3-dev for the Python module and its test, python3-mypy for its
#   stubs' test, python3-mesonpy and python3-venv for `pip install .`; GNU time for the endless
#   input test's memory bounds; parallel for the shard runner's test; zsh for the install
#   test's check of the zsh completion; cmake for its CMake project; witalian for the
#   languages test's Italian 13x13 fill; chromium for the
#   workbench's browser test; for the documents and their test, without their recommendations,
#   lualatex and fontspec (texlive-luatex, texlive-latex-recommended), cwpuzzle
#   (texlive-games), the page's fonts (fonts-dejavu-core; fonts-wqy-microhei for Chinese,
#   Japanese and Korean), pdftotext and pdftoppm (poppler-utils), and node and npm when
#   missing (Debian's); and, with npm, the independent readers of ipuz and .puz and
#   playwright-core in build/npm, and the Exolve player in build/exolve (never in the source
#   tree).
set -eu
cd "$(dirname "$0")/.."
tests=""
case "${1-}" in
  "") ;;
  --tests) tests=1 ;;
  *) echo "usage: scripts/setup.sh [--tests]" >&2; exit 2 ;;
esac
# Without their recommendations (libabsl-dev's would bring cmake, meson's dpkg-dev).
build_packages="g++ libabsl-dev libxxhash-dev doctest-dev meson ninja-build pkg-config
  libcpp-httplib-dev nlohmann-json3-dev"
test_packages="clang libclang-rt-dev pybind11-dev python3-dev python3-mypy python3-mesonpy python3-venv
  time parallel zsh cmake witalian chromium"
document_packages="texlive-luatex texlive-latex-recommended texlive-games fonts-dejavu-core
  fonts-wqy-microhei poppler-utils"
command -v npm >/dev/null || document_packages="$document_packages nodejs npm"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
updated=""
installed=""
# apt_install [APT OPTIONS] -- PACKAGES: those of PACKAGES not installed yet.
apt_install() {
  options=""
  while [ "$1" != "--" ]; do options="$options $1"; shift; done
  shift
  missing=""
  for p in "$@"; do
    # (dpkg -s also succeeds for a removed package whose configuration files are left)
    status=$(dpkg-query -W -f '${Status}' "$p" 2>/dev/null || true)
    [ "$status" = "install ok installed" ] || missing="$missing $p"
  done
  [ -n "$missing" ] || return 0
  [ -n "$updated" ] || $sudo apt-get update -qq
  updated=1
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $options $missing >/dev/null
  installed=1
}
apt_install --no-install-recommends -- $build_packages
if [ -z "$tests" ]; then
  [ -f build/build.ninja ] || meson setup build >/dev/null
  ninja --quiet -C build src/squares
  exit 0
fi

apt_install -- $test_packages
apt_install --no-install-recommends -- $document_packages
# A build set up before the packages above were installed has not looked for pybind11 or node:
# configuring it again does.
if [ ! -f build/build.ninja ]; then
  meson setup build >/dev/null
elif [ -n "$installed" ]; then
  meson setup --reconfigure build >/dev/null
fi
ninja --quiet -C build
# The independent readers of tests/cli_documents.py (it skips, saying so, without them), and
# playwright-core, which drives Debian's Chromium in tests/serve_browser.cjs (it downloads no
# browser; the test skips without it).
npm_packages="@xwordly/xword-parser@1.0.5 @confuzzle/readpuz@1.2.3 @confuzzle/writepuz@1.2.3
  playwright-core@1.61.1"
if [ ! -f build/npm/installed ] || [ "$(cat build/npm/installed)" != "$npm_packages" ]; then
  mkdir -p build/npm
  if (cd build/npm && npm install --no-audit --no-fund --no-save --silent $npm_packages); then
    echo "$npm_packages" >build/npm/installed
  else
    echo "setup.sh: npm install failed: the documents' and the browser test will skip" >&2
  fi
fi
# The Exolve player (not on npm), which tests/cli_documents.py plays the Exolve page with: its
# two files from a pinned commit of github.com/viresh-ratnakar/exolve into build/exolve (never
# in the source tree). Without it the test checks the page's text only, saying so.
exolve_commit=85dd54908580625e7f5338f1beaef878d8629ab4
if [ ! -f build/exolve/exolve-m.js ] && command -v git >/dev/null; then
  rm -rf build/exolve.tmp
  if git init --quiet build/exolve.tmp && git -C build/exolve.tmp fetch --quiet --depth 1 \
      https://github.com/viresh-ratnakar/exolve "$exolve_commit" 2>/dev/null &&
      git -C build/exolve.tmp checkout --quiet FETCH_HEAD; then
    mkdir -p build/exolve
    cp build/exolve.tmp/exolve-m.js build/exolve.tmp/exolve-m.css build/exolve.tmp/LICENSE \
      build/exolve/
  else
    echo "setup.sh: cloning Exolve failed: the Exolve page is checked without its player" >&2
  fi
  rm -rf build/exolve.tmp
fi
