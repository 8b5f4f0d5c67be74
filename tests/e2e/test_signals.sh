#!/usr/bin/env bash
# omp2cu-cc ended by a signal (SIGTERM, SIGINT, SIGHUP) during a compile: the compiler it runs and
# that compiler's children are ended too, the driver's temporary directory and the compiler's
# temporary files are removed, no partial output stays, and the driver ends by the same signal.
# The host compile is a stand-in that starts a child (as g++ starts cc1plus) and records its pid;
# the last cases interrupt a real g++ compile and a real nvcc compile and check $TMPDIR.
# Usage: test_signals.sh BIN_DIR SAMPLES_DIR WORK_DIR
set -uo pipefail
BIN="$(cd "$1" && pwd)"; SAMPLES="$(cd "$2" && pwd)"; WORK="$3"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rm -rf "$WORK"; mkdir -p "$WORK"; cd "$WORK" || exit 1
source "$HERE/testlib.sh"

cat >fake-cxx <<'EOS'
#!/bin/sh
# A compiler that takes its time: a child process, as g++ runs cc1plus.
sleep 60 &
echo $! >"$FAKE_PIDS/child.$$"
wait
EOS
chmod +x fake-cxx
mkdir -p pids
# wait_for FILE-GLOB: until a file matching it exists (10 s at most)
wait_for() { for _ in $(seq 100); do compgen -G "$1" >/dev/null && return 0; sleep 0.1; done; return 1; }

for sig in TERM INT HUP; do
  rm -rf pids tmp-$sig; mkdir -p pids tmp-$sig
  TMPDIR=$PWD/tmp-$sig FAKE_PIDS=$PWD/pids OMP2CU_HOST_CXX=$PWD/fake-cxx \
    "$BIN/omp2cu-cc" --backend=sim -c "$SAMPLES/saxpy.c" -o out-$sig.o 2>err.txt &
  driver=$!
  if ! wait_for "pids/child.*"; then fail "SIG$sig: the compile did not start"; cat err.txt; kill $driver; continue; fi
  kill -s $sig $driver
  wait $driver; rc=$?
  want=$((128 + $(kill -l $sig)))
  [[ $rc -eq $want ]] && pass "SIG$sig: exit status $rc" || fail "SIG$sig: exit status $rc, expected $want"
  child=$(cat pids/child.*)
  sleep 0.2
  state=$(ps -o stat= -p "$child" 2>/dev/null) # a zombie (Z) is ended: it waits for its reaper
  if [[ -n $state && $state != Z* ]]; then fail "SIG$sig: the compiler's child $child survived"; kill "$child"
  else pass "SIG$sig: no child left"; fi
  [[ -z $(ls -A tmp-$sig) ]] && pass "SIG$sig: \$TMPDIR is empty" || { fail "SIG$sig: left in \$TMPDIR: $(ls -A tmp-$sig)"; }
  leftovers=$(ls -A | grep -E "out-$sig|\.tmp" || true)
  [[ -z $leftovers ]] && pass "SIG$sig: no partial output" || fail "SIG$sig: left: $leftovers"
done

# interrupted NAME BACKEND DELAY: a real compile for BACKEND, ended DELAY seconds in with SIGTERM:
# exit status 143, nothing of the build in $TMPDIR, no output, no tool of the build still running.
interrupted() {
  local name="$1" backend="$2" delay="$3" tmp="$PWD/tmp-$1"
  mkdir -p "$tmp"
  TMPDIR="$tmp" "$BIN/omp2cu-cc" --backend="$backend" -c "$SAMPLES/saxpy.c" -o "$name.o" 2>err.txt &
  local driver=$!
  sleep "$delay"
  kill -TERM $driver; wait $driver; local rc=$?
  sleep 0.5
  if [[ $rc -eq 0 ]]; then pass "$name compile: finished before the signal (nothing to check)"; return; fi
  [[ $rc -eq 143 ]] && pass "$name compile: exit status 143" || fail "$name compile: exit status $rc"
  [[ -z $(ls -A "$tmp") ]] && pass "$name compile: \$TMPDIR is empty" ||
    fail "$name compile: left in \$TMPDIR: $(ls -A "$tmp")"
  [[ ! -e $name.o ]] && pass "$name compile: no output" || fail "$name compile: $name.o left"
  local left; left=$(pgrep -f "$tmp" || true)
  [[ -z $left ]] && pass "$name compile: no tool left running" ||
    { fail "$name compile: left running: $left"; kill $left; }
}

# g++ and its cc1plus, as; ended 1.5 s in.
interrupted real sim 1.5
# nvcc: cudafe, cicc, ptxas and their tmpxft_* files in $TMPDIR; ended 3 s in.
if command -v nvcc >/dev/null || [[ -x /usr/local/cuda/bin/nvcc ]]; then
  interrupted nvcc cuda 3
fi

finish signal
