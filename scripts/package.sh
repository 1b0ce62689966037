#!/usr/bin/env bash
# Debian packages of timeit: dist/timeit_VERSION_ARCH.deb for each ARCH given
# (amd64, arm64, i386; by default this machine's), each from a build in
# build-deb-ARCH configured for /usr with the test build's flags (ccache gives
# back what the test builds compiled), made by CPack's DEB generator with the run-time
# dependencies dpkg-shlibdeps finds (cmake/TimeitPackage.cmake says what goes
# in). Then, for each package:
# - lintian: an error fails the script, warnings and the rest are printed;
# - the package unpacked into an empty folder runs `timeit --version` and a
#   two-run series of /bin/true there (a foreign architecture under qemu-user),
#   so that what the package holds runs without the build tree.
# Usage: scripts/package.sh [ARCH...]
set -euo pipefail
TIMEIT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$TIMEIT_ROOT/scripts/deps.sh"
TIMEIT_STEP_PREFIX=package
archs=("$@")
[ ${#archs[@]} -gt 0 ] || archs=("$(dpkg --print-architecture)")
native=$(dpkg --print-architecture)
mkdir -p "$TIMEIT_ROOT/dist"

step "installing what is missing"
needs=(lintian dpkg-dev)
for arch in "${archs[@]}"; do
  case $arch in
    "$native") ;;
    arm64) timeit_add_architecture arm64; needs+=("${TIMEIT_ARM64_PACKAGES[@]}") ;;
    i386) timeit_add_architecture i386; needs+=("${TIMEIT_I386_PACKAGES[@]}") ;;
    *) echo "package: no build for architecture '$arch' (amd64, arm64, i386)" >&2; exit 2 ;;
  esac
done
timeit_install_deps "${needs[@]}"

status=0
for arch in "${archs[@]}"; do
  # Beside build/ and build-arm64/, at the same depth: ccache's hash holds
  # the compile line with paths relative to the checkout's root
  # (CCACHE_BASEDIR), so a build one folder deeper (../../wrapper/...) missed
  # every object the test builds had compiled.
  build="$TIMEIT_ROOT/build-deb-$arch"
  cross=() run=()
  case $arch in
    "$native") ;;
    arm64)
      cross=(-DCMAKE_TOOLCHAIN_FILE="$TIMEIT_ROOT/cmake/aarch64-linux-gnu.cmake")
      run=("$(command -v qemu-aarch64-static || command -v qemu-aarch64)") ;;
    i386)
      emulator=$(timeit_i386_emulator)
      cross=(-DCMAKE_TOOLCHAIN_FILE="$TIMEIT_ROOT/cmake/i686-linux-gnu.cmake"
        -DCMAKE_CROSSCOMPILING_EMULATOR="$emulator")
      [ -z "$emulator" ] || run=("$emulator") ;;
  esac
  step "$arch: building into $build"
  # The flags of this architecture's test build (scripts/deps.sh: timeit_build,
  # timeit_cross_build), so that ccache gives its objects back; the binaries
  # are stripped in the package either way.
  if [ ${#cross[@]} -eq 0 ]; then
    flags=("${TIMEIT_NATIVE_FLAGS[@]}" -DTIMEIT_WERROR=ON)
  else
    flags=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG"
      -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG")
  fi
  cmake -S "$TIMEIT_ROOT" -B "$build" -G Ninja "${flags[@]}" -DCMAKE_INSTALL_PREFIX=/usr \
    -DTIMEIT_BUILD_TESTS=OFF -DTIMEIT_PACKAGE=ON "${cross[@]}" >/dev/null
  cmake --build "$build" --parallel "$(nproc)" -- --quiet

  step "$arch: the package"
  rm -f "$build"/package/*.deb
  (cd "$build" && cpack -G DEB >/dev/null)
  deb=$(ls "$build"/package/timeit_*_"$arch".deb)
  cp "$deb" "$TIMEIT_ROOT/dist/"
  deb="$TIMEIT_ROOT/dist/$(basename "$deb")"
  echo "$deb: $(dpkg-deb -f "$deb" Architecture), depends on $(dpkg-deb -f "$deb" Depends)"

  step "$arch: lintian"
  # Errors fail; warnings and the rest are listed (overrides are the
  # package's own, each with its reason: scripts/package/lintian-overrides).
  lintian --fail-on error --display-info "$deb" || status=1

  step "$arch: the unpacked package runs"
  root=$(mktemp -d)
  dpkg-deb -x "$deb" "$root"
  "${run[@]}" "$root/usr/bin/timeit" --version
  (cd "$root" && "${run[@]}" "$root/usr/bin/timeit" -n 2 -w 0 -q --no-counters -o runs.csv \
    -- /bin/true && test "$(wc -l <runs.csv)" -eq 3) || {
    echo "package: $arch: the unpacked timeit did not record two runs" >&2
    status=1
  }
  rm -rf "$root"
done
step "done: $(cd "$TIMEIT_ROOT/dist" && ls timeit_*.deb | tr '\n' ' ')"
exit "$status"
