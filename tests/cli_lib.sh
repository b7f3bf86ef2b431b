# Shared by the shell CLI tests (sourced): a scratch directory, a failure count, and
#   golden NAME STATUS COMMAND...  stdout must equal $data/NAME.out, the exit status STATUS
#                                  (REGENERATE=1 rewrites the .out file instead);
#   expect STATUS STDERR COMMAND...  the exit status and the exact stderr, empty stdout;
#   fail MESSAGE                     counts a failure; same WHAT FILE1 FILE2: equal, not empty.
# The sourcing script sets $data first.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
# same WHAT FILE1 FILE2: byte-for-byte equal, and not empty.
same() {
  if ! cmp -s "$2" "$3" || [ ! -s "$2" ]; then fail "$1"; fi
}

# golden NAME STATUS COMMAND...: stdout must equal $data/NAME.out, the exit status STATUS.
golden() {
  name=$1 status=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  got=$?
  if [ -n "${REGENERATE:-}" ]; then cp "$tmp/out" "$data/$name.out"; fi
  if [ "$got" -ne "$status" ] || ! cmp -s "$tmp/out" "$data/$name.out"; then
    echo "FAIL: $name: exit $got (expected $status); diff against $data/$name.out:"
    diff "$data/$name.out" "$tmp/out" | head -20
    cat "$tmp/err"
    failures=$((failures + 1))
  fi
}

# expect STATUS EXPECTED_STDERR COMMAND...: exit status and exact stderr, empty stdout.
expect() {
  status=$1 message=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  got=$?
  if [ "$got" -ne "$status" ] || [ "$(cat "$tmp/err")" != "$message" ] || [ -s "$tmp/out" ]; then
    echo "FAIL: $*: exit $got (expected $status), stderr:"; cat "$tmp/err"
    echo "expected: $message"
    failures=$((failures + 1))
  fi
}
