#!/usr/bin/env bash
# Benchmarks: omp2cu's generated kernels against hand-written CUDA, clang-19's and gcc's OpenMP
# offloading on the same GPU (docs/performance.md). Examples:
#   scripts/bench.sh                       # full size, on this machine's GPU; prints the table
#   scripts/bench.sh --record              # ... and writes bench/results/<date>-<gpu>-<commit>.md
#   scripts/bench.sh --size smoke --no-gpu # build every version, run nothing (no GPU needed)
#   scripts/bench.sh --prepare DIR --pack  # here (translator + clang), then DIR/run.sh on a GPU
#                                          # machine that has only nvcc and Python 3
#   scripts/bench.sh translate-time | scaling | resources | sim KERNEL   # GPU-free measures
# All options: scripts/bench.sh --help. Needs build/bin/omp2cu (cmake --build build) or $OMP2CU.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec python3 bench/harness/bench.py "$@"
