#!/usr/bin/env bash
# Sanitizers inside target regions on the sim backend (tests/e2e/sanitize/, built with omp2cu-cc
# --backend=sim and g++'s sanitizers): ThreadSanitizer reports a race between two threads of one
# team at the user's line (the increment, or the loop the compiler moved it to), and nothing for
# the atomic, reduction and barrier-ordered versions; AddressSanitizer reports a kernel's read
# past its mapped section at the user's line, and nothing once the loop is fixed.
# Usage: test_sanitizers.sh BIN_DIR SOURCE_DIR WORK_DIR
set -uo pipefail
BIN="$(cd "$1" && pwd)"; SRC="$(cd "$2" && pwd)"; WORK="$3"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rm -rf "$WORK"; mkdir -p "$WORK"; cd "$WORK" || exit 1
source "$HERE/testlib.sh"
export TSAN_OPTIONS="halt_on_error=1:exitcode=66" ASAN_OPTIONS="exitcode=23:detect_leaks=1"
export UBSAN_OPTIONS="halt_on_error=1" OMP_NUM_THREADS=1

build() { # build OUT SOURCE FLAGS...
  local out="$1" src="$2"; shift 2
  "$BIN/omp2cu-cc" --backend=sim -g -O1 "$@" "$SRC/$src" -o "$out" 2>build.err ||
    { fail "build $out $*"; cat build.err; return 1; }
}
clean() { # clean NAME EXPECTED-OUTPUT: the program runs, prints it, and no sanitizer reports
  local name="$1" want="$2"
  ./"$name" >out.txt 2>err.txt; local rc=$?
  if [[ $rc -eq 0 ]] && grep -qx -- "$want" out.txt && ! grep -q "Sanitizer" err.txt; then
    pass "$name: no report, right output"
  else fail "$name (exit $rc)"; cat out.txt; head -40 err.txt; fi
}
reported() { # reported NAME STATUS WHAT FILE:LINE: the program stops with STATUS, WHAT at FILE:LINE
  local name="$1" status="$2" what="$3" where="$4"
  ./"$name" >out.txt 2>err.txt; local rc=$?
  if [[ $rc -eq $status ]] && grep -q "SUMMARY: .*Sanitizer: $what .*$where" err.txt; then
    pass "$name: '$what' reported at $where"
  else fail "$name (exit $rc, expected '$what' at $where)"; head -60 err.txt; fi
}

TSAN=(-fsanitize=thread)
ASAN=(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
# The racing increment is on line 17; g++ -O1 keeps `hits` in a register through the loop and
# stores it at the loop's exit, which is the user's `for` line (13) with --line-directives.
build race team_race.c "${TSAN[@]}" && reported race 66 "data race" "team_race.c:1[37] "
build atomic team_race.c "${TSAN[@]}" -DUSE_ATOMIC && clean atomic "hits 64"
build reduction team_race.c "${TSAN[@]}" -DUSE_REDUCTION && clean reduction "hits 64"
build barrier barrier_order.c "${TSAN[@]}" && clean barrier "42 42 42 42 299995"
build overrun mapped_overrun.c "${ASAN[@]}" &&
  reported overrun 23 "heap-buffer-overflow" "mapped_overrun.c:18 "
build fixed mapped_overrun.c "${ASAN[@]}" -DFIXED && clean fixed "4950.0"
build barrier_asan barrier_order.c "${ASAN[@]}" && clean barrier_asan "42 42 42 42 299995"
finish sanitizer
