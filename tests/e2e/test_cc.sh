#!/usr/bin/env bash
# Tests of the omp2cu-cc driver: a sim build with --keep, a hip build (when hipcc is installed), and
# its error paths (no nvcc, no hipcc, a failed translation, a failed build, bad options).
# Usage: test_cc.sh OMP2CU_CC SAMPLES_DIR WORK_DIR
set -uo pipefail
CC="$1"; SAMPLES="$2"; WORK="$3"
rm -rf "$WORK"; mkdir -p "$WORK"; cd "$WORK" || exit 1
failures=0
pass() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect_error() { # expect_error NAME PATTERN CMD... : non-zero exit and PATTERN on stderr
  local name="$1" pattern="$2"; shift 2
  "$@" >out.txt 2>err.txt; local rc=$?
  if [[ $rc -ne 0 ]] && grep -q -- "$pattern" err.txt; then pass "$name"; else
    fail "$name (exit $rc, expected an error matching '$pattern')"; cat err.txt; fi
}

"$CC" --help >help.txt 2>&1 && grep -q "Usage: omp2cu-cc" help.txt && pass "--help" || fail "--help"

# A sim build with --keep: runs and keeps the generated source beside the executable.
mkdir -p out
if "$CC" --backend=sim --keep -O2 "$SAMPLES/saxpy.c" -o out/saxpy; then
  [[ -x out/saxpy ]] && pass "sim build" || fail "sim build: no executable"
  [[ -f out/saxpy.cu ]] && grep -q "omp2cu/omp2cu.h" out/saxpy.cu && pass "--keep" || fail "--keep: out/saxpy.cu missing"
  ./out/saxpy >run.txt 2>&1 && grep -q "^saxpy n=50000" run.txt && pass "sim run" || { fail "sim run"; cat run.txt; }
else
  fail "sim build of saxpy.c"
fi
# Without --keep nothing but the executable is written.
"$CC" --backend=sim "$SAMPLES/saxpy.c" -o out/plain && [[ -x out/plain && ! -e out/plain.cu ]] \
  && pass "no --keep: no .cu left" || fail "no --keep"

expect_error "no nvcc" "omp2cu-cc: error: nvcc not found" env NVCC=/nonexistent/nvcc "$CC" "$SAMPLES/saxpy.c" -o out/nonvcc
[[ ! -e out/nonvcc ]] && pass "no nvcc: no executable" || fail "no nvcc: executable left behind"

printf 'int main( {\n' > broken.c
cp out/saxpy out/broken
expect_error "broken input" "omp2cu-cc: error: " "$CC" --backend=sim broken.c -o out/broken
[[ ! -e out/broken ]] && pass "broken input: old executable removed" || fail "broken input: executable left behind"

expect_error "missing -o" "omp2cu-cc: error: no output file" "$CC" --backend=sim "$SAMPLES/saxpy.c"
expect_error "unknown option" "omp2cu-cc: error: unsupported option" "$CC" --frobnicate "$SAMPLES/saxpy.c" -o out/x
expect_error "unknown backend" "omp2cu-cc: error: unknown backend" "$CC" --backend=opencl "$SAMPLES/saxpy.c" -o out/x
expect_error "missing input" "omp2cu-cc: error: no such file" "$CC" --backend=sim nothere.c -o out/x
expect_error "bad arch" "omp2cu-cc: error: invalid --offload-arch" "$CC" --offload-arch=gfx90a "$SAMPLES/saxpy.c" -o out/x
expect_error "bad hip arch" "omp2cu-cc: error: invalid --offload-arch" "$CC" --backend=hip --offload-arch=sm_90 "$SAMPLES/saxpy.c" -o out/x
expect_error "no hipcc" "omp2cu-cc: error: hipcc not found" env HIPCC=/nonexistent/hipcc "$CC" --backend=hip "$SAMPLES/saxpy.c" -o out/x
[[ ! -e out/x ]] && pass "no executable after errors" || fail "out/x exists"

# A hip build for two architectures with --keep (when hipcc is installed; compile only).
if command -v hipcc >/dev/null 2>&1 || [[ -x /opt/rocm/bin/hipcc ]]; then
  if "$CC" --backend=hip --offload-arch=gfx90a --offload-arch=gfx1100 -O1 --keep "$SAMPLES/saxpy.c" -o out/saxpy_hip; then
    [[ -x out/saxpy_hip && -f out/saxpy_hip.cu ]] && pass "hip build" || fail "hip build: no executable or no kept source"
  else
    fail "hip build of saxpy.c"
  fi
else
  echo "skip: hip build (hipcc not found)"
fi

if [[ $failures -ne 0 ]]; then echo "$failures check(s) failed"; exit 1; fi
echo "all omp2cu-cc checks passed"
