#!/usr/bin/env bash
# Runs the whole test suite (unit, lit, end-to-end) of an existing build; extra arguments go to ctest,
# e.g. scripts/test.sh -L e2e-sim   or   scripts/test.sh -R 'e2e\.saxpy'
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j2 "$@"
