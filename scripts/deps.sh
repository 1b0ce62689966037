#!/usr/bin/env bash
# Installs the Debian 12 packages timeit builds, tests and benchmarks with.
# Sourced by every script in scripts/; quiet when everything is already there.
# As root it runs apt-get; otherwise it prints the exact line and fails.

TIMEIT_PACKAGES=(
  cmake g++ ninja-build pkg-config
  libpfm4-dev libboost-program-options-dev libboost-math-dev libfmt-dev libgtest-dev
  libpcre2-dev  # --metric's regular expressions
  nlohmann-json3-dev  # compare's JSON readers (hyperfine, Google benchmark, its own --json)
  libbenchmark-dev  # a Google benchmark the tests run to make --benchmark_out files
  libdw-dev libelf-dev  # --profile: sampled addresses to functions (elfutils)
  ministat linux-perf hyperfine  # the peers tests and benchmarks compare against
  time  # /usr/bin/time: wall time and peak RSS in bench/ministat-speed.sh
  python3-scipy  # reference intervals for the HTML report's check (tests/cli/check_compare_html.py)
  r-base-core r-cran-nlme  # the live check of the mixed model's R fixture (tests/stats/mixed_model_test.cc)
  chromium  # lays the HTML report out in a 1280-pixel window (tests/cli/compare_html_layout_test.cc)
)

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

# Configures (once) and builds `build` with tests; extra cmake -D options as args.
timeit_build() {
  local dir=$1; shift
  if [ ! -f "$dir/build.ninja" ]; then
    cmake -S "$TIMEIT_ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null || return 1
  fi
  cmake --build "$dir" -- --quiet
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
# machine), then builds everything, or with BUILD_ONLY=1 only timeit and
# syscall-bench (what scripts/test-system.sh boots).
timeit_cross_build() {
  local dir=$1 toolchain=$2 build_only=$3
  shift 3
  if [ ! -f "$dir/build.ninja" ]; then
    cmake -S "$TIMEIT_ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DTIMEIT_BUILD_TESTS=ON "$@" >/dev/null || return 1
  elif [ $# -gt 0 ]; then
    cmake -B "$dir" "$@" >/dev/null || return 1
  fi
  if [ "$build_only" = 1 ]; then
    cmake --build "$dir" --parallel "$(nproc)" --target timeit syscall-bench -- --quiet
  else
    cmake --build "$dir" --parallel "$(nproc)" -- --quiet
  fi
}

# timeit_ctest_under_qemu BUILD QEMU PREFIX: ctest in BUILD, whose tests run
# under qemu-user (CMAKE_CROSSCOMPILING_EMULATOR). Every unit test runs. The
# CLI tests (tests/cli: the real binary, end to end) run natively in
# scripts/test.sh; under qemu-user only the suites below do. The others meet
# limits of emulation, not of the architecture: without binfmt_misc a measured
# command that is a foreign program (burn_cpu, syscall_loop) fails with
# ENOEXEC, signals to a process group leave qemu'd children behind, and one
# test runs the binary without the emulator on purpose. Left-out tests are
# listed; a new CLI suite is left out until it is added here.
timeit_ctest_under_qemu() {
  local build=$1 qemu=$2 prefix=$3 left_out exclude=()
  local suites='CliBasicsTest|Ministat[A-Za-z]*Test|[A-Za-z]*/MinistatBadInputTest|CompareTest|CompareRunTest|EventsTest|RunSeriesTest'
  local not_under_qemu='EventsTest.CounterColumnsOfARun RunSeriesTest.ForkFallbackWhereCloneVmIsRefused'
  left_out=$("$qemu" "$build/tests/cli/cli_test" --gtest_list_tests |
    awk '/^[^ ]/ { suite = $1 } /^  / { print suite $1 }' |
    grep -Ev "^($suites)\." ; printf '%s\n' $not_under_qemu)
  if [ -n "$left_out" ]; then
    echo "$prefix: CLI tests left out under qemu-user:" $left_out >&2
    exclude=(-E "^($(sed 's/\./\\./g' <<<"$left_out" | paste -sd'|'))\$")
  fi
  ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "${exclude[@]}"
}
