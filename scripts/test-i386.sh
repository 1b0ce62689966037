#!/usr/bin/env bash
# The i386 (32-bit x86) build and its tests, on an amd64 Debian 12 machine:
# installs the i686 cross compiler and the :i386 -dev packages, builds into
# build-i386 with cmake/i686-linux-gnu.cmake, and runs the whole suite
# natively (an x86-64 kernel with IA-32 emulation runs i386 programs). Tests
# that cannot hold in a 32-bit process skip and say why. Ends with the
# 32-bit syscall-bench's gates and the P6 event table from the i386 binary.
# Its exit status is the tests' result.
#
# What only this build proves: libpfm4's i386 tables (P6 family, Pentium M,
# Core Duo), and the 32-bit system call gates (int $0x80 against the vDSO's
# __kernel_vsyscall: sysenter on Intel, syscall on AMD); docs/platforms.md.
set -euo pipefail
TIMEIT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$TIMEIT_ROOT/scripts/deps.sh"
BUILD="$TIMEIT_ROOT/build-i386"
# --build-only: timeit and syscall-bench alone, no tests (scripts/test-system.sh
# boots them on Debian's 32-bit kernel).
build_only=0
[ "${1:-}" = "--build-only" ] && build_only=1

# The cross compiler, not g++-multilib: gcc-multilib conflicts with every
# cross compiler, g++-aarch64-linux-gnu of scripts/test-arm64.sh included.
# The :i386 packages install beside the amd64 (and arm64) ones
# (Multi-Arch: same); apt upgrades an amd64 library when its i386 twin must
# have the same version.
I386_PACKAGES=(
  g++-i686-linux-gnu
  libpfm4-dev:i386 libboost-program-options-dev:i386 libboost-math-dev:i386 libpcre2-dev:i386
  libfmt-dev:i386 libgtest-dev:i386 libdw-dev:i386 libelf-dev:i386
)

TIMEIT_STEP_PREFIX=test-i386

step "installing what is missing"
timeit_add_architecture i386
timeit_install_deps "${I386_PACKAGES[@]}"

step "building into $BUILD"
timeit_cross_build "$BUILD" "$TIMEIT_ROOT/cmake/i686-linux-gnu.cmake" "$build_only"
readelf -h "$BUILD/timeit" | grep -q 'Class: *ELF32' || {
  echo "test-i386: $BUILD/timeit is not a 32-bit executable" >&2
  exit 1
}
if ! "$BUILD/bench/syscall-bench" libc 1; then
  echo "test-i386: this kernel does not run i386 programs (no IA-32 emulation," >&2
  echo "  or ia32_emulation=0 on its command line)" >&2
  exit 1
fi

if [ "$build_only" = 1 ]; then
  step "built (--build-only: no tests)"
  exit 0
fi

step "running the whole suite natively"
ctest --test-dir "$BUILD" --output-on-failure -j"$(nproc)"

step "the 32-bit system call gates and the P6 table, from the i386 build"
"$BUILD/bench/syscall-bench" --which
"$BUILD/timeit" events --platform p6
step "done"
