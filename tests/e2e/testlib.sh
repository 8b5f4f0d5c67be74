# Shared by the driver tests (test_cc.sh, test_outputs.sh, test_signals.sh): `source` it.
# pass/fail count the checks; expect_error runs a command that must fail with exit status 1 and a
# message matching a pattern on stderr; finish prints the summary and exits with the result.
failures=0
pass() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect_error() { # expect_error NAME PATTERN CMD... : exit status 1 and PATTERN on stderr
  local name="$1" pattern="$2"; shift 2
  "$@" >out.txt 2>err.txt; local rc=$?
  if [[ $rc -eq 1 ]] && grep -q -- "$pattern" err.txt; then pass "$name"; else
    fail "$name (exit $rc, expected an error matching '$pattern')"; cat err.txt; fi
}
finish() { # finish WHAT
  if [[ $failures -ne 0 ]]; then echo "$failures check(s) failed"; exit 1; fi
  echo "all $1 checks passed"
}
