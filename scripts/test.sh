#!/usr/bin/env bash
# Installs what is missing, builds with tests and runs every test.
# Its exit status is the tests' result.
#   scripts/test.sh              the suite, built in build/
#   scripts/test.sh --sanitize   built with ASan and UBSan in build-asan/,
#                                what the sanitizers can find: the unit tests,
#                                bad input and faults, the fuzz corpus, a
#                                shorter soak (also: TIMEIT_TEST_SANITIZE=1)
set -euo pipefail
TIMEIT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$TIMEIT_ROOT/scripts/deps.sh"

sanitize=${TIMEIT_TEST_SANITIZE:-0}
[ "${1:-}" = "--sanitize" ] && sanitize=1

timeit_install_deps "${TIMEIT_TEST_PACKAGES[@]}"
if [ "$sanitize" = 1 ]; then
  # -DTIMEIT_WERROR=ON as in build/: the test programs, compiled as there,
  # are then ccache's hits (cmake/TimeitTargetOptions.cmake).
  timeit_build "$TIMEIT_ROOT/build-asan" -DTIMEIT_BUILD_TESTS=ON -DTIMEIT_WERROR=ON \
    -DTIMEIT_SANITIZE='address;undefined'
  # Any report fails the test that caused it: UBSan halts (the build has
  # -fno-sanitize-recover), ASan and LSan exit non-zero with a stack.
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
  # LeakSanitizer reports a leak of one run as surely as of 10,000.
  export TIMEIT_SOAK_RUNS=${TIMEIT_SOAK_RUNS:-200}
  # What the sanitizers can find: TIMEIT_SANITIZE_LABELS in scripts/deps.sh.
  timeit_ctest "$TIMEIT_ROOT/build-asan" sanitize -L "$TIMEIT_SANITIZE_LABELS" \
    -LE "$TIMEIT_SANITIZE_EXCLUDED"
else
  # Warnings are errors here, as in every developer's build (CONTRIBUTING):
  # a warning CI let through is one the next build stops at, and the same
  # flags let ccache give CI the objects those builds made.
  timeit_build "$TIMEIT_ROOT/build" -DTIMEIT_BUILD_TESTS=ON -DTIMEIT_WERROR=ON
  timeit_ctest "$TIMEIT_ROOT/build" native
fi
