#!/usr/bin/env bash
# Installs what is missing, builds, and runs timeit's main job on the
# embedded workload.
set -euo pipefail
TIMEIT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$TIMEIT_ROOT/scripts/deps.sh"

timeit_install_deps
timeit_build "$TIMEIT_ROOT/build" -DTIMEIT_BUILD_TESTS=ON
timeit="$TIMEIT_ROOT/build/timeit"
"$timeit" --version
