#!/bin/sh
# Compiles a HIP translation unit that uses the whole device runtime with hipcc, for a wave64
# (gfx90a) and a wave32 (gfx1100) architecture in one call, through omp2cu-hipcc.
# Usage: hip_compile.sh OMP2CU_HIPCC SOURCE INCLUDE_DIR OUTPUT
# Exits 77 (reported as skipped by ctest) when hipcc is not available.
wrapper="$1" src="$2" inc="$3" out="$4"
if [ -z "${HIPCC:-}" ] && ! command -v hipcc >/dev/null 2>&1 && [ ! -x /opt/rocm/bin/hipcc ]; then
  echo "hipcc not found: test skipped"
  exit 77
fi
set -x
exec "$wrapper" -x hip -std=c++17 --offload-arch=gfx90a --offload-arch=gfx1100 -fopenmp \
  -Wall -Werror -Wno-unused-function -c -I "$inc" "$src" -o "$out"
