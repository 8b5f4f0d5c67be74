#!/usr/bin/env bash
# Device numbers under the environment (OpenMP 5.2 sec. 21.2.7 OMP_DEFAULT_DEVICE, 21.2.8
# OMP_TARGET_OFFLOAD; OMP2CU_SIM_DEVICES emulated devices, 0: a machine without a device): builds
# programs/p52_device_table.c and p53_device_num_forms.c with omp2cu-cc --backend=sim once and
# runs them under each setting. p52 checks itself (every row must print ok) and prints the
# numbers with `values`; `error K` uses an invalid device number, which must stop it with
# omp2cu's message naming the construct.
# Usage: test_device_env.sh BIN_DIR PROGRAMS_DIR WORK_DIR
set -uo pipefail
BIN="$(cd "$1" && pwd)"; PROGRAMS="$(cd "$2" && pwd)"; WORK="$3"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rm -rf "$WORK"; mkdir -p "$WORK"; cd "$WORK" || exit 1
source "$HERE/testlib.sh"
# The settings start from none of the variables (the test's own environment may have some).
unset OMP_DEFAULT_DEVICE OMP_TARGET_OFFLOAD OMP2CU_SIM_DEVICES

"$BIN/omp2cu-cc" --backend=sim -O1 "$PROGRAMS/p52_device_table.c" -o table 2>build.txt \
  && "$BIN/omp2cu-cc" --backend=sim -O1 "$PROGRAMS/p53_device_num_forms.c" -o forms 2>>build.txt \
  || { cat build.txt; fail "build"; finish "device environment"; }

# table_ok NAME VALUES ENV...: p52 under ENV prints VALUES (the numbers line) and only ok rows;
# p53 prints only ok lines.
table_ok() {
  local name="$1" values="$2"; shift 2
  env "$@" ./table values >out.txt 2>err.txt; local rc=$?
  if [[ $rc -eq 0 ]] && head -1 out.txt | grep -qx -- "$values" && ! grep -q WRONG out.txt \
     && grep -qx "0 rows failed" out.txt; then
    pass "$name"
  else
    fail "$name (exit $rc; expected '$values' and every row ok)"; cat out.txt err.txt
  fi
  env "$@" ./forms >out.txt 2>err.txt; rc=$?
  if [[ $rc -eq 0 ]] && [[ $(grep -c ': ok$' out.txt) -eq 6 ]]; then pass "$name: device numbers in kernels"
  else fail "$name: device numbers in kernels (exit $rc)"; cat out.txt err.txt; fi
}
# table_error NAME K PATTERN ENV...: `p52 error K` under ENV stops with exit 1 and PATTERN.
table_error() {
  local name="$1" k="$2" pattern="$3"; shift 3
  env "$@" ./table error "$k" >out.txt 2>err.txt; local rc=$?
  if [[ $rc -eq 1 ]] && tail -1 out.txt | grep -qx "expecting an error: case $k" \
     && grep -q -- "$pattern" err.txt; then
    pass "$name"
  else
    fail "$name (exit $rc, expected an error matching '$pattern')"; cat out.txt err.txt
  fi
}

table_ok "one device (default)" "num_devices=1 initial=1 default=0 device_num=1"
table_ok "three devices" "num_devices=3 initial=3 default=0 device_num=3" OMP2CU_SIM_DEVICES=3
table_ok "OMP_DEFAULT_DEVICE=2" "num_devices=3 initial=3 default=2 device_num=3" \
  OMP2CU_SIM_DEVICES=3 OMP_DEFAULT_DEVICE=2
table_ok "OMP_DEFAULT_DEVICE=' 1 '" "num_devices=3 initial=3 default=1 device_num=3" \
  OMP2CU_SIM_DEVICES=3 "OMP_DEFAULT_DEVICE= 1 "
# The initial device as the default: constructs without a device clause run on the host.
table_ok "OMP_DEFAULT_DEVICE=the initial device" "num_devices=3 initial=3 default=3 device_num=3" \
  OMP2CU_SIM_DEVICES=3 OMP_DEFAULT_DEVICE=3
# Not a non-negative integer: ignored (libomp warns and uses 0 too).
table_ok "OMP_DEFAULT_DEVICE=abc" "num_devices=3 initial=3 default=0 device_num=3" \
  OMP2CU_SIM_DEVICES=3 OMP_DEFAULT_DEVICE=abc
table_ok "OMP_DEFAULT_DEVICE=-1" "num_devices=3 initial=3 default=0 device_num=3" \
  OMP2CU_SIM_DEVICES=3 OMP_DEFAULT_DEVICE=-1
# disabled: as if the host were the only device (0 devices, the initial device is 0), every
# construct on the host whatever its device number.
table_ok "OMP_TARGET_OFFLOAD=disabled" "num_devices=0 initial=0 default=0 device_num=0" \
  OMP2CU_SIM_DEVICES=3 OMP_TARGET_OFFLOAD=disabled
table_ok "OMP_TARGET_OFFLOAD=DISABLED" "num_devices=0 initial=0 default=0 device_num=0" \
  OMP2CU_SIM_DEVICES=3 OMP_TARGET_OFFLOAD=DISABLED
table_ok "OMP_TARGET_OFFLOAD=disabled, OMP_DEFAULT_DEVICE=2" \
  "num_devices=0 initial=0 default=2 device_num=0" \
  OMP2CU_SIM_DEVICES=3 OMP_TARGET_OFFLOAD=disabled OMP_DEFAULT_DEVICE=2
table_ok "OMP_TARGET_OFFLOAD=mandatory" "num_devices=3 initial=3 default=0 device_num=3" \
  OMP2CU_SIM_DEVICES=3 OMP_TARGET_OFFLOAD=mandatory
table_ok "OMP_TARGET_OFFLOAD=default" "num_devices=3 initial=3 default=0 device_num=3" \
  OMP2CU_SIM_DEVICES=3 OMP_TARGET_OFFLOAD=default
# No device: everything runs on the host (the default device 0 is the initial device).
table_ok "no device" "num_devices=0 initial=0 default=0 device_num=0" OMP2CU_SIM_DEVICES=0
# No device and mandatory: the default device is omp_invalid_device; the initial device works.
env OMP2CU_SIM_DEVICES=0 OMP_TARGET_OFFLOAD=mandatory ./table host >out.txt 2>err.txt \
  && grep -qx "device(omp_get_initial_device()): ok" out.txt \
  && pass "no device, mandatory: device(omp_get_initial_device()) runs on the host" \
  || { fail "no device, mandatory: device(omp_get_initial_device())"; cat out.txt err.txt; }
table_error "no device, mandatory: a construct without a device clause" 8 \
  "omp2cu: error: no device is available and OMP_TARGET_OFFLOAD=mandatory (the program has 0 devices: no emulated device, OMP2CU_SIM_DEVICES=0) in error_case_L" \
  OMP2CU_SIM_DEVICES=0 OMP_TARGET_OFFLOAD=mandatory

# Invalid device numbers stop the program, naming the construct (in any mode).
for setting in "OMP2CU_SIM_DEVICES=2" "OMP2CU_SIM_DEVICES=2 OMP_TARGET_OFFLOAD=mandatory"; do
  table_error "$setting: device(num_devices + 1) on target" 0 \
    "omp2cu: error: invalid device number 3 (the program has 2 devices) in error_case_L" $setting
  table_error "$setting: omp_invalid_device (-2) on target" 1 \
    "omp2cu: error: invalid device number -2 (the program has 2 devices) in error_case_L" $setting
  table_error "$setting: GCC's omp_invalid_device (-4) on target data" 2 \
    "omp2cu: error: invalid device number -4 (the program has 2 devices) in target data (p52_device_table.c:" $setting
  table_error "$setting: target enter data" 3 \
    "omp2cu: error: invalid device number 3 (the program has 2 devices) in target enter data (p52_device_table.c:" $setting
  table_error "$setting: target exit data" 4 \
    "omp2cu: error: invalid device number 3 (the program has 2 devices) in target exit data (p52_device_table.c:" $setting
  table_error "$setting: target update" 5 \
    "omp2cu: error: invalid device number 3 (the program has 2 devices) in target update (p52_device_table.c:" $setting
  table_error "$setting: omp_target_alloc(16, -2)" 6 \
    "omp2cu: error: invalid device number -2 (the program has 2 devices) in omp_target_alloc" $setting
  table_error "$setting: an invalid default device" 7 \
    "omp2cu: error: invalid default device number 4 (the program has 2 devices) in error_case_L" $setting
done
# omp_invalid_device stops the program even with offloading disabled.
table_error "disabled: omp_invalid_device on target" 1 \
  "omp2cu: error: invalid device number -2 (the program has 0 devices: OMP_TARGET_OFFLOAD=disabled)" \
  OMP2CU_SIM_DEVICES=2 OMP_TARGET_OFFLOAD=disabled

finish "device environment"
