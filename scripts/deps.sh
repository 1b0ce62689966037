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
  bash-completion  # CompletionTest loads timeit's completion as a user's bash does
  ministat linux-perf hyperfine  # the peers tests and benchmarks compare against
  time  # /usr/bin/time: wall time and peak RSS in bench/ministat-speed.sh
  make  # the README's first example, run by docs.README.md, builds docs/examples/hello with it
  strace  # MachineReadsTest: the files one series opens
  python3-scipy  # reference intervals for the HTML report's check (tests/cli/check_compare_html.py)
  r-base-core r-cran-nlme  # the live check of the mixed model's R fixture (tests/stats/mixed_model_test.cc)
  chromium  # lays the HTML report out in a 1280-pixel window (tests/cli/compare_html_layout_test.cc)
)

# What the arm64 build needs (scripts/test-arm64.sh, scripts/package.sh arm64).
# The :arm64 packages install beside the amd64 ones (Multi-Arch: same);
# apt upgrades an amd64 library when its arm64 twin must have the same version.
TIMEIT_ARM64_PACKAGES=(
  g++-aarch64-linux-gnu qemu-user-static ccache
  libpfm4-dev:arm64 libboost-program-options-dev:arm64 libboost-math-dev:arm64 libpcre2-dev:arm64
  libfmt-dev:arm64 libgtest-dev:arm64 libdw-dev:arm64 libelf-dev:arm64
)

# What the i386 build needs (scripts/test-i386.sh, scripts/package.sh i386).
# The cross compiler, not g++-multilib: gcc-multilib conflicts with every
# cross compiler, g++-aarch64-linux-gnu of scripts/test-arm64.sh included.
# The :i386 packages install beside the amd64 (and arm64) ones
# (Multi-Arch: same); apt upgrades an amd64 library when its i386 twin must
# have the same version.
TIMEIT_I386_PACKAGES=(
  g++-i686-linux-gnu
  libpfm4-dev:i386 libboost-program-options-dev:i386 libboost-math-dev:i386 libpcre2-dev:i386
  libfmt-dev:i386 libgtest-dev:i386 libdw-dev:i386 libelf-dev:i386
  qemu-user-static  # where this kernel does not run i386 programs
  ccache
)

# The tests each CI stage runs, by label (tests/test_labels.cmake; docs/development.md,
# "CI's stages"). The native stage runs every test. Under ASan and UBSan: the unit
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
  timeit_install_from_point_release "${missing[@]}" && return 0
  timeit_install_from_pool "${missing[@]}"
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

# When a foreign architecture's security index cannot be fetched at all (on
# 2026-12-05 the registry served bookworm-security's binary-i386 Packages.xz
# at the wrong size, for hours), a fresh machine knows only the point
# release's versions of the foreign twins, while its amd64 libraries are at
# their security versions: neither the install nor the point release retry
# (which takes linux-libc-dev back, not zlib1g or libssl3) resolves. The .debs
# are still in the archive's pool beside the amd64 ones. So, for each foreign
# architecture among the packages, the twins that no index offers at their
# amd64 version are fetched from the pool the amd64 version came from, into
# a local repository with its own index, and the install is tried once more:
# apt takes from it only what the install needs.
# That source is trusted=yes (no signed index vouches for those files: the
# one that should is the broken one), so it lives for this install alone and
# is removed after it; the .debs stay in /var/cache/timeit for the next call.
timeit_install_from_pool() {
  local native arch p list archs=() sources=() status=0
  native=$(dpkg --print-architecture)
  for p in "$@"; do
    arch=${p##*:}
    [ "$p" != "$arch" ] && [ "$arch" != "$native" ] && [[ " ${archs[*]} " != *" $arch "* ]] &&
      archs+=("$arch")
  done
  [ ${#archs[@]} -eq 0 ] && return 1
  command -v dpkg-scanpackages >/dev/null ||
    apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends dpkg-dev >/dev/null ||
    return 1
  for arch in "${archs[@]}"; do
    list=$(timeit_pool_source "$native" "$arch") || { rm -f "${sources[@]}"; return 1; }
    [ -n "$list" ] && sources+=("$list")
  done
  # Every twin was in an index: the failure is not this one.
  [ ${#sources[@]} -eq 0 ] && return 1
  apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends "$@" >/dev/null ||
    status=$?
  rm -f "${sources[@]}"
  return $status
}

# timeit_lacking_twins NATIVE ARCH: the installed NATIVE Multi-Arch: same
# packages, "name<TAB>version", whose version no ARCH index has and a NATIVE
# index has (only that names a pool to look in).
timeit_lacking_twins() {
  local native=$1 arch=$2 installed known lacking
  installed=$(dpkg-query -W -f='${Package}\t${Version}\t${Architecture}\t${Multi-Arch}\n' |
    awk -F'\t' -v a="$native" '$3 == a && $4 == "same" { print $1 "\t" $2 }')
  # apt-cache madison prints "name[:arch] | version | source" per indexed version.
  known=$(cut -f1 <<<"$installed" | sed "s/\$/:$arch/" | xargs apt-cache madison |
    awk -F' *[|] *' '{ sub(/^ */, "", $1); sub(/:.*/, "", $1); print $1 "\t" $2 }')
  lacking=$(grep -vxFf <(echo "$known") <<<"$installed") || return 0
  grep -xFf <(cut -f1 <<<"$lacking" | xargs apt-cache madison |
    awk -F' *[|] *' '{ sub(/^ */, "", $1); print $1 "\t" $2 }') <<<"$lacking" || true
}

# timeit_pool_source NATIVE ARCH: fetches ARCH's builds of the lacking twins
# (timeit_lacking_twins) into /var/cache/timeit/pool-ARCH, indexes them there,
# and prints the sources file that names it, once apt-get update has read
# that file alone; prints nothing when no twin is lacking.
timeit_pool_source() {
  local native=$1 arch=$2 dir=/var/cache/timeit/pool-$2 list=/etc/apt/sources.list.d/timeit-pool-$2.list
  local lacking url name fetched=0 unserved=0 archives=()
  lacking=$(timeit_lacking_twins "$native" "$arch")
  [ -z "$lacking" ] && return 0
  mkdir -p "$dir"
  # The NATIVE .deb's URL names the archive and the pool path; ARCH's build of
  # the same version lies beside it (apt-get download cannot ask for ARCH's
  # itself: no index lists it).
  while read -r url _; do
    url=${url//\'/}
    url=${url%_"$native".deb}_$arch.deb
    name=${url##*/}
    name=$(printf '%b' "${name//%/\\x}")
    if [ ! -f "$dir/$name" ]; then
      # One the pool does not have (libtsan2 is not built for i386) is no
      # install's twin; should one need it, apt names it.
      /usr/lib/apt/apt-helper -o APT::Sandbox::User=root download-file "$url" "$dir/$name.part" \
        >/dev/null 2>&1 || { rm -f "$dir/$name.part"; unserved=$((unserved + 1)); continue; }
      mv "$dir/$name.part" "$dir/$name"
    fi
    fetched=$((fetched + 1))
    [[ " ${archives[*]} " == *" ${url%%/pool/*} "* ]] || archives+=("${url%%/pool/*}")
  done < <(awk -F'\t' -v a="$native" '{ print $1 ":" a "=" $2 }' <<<"$lacking" |
    xargs apt-get download --print-uris)
  (cd "$dir" && dpkg-scanpackages --multiversion . /dev/null >Packages 2>/dev/null) || return 1
  echo "deb [trusted=yes] file:$dir ./" >"$list"
  apt-get -o DPkg::Lock::Timeout=900 update -qq -o Dir::Etc::SourceList="$list" \
    -o Dir::Etc::SourceParts=- -o APT::Get::List-Cleanup=0 >/dev/null || { rm -f "$list"; return 1; }
  echo "timeit: no $arch index has the versions of $((fetched + unserved)) installed $native" \
    "libraries (an index that could not be fetched); this install takes their $arch builds from" \
    "the pool of ${archives[*]:-no archive}: $fetched in $dir, $unserved not in it" >&2
  echo "$list"
}

# The native builds' flags (build/, build-asan/'s test code, the amd64
# package, so that ccache gives each the others' objects): optimised, with
# line tables only (-g1), which keep file:line and function names for
# backtraces, sanitizer reports and profiles. Full debug information (-g)
# made a C++ compile here ~45% slower (a CLI test: 6.1 s against 4.2 s of
# CPU) for what only a debugger reads: configure a Debug build for that.
TIMEIT_NATIVE_FLAGS=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG"
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG")

# timeit_build DIR [CMAKE_ARGS...] [-- TARGETS...]: configures DIR with the
# native flags and CMAKE_ARGS (again on every call, so that demo.sh's build
# without tests and test.sh's with them share build/, and a build/ from
# before a change of the flags takes them), then builds TARGETS or
# everything.
timeit_build() {
  local dir=$1 args=() targets=()
  shift
  while [ $# -gt 0 ] && [ "$1" != -- ]; do args+=("$1"); shift; done
  [ "${1:-}" = -- ] && shift && targets=(--target "$@")
  if [ ! -f "$dir/build.ninja" ]; then
    cmake -S "$TIMEIT_ROOT" -B "$dir" -G Ninja "${TIMEIT_NATIVE_FLAGS[@]}" "${args[@]}" >/dev/null || return 1
  else
    cmake -B "$dir" "${TIMEIT_NATIVE_FLAGS[@]}" "${args[@]}" >/dev/null || return 1
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

# timeit_i386_emulator: prints the qemu-user that runs i386 programs when
# this kernel cannot (no IA-32 emulation), nothing when it can.
timeit_i386_emulator() {
  local dir
  dir=$(mktemp -d)
  echo 'int main(void) { return 0; }' >"$dir/probe.c"
  i686-linux-gnu-gcc "$dir/probe.c" -o "$dir/probe"
  "$dir/probe" 2>/dev/null || command -v qemu-i386-static || command -v qemu-i386
  rm -rf "$dir"
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
