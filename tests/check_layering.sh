#!/bin/sh
# Fails when a module includes a module it may not depend on.
# stats, platforms -> nothing of ours; counters -> platforms; wrapper -> all.
root=${1:-.}
status=0
check() {  # module, then the modules it must not include
  module=$1; shift
  for forbidden in "$@"; do
    if grep -rnE "#include \"$forbidden/" "$root/$module" 2>/dev/null; then
      echo "layering: $module may not include $forbidden/" >&2
      status=1
    fi
  done
}
check stats platforms counters wrapper
check platforms stats counters wrapper
check counters stats wrapper
[ $status -eq 0 ] && echo "layering: ok"
exit $status
