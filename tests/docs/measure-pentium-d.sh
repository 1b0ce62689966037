#!/usr/bin/env bash
# The Pentium D guest's files of docs/guide.md section 6, measured again:
# boots Debian's 686 kernel under QEMU on the Pentium D identity, as the
# system test pentium_32bit.pentium-d does (tests/system/guest/pentium_32bit.sh
# runs the commands the guide shows), and keeps what the guest sent back in
# docs/examples/pentium-d/. Needs build/, build-i386/ and the kernels
# scripts/test-system.sh fetches ($TIMEIT_SYSTEM_CACHE, else ~/.cache/timeit/system).
# Run by scripts/docs-outputs.sh --measure.
set -euo pipefail
TIMEIT_ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cache=${TIMEIT_SYSTEM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/timeit/system}
if [ ! -s "$cache/kernels-i386.txt" ] || [ ! -x "$TIMEIT_ROOT/build-i386/timeit" ]; then
  echo "measure-pentium-d: needs the 686 kernel in $cache and build-i386/: run" \
    "scripts/test-system.sh once (or set TIMEIT_SYSTEM_CACHE)" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The scenario's own checks may fail on a loaded host; what the guest printed
# is what the guide shows either way, and the files are checked below.
TIMEIT_NATIVE_BUILD="$TIMEIT_ROOT/build" TIMEIT_ARM64_BUILD="$TIMEIT_ROOT/build-arm64" \
  TIMEIT_I386_BUILD="$TIMEIT_ROOT/build-i386" TIMEIT_SYSTEM_CACHE="$cache" \
  TIMEIT_SYSTEM_WORK="$work" /usr/bin/python3 "$TIMEIT_ROOT/tests/system/pentium_32bit.py" pentium-d ||
  echo "measure-pentium-d: the scenario's checks failed (above); keeping what the guest printed" >&2
/usr/bin/python3 - "$work/pentium-d.console" "$TIMEIT_ROOT/docs/examples/pentium-d" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(sys.argv[2]), "..", "..", "tests", "system"))
import qemu_system as q
with open(sys.argv[1], errors="replace") as f:
    _, files = q.parse_console(f.read().replace("\r", ""))
os.makedirs(sys.argv[2], exist_ok=True)
for name in ("which.out", "int80.out", "int80.csv", "vsyscall.csv", "events.out"):
    if name not in files:
        sys.exit(f"measure-pentium-d: the guest sent no {name}")
    with open(os.path.join(sys.argv[2], name), "wb") as f:
        f.write(files[name])
    print(f"measured docs/examples/pentium-d/{name}")
PY
