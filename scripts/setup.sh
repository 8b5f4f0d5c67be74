#!/usr/bin/env bash
# Installs the build dependencies of omp2cu (Debian 12) and builds the project into build/.
# Idempotent: run it again at any time. Options:
#   --no-apt    do not touch system packages
#   --no-hip    do not install hipcc (the e2e hip compile tests are then skipped)
#   --no-build  only install packages
# Environment: BUILD_DIR (default build), CMAKE_BUILD_TYPE (default Release).
#
# hipcc (HIP 5.2 with clang 15, Debian 12's package) compiles the HIP output for AMD GPUs. Its
# clang finds no omp.h (libomp-15-dev conflicts with libomp-19-dev) and its device libraries lack
# gfx11: build/bin/omp2cu-hipcc supplies both (see translator/cc/omp2cu-hipcc.in).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

PACKAGES=(clang-19 libclang-19-dev llvm-19-dev llvm-19-tools libomp-19-dev libfmt-dev catch2
          ninja-build libboost-context-dev cmake python3 g++ libclang-rt-19-dev
          clang-format-19)
BUILD_DIR="${BUILD_DIR:-build}"
BUILD_TYPE="${CMAKE_BUILD_TYPE:-Release}"
do_apt=1
do_hip=1
do_build=1
for a in "$@"; do
  case "$a" in
    --no-apt) do_apt=0 ;;
    --no-hip) do_hip=0 ;;
    --no-build) do_build=0 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
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
  if [[ $do_hip -eq 1 ]] && ! command -v hipcc >/dev/null 2>&1; then
    # (Not `apt-cache policy | grep -q`: under pipefail, grep -q closing the pipe early can make
    # the pipeline fail with SIGPIPE although the package exists.)
    hip_policy=$(apt-cache policy hipcc 2>/dev/null || true)
    if [[ $hip_policy == *"Candidate: "[0-9]* ]]; then
      echo "== apt-get install -y hipcc"
      "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends hipcc ||
        echo "setup.sh: warning: installing hipcc failed; the e2e hip compile tests will be skipped" >&2
    else
      echo "setup.sh: warning: no hipcc package available; the e2e hip compile tests will be skipped" >&2
    fi
  fi
  # The benchmarks (scripts/bench.sh) compare with clang-19's OpenMP offloading, which needs
  # clang-offload-packager and clang-linker-wrapper (clang-tools-19), and with gcc's
  # (gcc-12-offload-nvptx). Without them those versions are reported as not built.
  echo "== apt-get install -y clang-tools-19 gcc-12-offload-nvptx (benchmark comparisons)"
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    clang-tools-19 gcc-12-offload-nvptx ||
    echo "setup.sh: warning: installing clang-tools-19 / gcc-12-offload-nvptx failed; scripts/bench.sh reports those versions as not built" >&2
fi

if command -v nvcc >/dev/null 2>&1 || [[ -x /usr/local/cuda/bin/nvcc ]]; then
  echo "== nvcc found: the e2e nvcc compile tests will run"
else
  echo "== nvcc not found: the e2e nvcc compile tests will be skipped (install the CUDA toolkit to enable them)"
fi
if command -v hipcc >/dev/null 2>&1 || [[ -x /opt/rocm/bin/hipcc ]]; then
  echo "== hipcc found: the e2e hip compile tests will run"
else
  echo "== hipcc not found: the e2e hip compile tests will be skipped (apt-get install hipcc)"
fi

if [[ $do_build -eq 1 ]]; then
  echo "== cmake -S . -B $BUILD_DIR -G Ninja -DCMAKE_BUILD_TYPE=$BUILD_TYPE && cmake --build $BUILD_DIR"
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="$BUILD_TYPE"
  cmake --build "$BUILD_DIR"
fi
