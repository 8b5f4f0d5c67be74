#!/bin/sh
# Compiles a CUDA translation unit that uses the whole device runtime with nvcc.
# Usage: nvcc_compile.sh NVCC SOURCE INCLUDE_DIR OUTPUT
# Exits 77 (reported as skipped by ctest) when nvcc is not available.
nvcc="$1" src="$2" inc="$3" out="$4"
if [ -z "$nvcc" ] || [ ! -x "$nvcc" ]; then
  echo "nvcc not found: test skipped"
  exit 77
fi
set -x
exec "$nvcc" -arch=sm_90 -std=c++17 -Werror all-warnings -c -I "$inc" "$src" -o "$out"
