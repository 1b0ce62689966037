#!/usr/bin/env bash
# Installs the Debian 12 packages timeit builds, tests and benchmarks with.
# Sourced by every script in scripts/; quiet when everything is already there.
# As root it runs apt-get; otherwise it prints the exact line and fails.

# What building timeit needs (scripts/demo.sh installs these alone).
TIMEIT_PACKAGES=(
  cmake g++ ninja-build pkg-config
  libpfm4-dev libboost-program-options-dev libboost-math-dev libfmt-dev
  libpcre2-dev  # --metric's regular expressions
  nlohmann-json3-dev  # compare's JSON readers (hyperfine, Google benchmark, its own --json)
  libdw-dev libelf-dev  # --profile: sampled addresses to functions (elfutils)
)

# What the tests need besides (scripts/test.sh installs these too).
TIMEIT_TEST_PACKAGES=(
  libgtest-dev
  ccache  # every build compiles through it (cmake/TimeitCcache.cmake): CI's fresh clone hits
  libbenchmark-dev  # a Google benchmark the tests run to make --benchmark_out files
  git  # BisectTest bisects a repository it makes
  ministat linux-perf hyperfine  # the peers tests and benchmarks compare against
  time  # /usr/bin/time: wall time and peak RSS in bench/ministat-speed.sh
  python3-scipy  # reference intervals for the HTML report's check (tests/cli/check_compare_html.py)
  r-base-core r-cran-nlme  # the live check of the mixed model's R fixture (tests/stats/mixed_model_test.cc)
  chromium  # lays the HTML report out in a 1280-pixel window (tests/cli/compare_html_layout_test.cc)
)

# The tests each CI stage runs, by label (tests/test_labels.cmake; README,
# "Tests"). The native stage runs every test. Under ASan and UBSan: the unit
# tests, bad input and faults, the fuzz corpus and a shorter soak -- not the
# docs, the peers or the simulations, which the sanitizers add nothing to. The
# arm64 and i386 builds: the labels tests/CMakeLists.txt names
# (TIMEIT_CROSS_LABELS there, written to the build tree's
# tests/cross_labels.txt): the unit tests of the modules below wrapper/ and
# the CLI tests whose behaviour depends on the architecture.
TIMEIT_SANITIZE_LABELS='^(unit|fault|fuzz|soak)$'
TIMEIT_SANITIZE_EXCLUDED='^(peer|docs|simulation)$'

# timeit_ctest BUILD NAME [CTEST_ARGS...]: ctest in BUILD on every core; with
# TIMEIT_CI_REPORT set (.ci/run), also a JUnit file NAME.xml there, which
# .ci/run's table counts.
timeit_ctest() {
  local build=$1 name=$2
  shift 2
  local junit=()
  [ -n "${TIMEIT_CI_REPORT:-}" ] && junit=(--output-junit "$TIMEIT_CI_REPORT/$name.xml")
  ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "${junit[@]}" "$@"
}

timeit_install_deps() {
  local missing=() p
  for p in "${TIMEIT_PACKAGES[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "timeit needs these Debian packages; install them with:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    return 1
  fi
  echo "installing: ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  # An index that cannot be fetched (a mirror mid-sync) is not fatal here:
  # the install fails if it needed that index.
  apt-get -o DPkg::Lock::Timeout=900 update -qq >/dev/null ||
    echo "timeit: apt-get update did not fetch every index; installing from what it has" >&2
  apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends "${missing[@]}" \
    >/dev/null && return 0
  timeit_install_from_point_release "${missing[@]}"
}

# A foreign architecture's libraries (Multi-Arch: same) must have exactly the
# version of their amd64 twins. When one architecture's security index cannot
# be fetched (a mirror mid-sync: on 2026-12-01 this machine's bookworm-security
# i386 index failed its hash check for an hour), the twins cannot match. Then the packages, and the
# twins they drag along, come from the point release alone, where every
# architecture has the same versions; linux-libc-dev (kernel headers) is the
# twin that may have to go back from a security update to the point release.
timeit_install_from_point_release() {
  local codename arch twins=()
  codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
  twins=("linux-libc-dev/$codename")
  for arch in $(dpkg --print-foreign-architectures); do
    twins+=("linux-libc-dev:$arch/$codename")
  done
  echo "timeit: retrying with every package from $codename's point release" >&2
  apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends -t "$codename" \
    --allow-downgrades "$@" "${twins[@]}" >/dev/null
}

# timeit_build DIR [CMAKE_ARGS...] [-- TARGETS...]: configures DIR (once, and
# again when CMAKE_ARGS are given, so that demo.sh's build without tests and
# test.sh's with them share build/), then builds TARGETS or everything.
timeit_build() {
  local dir=$1 args=() targets=()
  shift
  while [ $# -gt 0 ] && [ "$1" != -- ]; do args+=("$1"); shift; done
  [ "${1:-}" = -- ] && shift && targets=(--target "$@")
  if [ ! -f "$dir/build.ninja" ]; then
    cmake -S "$TIMEIT_ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${args[@]}" >/dev/null || return 1
  elif [ ${#args[@]} -gt 0 ]; then
    cmake -B "$dir" "${args[@]}" >/dev/null || return 1
  fi
  cmake --build "$dir" "${targets[@]}" -- --quiet
}

# step NAME: says how long the previous step took, then names the next one,
# after the calling script's name ($TIMEIT_STEP_PREFIX).
timeit_step_start=$SECONDS
step() {
  echo "${TIMEIT_STEP_PREFIX:-timeit}: $1 (previous step $((SECONDS - timeit_step_start)) s)" >&2
  timeit_step_start=$SECONDS
}

# timeit_add_architecture ARCH: lets dpkg install ARCH's packages (:arm64,
# :i386) beside the amd64 ones; as a user, prints the line root must run.
timeit_add_architecture() {
  dpkg --print-foreign-architectures | grep -qx "$1" && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "timeit's $1 build needs $1 as a foreign architecture:" >&2
    echo "  sudo dpkg --add-architecture $1 && sudo apt-get update" >&2
    return 1
  fi
  dpkg --add-architecture "$1"
}

# timeit_cross_build DIR TOOLCHAIN_FILE BUILD_ONLY [CMAKE_ARGS...]: configures
# DIR once for the toolchain file with the tests (CMAKE_ARGS again on every
# call, so that a choice made here, such as the emulator, follows the
# machine), then builds the target cross_tests (the programs of the tests the
# cross builds run, timeit and syscall-bench), or with BUILD_ONLY=1 only
# timeit and syscall-bench (what scripts/test-system.sh boots). Optimised as
# a release (-O2) but without debug information: these builds prove the
# architecture, and -g was a third of their compile time on a cold cache.
timeit_cross_build() {
  local dir=$1 toolchain=$2 build_only=$3
  shift 3
  if [ ! -f "$dir/build.ninja" ]; then
    cmake -S "$TIMEIT_ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
      -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DTIMEIT_BUILD_TESTS=ON "$@" >/dev/null || return 1
  elif [ $# -gt 0 ]; then
    cmake -B "$dir" "$@" >/dev/null || return 1
  fi
  if [ "$build_only" = 1 ]; then
    cmake --build "$dir" --parallel "$(nproc)" --target timeit syscall-bench -- --quiet
  else
    cmake --build "$dir" --parallel "$(nproc)" --target cross_tests -- --quiet
  fi
}

# timeit_ctest_cross BUILD NAME: the tests of a cross build (arm64, i386), run
# natively or under qemu-user (CMAKE_CROSSCOMPILING_EMULATOR) alike: those
# labelled for the cross builds (BUILD/tests/cross_labels.txt). A test that
# meets a limit of qemu-user rather than of the architecture (no
# perf_event_open, no binfmt_misc for the foreign programs it runs) skips and
# says so.
timeit_ctest_cross() {
  local labels
  labels=$(tr ';' '|' <"$1/tests/cross_labels.txt") || return 1
  timeit_ctest "$1" "$2" -L "^($labels)\$"
}
