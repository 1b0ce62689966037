#!/usr/bin/env bash
# Rewrites every output shown in README.md, docs/*.md and docs/timeit.1 from
# the current build, so that the docs tests (ctest -L docs) pass again after a
# change to what timeit prints. Review the diff (git diff docs README.md):
# it is the change a user will see. Then commit it with the change.
#   scripts/docs-outputs.sh            outputs from the committed results files
#                                      in docs/examples/ (seconds, no root)
#   scripts/docs-outputs.sh --measure  first measures those files again with
#                                      the commands the docs show (the blocks
#                                      marked `docs-test measures`: root for the
#                                      tracing switch, build-i386/ for the 32-bit
#                                      gates), and the Pentium D guest's files
#                                      (docs/examples/pentium-d/) under QEMU
# The guide's screenshot of the HTML report is taken again too (chromium).
# Builds build/ first (scripts/test.sh's configuration).
set -euo pipefail
TIMEIT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$TIMEIT_ROOT/scripts/deps.sh"
measure=0
[ "${1:-}" = "--measure" ] && measure=1

timeit_build "$TIMEIT_ROOT/build" -DTIMEIT_BUILD_TESTS=ON
docs=("$TIMEIT_ROOT/README.md" "$TIMEIT_ROOT"/docs/*.md "$TIMEIT_ROOT/docs/timeit.1")
if [ "$measure" = 1 ]; then
  [ -x "$TIMEIT_ROOT/build-i386/timeit" ] || bash "$TIMEIT_ROOT/scripts/test-i386.sh" --build-only
  /usr/bin/python3 "$TIMEIT_ROOT/tests/docs/docs_test.py" --build "$TIMEIT_ROOT/build" \
    --measure --update "${docs[@]}"
  bash "$TIMEIT_ROOT/tests/docs/measure-pentium-d.sh"
fi
/usr/bin/python3 "$TIMEIT_ROOT/tests/docs/docs_test.py" --build "$TIMEIT_ROOT/build" --update "${docs[@]}"
# The guide's screenshot of the HTML report (docs/compare-html.png), from the
# command of its --html example, in Debian's Chromium at 1280x1600.
if command -v chromium >/dev/null; then
  shot=$(mktemp -d)
  cp "$TIMEIT_ROOT"/docs/examples/*.csv "$shot/"
  (cd "$shot" && "$TIMEIT_ROOT/build/timeit" compare -q \
     -m real,user,sys,calls_per_s,syscalls,task-clock,page-faults \
     --html report.html calls-a.csv calls-b.csv &&
   timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
     --user-data-dir="$shot/profile" --window-size=1280,1600 \
     --screenshot="$TIMEIT_ROOT/docs/compare-html.png" "file://$shot/report.html" 2>/dev/null)
  rm -rf "$shot"
else
  echo "docs-outputs: chromium is not installed: docs/compare-html.png left as it is" >&2
fi
/usr/bin/python3 "$TIMEIT_ROOT/tests/docs/docs_test.py" --build "$TIMEIT_ROOT/build" "${docs[@]}"
