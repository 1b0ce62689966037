#!/bin/sh
# Fails when a module includes a module it may not depend on.
# stats, platforms -> nothing of ours; counters -> platforms; wrapper -> all.
# Inside wrapper/ the rooms are ordered: each may include only rooms before it,
# and no room includes the root (main, dispatch).
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

rooms="base sources process results ministat compare events check run"
later=$rooms
for room in $rooms; do
  later=${later#"$room"}; later=${later# }
  for forbidden in $later; do
    check "wrapper/$room" "wrapper/$forbidden"
  done
  # The root's own files (dispatch.h, subcommands.h) are above every room.
  if grep -rnE '#include "wrapper/[a-z_]+\.h"' "$root/wrapper/$room" 2>/dev/null; then
    echo "layering: wrapper/$room may not include wrapper's root" >&2
    status=1
  fi
done
for dir in "$root"/wrapper/*/; do
  name=$(basename "$dir")
  case " $rooms " in *" $name "*) ;; *) echo "layering: wrapper/$name is not a known room" >&2; status=1 ;; esac
done
[ $status -eq 0 ] && echo "layering: ok"
exit $status
