#!/usr/bin/env bash
# The i386 (32-bit x86) build and its tests, on an amd64 Debian 12 machine:
# installs the i686 cross compiler and the :i386 -dev packages, builds into
# build-i386 with cmake/i686-linux-gnu.cmake, and runs natively (an x86-64
# kernel with IA-32 emulation runs i386 programs) the unit tests of stats/,
# platforms/ and counters/ and the CLI tests whose behaviour depends on the
# architecture (TIMEIT_CROSS_LABELS in tests/CMakeLists.txt). Tests that cannot
# hold in a 32-bit process skip and say why. Ends with the
# 32-bit syscall-bench's gates and the P6 event table from the i386 binary.
# Its exit status is the tests' result.
#
# A kernel without IA-32 emulation (CONFIG_IA32_EMULATION off,
# ia32_emulation=0, or a hypervisor's guest kernel that leaves it out) refuses
# to exec i386 programs. There the tests run under qemu-i386 instead, as the
# arm64 ones run under qemu-aarch64: the build, libpfm4's i386 tables and
# what emulation carries, without perf_event_open; the 32-bit gates are then
# proven on Debian's 686 kernel alone (tests/system, pentium_32bit).
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
  qemu-user-static  # where this kernel does not run i386 programs
  ccache
)

TIMEIT_STEP_PREFIX=test-i386

step "installing what is missing"
timeit_add_architecture i386
timeit_install_deps "${I386_PACKAGES[@]}"

step "building into $BUILD"
# Whether this kernel runs i386 programs decides, before the build, whether
# the tests (and gtest_discover_tests at build time) need qemu-i386.
probe_dir=$(mktemp -d)
trap 'rm -rf "$probe_dir"' EXIT
echo 'int main(void) { return 0; }' >"$probe_dir/probe.c"
i686-linux-gnu-gcc "$probe_dir/probe.c" -o "$probe_dir/probe"
qemu=()
if ! "$probe_dir/probe" 2>/dev/null; then
  qemu=("$(command -v qemu-i386-static || command -v qemu-i386)")
  echo "test-i386: this kernel does not run i386 programs (no IA-32 emulation);" \
    "the tests run under ${qemu[0]}" >&2
fi
timeit_cross_build "$BUILD" "$TIMEIT_ROOT/cmake/i686-linux-gnu.cmake" "$build_only" \
  -DCMAKE_CROSSCOMPILING_EMULATOR="${qemu[*]}"
readelf -h "$BUILD/timeit" | grep -q 'Class: *ELF32' || {
  echo "test-i386: $BUILD/timeit is not a 32-bit executable" >&2
  exit 1
}

if [ "$build_only" = 1 ]; then
  step "built (--build-only: no tests)"
  exit 0
fi

where=natively
[ ${#qemu[@]} -eq 0 ] || where="under ${qemu[0]}"
step "running the tests $where"
timeit_ctest_cross "$BUILD" i386

step "the 32-bit system call gates and the P6 table, from the i386 build"
"${qemu[@]}" "$BUILD/bench/syscall-bench" --which
"${qemu[@]}" "$BUILD/timeit" events --platform p6
step "done"
