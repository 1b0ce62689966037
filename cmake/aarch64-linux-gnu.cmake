# Toolchain file: cross-build timeit for arm64 (AWS Graviton2, Neoverse N1) on
# a Debian 12 amd64 host with Debian's cross compiler and the :arm64 packages
# installed side by side with the native ones (multiarch), as
# scripts/test-arm64.sh sets up:
#
#   cmake -S . -B build-arm64 -G Ninja \
#         -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
#
# ctest then runs every test executable, and gtest_discover_tests lists the
# tests, through qemu-aarch64 (CMAKE_CROSSCOMPILING_EMULATOR).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

# Debian's multiarch layout: the :arm64 libraries and their CMake package
# files are in /usr/lib/aarch64-linux-gnu (Boost, fmt, GTest configs under
# cmake/), headers are shared in /usr/include. With the library architecture
# set, find_library/find_package look in lib/aarch64-linux-gnu and never in
# the host's lib/x86_64-linux-gnu.
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

# The cross toolchain's own root (libc, libstdc++ of gcc-cross) plus the
# multiarch root. Libraries, headers and packages are searched there only;
# programs (ninja, qemu, the test scripts' tools) come from the host.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# qemu-user runs the arm64 test executables. libc6:arm64 (pulled in by every
# :arm64 -dev package) puts the arm64 loader at /lib/ld-linux-aarch64.so.1,
# so qemu needs no -L; without it, use the cross toolchain's libc.
find_program(TIMEIT_QEMU_AARCH64 NAMES qemu-aarch64-static qemu-aarch64)
if(TIMEIT_QEMU_AARCH64)
  if(EXISTS /lib/ld-linux-aarch64.so.1)
    set(CMAKE_CROSSCOMPILING_EMULATOR "${TIMEIT_QEMU_AARCH64}")
  else()
    set(CMAKE_CROSSCOMPILING_EMULATOR "${TIMEIT_QEMU_AARCH64};-L;/usr/aarch64-linux-gnu")
  endif()
endif()
