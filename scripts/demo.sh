#!/usr/bin/env bash
# Installs what is missing, builds, and runs timeit's main job on the
# embedded workload: the same N geteuid calls through two system call
# entries, 10 measured runs each, profiled, into two CSVs, then their comparison (with
# where the difference is: the kernel functions of each entry); then a
# client measured with its server's counters (--count-pid).
# On x86-64 with the i386 build there (scripts/test-i386.sh), the 32-bit
# pair too: int $0x80 against the vDSO's __kernel_vsyscall (sysenter on
# Intel, syscall on AMD), the Pentium D experiment.
set -euo pipefail
TIMEIT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$TIMEIT_ROOT/scripts/deps.sh"

# The build dependencies alone: the peers and tools the tests use are
# scripts/test.sh's to install.
timeit_install_deps
# A build/ that scripts/test.sh configured keeps its tests.
configure=(-DTIMEIT_BUILD_TESTS=OFF)
[ -f "$TIMEIT_ROOT/build/build.ninja" ] && configure=()
timeit_build "$TIMEIT_ROOT/build" "${configure[@]}" -- timeit syscall-bench query-pair
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
# measure BENCH SUFFIX ENTRY...: 10 measured runs of each ENTRY of BENCH into
# $out/ENTRY$SUFFIX.csv; the workload prints its own figure, --metric makes
# it a column.
measure() {
  local bench=$1 suffix=$2 entry
  shift 2
  for entry in "$@"; do
    rm -f "$out/$entry$suffix.csv"
    rm -f "$out/$entry$suffix.profile.csv"
    echo
    echo "== $entry: timeit -n 10 --profile -o $out/$entry$suffix.csv --command-output null --metric ... -- ${bench#"$TIMEIT_ROOT"/} $entry $calls"
    "$timeit" -n 10 --profile -o "$out/$entry$suffix.csv" --command-output null \
      --metric 'calls_per_s=calls per second: (\d+),higher' -- "$bench" "$entry" "$calls"
  done
}

measure "$bench" "" "$a" "$b"
echo
"$timeit" compare --html "$out/report.html" --json "$out/report.json" "$out/$a.csv" "$out/$b.csv"
echo "CSVs: $out/$a.csv $out/$b.csv (profiles beside them: X.profile.csv, compared in the report's"
echo "last section); report: $out/report.html (hyperfine's JSON: report.json)"

# A client and its server (bench/query-pair: the server makes 100 system calls
# a query, the client two): syscalls counts the client's alone, the server's
# are syscalls@query-pair (--count-pid; --count-cgroup PATH counts a service's
# cgroup the same way).
pair="$TIMEIT_ROOT/build/bench/query-pair"
"$pair" serve "$out/query.sock" 100 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do [ -S "$out/query.sock" ] && break; sleep 0.05; done
rm -f "$out/pair.csv"
echo
echo "== client and server: timeit -n 5 -e syscalls,task-clock --count-pid $server -o $out/pair.csv -- ${pair#"$TIMEIT_ROOT"/} ask $out/query.sock 2000"
"$timeit" -n 5 -o "$out/pair.csv" --command-output null -e syscalls,task-clock \
  --count-pid "$server" --metric 'qps=queries per second: (\d+),higher' -- \
  "$pair" ask "$out/query.sock" 2000
kill $server 2>/dev/null || true
echo "CSV: $out/pair.csv (syscalls: the client's; syscalls@query-pair: the server's)"

bench32="$TIMEIT_ROOT/build-i386/bench/syscall-bench"
if [ "$(uname -m)" = x86_64 ] && [ -x "$bench32" ] && "$bench32" int80 1 >/dev/null 2>&1; then
  echo
  echo "== 32-bit: syscall-bench (i386 build) --which"
  "$bench32" --which
  measure "$bench32" -32 int80 vsyscall
  echo
  "$timeit" compare "$out/int80-32.csv" "$out/vsyscall-32.csv"
  echo "CSVs: $out/int80-32.csv $out/vsyscall-32.csv"
elif [ "$(uname -m)" = x86_64 ] && [ -x "$bench32" ]; then
  echo
  echo "demo: the 32-bit pair is left out: this kernel does not run build-i386's programs" \
    "(no IA-32 emulation)" >&2
fi
