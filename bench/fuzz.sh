#!/usr/bin/env bash
# Builds the libFuzzer targets with clang, ASan and UBSan into build-fuzz/
# and runs each for SECONDS (default 60) on its seed corpus
# (tests/fuzz-corpus/<target>/), one after another, on 1 core.
#   bench/fuzz.sh [SECONDS] [TARGET...]
# New inputs go to build-fuzz/corpus/<target>/ (the seeds stay untouched);
# a crash is saved as build-fuzz/crash-<target>-*, and the script ends with
# status 1 after running the other targets. A crash becomes a regression
# test in the normal suite (tests/cli/bad_input_test.cc or the module's).
set -euo pipefail
TIMEIT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$TIMEIT_ROOT/scripts/deps.sh"

SECONDS_PER_TARGET=${1:-60}
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] ||
  TARGETS=(fuzz_ministat_reader fuzz_results_csv fuzz_compare fuzz_event_parser fuzz_options)

timeit_install_deps clang libclang-rt-14-dev
BUILD="$TIMEIT_ROOT/build-fuzz"
if [ ! -f "$BUILD/build.ninja" ]; then
  CC=clang CXX=clang++ cmake -S "$TIMEIT_ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DTIMEIT_BUILD_TESTS=OFF -DTIMEIT_FUZZ=ON -DTIMEIT_SANITIZE='address;undefined' >/dev/null
fi
cmake --build "$BUILD" -j2 --target "${TARGETS[@]}" -- --quiet  # 2 cores shared

status=0
for t in "${TARGETS[@]}"; do
  seeds="$TIMEIT_ROOT/tests/fuzz-corpus/$t"
  work="$BUILD/corpus/$t"
  mkdir -p "$work" "$seeds"
  log="$BUILD/$t.log"
  # -close_fd_mask=3: the targets' own output (compare's report and notes)
  # is dropped; libFuzzer's and the sanitizers' reports still show.
  if ! "$BUILD/fuzz/$t" -max_total_time="$SECONDS_PER_TARGET" -max_len=65536 -timeout=10 \
      -rss_limit_mb=2048 -close_fd_mask=3 -print_final_stats=1 \
      -artifact_prefix="$BUILD/crash-$t-" "$work" "$seeds" >"$log" 2>&1; then
    status=1
    echo "$t: FOUND A CRASH, see $log and $BUILD/crash-$t-*"
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
  echo "$t: ${runs:-?} executions in ${SECONDS_PER_TARGET} s, $cov, corpus $(ls "$work" | wc -l) inputs"
done
exit $status
