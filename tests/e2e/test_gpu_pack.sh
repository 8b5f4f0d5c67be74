#!/usr/bin/env bash
# The GPU test pack (gpu_e2e.py) without a GPU: prepares three programs (one sample, one
# generic-mode sample, which gives two cases, and a `requires unified_shared_memory` program marked
# `omp2cu-e2e: gpu offload default`), then runs the pack with a stand-in nvidia-smi. With no CUDA
# driver every region must fail under the mandatory offloading the pack sets (a pass would mean a
# silent host fallback), except the marked program's; with OMP_TARGET_OFFLOAD=disabled every case
# must run on the host and match its reference; the results file must be written.
# Usage: test_gpu_pack.sh BIN_DIR SAMPLES_DIR PROGRAMS_DIR WORK_DIR. Exit 77 without nvcc.
set -uo pipefail
BIN="$(cd "$1" && pwd)"; SAMPLES="$(cd "$2" && pwd)"; PROGRAMS="$(cd "$3" && pwd)"; WORK="$4"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if ! command -v nvcc >/dev/null 2>&1 && [[ ! -x /usr/local/cuda/bin/nvcc ]]; then
  echo "SKIP: nvcc not found"; exit 77
fi
rm -rf "$WORK"; mkdir -p "$WORK"; cd "$WORK" || exit 1
source "$HERE/testlib.sh"
unset OMP_TARGET_OFFLOAD

python3 "$HERE/gpu_e2e.py" --prepare pack --omp2cu "$BIN/omp2cu" -j 2 "$SAMPLES/saxpy.c" \
  "$SAMPLES/parallel_sync.c" "$PROGRAMS/p68_requires_usm.c" >prepare.txt 2>&1 \
  || { cat prepare.txt; fail "prepare"; finish "GPU pack"; }
n=$(ls pack/bin | wc -l)
if [[ $n -eq 4 && -x pack/run.sh && -f pack/expected/saxpy.txt && -f pack/gen/parallel_sync.generic.cu ]]
then pass "prepare: 4 cases built, references and run.sh"; else fail "prepare: $n binaries"; ls -R pack; fi

pack/run.sh >nogpu.txt 2>&1; rc=$?
if [[ $rc -eq 2 ]] && grep -q "no NVIDIA GPU found" nogpu.txt; then pass "no GPU: exit 2"
else fail "no GPU (exit $rc)"; cat nogpu.txt; fi

mkdir -p fake && printf '#!/bin/sh\necho "Stand-in GPU, 0.0"\n' >fake/nvidia-smi && chmod +x fake/nvidia-smi
PATH="$PWD/fake:$PATH" pack/run.sh --record --results-dir results -j 2 >run.txt 2>&1; rc=$?
if [[ $rc -eq 1 ]] && grep -q "1/4 cases pass on Stand-in GPU" run.txt \
   && grep -A1 "^  saxpy  *run failed" run.txt | grep -q "no device is available and OMP_TARGET_OFFLOAD=mandatory" \
   && grep -q "^  p68_requires_usm  *pass" run.txt; then
  pass "no driver: mandatory offloading fails every region, the marked program runs on the host"
else fail "no driver (exit $rc)"; cat run.txt; fi
md=$(ls results/*-stand-in-gpu-*.md 2>/dev/null | head -1)
if [[ -n $md ]] && grep -q "^| parallel_sync.generic | run failed |" "$md" && ls results/*.json >/dev/null 2>&1
then pass "results recorded"; else fail "results file"; ls results; fi

OMP_TARGET_OFFLOAD=disabled PATH="$PWD/fake:$PATH" pack/run.sh -j 2 >host.txt 2>&1; rc=$?
if [[ $rc -eq 0 ]] && grep -q "4/4 cases pass" host.txt; then pass "offloading disabled: all match the references"
else fail "offloading disabled (exit $rc)"; cat host.txt; fi
finish "GPU pack"
