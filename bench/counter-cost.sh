#!/usr/bin/env bash
# What the default counters cost the command they count, measured in one run:
#  1. the timing runs: `syscall-bench syscall 300000` (bench/syscall-bench.c)
#     under timeit's defaults against --no-counters, alternated in a shell
#     loop (ABBA), PAIRS pairs: the paired ratio of the timing run's CPU
#     time (wait4's user + sys: on a loaded machine `real` also holds the wait
#     for a CPU) and of its `real`, each as the geometric mean with its 95%
#     interval (Student's t on the log ratios).
#     Where timeit has --count-in-every-run, that is a third arm: what the
#     defaults cost before counting runs existed.
#  2. each default counter's cost per event: a workload that raises that
#     event many times (bench/kernel-events.c; syscall-bench for syscalls),
#     counted with `-e EVENT` in every run against --no-counters, PAIRS
#     pairs: the mean paired difference of CPU time over the event's count,
#     with its 95% interval. task-clock has no events of its own; its cost
#     is given per context switch (wait4's nvcsw + nivcsw) on the switching
#     workload. Hardware events need a PMU (none in most VMs): said, not
#     measured.
#   bench/counter-cost.sh [BUILD_DIR] [PAIRS]     defaults: build, 12
# Run it once and report what it prints; the pairs, not a rerun, narrow
# the interval.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
pairs=${2:-12}
timeit=$build/timeit
bench=${BENCH_BIN:-$build/bench}  # the workloads; BENCH_BIN to run one build's against another timeit
for f in "$timeit" "$bench/syscall-bench" "$bench/kernel-events"; do
  [ -x "$f" ] || { echo "counter-cost.sh: $f missing; build first (cmake --build $build)" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
every=()
# Read whole: grep -q would leave timeit a closed pipe, and pipefail the loss.
help=$("$timeit" --help 2>&1 || true)
[[ $help == *--count-in-every-run* ]] && every=(--count-in-every-run)

# cell FILE COLUMN: the column's value in the row that timed the run (role
# `time`, or the only measured row without a role).
cell() {
  python3 - "$1" "$2" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["warmup"] == "0"]
timed = [r for r in rows if r.get("role", "") in ("", "time")]
print(timed[0][sys.argv[2]])
PY
}
# one OUT OPTIONS... -- CMD...: one timed run of CMD; appends its real to
# OUT.real and its CPU time (wait4's user + sys) to OUT.cpu
one() {
  local out=$1
  shift
  rm -f "$tmp/one.csv"
  "$timeit" -q -n 1 -w 0 -o "$tmp/one.csv" --command-output null "$@" >/dev/null 2>&1 ||
    { echo "counter-cost.sh: failed: timeit $*" >&2; exit 1; }
  touch "$tmp/$out.real"
  cp "$tmp/one.csv" "$tmp/$out.$(wc -l <"$tmp/$out.real").csv"
  cell "$tmp/one.csv" real >>"$tmp/$out.real"
  echo "$(cell "$tmp/one.csv" user) + $(cell "$tmp/one.csv" sys)" | bc -l >>"$tmp/$out.cpu"
}

echo "timeit: $timeit ($("$timeit" --version | head -n 1)); $pairs pairs of each, alternated"
sb=("$bench/syscall-bench" syscall 300000)
arms=(defaults no-counters)
[ ${#every[@]} -gt 0 ] && arms+=(every-run)
for ((p = 0; p < pairs; p++)); do
  order=("${arms[@]}")
  [ $((p % 2)) -eq 1 ] && order=($(printf '%s\n' "${arms[@]}" | tac))
  for arm in "${order[@]}"; do
    case $arm in
      defaults) one sb.defaults -- "${sb[@]}" ;;
      no-counters) one sb.none --no-counters -- "${sb[@]}" ;;
      every-run) one sb.every "${every[@]}" -- "${sb[@]}" ;;
    esac
  done
done

# Per event: EVENT WORKLOAD... (the count from the counted arm's CSV).
declare -A workload=(
  [syscalls]="$bench/syscall-bench syscall 300000"
  [page-faults]="$bench/kernel-events faults 10000"
  [context-switches]="$bench/kernel-events switches 20000"
  [cpu-migrations]="$bench/kernel-events migrations 5000"
  [task-clock]="$bench/kernel-events switches 20000"
)
events=(syscalls page-faults context-switches cpu-migrations task-clock)
for ((p = 0; p < pairs; p++)); do
  for e in "${events[@]}"; do
    read -r -a cmd <<<"${workload[$e]}"
    if [ $((p % 2)) -eq 0 ]; then
      one "ev.$e.on" -e "$e" "${every[@]}" -- "${cmd[@]}"
      one "ev.$e.off" --no-counters -- "${cmd[@]}"
    else
      one "ev.$e.off" --no-counters -- "${cmd[@]}"
      one "ev.$e.on" -e "$e" "${every[@]}" -- "${cmd[@]}"
    fi
  done
done
# The event counts of the counted arm's runs; task-clock's per context switch.
for e in "${events[@]}"; do
  for f in "$tmp"/ev.$e.on.*.csv; do
    if [ "$e" = task-clock ]; then
      echo $(($(cell "$f" nvcsw) + $(cell "$f" nivcsw)))
    else
      cell "$f" "$e"
    fi
  done >"$tmp/ev.$e.count"
done

python3 - "$tmp" "${#every[@]}" "${events[@]}" <<'PY'
import math, os, statistics, sys
tmp, has_every, events = sys.argv[1], sys.argv[2] != "0", sys.argv[3:]
T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
       2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
       2.060, 2.056, 2.052, 2.048, 2.045, 2.042]
def t95(df): return T95[df - 1] if df <= len(T95) else 1.96
def read(name): return [float(x) for x in open(os.path.join(tmp, name)).read().split()]
def interval(xs):
    m = statistics.mean(xs); h = t95(len(xs) - 1) * statistics.stdev(xs) / math.sqrt(len(xs))
    return m, m - h, m + h
def ratio(a, b):
    logs = [math.log(x / y) for x, y in zip(read(a), read(b))]
    m, lo, hi = interval(logs)
    return f"{math.exp(m):.3f} (95% CI {math.exp(lo):.3f} to {math.exp(hi):.3f})"
print("syscall-bench syscall 300000, the timing run against --no-counters, paired ratio "
      f"(geometric mean) of {len(read('sb.none.real'))} pairs:")
print("                       CPU time (user+sys)                real")
arms = [("defaults", "sb.defaults")] + ([("--count-in-every-run", "sb.every")] if has_every else [])
for name, f in arms:
    print(f"  {name:20s} {ratio(f + '.cpu', 'sb.none.cpu'):34s} {ratio(f + '.real', 'sb.none.real')}")
print(f"  (--no-counters: median CPU time {statistics.median(read('sb.none.cpu')):.3f} s, "
      f"real {statistics.median(read('sb.none.real')):.3f} s)")
print("cost per event of each default counter, counted in every run, against --no-counters "
      "(CPU time):")
for e in events:
    on, off, n = read(f"ev.{e}.on.cpu"), read(f"ev.{e}.off.cpu"), read(f"ev.{e}.count")
    per = [(a - b) / c * 1e9 for a, b, c in zip(on, off, n) if c > 0]
    m, lo, hi = interval(per)
    unit = "context switch" if e == "task-clock" else "event"
    print(f"  {e:17s} {m:9.1f} ns per {unit} (95% CI {lo:.1f} to {hi:.1f}); "
          f"{statistics.median(n):.0f} a run, {statistics.median(off):.3f} s CPU without counters")
print("  cycles, instructions, icache-misses, branch-misses, cache-misses: not measured "
      "(they need a hardware PMU)" if not os.path.exists("/sys/bus/event_source/devices/cpu")
      else "  hardware events: not measured here (bench/overhead.sh compares perf stat)")
PY
