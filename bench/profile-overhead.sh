#!/usr/bin/env bash
# What --profile costs a kernel-like build: a generated tree of C files built
# with make -j2, measured three ways, interleaved round by round so that a
# noisy moment hits all alike:
#   plain     timeit -n 1 make -j2                (the counters, no profile)
#   profile   timeit --profile -n 1 make -j2      (999 Hz unless PROFILE_HZ)
#   perf      timeit -n 1 perf record -F 999 -g -o X make -j2
# and compared by timeit compare (real and user+sys, with intervals): the
# ratios are 1 + the differences it prints. Each round builds from clean
# (--prepare 'make clean'); the first round is a warm-up of the page cache.
#   bench/profile-overhead.sh [BUILD_DIR] [ROUNDS] [FILES]   defaults: build, 6, 160
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
rounds=${2:-6}
files=${3:-160}
hz=${PROFILE_HZ:-999}
timeit=$(cd "$build" && pwd)/timeit
[ -x "$timeit" ] || { echo "profile-overhead.sh: $timeit missing; build first" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tree=$tmp/tree
mkdir -p "$tree"

# The tree: FILES translation units of 24 functions each (loops, calls,
# a switch), a header they share, one Makefile; ~0.1 s of cc1 per file at -O2.
for ((i = 0; i < files; i++)); do
  {
    echo '#include "common.h"'
    for ((f = 0; f < 24; f++)); do
      cat <<C
static int helper_${i}_${f}(int x) { switch (x & 7) { case 0: return x * 3; case 1: return x ^ 0x55;
  case 2: return x << 2; case 3: return x - 7; default: return x + ${f}; } }
int unit_${i}_${f}(const int* v, int n) { int s = 0; for (int k = 0; k < n; ++k) {
  s += helper_${i}_${f}(v[k]) * COMMON_SCALE; if (s > 1000000) s = common_fold(s); } return s; }
C
    done
  } >"$tree/u$i.c"
done
cat >"$tree/common.h" <<'C'
#define COMMON_SCALE 3
static inline int common_fold(int s) { return (s >> 3) ^ (s & 0xff); }
C
{
  echo 'OBJS := $(patsubst %.c,%.o,$(wildcard u*.c))'
  echo 'all: $(OBJS)'
  echo '%.o: %.c common.h'
  printf '\t$(CC) -O2 -c $< -o $@\n'
  echo 'clean:'
  printf '\trm -f *.o\n'
} >"$tree/Makefile"

have_perf=0
perf record -F 999 -g -o "$tmp/probe.data" -- true >/dev/null 2>&1 && have_perf=1
[ $have_perf = 1 ] || echo "profile-overhead.sh: perf record cannot sample here; no perf column" >&2

run() {  # run NAME [timeit options] -- COMMAND...: one round of one way, appended to NAME.csv
  local name=$1; shift
  (cd "$tree" && "$timeit" -q -n 1 -w 0 --label "$name" -o "$tmp/$name.csv" \
    --prepare 'make -s clean' --command-output null "$@")
}
for ((r = 0; r <= rounds; r++)); do
  [ $r -eq 0 ] && echo "profile-overhead.sh: warm-up round, then $rounds rounds of $files files" >&2
  run plain -- make -s -j2
  run profile "--profile=$hz" -- make -s -j2
  [ $have_perf = 1 ] && run perf -- perf record -q -F 999 -g -o "$tmp/perf.data" -- make -s -j2
  if [ $r -eq 0 ]; then rm -f "$tmp"/*.csv "$tmp"/*.profile.csv; fi
done

sets=("$tmp/plain.csv" "$tmp/profile.csv")
[ $have_perf = 1 ] && sets+=("$tmp/perf.csv")
"$timeit" compare --threshold 0 -m real,user,sys "${sets[@]}" | sed -n '/^Summary/,/^$/p'
# The ratios, from the means (the summary's intervals say how sure they are).
python3 - "${sets[@]}" <<'PY'
import csv, sys
def mean(path, col):
    v = [float(r[col]) for r in csv.DictReader(open(path)) if r["warmup"] == "0"]
    return sum(v) / len(v)
plain = sys.argv[1]
for path in sys.argv[2:]:
    name = path.rsplit("/", 1)[1][:-4]
    real = mean(path, "real") / mean(plain, "real")
    cpu = (mean(path, "user") + mean(path, "sys")) / (mean(plain, "user") + mean(plain, "sys"))
    print(f"{name:8s} real {real:.4f}x  user+sys {cpu:.4f}x  of plain")
PY
lines=$(($(wc -l <"$tmp/profile.profile.csv") - 1))
echo "profile: $lines function lines over $rounds runs in profile.profile.csv"
