#!/usr/bin/env bash
# timeit ministat against Debian's ministat on two files of 5,000,000 values
# each, measured in one run on the same machine: wall time and peak RSS of
# each, and the speed ratios.
#   bench/ministat-speed.sh [BUILD_DIR] [VALUES]     defaults: build, 5000000
# Both run with -n (summary only) on the same files; each runs ROUNDS times
# (default 3), interleaved, and the best wall time and largest RSS are kept.
# The data is generated deterministically (a Park-Miller generator in awk:
# integer arithmetic below 2^53, so every awk prints the same numbers) and
# cached in $TMPDIR by its parameters.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
count=${2:-5000000}
rounds=${ROUNDS:-3}
timeit=$build/timeit
ministat=$(command -v ministat || true)
[ -x "$timeit" ] || { echo "ministat-speed.sh: $timeit missing; build first" >&2; exit 2; }
[ -n "$ministat" ] || { echo "ministat-speed.sh: Debian's ministat missing (apt-get install ministat)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "ministat-speed.sh: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }

data=${TMPDIR:-/tmp}/timeit-ministat-speed-$count
mkdir -p "$data"
# generate SEED CENTRE FILE: COUNT values around CENTRE with 3 decimals, like
# run times in milliseconds; the sum of four uniforms makes a bell shape.
generate() {
  [ -s "$3" ] && return 0
  awk -v seed="$1" -v centre="$2" -v n="$count" 'BEGIN {
    x = seed
    for (i = 0; i < n; i++) {
      s = 0
      for (k = 0; k < 4; k++) { x = (x * 16807) % 2147483647; s += x / 2147483647 }
      printf "%.3f\n", centre + 25 * (s - 2)
    }
  }' >"$3.tmp" && mv "$3.tmp" "$3"
}
generate 12345 1000 "$data/before"
generate 67890 1003 "$data/after"

# measure NAME CMD...: wall seconds, CPU seconds (user + system) and peak RSS
# (KiB) of CMD via /usr/bin/time; keeps the best times and the largest RSS.
declare -A wall cpu rss
less() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }
measure() {
  local name=$1; shift
  /usr/bin/time -o "$data/time.txt" -f '%e %U %S %M' "$@" >/dev/null
  local w u s m c
  read -r w u s m <"$data/time.txt"
  c=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
  if [ -z "${wall[$name]:-}" ] || less "$w" "${wall[$name]}"; then wall[$name]=$w; fi
  if [ -z "${cpu[$name]:-}" ] || less "$c" "${cpu[$name]}"; then cpu[$name]=$c; fi
  if [ -z "${rss[$name]:-}" ] || [ "$m" -gt "${rss[$name]}" ]; then rss[$name]=$m; fi
}

# Same output first: the comparison only means something if both agree.
"$timeit" ministat -n "$data/before" "$data/after" >"$data/timeit.out"
"$ministat" -n "$data/before" "$data/after" >"$data/ministat.out"
if ! diff -q <(awk 'NR<=3' "$data/timeit.out") <(awk 'NR<=3' "$data/ministat.out") >/dev/null; then
  echo "note: legend/header differ:" >&2
  diff "$data/timeit.out" "$data/ministat.out" >&2 || true
fi

for ((r = 0; r < rounds; r++)); do
  measure timeit "$timeit" ministat -n "$data/before" "$data/after"
  measure ministat "$ministat" -n "$data/before" "$data/after"
done

echo "ministat -n on 2 x $count values ($(du -h "$data/before" | cut -f1) each), best of $rounds:"
cat "$data/timeit.out"
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
printf '  %-16s %6s s wall  %6s s CPU  %7s MiB peak RSS\n' \
  "timeit ministat" "${wall[timeit]}" "${cpu[timeit]}" "$(mib "${rss[timeit]}")" \
  "ministat" "${wall[ministat]}" "${cpu[ministat]}" "$(mib "${rss[ministat]}")"
# timeit reads the files on one thread each, so wall and CPU ratios differ.
awk -v a="${wall[ministat]}" -v b="${wall[timeit]}" -v c="${cpu[ministat]}" -v d="${cpu[timeit]}" \
  'BEGIN { if (b > 0 && d > 0)
             printf "  speed ratio: %.1fx (wall time), %.1fx (CPU time) faster than ministat\n", a / b, c / d;
           else print "  speed ratio: timeit too fast for /usr/bin/time resolution" }'
