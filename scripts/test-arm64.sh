#!/usr/bin/env bash
# The arm64 (AWS Graviton2, ARM Neoverse N1) build and its tests, on an amd64
# Debian 12 machine: installs the cross compiler, the :arm64 -dev packages and
# qemu-user, cross-builds into build-arm64 with cmake/aarch64-linux-gnu.cmake,
# runs the tests under qemu-aarch64 (the unit tests of stats/, platforms/ and
# counters/, and the CLI tests whose behaviour depends on the architecture:
# TIMEIT_CROSS_LABELS in tests/CMakeLists.txt), and ends by printing the graviton2 event
# table from the arm64 binary. Its exit status is the tests' result.
#
# Under qemu-user there is no PMU and no perf_event_open: what is proven here
# is the build, the platform detection from a Graviton2 /proc/cpuinfo fixture,
# and the N1 event encodings through libpfm4's arm64 build (docs/platforms.md).
set -euo pipefail
TIMEIT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$TIMEIT_ROOT/scripts/deps.sh"
BUILD="$TIMEIT_ROOT/build-arm64"
build_only=0
[ "${1:-}" = "--build-only" ] && build_only=1

# The :arm64 packages install beside the amd64 ones (Multi-Arch: same);
# apt upgrades an amd64 library when its arm64 twin must have the same version.
ARM64_PACKAGES=(
  g++-aarch64-linux-gnu qemu-user-static ccache
  libpfm4-dev:arm64 libboost-program-options-dev:arm64 libboost-math-dev:arm64 libpcre2-dev:arm64
  libfmt-dev:arm64 libgtest-dev:arm64 libdw-dev:arm64 libelf-dev:arm64
)

TIMEIT_STEP_PREFIX=test-arm64

step "installing what is missing"
timeit_add_architecture arm64
timeit_install_deps "${ARM64_PACKAGES[@]}"
qemu=$(command -v qemu-aarch64-static || command -v qemu-aarch64)

step "cross-building into $BUILD"
timeit_cross_build "$BUILD" "$TIMEIT_ROOT/cmake/aarch64-linux-gnu.cmake" "$build_only"
readelf -h "$BUILD/timeit" | grep -q 'Machine: *AArch64' || {
  echo "test-arm64: $BUILD/timeit is not an arm64 executable" >&2
  exit 1
}
if [ "$build_only" = 1 ]; then
  step "built (--build-only: no tests)"
  exit 0
fi

step "running the tests under $qemu"
timeit_ctest_cross "$BUILD" arm64

step "the graviton2 event table, from the arm64 binary"
if "$qemu" "$BUILD/timeit" --help | grep -q '^ *events '; then
  "$qemu" "$BUILD/timeit" events --platform graviton2
else
  echo "(timeit events is not there yet; the arm64 binary's version instead)"
  "$qemu" "$BUILD/timeit" --version
fi
step "done"
