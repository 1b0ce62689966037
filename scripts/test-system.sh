#!/usr/bin/env bash
# The system tests (tests/system/): timeit on Debian's own kernels, freshly
# booted under QEMU -- the newest amd64 kernel under TCG, and the two newest
# arm64 kernels on QEMU's Neoverse N1 (Graviton2) model with -icount, whose
# PMU really counts, and Debian's newest 32-bit 686 kernel on three of QEMU's
# Pentium-class CPU models (Pentium III, Core Duo, a Pentium D identity) with
# the i386 build. Each scenario builds a small initramfs (busybox-static,
# timeit with its shared libraries, the workloads, a test script), boots
# with a hard deadline and checks what the guest printed on its serial
# console. Its exit status is the tests' result.
#
# It installs what it needs (QEMU, busybox-static, the arm64 and i386 builds
# of scripts/test-arm64.sh and scripts/test-i386.sh --build-only), builds
# build/ if needed, chooses the kernels by asking the registry (apt-cache
# search: the newest of each flavour, never a fixed version) and keeps the
# downloads between runs outside the checkout, keyed by package and version,
# so that a fresh clone (CI's) finds them: ~/.cache/timeit/system, or
# $TIMEIT_SYSTEM_CACHE.
#
#   scripts/test-system.sh --fetch-only   only the downloads into the cache:
#                                         .ci/run starts this at its start, so
#                                         that a cold cache fills while the
#                                         builds compile
set -euo pipefail
TIMEIT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$TIMEIT_ROOT/scripts/deps.sh"
CACHE=${TIMEIT_SYSTEM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/timeit/system}
TESTS_BUILD="$TIMEIT_ROOT/build/system"
script_start=$SECONDS

TIMEIT_STEP_PREFIX=test-system
fetch_only=0
if [ "${1:-}" = "--fetch-only" ]; then
  fetch_only=1
  shift
fi

if [ "$fetch_only" = 0 ]; then
  step "installing what is missing"
  timeit_install_deps "${TIMEIT_TEST_PACKAGES[@]}" qemu-system-arm qemu-system-x86 busybox-static python3 \
    binutils libc6-dev \
    ansible-core openssh-server openssh-client python3-apt  # fleet.py: fleet/series.yml over ssh

  step "the native build (build/), the arm64 and i386 builds (build-arm64/, build-i386/)"
  timeit_build "$TIMEIT_ROOT/build" -DTIMEIT_BUILD_TESTS=ON
  bash "$TIMEIT_ROOT/scripts/test-arm64.sh" --build-only
  bash "$TIMEIT_ROOT/scripts/test-i386.sh" --build-only
  # The fleet scenario installs the amd64 package on its hosts, the N1 and
  # Pentium guests the arm64 and i386 ones: CI's package stage made them;
  # alone, this makes those missing.
  for arch in amd64 arm64 i386; do
    compgen -G "$TIMEIT_ROOT/dist/timeit_*_$arch.deb" >/dev/null || bash "$TIMEIT_ROOT/scripts/package.sh" "$arch"
  done
fi

# registry_matching PATTERN: every package name matching the regular
# expression, as the registry lists them now, oldest first. Empty when the
# registry cannot be asked (the tests then use what the cache holds, or skip).
registry_matching() {
  local found
  found=$(apt-cache search --names-only "$1" 2>/dev/null | awk '{print $1}' | sort -V)
  if [ -z "$found" ]; then
    refresh_registry || true
    found=$(apt-cache search --names-only "$1" 2>/dev/null | awk '{print $1}' | sort -V)
  fi
  printf '%s\n' $found
}

# refresh_registry: apt-get update, once per run and only as root -- for an
# empty listing, or lists older than the registry's files (a listed version
# that is no longer there to download).
refresh_registry() {
  [ "$(id -u)" -eq 0 ] && [ -z "${registry_refreshed:-}" ] || return 1
  registry_refreshed=1
  echo "test-system: refreshing the registry's lists (apt-get update)" >&2
  local why
  why=$(apt-get -o DPkg::Lock::Timeout=900 update -qq 2>&1 >/dev/null) ||
    echo "test-system: apt-get update: $(grep -E '^(E|W|Err):' <<<"$why" | tail -n 1)" >&2
}

# fetch PACKAGE [PARTS...]: the package's .deb unpacked in $CACHE/PACKAGE (kept
# between runs; only PARTS of it, e.g. ./boot, when given; shell patterns
# allowed); fails when it can be neither found nor downloaded. The cache is
# keyed by the version the registry serves now and the parts: another version
# (a rebuilt kernel of the same name) or other parts are unpacked again; where
# the registry cannot be asked, what is cached serves.
fetch() {
  local package=$1 dir="$CACHE/${1/:/_}" tmp version key
  shift
  local parts=("${@:-.}")
  version=$(apt-cache show --no-all-versions "$package" 2>/dev/null | sed -n 's/^Version: //p' | head -n 1)
  key="${version:-?} ${parts[*]}"
  if [ -f "$dir/.unpacked" ]; then
    [ "$(cat "$dir/.unpacked")" = "$key" ] && return 0
    [ -z "$version" ] && [ "$(cut -d' ' -f2- "$dir/.unpacked")" = "${parts[*]}" ] && return 0
  fi
  tmp=$(mktemp -d "$CACHE/download.XXXXXX")
  chmod 755 "$tmp"
  if ! download "$tmp" "$package" && ! { refresh_registry && download "$tmp" "$package"; }; then
    rm -rf "$tmp"
    return 1
  fi
  rm -rf "$dir" && mkdir -p "$dir"
  # Marked unpacked only when it was: callers run this under || (set -e off).
  if ! dpkg-deb --fsys-tarfile "$tmp"/*.deb | tar -x --wildcards -C "$dir" "${parts[@]}"; then
    echo "test-system: could not unpack $package" >&2
    rm -rf "$dir" "$tmp"
    return 1
  fi
  rm -rf "$tmp"
  echo "$key" >"$dir/.unpacked"
}

# download DIR PACKAGE: apt-get download into DIR; a failure says apt's reason.
download() {
  local why
  # apt-get download writes to the current directory, as user _apt where it can.
  why=$(cd "$1" && apt-get -o Acquire::Retries=3 download -q "$2" 2>&1 >/dev/null) && return 0
  echo "test-system: could not download $2: $(grep -E '^(E|Err):' <<<"$why" | tail -n 1)" >&2
  return 1
}

# What of a kernel package the guests need: the kernel, and brd.ko, the RAM
# disk the cgroup scenario's I/O goes to (every block driver of Debian's
# kernels is a module, and the guests have no other disk; 6.12's are
# xz-compressed).
kernel_parts=(./boot './lib/modules/*/kernel/drivers/block/brd.ko*')
# And for the amd64 kernels, the disk that `timeit boots` keeps its state and
# CSV on across the boots scenario's reboots: virtio's block driver and ext4
# (every disk file system of Debian's kernels is a module), with what they
# load: virtio, jbd2, mbcache, crc16, and the crc32c that ext4 asks the
# crypto API for.
amd64_parts=('./lib/modules/*/kernel/drivers/virtio/*'
  './lib/modules/*/kernel/drivers/block/virtio_blk.ko*' './lib/modules/*/kernel/fs/ext4/*'
  './lib/modules/*/kernel/fs/jbd2/*' './lib/modules/*/kernel/fs/mbcache.ko*'
  './lib/modules/*/kernel/lib/crc16.ko*' './lib/modules/*/kernel/crypto/crc32c_generic.ko*'
  # and for --via systemd-boot, the ESP's file system and the EFI variables'
  './lib/modules/*/kernel/fs/fat/*' './lib/modules/*/kernel/fs/nls/nls_cp437.ko*'
  './lib/modules/*/kernel/fs/nls/nls_ascii.ko*' './lib/modules/*/kernel/fs/efivarfs/*')

# choose_kernels ARCH PATTERN COUNT [NAME]: downloads the newest COUNT
# kernels (the oldest with NAME `oldest`) and lists them, oldest first, as
# "release vmlinuz" in $CACHE/kernels-ARCH.txt (kernels-ARCH-NAME.txt).
# A kernel that cannot be downloaded is passed over for the next one, so a
# registry whose newest package is listed but not yet (or no longer) served
# still gives COUNT kernels. Where the registry cannot be asked, the kernels
# cached by an earlier run stay listed.
choose_kernels() {
  local arch=$1 pattern=$2 count=$3 package release vmlinuz listing="$CACHE/kernels-$1${4:+-$4}.txt"
  local candidates chosen=()
  candidates=$(registry_matching "$pattern")
  [ "${4:-}" = oldest ] || candidates=$(tac <<<"$candidates")
  if [ -z "$candidates" ]; then
    echo "test-system: the registry lists no $pattern; using the cached kernels" >&2
    return 0
  fi
  for package in $candidates; do
    [ "${#chosen[@]}" -lt "$count" ] || break
    if [ "$arch" = x86_64 ]; then
      fetch "$package" "${kernel_parts[@]}" "${amd64_parts[@]}" || continue
    else
      fetch "$package" "${kernel_parts[@]}" || continue
    fi
    vmlinuz=$(ls "$CACHE/$package"/boot/vmlinuz-* | head -n 1)
    release=${vmlinuz##*/vmlinuz-}
    # QEMU's -kernel takes arm64's uncompressed Image; Debian ships it so, but
    # should a vmlinuz ever be gzip'd, unpack it once.
    if [ "$arch" = aarch64 ] && gzip -t "$vmlinuz" 2>/dev/null; then
      gzip -dc "$vmlinuz" >"$CACHE/$package/Image" && vmlinuz="$CACHE/$package/Image"
    fi
    chosen+=("$release $vmlinuz")
    echo "test-system: $arch kernel $release ($package)" >&2
  done
  [ "${#chosen[@]}" -eq "$count" ] ||
    echo "test-system: ${#chosen[@]} of the $count $arch kernels asked for could be downloaded" >&2
  if [ "${#chosen[@]}" -eq 0 ]; then
    echo "test-system: using the cached $arch kernels" >&2
    return 0
  fi
  printf '%s\n' "${chosen[@]}" | sort -V >"$listing"
}

step "kernels and the arm64 and i386 busybox-static from the registry, cached in $CACHE"
mkdir -p "$CACHE"
choose_kernels x86_64 '^linux-image-[0-9.]+-[0-9]+-amd64$' 1
# And the 6.12 Debian 12's security updates carry: memory.peak can be reset
# there, so cgroup_runs.x86 checks that a run's cgroup serves the next
# (bench/overhead-n1.py boots the arm64 one with KERNEL=6.12).
choose_kernels x86_64 '^linux-image-6\.12\.[0-9]+\+deb12-amd64$' 1 6.12
choose_kernels aarch64 '^linux-image-6\.12\.[0-9]+\+deb12-arm64$' 1 6.12
choose_kernels aarch64 '^linux-image-[0-9.]+-[0-9]+-arm64$' 2
# And the oldest: counting_property proves counts on it (Debian's 6.1.0-44,
# 6.1.164, hands inherited events an enabled time cut at exit, the bug
# upstream a3c3c66670ce fixed; 6.1.0-56 has the fix).
choose_kernels aarch64 '^linux-image-[0-9.]+-[0-9]+-arm64$' 1 oldest
# The 686 flavour, not 686-pae: it boots every CPU from the Pentium Pro on,
# the Pentium M models without PAE among them.
choose_kernels i386 '^linux-image-[0-9.]+-[0-9]+-686$' 1
fetch busybox-static:arm64 || true
fetch busybox-static:i386 || true
# kexec-tools for the boots scenario's --via kexec in an amd64 guest, and
# the Xen libraries Debian links /sbin/kexec with (libxenctrl and what it
# needs); the scenario skips the case (fails under CI) without them.
for package in kexec-tools libxenmisc4.17 libxentoollog1 libxencall1 libxenevtchn1 \
  libxengnttab1 libxenforeignmemory1 libxendevicemodel1 libxentoolcore1; do
  fetch "$package" || true
done
# And for --via systemd-boot on a UEFI guest: OVMF's firmware, systemd-boot
# and its bootctl (unpacked, not installed: installing systemd-boot upgrades
# this machine's systemd to its version).
fetch ovmf ./usr/share/OVMF || true
fetch systemd-boot-efi ./usr/lib/systemd/boot/efi || true
fetch systemd-boot ./usr/bin/bootctl || true
# Downloads of kernels no longer chosen are dropped. grep reads the
# listings itself: piped from cat under pipefail, a grep -q that matched and
# quit early failed the pipeline with cat's SIGPIPE, and a chosen kernel was
# removed (CI lost its 6.12 amd64 and its 686 kernel that way).
for dir in "$CACHE"/linux-image-*; do
  [ -d "$dir" ] || continue
  grep -qsF "$dir/" "$CACHE"/kernels-*.txt || rm -rf "$dir"
done
if [ "$fetch_only" = 1 ]; then
  step "fetched in $((SECONDS - script_start)) s"
  exit 0
fi

step "the scenarios (ctest -L system in $TESTS_BUILD)"
cmake -S "$TIMEIT_ROOT/tests/system" -B "$TESTS_BUILD" \
  -DTIMEIT_NATIVE_BUILD="$TIMEIT_ROOT/build" -DTIMEIT_ARM64_BUILD="$TIMEIT_ROOT/build-arm64" \
  -DTIMEIT_I386_BUILD="$TIMEIT_ROOT/build-i386" \
  -DTIMEIT_SYSTEM_CACHE="$CACHE" >/dev/null
status=0
timeit_ctest "$TESTS_BUILD" system -L system "$@" || status=$?
step "done in $((SECONDS - script_start)) s"
exit "$status"
