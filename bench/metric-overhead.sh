#!/usr/bin/env bash
# What --metric costs on a command that prints 100 MB, measured in one run:
# timeit without --metric (the command writes to /dev/null itself), with one
# and with two --metric (the output goes through timeit's tee and regexes),
# and the shell's way of getting the figure, `CMD | grep -P REGEX | tail -1`,
# as ratios to the first. Also timeit's own peak RSS in each case, which the
# command reads from /proc/<timeit>/status at its end: it must not grow with
# the output.
#   bench/metric-overhead.sh [BUILD_DIR] [MEGABYTES]     defaults: build, 100
# Best of ROUNDS (default 3) wall times of each, interleaved.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
megabytes=${2:-100}
rounds=${ROUNDS:-3}
timeit=$build/timeit
[ -x "$timeit" ] || { echo "metric-overhead.sh: $timeit missing; build first" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The workload: short lines like a benchmark's log; then, when run by
# timeit (its parent), timeit's peak RSS into the file named by $HWM_FILE.
cat >"$tmp/print.sh" <<SCRIPT
yes 'Queries per second: 12.5 lorem ipsum dolor sit amet, consectetur' | head -c $((megabytes * 1000000))
[ -n "\${HWM_FILE:-}" ] && grep VmHWM /proc/\$PPID/status > "\$HWM_FILE"
exit 0
SCRIPT

now_ns() { date +%s%N; }
declare -A best
measure() {
  local name=$1; shift
  local t0 t1 dt
  t0=$(now_ns)
  HWM_FILE=$tmp/$name.hwm "$@" >/dev/null 2>"$tmp/$name.err" </dev/null
  t1=$(now_ns)
  dt=$((t1 - t0))
  if [ -z "${best[$name]:-}" ] || [ "$dt" -lt "${best[$name]}" ]; then best[$name]=$dt; fi
}

run() { "$timeit" -q -n 1 -w 0 --no-counters -o "$tmp/$1.csv" "${@:2}" -- sh "$tmp/print.sh"; }
qps='qps=Queries per second: ([0-9.]+),higher'
names=(plain metric two-metrics grep-tail)
for ((r = 0; r < rounds; r++)); do
  rm -f "$tmp"/*.csv
  measure plain run plain
  measure metric run metric --metric "$qps"
  measure two-metrics run two-metrics --metric "$qps" --metric 'words=(\d+\.\d+) lorem'
  measure grep-tail sh -c "sh '$tmp/print.sh' | grep -P 'Queries per second: ([0-9.]+)' | tail -1"
done
for n in metric two-metrics; do
  value=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "qps") c = i } NR == 2 { print $c }' \
    "$tmp/$n.csv")
  [ "$value" = 12.5 ] || { echo "metric-overhead.sh: $n: qps is '$value', not 12.5" >&2; exit 1; }
done

echo "$megabytes MB of output, best of $rounds"
printf '%-12s %10s %10s %16s\n' how "ms" "x plain" "timeit peak RSS"
for n in "${names[@]}"; do
  rss=-
  [ -s "$tmp/$n.hwm" ] && rss="$(awk '{ print $2, $3 }' "$tmp/$n.hwm")"
  awk -v n="$n" -v t="${best[$n]}" -v b="${best[plain]}" -v rss="$rss" \
    'BEGIN { printf "%-12s %10.1f %10.2f %16s\n", n, t / 1e6, t / b, rss }'
done
