#!/bin/sh
# The whole test suite: the README's test command, and what .ci/run runs. Installs what the
# tests use and builds everything (scripts/setup.sh --tests), runs the tests, then runs them
# again under ASan and UBSan (scripts/sanitize.sh) while the cluster test
# (scripts/cluster-test.sh) runs beside them: it spends most of its time waiting on its
# daemons, and the sanitizer build is CPU-bound. The cluster test's output follows the
# sanitizer phase's; the run fails when either fails.
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
meson test -C build --print-errorlogs
log=$(mktemp /tmp/squares-check.XXXXXX)
scripts/cluster-test.sh >"$log" 2>&1 &
cluster=$!
trap 'kill $cluster 2>/dev/null; wait $cluster; rm -f "$log"; exit 130' INT TERM
sanitize=0
scripts/sanitize.sh || sanitize=$?
cluster_status=0
wait $cluster || cluster_status=$?
trap - INT TERM
cat "$log"
rm -f "$log"
if [ $cluster_status -ne 0 ]; then
  echo "check.sh: scripts/cluster-test.sh failed (exit $cluster_status)" >&2
  exit $cluster_status
fi
exit $sanitize
