#!/bin/sh
# Installs the build dependencies from Debian (when missing) and builds into ./build.
# clang is for scripts/sanitize.sh (ASan, UBSan and the libFuzzer targets); GNU time for the
# endless-input test's memory bounds; pybind11-dev and python3-dev for the Python module,
# python3-mypy for its stubs' test, python3-mesonpy and python3-venv for `pip install .`; zsh
# for the install test's check of the zsh completion; cpp-httplib and nlohmann-json for `squares
# serve`, and chromium for its browser test. For the documents and their test, without their
# recommendations: lualatex and fontspec (texlive-luatex, texlive-latex-recommended), cwpuzzle
# (texlive-games), the page's fonts (fonts-dejavu-core; fonts-wqy-microhei for Chinese,
# Japanese and Korean), pdftotext and pdftoppm (poppler-utils); node and npm when missing (Debian's
# npm), and the npm readers of ipuz and .puz in build/npm (never in the source tree).
set -eu
cd "$(dirname "$0")/.."
packages="g++ clang libclang-rt-dev libabsl-dev libxxhash-dev doctest-dev meson ninja-build pkg-config parallel time
  pybind11-dev python3-dev python3-mypy python3-mesonpy python3-venv zsh libcpp-httplib-dev nlohmann-json3-dev chromium"
document_packages="texlive-luatex texlive-latex-recommended texlive-games fonts-dejavu-core
  fonts-wqy-microhei poppler-utils"
command -v npm >/dev/null || document_packages="$document_packages nodejs npm"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
updated=""
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
}
apt_install -- $packages
apt_install --no-install-recommends -- $document_packages
[ -f build/build.ninja ] || meson setup build >/dev/null
ninja -C build >/dev/null
# The independent readers of tests/cli_documents.py (it skips, saying so, without them), and
# playwright-core, which drives Debian's Chromium in tests/serve_browser.cjs (it downloads no
# browser; the test skips without it).
npm_packages="@xwordly/xword-parser@1.0.5 @confuzzle/readpuz@1.2.3 @confuzzle/writepuz@1.2.3
  playwright-core@1.65.1"
if [ ! -f build/npm/installed ] || [ "$(cat build/npm/installed)" != "$npm_packages" ]; then
  mkdir -p build/npm
  if (cd build/npm && npm install --no-audit --no-fund --no-save --silent $npm_packages); then
    echo "$npm_packages" >build/npm/installed
  else
    echo "setup.sh: npm install failed: the documents' and the browser test will skip" >&2
  fi
fi
