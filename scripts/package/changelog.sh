#!/bin/sh
# package-changelog.sh VERSION SOURCE_DIR: the Debian changelog of the
# package (a native package's one entry), dated by the last commit where the
# source is a git checkout, else by SOURCE_DATE_EPOCH or now.
version=$1 src=$2
when=$(git -C "$src" log -1 --format=%ct 2>/dev/null) || when=
[ -n "$when" ] || when=${SOURCE_DATE_EPOCH:-$(date +%s)}
commit=$(git -C "$src" log -1 --format=%h 2>/dev/null) || commit=
cat <<END
timeit ($version) unstable; urgency=medium

  * Built from the timeit source tree${commit:+ at commit $commit}.
    The project's history is its git log.

 -- timeit maintainers <maintainers@users.noreply.a-seed-01db3b0b.example>  $(LC_ALL=C date -u -R -d "@$when")
END
