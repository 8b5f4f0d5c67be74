#!/usr/bin/env bash
# Installs the build dependencies of omp2cu (Debian 12) and builds the project into build/.
# Idempotent: run it again at any time. Options:
#   --no-apt    do not touch system packages
#   --no-build  only install packages
# Environment: BUILD_DIR (default build), CMAKE_BUILD_TYPE (default Release).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

PACKAGES=(clang-19 libclang-19-dev llvm-19-dev llvm-19-tools libomp-19-dev libfmt-dev catch2
          ninja-build libboost-context-dev cmake python3 g++)
BUILD_DIR="${BUILD_DIR:-build}"
BUILD_TYPE="${CMAKE_BUILD_TYPE:-Release}"
do_apt=1
do_build=1
for a in "$@"; do
  case "$a" in
    --no-apt) do_apt=0 ;;
    --no-build) do_build=0 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "setup.sh: error: unknown option '$a'" >&2; exit 2 ;;
  esac
done

if [[ $do_apt -eq 1 ]]; then
  if [[ $(id -u) -eq 0 ]]; then SUDO=(); else SUDO=(sudo); fi
  echo "== apt-get update && apt-get install -y ${PACKAGES[*]}"
  if ! "${SUDO[@]}" apt-get update; then
    echo "setup.sh: warning: apt-get update failed (offline?); trying the install with the current package lists" >&2
  fi
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${PACKAGES[@]}"
fi

if command -v nvcc >/dev/null 2>&1 || [[ -x /usr/local/cuda/bin/nvcc ]]; then
  echo "== nvcc found: the e2e nvcc compile tests will run"
else
  echo "== nvcc not found: the e2e nvcc compile tests will be skipped (install the CUDA toolkit to enable them)"
fi

if [[ $do_build -eq 1 ]]; then
  echo "== cmake -S . -B $BUILD_DIR -G Ninja -DCMAKE_BUILD_TYPE=$BUILD_TYPE && cmake --build $BUILD_DIR"
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="$BUILD_TYPE"
  cmake --build "$BUILD_DIR"
fi
