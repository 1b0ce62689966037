#!/usr/bin/env bash
# The arm64 (AWS Graviton2, ARM Neoverse N1) build and its tests, on an amd64
# Debian 12 machine: installs the cross compiler, the :arm64 -dev packages and
# qemu-user, cross-builds into build-arm64 with cmake/aarch64-linux-gnu.cmake,
# runs every test under qemu-aarch64, and ends by printing the graviton2 event
# table from the arm64 binary. Its exit status is the tests' result.
#
# Under qemu-user there is no PMU and no perf_event_open: what is proven here
# is the build, the platform detection from a Graviton2 /proc/cpuinfo fixture,
# and the N1 event encodings through libpfm4's arm64 build (docs/platforms.md).
set -euo pipefail
TIMEIT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$TIMEIT_ROOT/scripts/deps.sh"
BUILD="$TIMEIT_ROOT/build-arm64"

# The :arm64 packages install beside the amd64 ones (Multi-Arch: same);
# apt upgrades an amd64 library when its arm64 twin must have the same version.
ARM64_PACKAGES=(
  g++-aarch64-linux-gnu qemu-user-static
  libpfm4-dev:arm64 libboost-program-options-dev:arm64 libboost-math-dev:arm64
  libfmt-dev:arm64 libgtest-dev:arm64
)

step_start=$SECONDS
step() {  # prints how long the previous step took, then names the next one
  echo "test-arm64: $1 (previous step $((SECONDS - step_start)) s)" >&2
  step_start=$SECONDS
}

step "installing what is missing"
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "timeit's arm64 build needs arm64 as a foreign architecture:" >&2
    echo "  sudo dpkg --add-architecture arm64 && sudo apt-get update" >&2
    exit 1
  fi
  dpkg --add-architecture arm64
fi
timeit_install_deps "${ARM64_PACKAGES[@]}"
qemu=$(command -v qemu-aarch64-static || command -v qemu-aarch64)

step "cross-building into $BUILD"
if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -S "$TIMEIT_ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_TOOLCHAIN_FILE="$TIMEIT_ROOT/cmake/aarch64-linux-gnu.cmake" \
    -DTIMEIT_BUILD_TESTS=ON >/dev/null
fi
cmake --build "$BUILD" --parallel "$(nproc)" -- --quiet
readelf -h "$BUILD/timeit" | grep -q 'Machine: *AArch64' || {
  echo "test-arm64: $BUILD/timeit is not an arm64 executable" >&2
  exit 1
}

step "running the tests under $qemu"
# qemu-user emulates clone(CLONE_VM) only to create threads, so timeit's
# launcher, clone(CLONE_VM|SIGCHLD), which a real arm64 kernel accepts, fails
# with EINVAL there: no command can be measured under emulation. While a probe
# shows that, the CLI tests (tests/cli, the real binary) are left out, and
# said so, except the suites that start no command. Every unit test runs.
cli_suites_without_commands='CliBasicsTest|Ministat[A-Za-z]*Test|[A-Za-z]*/MinistatBadInputTest|CompareTest'
exclude=()
probe_dir=$(mktemp -d)
if ! probe=$(cd "$probe_dir" && "$qemu" "$BUILD/timeit" -n 1 -w 0 -o - true 2>&1 >/dev/null); then
  left_out=$("$qemu" "$BUILD/tests/cli/cli_test" --gtest_list_tests |
    awk '/^[^ ]/ { suite = $1 } /^  / { print suite $1 }' |
    grep -Ev "^($cli_suites_without_commands)\." || true)
  if [ -n "$left_out" ]; then
    echo "test-arm64: under qemu-user timeit cannot start a command (${probe##*$'\n'});" \
      "leaving out $(wc -l <<<"$left_out") CLI tests that run one:" $left_out >&2
    exclude=(-E "^($(sed 's/\./\\./g' <<<"$left_out" | paste -sd'|'))\$")
  fi
fi
rm -rf "$probe_dir"
ctest --test-dir "$BUILD" --output-on-failure -j"$(nproc)" "${exclude[@]}"

step "the graviton2 event table, from the arm64 binary"
if "$qemu" "$BUILD/timeit" --help | grep -q '^ *events '; then
  "$qemu" "$BUILD/timeit" events --platform graviton2
else
  echo "(timeit events is not there yet; the arm64 binary's version instead)"
  "$qemu" "$BUILD/timeit" --version
fi
step "done"
