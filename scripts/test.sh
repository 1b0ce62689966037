#!/usr/bin/env bash
# Installs what is missing, builds with tests and runs every test.
# Its exit status is the tests' result.
set -euo pipefail
TIMEIT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$TIMEIT_ROOT/scripts/deps.sh"

timeit_install_deps
timeit_build "$TIMEIT_ROOT/build" -DTIMEIT_BUILD_TESTS=ON
ctest --test-dir "$TIMEIT_ROOT/build" --output-on-failure -j"$(nproc)"
