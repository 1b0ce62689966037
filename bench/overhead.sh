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

names=(bare timeit)
have_hyperfine=0; have_perf=0
command -v hyperfine >/dev/null && have_hyperfine=1 && names+=(hyperfine)
perf stat -r 1 /bin/true >/dev/null 2>&1 && have_perf=1 && names+=(perf-stat)

for ((r = 0; r < rounds; r++)); do
  measure bare "$spawn" "$runs" /bin/true
  rm -f "$tmp/t.csv"
  measure timeit "$timeit" -n "$runs" -w 0 --no-counters -q -o "$tmp/t.csv" -- /bin/true
  [ $have_hyperfine = 1 ] && measure hyperfine hyperfine -N --runs "$runs" --warmup 0 \
    --style none --export-json "$tmp/h.json" /bin/true
  [ $have_perf = 1 ] && measure perf-stat perf stat -r "$runs" /bin/true
done

rows=$(($(wc -l <"$tmp/t.csv") - 1))
[ "$rows" -eq "$runs" ] || { echo "overhead.sh: timeit wrote $rows rows, expected $runs" >&2; exit 1; }

printf '%-10s %12s %10s\n' tool "us/run" "x bare"
for n in "${names[@]}"; do
  awk -v n="$n" -v t="${best[$n]}" -v b="${best[bare]}" -v r="$runs" \
    'BEGIN { printf "%-10s %12.1f %10.2f\n", n, t / r / 1000, t / b }'
done
[ $have_hyperfine = 1 ] || echo "(hyperfine not installed)"
[ $have_perf = 1 ] || echo "(perf stat not usable here)"
