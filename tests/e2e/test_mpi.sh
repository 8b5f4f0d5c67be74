#!/usr/bin/env bash
# omp2cu-cc under MPI compiler wrappers (OMPI_CC / MPICH_CC=omp2cu-cc mpicc), with the program of
# samples/projects/mpi-ranks:
#  - always: a wrapper that does what Open MPI's mpicc does (tests/e2e/fake_mpi/mpicc: adds -I,
#    -pthread, -L, -Wl,-rpath..., -l) over a one-process MPI; separate compile and link as Make
#    does, and one command; run on sim;
#  - when an MPI is installed (mpicc, mpiexec): the real wrapper, run on sim with 2 ranks;
#  - when nvcc is installed: the same wrapper builds for cuda (compile and link only).
# Usage: test_mpi.sh OMP2CU_CC PROJECT_DIR WORK_DIR
set -uo pipefail
CC="$1"; PROJECT="$2"; WORK="$3"
FAKE="$(cd "$(dirname "${BASH_SOURCE[0]}")/fake_mpi" && pwd)"
rm -rf "$WORK"; mkdir -p "$WORK"; cd "$WORK" || exit 1
failures=0
pass() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
src="$PROJECT/mpi_ranks.c"
expected="total $(python3 -c 'print(sum((i % 7) * (i % 11) for i in range(1 << 20)))')"

# The one-process MPI library.
gcc -c "$FAKE/fake_mpi.c" -I "$FAKE" -o fake_mpi.o && ar rcs libfakempi.a fake_mpi.o ||
  { echo "FAIL: cannot build the fake MPI library"; exit 1; }
export FAKE_MPI_LIB="$PWD"

check_run() { # check_run NAME CMD...: the program prints the expected total
  local name="$1"; shift
  if "$@" >run.txt 2>&1 && grep -qx "$expected" run.txt; then pass "$name"; else
    fail "$name (expected '$expected')"; cat run.txt; fi
}

# Separate compilation and link through the wrapper, as a Makefile with CC=mpicc does.
if OMPI_CC="$CC" OMP2CU_BACKEND=sim "$FAKE/mpicc" -O2 -fopenmp -c "$src" -o ranks.o &&
   OMPI_CC="$CC" OMP2CU_BACKEND=sim "$FAKE/mpicc" -fopenmp ranks.o -o ranks_sim; then
  check_run "fake mpicc (Open MPI style), -c then link, sim" ./ranks_sim
else
  fail "fake mpicc: sim build"
fi
if OMPI_CC="$CC" OMP2CU_BACKEND=sim "$FAKE/mpicc" -fopenmp "$src" -o ranks_sim1; then
  check_run "fake mpicc, one command, sim" ./ranks_sim1
else
  fail "fake mpicc: one-command sim build"
fi

nvcc_found=0
if command -v nvcc >/dev/null 2>&1 || [[ -x /usr/local/cuda/bin/nvcc ]]; then nvcc_found=1; fi
if [[ $nvcc_found -eq 1 && "${OMP2CU_E2E_NVCC:-1}" != 0 ]]; then
  OMPI_CC="$CC" "$FAKE/mpicc" -fopenmp "$src" -o ranks_cuda && [[ -x ranks_cuda ]] &&
    pass "fake mpicc, cuda build (not run)" || fail "fake mpicc: cuda build"
else
  echo "skip: cuda build (nvcc not found)"
fi

# A real MPI, when one is installed.
if command -v mpicc >/dev/null 2>&1 && command -v mpiexec >/dev/null 2>&1; then
  if mpicc -show 2>/dev/null | grep -i mpich >/dev/null; then
    wrap=(env MPICH_CC="$CC" OMP2CU_BACKEND=sim mpicc)
    launch=(mpiexec -n 2)
  else
    wrap=(env OMPI_CC="$CC" OMP2CU_BACKEND=sim mpicc)
    launch=(mpiexec -n 2 --oversubscribe)
    [[ $(id -u) -eq 0 ]] && launch+=(--allow-run-as-root)
  fi
  if "${wrap[@]}" -fopenmp -c "$src" -o real.o && "${wrap[@]}" -fopenmp real.o -o ranks_mpi; then
    check_run "$(basename "$(readlink -f "$(command -v mpicc)")") over omp2cu-cc, 2 ranks, sim" \
      "${launch[@]}" ./ranks_mpi
  else
    fail "real mpicc over omp2cu-cc: sim build"
  fi
else
  echo "skip: no MPI installed (mpicc, mpiexec); e.g. apt-get install mpich libmpich-dev"
fi

if [[ $failures -ne 0 ]]; then echo "$failures check(s) failed"; exit 1; fi
echo "all MPI wrapper checks passed"
