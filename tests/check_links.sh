#!/bin/sh
# Fails when PROGRAM needs one of the shared libraries named by the
# patterns (its ELF NEEDED entries, which the link line gives without
# --as-needed). CONTROL is a program that must need them, so that a
# toolchain that drops unused libraries cannot make the check pass unseen.
# usage: check_links.sh PROGRAM CONTROL PATTERN...
program=$1 control=$2
shift 2
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }
[ -n "$(needed "$control")" ] || { echo "check_links: cannot read $control" >&2; exit 1; }
status=0
for pattern in "$@"; do
  needed "$control" | grep -q "$pattern" ||
    { echo "check_links: ${control##*/} does not need $pattern: the check sees nothing here" >&2; status=1; }
  if needed "$program" | grep -q "$pattern"; then
    echo "check_links: ${program##*/} needs $(needed "$program" | grep "$pattern" | tr '\n' ' ')" >&2
    status=1
  fi
done
[ $status -eq 0 ] && echo "check_links: ${program##*/} needs none of: $*"
exit $status
