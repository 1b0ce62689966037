#!/bin/sh
# The layering check must fail where the table is broken: a tree with the
# repository's CONTRIBUTING.md and one include each room's list forbids.
root=${1:-.}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0
expect_failure() {  # what, file, include
  rm -rf "$tmp/tree" && mkdir -p "$tmp/tree" && cp "$root/CONTRIBUTING.md" "$tmp/tree/"
  for room in base process results sources ministat compare events check run; do
    mkdir -p "$tmp/tree/wrapper/$room"
  done
  mkdir -p "$tmp/tree/$(dirname "$2")" && echo "#include \"$3\"" > "$tmp/tree/$2"
  if sh "$root/tests/check_layering.sh" "$tmp/tree" > /dev/null 2>&1; then
    echo "layering selftest: $1 passed the check" >&2
    status=1
  fi
}
expect_failure "compare including sources/" wrapper/compare/x.cc wrapper/sources/resource_usage_source.h
expect_failure "results including sources/" wrapper/results/x.h wrapper/sources/measurement_source.h
expect_failure "process including sources/" wrapper/process/x.h wrapper/sources/measurement_source.h
expect_failure "events including sources/" wrapper/events/x.cc wrapper/sources/counter_source.h
expect_failure "a room including the root" wrapper/check/x.cc wrapper/dispatch.h
# compare's pipeline: a sub-room including one after it, or the room holding it.
expect_failure "compare/sets including compare/verdicts" wrapper/compare/sets/x.cc wrapper/compare/verdicts/judge.h
expect_failure "compare/input including compare/sets" wrapper/compare/input/x.h wrapper/compare/sets/compare_sets.h
expect_failure "compare/verdicts including compare/report" wrapper/compare/verdicts/x.cc wrapper/compare/report/ministat_blocks.h
expect_failure "compare/report including compare/export" wrapper/compare/report/x.cc wrapper/compare/export/json_export.h
expect_failure "compare/sets including compare's options" wrapper/compare/sets/x.cc wrapper/compare/compare_options.h
expect_failure "a folder of compare the table lacks" wrapper/compare/misc/x.cc wrapper/base/errors.h
expect_failure "platforms including counters/" platforms/x.h counters/perf_open.h
expect_failure "stats including wrapper/" stats/x.cc wrapper/base/errors.h
# A top-level folder the table does not have.
rm -rf "$tmp/tree" && mkdir -p "$tmp/tree/symbols" && cp "$root/CONTRIBUTING.md" "$tmp/tree/"
if sh "$root/tests/check_layering.sh" "$tmp/tree" > /dev/null 2>&1; then
  echo "layering selftest: a top-level symbols/ passed the check" >&2
  status=1
fi
# And a clean tree passes, so that the cases above fail for their include.
rm -rf "$tmp/tree" && mkdir -p "$tmp/tree/wrapper/base" && cp "$root/CONTRIBUTING.md" "$tmp/tree/"
echo '#include "platforms/trim.h"' > "$tmp/tree/wrapper/base/x.h"
sh "$root/tests/check_layering.sh" "$tmp/tree" > /dev/null 2>&1 || {
  echo "layering selftest: a clean tree failed the check" >&2
  status=1
}
[ $status -eq 0 ] && echo "layering selftest: ok"
exit $status
