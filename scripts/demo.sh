#!/usr/bin/env bash
# Installs what is missing, builds, and runs timeit's main job on the
# embedded workload: the same N geteuid calls through two system call
# entries, 10 measured runs each, into two CSVs, then their comparison.
# On x86-64 with the i386 build there (scripts/test-i386.sh), the 32-bit
# pair too: int $0x80 against the vDSO's __kernel_vsyscall (sysenter on
# Intel, syscall on AMD), the Pentium D experiment.
set -euo pipefail
TIMEIT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$TIMEIT_ROOT/scripts/deps.sh"

timeit_install_deps
timeit_build "$TIMEIT_ROOT/build" -DTIMEIT_BUILD_TESTS=ON
timeit="$TIMEIT_ROOT/build/timeit"
bench="$TIMEIT_ROOT/build/bench/syscall-bench"
"$timeit" --version

# x86-64: the syscall instruction against the int $0x80 gate (when this
# kernel has IA-32 emulation); arm64: svc #0 against the libc path.
case "$(uname -m)" in
  x86_64) a=syscall b=int80 ;;
  aarch64) a=svc b=libc ;;
  *) a=libc b=libc ;;
esac
if ! "$bench" "$b" 1 2>/dev/null; then
  echo "demo: '$b' is not available on this kernel; comparing '$a' with libc" >&2
  b=libc
fi
calls=${DEMO_CALLS:-300000}
out=${DEMO_DIR:-$TIMEIT_ROOT/build/demo}
mkdir -p "$out"
rm -f "$out/$a.csv" "$out/$b.csv"

for entry in "$a" "$b"; do
  echo
  echo "== $entry: timeit -n 10 -o $out/$entry.csv --command-output null --metric ... -- syscall-bench $entry $calls"
  # The workload prints its own figure; --metric makes it a column.
  "$timeit" -n 10 -o "$out/$entry.csv" --command-output null \
    --metric 'calls_per_s=calls per second: (\d+),higher' -- "$bench" "$entry" "$calls"
done

echo
"$timeit" compare --html "$out/report.html" --json "$out/report.json" "$out/$a.csv" "$out/$b.csv"
echo "CSVs: $out/$a.csv $out/$b.csv; report: $out/report.html (hyperfine's JSON: report.json)"

bench32="$TIMEIT_ROOT/build-i386/bench/syscall-bench"
if [ "$(uname -m)" = x86_64 ] && [ -x "$bench32" ] && "$bench32" int80 1 >/dev/null 2>&1; then
  echo
  echo "== 32-bit: syscall-bench (i386 build) --which"
  "$bench32" --which
  rm -f "$out/int80-32.csv" "$out/vsyscall-32.csv"
  for entry in int80 vsyscall; do
    echo
    echo "== $entry: timeit -n 10 -o $out/$entry-32.csv ... -- build-i386/bench/syscall-bench $entry $calls"
    "$timeit" -n 10 -o "$out/$entry-32.csv" --command-output null \
      --metric 'calls_per_s=calls per second: (\d+),higher' -- "$bench32" "$entry" "$calls"
  done
  echo
  "$timeit" compare "$out/int80-32.csv" "$out/vsyscall-32.csv"
  echo "CSVs: $out/int80-32.csv $out/vsyscall-32.csv"
fi
