# Toolchain file: build timeit for i386 (32-bit x86: Pentium Pro/II/III,
# Pentium M, Core Duo, Pentium 4/D) on a Debian 12 amd64 host with Debian's
# cross compiler and the :i386 packages installed beside the native ones
# (multiarch), as scripts/test-i386.sh sets up:
#
#   cmake -S . -B build-i386 -G Ninja \
#         -DCMAKE_TOOLCHAIN_FILE=cmake/i686-linux-gnu.cmake
#
# g++-i686-linux-gnu rather than g++-multilib: gcc-multilib conflicts with
# every cross compiler (gcc-12-aarch64-linux-gnu among them, which
# scripts/test-arm64.sh installs on the same machine), the cross compiler
# does not. An x86-64 kernel with IA-32 emulation runs the i386 executables
# natively, so there is no CMAKE_CROSSCOMPILING_EMULATOR: ctest and
# gtest_discover_tests run them directly.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR i686)

set(CMAKE_C_COMPILER i686-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER i686-linux-gnu-g++)

# Debian's multiarch layout: the :i386 libraries and their CMake package
# files are in /usr/lib/i386-linux-gnu (note: i386, not i686), headers are
# shared in /usr/include.
set(CMAKE_LIBRARY_ARCHITECTURE i386-linux-gnu)

set(CMAKE_FIND_ROOT_PATH /usr/i686-linux-gnu /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
