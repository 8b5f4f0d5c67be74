#!/usr/bin/env bash
# Outputs as gcc treats them, for omp2cu and omp2cu-cc: an output that is the input (or a hard
# link to it) is refused and the input stays as it was; an output that is not a regular file (a
# FIFO, a device, `-o -` for standard output) is written through, never replaced; a symbolic
# link is written through (its target replaced, the link kept); a read-only file or a directory
# is a clear error; nothing temporary stays behind.
# Usage: test_outputs.sh BIN_DIR SAMPLES_DIR WORK_DIR
set -uo pipefail
BIN="$(cd "$1" && pwd)"; SAMPLES="$(cd "$2" && pwd)"; WORK="$3"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rm -rf "$WORK"; mkdir -p "$WORK"; cd "$WORK" || exit 1
source "$HERE/testlib.sh"
cp "$SAMPLES/saxpy.c" x.c
cp x.c orig.c
ln x.c hard.c
unchanged() { cmp -s x.c orig.c && [[ -f x.c && ! -L x.c ]]; }

for tool in omp2cu omp2cu-cc; do
  if [[ $tool == omp2cu ]]; then run=("$BIN/omp2cu" x.c); else run=("$BIN/omp2cu-cc" --backend=sim -c x.c); fi
  expect_error "$tool: -o the input" "input file 'x.c' is the same as output file" "${run[@]}" -o x.c
  unchanged && pass "$tool: the input is intact" || fail "$tool: the input was changed"
  expect_error "$tool: -o a hard link to the input" "is the same as output file" "${run[@]}" -o hard.c
  unchanged && pass "$tool: the input is intact (hard link)" || fail "$tool: the input was changed (hard link)"

  rm -f fifo fifo.out; mkfifo fifo
  cat fifo >fifo.out & reader=$!
  if "${run[@]}" -o fifo 2>err.txt; then
    wait $reader
    [[ -p fifo && -s fifo.out ]] && pass "$tool: -o FIFO written through" || fail "$tool: -o FIFO"
  else
    fail "$tool: -o FIFO failed"; cat err.txt; kill $reader 2>/dev/null
  fi

  if "${run[@]}" -o /dev/null 2>err.txt && [[ -c /dev/null ]]; then pass "$tool: -o /dev/null"
  else fail "$tool: -o /dev/null"; cat err.txt; fi

  rm -f link.out target.out; ln -s target.out link.out
  if "${run[@]}" -o link.out 2>err.txt && [[ -L link.out && -s target.out ]] &&
     "${run[@]}" -o link.out 2>>err.txt && [[ -L link.out && -s target.out ]]; then
    pass "$tool: -o through a symbolic link"
  else fail "$tool: -o symbolic link"; ls -l link.out target.out; cat err.txt; fi

  echo keep >ro.out; chmod 444 ro.out
  expect_error "$tool: -o a read-only file" "cannot write 'ro.out'" "${run[@]}" -o ro.out
  [[ $(cat ro.out) == keep ]] && pass "$tool: the read-only file is intact" || fail "$tool: read-only file changed"
  mkdir -p dir.out
  expect_error "$tool: -o a directory" "cannot write 'dir.out'" "${run[@]}" -o dir.out
done

# Standard output: the translation, and omp2cu-cc -S -o - (the generated source).
"$BIN/omp2cu" x.c -o - >stdout.cu 2>err.txt && grep -q "omp2cu/omp2cu.h" stdout.cu \
  && pass "omp2cu: -o -" || { fail "omp2cu: -o -"; cat err.txt; }
"$BIN/omp2cu-cc" --backend=sim -S x.c -o - >stdout2.cu 2>err.txt && grep -q "omp2cu/omp2cu.h" stdout2.cu \
  && pass "omp2cu-cc: -S -o -" || { fail "omp2cu-cc: -S -o -"; cat err.txt; }
# A dependency file written to a device.
"$BIN/omp2cu-cc" --backend=sim -c x.c -o dep.o -MD -MF /dev/null 2>err.txt && [[ -c /dev/null && -s dep.o ]] \
  && pass "omp2cu-cc: -MF /dev/null" || { fail "omp2cu-cc: -MF /dev/null"; cat err.txt; }
# A link whose output is the input.
expect_error "omp2cu-cc: link -o the input" "is the same as output file" \
  "$BIN/omp2cu-cc" --backend=sim x.c -o x.c
unchanged && pass "omp2cu-cc: the input is intact (link)" || fail "omp2cu-cc: input changed (link)"

leftovers=$(ls -A | grep -E '\.tmp' || true)
[[ -z $leftovers ]] && pass "no temporary files left" || fail "temporary files left: $leftovers"
finish output
