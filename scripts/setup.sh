#!/bin/sh
# Installs the build dependencies from Debian (when missing) and builds into ./build.
# clang is for scripts/sanitize.sh (ASan, UBSan and the libFuzzer targets); GNU time for the
# endless-input test's memory bounds; pybind11-dev and python3-dev for the Python module; zsh
# for the install test's check of the zsh completion; cpp-httplib and nlohmann-json for `squares
# serve`, and Chromium with playwright-core (from npm, into ~/.cache/squares-browser: outside the
# repository, and no browser download) for its browser test.
set -eu
cd "$(dirname "$0")/.."
packages="g++ clang libclang-rt-dev libabsl-dev libxxhash-dev doctest-dev meson ninja-build pkg-config parallel time
  pybind11-dev python3-dev zsh libcpp-httplib-dev nlohmann-json3-dev chromium"
missing=""
for p in $packages; do
  # (dpkg -s also succeeds for a removed package whose configuration files are left)
  status=$(dpkg-query -W -f '${Status}' "$p" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing="$missing $p"
done
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
if [ -n "$missing" ]; then
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null
fi
browser_modules=${SQUARES_BROWSER_MODULES:-$HOME/.cache/squares-browser/node_modules}
if [ ! -d "$browser_modules/playwright-core" ]; then
  if ! command -v npm >/dev/null; then
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nodejs npm >/dev/null
  fi
  npm install --silent --no-audit --no-fund --prefix "$(dirname "$browser_modules")" playwright-core@1.65.1
fi
[ -f build/build.ninja ] || meson setup build >/dev/null
ninja -C build >/dev/null
