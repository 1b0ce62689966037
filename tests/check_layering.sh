#!/bin/sh
# Fails when a module or wrapper room includes what CONTRIBUTING.md's layout
# table does not allow it. The table is the rule: each row's "may include"
# cell lists, in backticks, the modules (stats, platforms, counters) and
# wrapper rooms (base, process, ...) it may include besides itself;
# "nothing of ours", "everything", and "every room above" (the rooms of the
# rows before it) are read as they say. A room may list only rooms above it,
# so the rooms cannot include each other in a circle, and none includes the
# wrapper's root (main, dispatch). A room's sub-rooms (wrapper/compare/input/)
# are rows of their own, named compare/input, above the room that holds
# them: listed in the order data flows, none includes one below it. The top
# level holds the table's folders alone (and the build trees beside them), and
# every folder of a room is a row.
root=${1:-.}
table="$root/CONTRIBUTING.md"
status=0
fail() { echo "layering: $*" >&2; status=1; }

# "folder<TAB>cell" for each row of the table whose folder holds code.
rows=$(awk -F'|' '/^\| `[a-z_\/]+\/` \|/ {
  folder = $2; gsub(/[ `]/, "", folder); sub(/\/$/, "", folder)
  print folder "\t" $4 }' "$table")
[ -n "$rows" ] || { fail "no layout table in $table"; exit 1; }

# The wrapper's rooms and sub-rooms, as the rows name them: "base ... compare/input ...".
wrapper_rooms=" $(echo "$rows" | cut -f1 | sed -n 's|^wrapper/||p' | tr '\n' ' ') "

# The module a path (an include, or a file from the root) is in: stats,
# platforms, counters, the innermost room or sub-room of the table holding it
# (compare/input), or "wrapper" for the root's own headers and what no row holds.
module_of() {
  case $1 in
    wrapper/*)
      d=${1%/*}
      while [ "$d" != wrapper ]; do
        case $wrapper_rooms in *" ${d#wrapper/} "*) echo "${d#wrapper/}"; return ;; esac
        d=${d%/*}
      done
      echo wrapper ;;
    */*) echo "${1%%/*}" ;;
  esac
}

# Every top-level folder is a row of the table (its first path component).
top=$(awk -F'|' '/^\| `[^`]+` \|/ { f = $2; gsub(/[ `]/, "", f); sub(/\/.*/, "", f); print f }' "$table")
for dir in "$root"/*/ "$root"/.[!.]*/; do
  [ -d "$dir" ] || continue
  name=$(basename "$dir")
  case $name in build|build-*|.git) continue ;; esac
  # What git ignores (build trees, scripts/package.sh's dist/) is output, not layout.
  git -C "$root" check-ignore -q "$name/" 2>/dev/null && continue
  echo "$top" | grep -qxF "$name" || fail "$name/ is not a folder of the layout table"
done

rooms_above=""
echo "$rows" | {
  while IFS="$(printf '\t')" read -r folder cell; do
    case $folder in stats|platforms|counters|wrapper|wrapper/*) ;; *) continue ;; esac
    name=${folder#wrapper/}
    allowed=$(echo "$cell" | grep -o '`[a-z_/]*`' | tr -d '`' | tr '\n' ' ')
    case $cell in *"every room above"*) allowed="$allowed $rooms_above" ;; esac
    case $cell in *everything*) allowed="*" ;; esac
    for a in $allowed; do
      case $folder in wrapper/*)
        case " stats platforms counters $rooms_above * " in *" $a "*) ;;
          *) fail "$folder lists '$a', which is not a room above it or a module" ;; esac ;;
      esac
    done
    if [ "$folder" = wrapper ]; then
      files=$(find "$root/wrapper" -maxdepth 1 \( -name '*.h' -o -name '*.cc' \))
    else
      files=$(find "$root/$folder" -name '*.h' -o -name '*.cc')
    fi
    for f in $files; do
      # A sub-room's files are its own row's.
      [ "$folder" = wrapper ] || [ "$(module_of "${f#"$root"/}")" = "$name" ] || continue
      grep -o '^#include "[a-z_/]*\.h"' "$f" | sed 's/#include "//; s/"$//' | while read -r inc; do
        m=$(module_of "$inc")
        [ "$m" = "$name" ] && continue
        [ "$allowed" = "*" ] && continue
        case " $allowed " in *" $m "*) continue ;; esac
        echo "layering: ${f#"$root"/} includes $inc: $folder may include only: ${allowed:-nothing of ours}" >&2
        echo x
      done
    done | grep -q x && status=1
    case $folder in wrapper/*) rooms_above="$rooms_above $name" ;; esac
  done
  for dir in "$root"/wrapper/*/ "$root"/wrapper/*/*/; do
    [ -d "$dir" ] || continue
    name=${dir#"$root"/wrapper/}
    name=${name%/}
    case " $rooms_above " in *" $name "*) ;; *) fail "wrapper/$name is not a room of the table" ;; esac
  done
  [ $status -eq 0 ] && echo "layering: ok"
  exit $status
}
