#!/usr/bin/env bash
# Per-run cost of timeit against a bare posix_spawn + wait4 loop, hyperfine -N
# and perf stat -r, measured in one run on the same machine, as ratios.
#   bench/overhead.sh [BUILD_DIR] [RUNS]      defaults: build, 1000
# Each tool runs /bin/true RUNS times; we take the best of ROUNDS (default 3)
# wall times of each, interleaved, so that a noisy moment hits all alike.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
runs=${2:-1000}
rounds=${ROUNDS:-3}
timeit=$build/timeit
spawn=$build/bench/spawn-loop
for f in "$timeit" "$spawn"; do
  [ -x "$f" ] || { echo "overhead.sh: $f missing; build first (cmake --build $build)" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now_ns() { date +%s%N; }
# best_of NAME CMD...: runs CMD `rounds` times, keeps the fastest wall time (ns).
declare -A best
measure() {
  local name=$1; shift
  local t0 t1 dt
  t0=$(now_ns)
  "$@" >/dev/null 2>&1 </dev/null
  t1=$(now_ns)
  dt=$((t1 - t0))
  if [ -z "${best[$name]:-}" ] || [ "$dt" -lt "${best[$name]}" ]; then best[$name]=$dt; fi
}

names=(bare timeit counters)
# The default counters on a machine without a PMU: the syscall tracepoint and
# the software metrics. perf stat -r re-creates the tracepoint event on every
# run (the kernel patches its code each time, ~40 ms in a VM), so it runs one
# round only: its noise is far below that cost.
counter_events=raw_syscalls:sys_enter,task-clock,context-switches,cpu-migrations,page-faults
have_hyperfine=0; have_perf=0
command -v hyperfine >/dev/null && have_hyperfine=1 && names+=(hyperfine)
perf stat -r 1 /bin/true >/dev/null 2>&1 && have_perf=1 && names+=(perf-stat)

for ((r = 0; r < rounds; r++)); do
  measure bare "$spawn" "$runs" /bin/true
  rm -f "$tmp/t.csv"
  measure timeit "$timeit" -n "$runs" -w 0 --no-counters -q -o "$tmp/t.csv" -- /bin/true
  rm -f "$tmp/c.csv"
  measure counters "$timeit" -n "$runs" -w 0 -q -o "$tmp/c.csv" -- /bin/true
  [ $have_hyperfine = 1 ] && measure hyperfine hyperfine -N --runs "$runs" --warmup 0 \
    --style none --export-json "$tmp/h.json" /bin/true
  [ $have_perf = 1 ] && measure perf-stat perf stat -r "$runs" /bin/true
done

if [ $have_perf = 1 ] && [ "${SKIP_PERF_EVENTS:-0}" != 1 ]; then
  measure perf-stat-e perf stat -r "$runs" -e "$counter_events" /bin/true
  names+=(perf-stat-e)
fi

rows=$(($(wc -l <"$tmp/t.csv") - 1))
[ "$rows" -eq "$runs" ] || { echo "overhead.sh: timeit wrote $rows rows, expected $runs" >&2; exit 1; }

printf '%-10s %12s %10s\n' tool "us/run" "x bare"
for n in "${names[@]}"; do
  awk -v n="$n" -v t="${best[$n]}" -v b="${best[bare]}" -v r="$runs" \
    'BEGIN { printf "%-10s %12.1f %10.2f\n", n, t / r / 1000, t / b }'
done
awk -v c="${best[counters]}" -v t="${best[timeit]}" \
  'BEGIN { printf "counters cost %.1f us/run over --no-counters\n", (c - t) / '"$runs"' / 1000 }'
[ -n "${best[perf-stat-e]:-}" ] && awk -v p="${best[perf-stat-e]}" -v c="${best[counters]}" \
  'BEGIN { printf "perf stat -r -e %s is %.1fx slower than timeit with counters\n", "'"$counter_events"'", p / c }'
[ $have_hyperfine = 1 ] || echo "(hyperfine not installed)"
[ $have_perf = 1 ] || echo "(perf stat not usable here)"
