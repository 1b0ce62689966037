#!/usr/bin/env bash
# What timeit costs per run, against a bare posix_spawn + wait4 loop and
# against perf, measured side by side in one run, as ratios. Two workloads:
#   true   /bin/true, RUNS times (default 1000)
#   loop   a shell loop of 1000 /bin/true, LOOPS times (default 10): fork-heavy,
#          where counting by inheritance pays per fork and by cgroup does not
# and for each:
#   bare          bench/spawn-loop: posix_spawn + wait4, nothing else
#   no-counters   timeit --no-counters --no-cgroup: the run loop alone
#   direct        the same with TIMEIT_SPAWN=direct: each child cloned from
#                 timeit itself, as before timeit-spawner (whose memory then
#                 was every command's maxrss): what the spawner costs a run
#   cgroup        timeit --no-counters: each run in its own cgroup
#   counters      timeit with the default counters, as it chooses (by cgroup
#                 where it can; the first run's notes say which)
#   inherit       timeit --count-by inherit: the counters inherited by every fork
#   no-syscalls   timeit with the default counters but the syscall
#                 tracepoint (what the other counters cost)
#   perf-a-G      perf stat -a -G CGROUP with the same events around the bare
#                 loop placed in CGROUP (per-CPU cgroup counting, read once)
#   perf-a-sys    perf stat -a -e raw_syscalls:sys_enter around the bare loop:
#                 what the kernel charges for an enabled syscall counter alone,
#                 whoever counts (the floor of any tool that counts syscalls)
#   perf-r        perf stat -r with the same events, /bin/true only (it opens
#                 its events per run; one round: closing a tracepoint's last
#                 event waits for RCU grace periods, ~40 ms a run in a VM)
#   hyperfine     hyperfine -N, /bin/true only, where installed
#   other-spawner with OTHER_SPAWNER=PATH: no-counters with that
#                 timeit-spawner beside this timeit (another commit's): the
#                 spawner's cost before and after a change, in one run
#   bench/overhead.sh [BUILD_DIR] [RUNS] [LOOPS]     defaults: build, 1000, 10
#   ONLY=true or ONLY=loop: that workload alone; SKIP_PERF_EVENTS=1: no perf-r
# Each is the best of ROUNDS (default 3) wall times, the tools interleaved so
# that a noisy moment hits all alike, at two counts: N and N/4 runs (loops).
# The cost of a run is the slope between them, (T(N) - T(N/4)) / (3N/4), so
# that what a tool pays once (timeit's setup, perf's, ~50 ms each: closing a
# tracepoint's last event waits for RCU grace periods) is not spread over
# the runs; the table gives both, and the ratio to bare of the whole N runs too.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
runs=${2:-1000}
loops=${3:-10}
rounds=${ROUNDS:-3}
only=${ONLY:-}  # true or loop: that workload alone
timeit=$build/timeit
spawn=$build/bench/spawn-loop
for f in "$timeit" "$spawn"; do
  [ -x "$f" ] || { echo "overhead.sh: $f missing; build first (cmake --build $build)" >&2; exit 2; }
done
tmp=$(mktemp -d)
cgroup_dir=""
cleanup() {
  rm -rf "$tmp"
  [ -n "$cgroup_dir" ] && rmdir "$cgroup_dir" 2>/dev/null || true
}
trap cleanup EXIT
# OTHER_SPAWNER: this timeit, linked into a folder of its own beside that
# spawner (timeit takes the one beside its own path).
other=""
if [ -n "${OTHER_SPAWNER:-}" ]; then
  mkdir "$tmp/other"
  ln "$timeit" "$tmp/other/timeit" 2>/dev/null || cp "$timeit" "$tmp/other/timeit"
  cp "$OTHER_SPAWNER" "$tmp/other/timeit-spawner"
  other=$tmp/other/timeit
fi

# The default counters on a machine without a PMU: the syscall tracepoint and
# the software metrics; with a PMU, perf's names for the hardware ones too.
events=raw_syscalls:sys_enter,task-clock,context-switches,cpu-migrations,page-faults
if perf stat -e cycles -x, true 2>&1 | grep -q '^[0-9]'; then
  events=cycles,instructions,L1-icache-load-misses,branch-misses,cache-misses,$events
fi
# timeit's names of the default counters but the syscall tracepoint.
# A metric is in when a line of its block (its own or an "or" line) counts.
no_syscalls=$("$timeit" events 2>/dev/null |
  awk '/^metric / { t = 1; next } t && /^$/ { t = 0 } t && /^[a-z]/ { name = $1 }
       t && / counts$/ && name != "" { print name; name = "" }' |
  grep -vx syscalls | paste -sd, -)
loop_script='i=0; while [ $i -lt 1000 ]; do /bin/true; i=$((i+1)); done'

now_ns() { date +%s%N; }
declare -A best all
measure() {  # NAME CMD...: NAME's fastest wall time (ns), and each round's
  local name=$1 t0 t1 dt
  shift
  t0=$(now_ns)
  "$@" >/dev/null 2>&1 </dev/null || { echo "overhead.sh: $name failed: $*" >&2; exit 1; }
  t1=$(now_ns)
  dt=$((t1 - t0))
  if [ -z "${best[$name]:-}" ] || [ "$dt" -lt "${best[$name]}" ]; then best[$name]=$dt; fi
  all[$name]="${all[$name]:-} $dt"
}

# perf stat -a -G needs a cgroup v2 directory this user may create and join.
have_perf_g=0
cgroup_name=""
if perf stat -r 1 true >/dev/null 2>&1; then
  own=$(sed -n 's/^0:://p' /proc/self/cgroup)
  mount=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
  if [ -n "$mount" ] && mkdir "$mount$own/overhead-$$" 2>/dev/null; then
    cgroup_dir=$mount$own/overhead-$$
    cgroup_name=${own#/}${own:+/}overhead-$$
    cgroup_name=${cgroup_name#/}
    perf stat -a -e task-clock -G "$cgroup_name" true >/dev/null 2>&1 && have_perf_g=1
  fi
fi
# perf stat -G takes one cgroup per event.
cgroup_list=$(echo "$events" | tr ',' '\n' | sed "s|.*|$cgroup_name|" | paste -sd, -)
have_perf_r=0; have_hyperfine=0
perf stat -r 1 true >/dev/null 2>&1 && have_perf_r=1
command -v hyperfine >/dev/null && have_hyperfine=1

# workload NAME N CMD...: every tool on N runs of CMD, as NAME@N.TOOL.
workload() {
  local name=$1@$2 n=$2
  shift 2
  measure "$name.bare" "$spawn" "$n" "$@"
  measure "$name.no-counters" "$timeit" -n "$n" -w 0 -q --no-counters --no-cgroup \
    -o "$tmp/$name.a.csv" -- "$@"
  [ -n "$other" ] && measure "$name.other-spawner" "$other" -n "$n" -w 0 -q --no-counters \
    --no-cgroup -o "$tmp/$name.o.csv" -- "$@"
  measure "$name.direct" env TIMEIT_SPAWN=direct "$timeit" -n "$n" -w 0 -q --no-counters \
    --no-cgroup -o "$tmp/$name.f.csv" -- "$@"
  measure "$name.cgroup" "$timeit" -n "$n" -w 0 -q --no-counters -o "$tmp/$name.b.csv" -- "$@"
  measure "$name.counters" "$timeit" -n "$n" -w 0 -q -o "$tmp/$name.csv" -- "$@"
  measure "$name.inherit" "$timeit" -n "$n" -w 0 -q --count-by inherit -o "$tmp/$name.d.csv" -- "$@"
  measure "$name.no-syscalls" "$timeit" -n "$n" -w 0 -q -e "$no_syscalls" -o "$tmp/$name.e.csv" \
    -- "$@"
  # The loop joins the cgroup once, then runs as bare; perf reads at the end.
  [ $have_perf_g = 1 ] && measure "$name.perf-a-G" perf stat -a -e "$events" -G "$cgroup_list" \
    -- sh -c 'echo $$ > "$0/cgroup.procs" && exec "$@"' "$cgroup_dir" "$spawn" "$n" "$@"
  [ $have_perf_r = 1 ] && measure "$name.perf-a-sys" perf stat -a -e raw_syscalls:sys_enter \
    -- "$spawn" "$n" "$@"
  return 0
}

small_runs=$(((runs + 3) / 4))
small_loops=$(((loops + 3) / 4))
[ "$small_loops" -lt "$loops" ] || loops=$((small_loops + 1))
for ((r = 0; r < rounds; r++)); do
  for pair in "$small_runs $small_loops" "$runs $loops"; do
    set -- $pair
    rm -f "$tmp"/*.csv
    [ "$only" = loop ] || workload true "$1" /bin/true
    [ "$only" = true ] || workload loop "$2" /bin/sh -c "$loop_script"
    [ $have_hyperfine = 1 ] && [ "$only" != loop ] &&
      measure "true@$1.hyperfine" hyperfine -N --runs "$1" --warmup 0 --style none \
        --export-json "$tmp/h.json" /bin/true
  done
done
# One round at the full count: it opens its events for every run (~40 ms).
[ $have_perf_r = 1 ] && [ "${SKIP_PERF_EVENTS:-0}" != 1 ] && [ "$only" != loop ] &&
  measure "true@$runs.perf-r" perf stat -r "$runs" -e "$events" /bin/true

first=true@$runs; want=$runs
[ "$only" = loop ] && { first=loop@$loops; want=$loops; }
# The timing rows: a series with counters also makes (at most 3) counting
# runs of its own, `role` count, beside the -n timed ones.
rows=$(python3 -c 'import csv, sys
print(sum(r.get("role", "") != "count" for r in csv.DictReader(open(sys.argv[1]))))' "$tmp/$first.csv")
[ "$rows" -eq "$want" ] || { echo "overhead.sh: timeit wrote $rows rows, expected $want" >&2; exit 1; }
mode=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "notes") c = i }
  NR == 2 { print $c }' "$tmp/$first.csv" | grep -o 'counted by [a-z]*' | head -n 1)

echo "best of $rounds; counters: the default set, ${mode:-mode unknown}; perf events: $events"
# The best of the rounds hides how far apart they are; each round also gives a
# paired ratio (a tool against the bare loop of the same round): their median
# and range, per run (each round's own slope) and for all N runs.
printf '%-10s %-12s %12s %10s %10s %12s  %s\n' workload tool "us/run" "x bare" "once ms" \
  "x bare, all" "paired per run: median (range); all N: median (range)"
report() {  # WORKLOAD SMALL N
  local w=$1 m=$2 n=$3 tool
  for tool in bare no-counters other-spawner direct cgroup counters no-syscalls inherit perf-a-G perf-a-sys perf-r \
    hyperfine; do
    [ -n "${best[$w@$n.$tool]:-}" ] || continue
    # perf stat -r is measured at the full count alone: its runs' cost is all of it.
    awk -v w="$w" -v t="$tool" -v tn="${best[$w@$n.$tool]}" -v tm="${best[$w@$m.$tool]:-}" \
      -v bn="${best[$w@$n.bare]}" -v bm="${best[$w@$m.bare]}" -v n="$n" -v m="$m" \
      -v an="${all[$w@$n.$tool]}" -v am="${all[$w@$m.$tool]:-}" \
      -v abn="${all[$w@$n.bare]}" -v abm="${all[$w@$m.bare]}" '
      function summary(x, k,   i, j, v) {  # median (min-max) of x[1..k]
        for (i = 2; i <= k; i++) { v = x[i]; for (j = i - 1; j >= 1 && x[j] > v; j--) x[j + 1] = x[j]; x[j + 1] = v }
        return sprintf("%.3f (%.3f-%.3f)", k % 2 ? x[(k + 1) / 2] : (x[k / 2] + x[k / 2 + 1]) / 2, x[1], x[k])
      }
      BEGIN {
        bs = (bn - bm) / (n - m)
        k = split(an, tN, " "); split(abn, bN, " "); split(am, tM, " "); split(abm, bM, " ")
        for (i = 1; i <= k; i++) {
          whole[i] = tN[i] / bN[i]
          if (am != "") per[i] = (tN[i] - tM[i]) / (bN[i] - bM[i])
        }
        paired = (am == "" ? "-" : summary(per, k)) "; " summary(whole, k)
        if (tm == "") { printf "%-10s %-12s %12.1f %10.3f %10s %12.3f  %s\n", w, t, tn / n / 1000,
                               tn / n / bs, "-", tn / bn, paired; exit }
        s = (tn - tm) / (n - m); once = tn - s * n
        printf "%-10s %-12s %12.1f %10.3f %10.1f %12.3f  %s\n", w, t, s / 1000, s / bs, once / 1e6,
               tn / bn, paired }'
  done
}
[ "$only" = loop ] || report true "$small_runs" "$runs"
[ "$only" = true ] || report loop "$small_loops" "$loops"
[ $have_perf_g = 1 ] || echo "(perf stat -a -G not usable here: needs perf, cgroup v2 and root)"
[ $have_hyperfine = 1 ] || echo "(hyperfine not installed)"
