#!/usr/bin/env bash
# Installs the Debian 12 packages timeit builds, tests and benchmarks with.
# Sourced by test.sh and demo.sh; quiet when everything is already there.
# As root it runs apt-get; otherwise it prints the exact line and fails.

TIMEIT_PACKAGES=(
  cmake g++ ninja-build pkg-config
  libpfm4-dev libboost-program-options-dev libboost-math-dev libfmt-dev libgtest-dev
  libpcre2-dev  # --metric's regular expressions
  ministat linux-perf hyperfine  # the peers tests and benchmarks compare against
  time  # /usr/bin/time: wall time and peak RSS in bench/ministat-speed.sh
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
  # An index that fails to download (a mirror mid-sync, a foreign
  # architecture's list) leaves the others usable: the install decides.
  apt-get update -qq >/dev/null || echo "apt-get update reported errors; installing anyway" >&2
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || return 1
}

# Configures (once) and builds `build` with tests; extra cmake -D options as args.
timeit_build() {
  local dir=$1; shift
  if [ ! -f "$dir/build.ninja" ]; then
    cmake -S "$TIMEIT_ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null || return 1
  fi
  cmake --build "$dir" -- --quiet
}
