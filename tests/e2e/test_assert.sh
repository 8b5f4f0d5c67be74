#!/usr/bin/env bash
# assert() in target regions (tests/e2e/assert/assert_kernel.c) built with omp2cu-cc on the sim
# backend: true assertions change nothing; a false one in a kernel or in a device function prints
# the user's file, line, function and expression, and the program exits non-zero; -DNDEBUG
# removes them. The generated code also compiles for CUDA (and HIP) where the compilers exist.
# Usage: test_assert.sh BIN_DIR SOURCE_DIR WORK_DIR
set -uo pipefail
BIN="$(cd "$1" && pwd)"; SRC="$(cd "$2" && pwd)"; WORK="$3"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rm -rf "$WORK"; mkdir -p "$WORK"; cd "$WORK" || exit 1
source "$HERE/testlib.sh"
cp "$SRC/assert_kernel.c" .

build() { # build OUT FLAGS...
  local out="$1"; shift
  "$BIN/omp2cu-cc" --backend=sim "$@" assert_kernel.c -o "$out" 2>build.err ||
    { fail "build $out $*"; cat build.err; return 1; }
}

if build ok; then
  ./ok >out.txt 2>err.txt; rc=$?
  if [[ $rc -eq 0 ]] && grep -qx "sum 4032, a\[63\] 189" out.txt && [[ ! -s err.txt ]]; then
    pass "true assertions change nothing"
  else fail "true assertions (exit $rc)"; cat out.txt err.txt; fi
fi

check_failure() { # check_failure NAME LINE FUNCTION EXPRESSION FLAGS...
  local name="$1" line="$2" func="$3" expr="$4"; shift 4
  build "$name" "$@" || return
  ./"$name" >out.txt 2>err.txt; local rc=$?
  if [[ $rc -ne 0 ]] && grep -qF "assert_kernel.c:$line: $func: Assertion \`$expr' failed." err.txt; then
    pass "$name: exit $rc, the message names the user's file, line, function and expression"
  else fail "$name (exit $rc)"; cat err.txt; fi
}
# The function as clang's __PRETTY_FUNCTION__ names it (the host's assert does the same).
check_failure kernel 37 "int main(void)" "i != FAIL_AT" -DFAIL_AT=5
check_failure function 18 "int twice(int)" "x != 2 * FAIL_IN_FUNCTION" -DFAIL_IN_FUNCTION=5

if build ndebug -DNDEBUG -DFAIL_AT=5 -DFAIL_IN_FUNCTION=5; then
  ./ndebug >out.txt 2>err.txt && grep -qx "sum 4032, a\[63\] 189" out.txt &&
    pass "NDEBUG removes the assertions" || { fail "NDEBUG"; cat err.txt; }
fi

# The translated file compiles for CUDA (never run here), where nvcc exists.
if command -v nvcc >/dev/null || [[ -x /usr/local/cuda/bin/nvcc ]]; then
  "$BIN/omp2cu-cc" --backend=cuda --offload-arch=sm_90 -DFAIL_AT=5 -DFAIL_IN_FUNCTION=5 \
    -c assert_kernel.c -o gpu.o 2>err.txt &&
    pass "nvcc compiles the assertions" || { fail "nvcc"; cat err.txt; }
fi
finish assert
