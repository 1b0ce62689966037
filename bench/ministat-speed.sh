#!/usr/bin/env bash
# timeit ministat against Debian's ministat on two files of 5,000,000 values
# each, measured in one run on the same machine: wall time and peak RSS of
# each, and the speed ratio.
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

# measure NAME CMD...: wall seconds and peak RSS (KiB) of CMD via /usr/bin/time.
declare -A wall rss
measure() {
  local name=$1; shift
  /usr/bin/time -o "$data/time.txt" -f '%e %M' "$@" >/dev/null
  local out w m
  out=$(tail -1 "$data/time.txt")
  w=${out% *} m=${out#* }
  if [ -z "${wall[$name]:-}" ] || awk -v a="$w" -v b="${wall[$name]}" 'BEGIN { exit !(a < b) }'; then
    wall[$name]=$w
  fi
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
printf '  %-16s %8s s  %8s MiB peak RSS\n' \
  "timeit ministat" "${wall[timeit]}" "$(awk -v k="${rss[timeit]}" 'BEGIN { printf "%.1f", k / 1024 }')" \
  "ministat" "${wall[ministat]}" "$(awk -v k="${rss[ministat]}" 'BEGIN { printf "%.1f", k / 1024 }')"
awk -v a="${wall[ministat]}" -v b="${wall[timeit]}" \
  'BEGIN { if (b > 0) printf "  speed ratio: timeit ministat is %.1fx faster than ministat\n", a / b;
           else print "  speed ratio: timeit too fast for /usr/bin/time resolution" }'
