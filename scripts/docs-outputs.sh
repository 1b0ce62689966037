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
# Builds build/ first (scripts/test.sh's configuration).
set -euo pipefail
TIMEIT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$TIMEIT_ROOT/scripts/deps.sh"
measure=0
[ "${1:-}" = "--measure" ] && measure=1

timeit_build "$TIMEIT_ROOT/build" -DTIMEIT_BUILD_TESTS=ON
docs=("$TIMEIT_ROOT/README.md" "$TIMEIT_ROOT"/docs/*.md "$TIMEIT_ROOT/docs/timeit.1")
if [ "$measure" = 1 ]; then
  /usr/bin/python3 "$TIMEIT_ROOT/tests/docs/docs_test.py" --build "$TIMEIT_ROOT/build" \
    --measure --update "${docs[@]}"
  bash "$TIMEIT_ROOT/tests/docs/measure-pentium-d.sh"
fi
/usr/bin/python3 "$TIMEIT_ROOT/tests/docs/docs_test.py" --build "$TIMEIT_ROOT/build" --update "${docs[@]}"
/usr/bin/python3 "$TIMEIT_ROOT/tests/docs/docs_test.py" --build "$TIMEIT_ROOT/build" "${docs[@]}"
