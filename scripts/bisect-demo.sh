#!/usr/bin/env bash
# The git bisect run example of docs/guide.md, section 8: a small C project
# whose build regenerates a table on every `make`; the 7th of 10 commits makes
# the generator write unbuffered, one write(2) per line, and the build's
# system time grows about twentyfold. Records good.csv at the first commit, then
#   git bisect run timeit -n 5 --baseline good.csv --bisect -m sys --threshold 100 -- make -j8
# Usage: scripts/bisect-demo.sh [DIR]   (default: a new directory under /tmp)
set -euo pipefail
TIMEIT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
timeit=${TIMEIT:-$TIMEIT_ROOT/build/timeit}
dir=${1:-$(mktemp -d /tmp/timeit-bisect-XXXXXX)}
mkdir -p "$dir" && cd "$dir"
git init -q -b main
git config user.email dev@example.com && git config user.name dev

cat > gen.c <<'C'
/* Writes the lookup table: all of it for the data file; the program
 * compiles in its first 1000 entries. */
#include <stdio.h>
int main(void) {
  for (unsigned i = 0; i < 4000000; ++i) printf("%u,\n", i * 7919u % 65536u);
  return 0;
}
C
for f in a b c d; do
  printf '#include "table.h"\nint %s(int i) { return table[i %% 1000]; }\n' $f > $f.c
done
printf 'int a(int), b(int), c(int), d(int);\nint main(void) { return (a(1) + b(2) + c(3) + d(4)) & 1; }\n' > main.c
cat > Makefile <<'MAKE'
# The table is generated on every build (FORCE).
CFLAGS = -O2
all: prog
table.h: gen FORCE
	./gen > table.txt
	{ echo 'static const int table[] = {'; head -n 1000 table.txt; echo '};'; } > table.h
gen: gen.c
	$(CC) $(CFLAGS) -o $@ $<
%.o: %.c table.h
	$(CC) $(CFLAGS) -c -o $@ $<
prog: a.o b.o c.o d.o main.c
	$(CC) $(CFLAGS) -o $@ $^
FORCE:
.PHONY: all FORCE
MAKE
printf 'gen\ntable.h\ntable.txt\n*.o\nprog\n*.csv\n' > .gitignore
git add -A && git commit -qm "table generator and program"
for i in 2 3 4 5 6; do echo "/* revision $i */" >> main.c; git commit -qam "main: revision $i"; done
sed -i 's|^int main(void) {|&\n  setvbuf(stdout, NULL, _IONBF, 0); /* an interrupted build leaves whole lines */|' gen.c
git commit -qam "gen: unbuffered output, so that an interrupted build leaves whole lines"
for i in 8 9 10; do echo "/* revision $i */" >> main.c; git commit -qam "main: revision $i"; done
git log --oneline

git checkout -q HEAD~9
"$timeit" -n 5 --command-output null -o good.csv -- make -j8 >/dev/null
git checkout -q main
git bisect start HEAD HEAD~9
git bisect run "$timeit" -n 5 --command-output null --baseline good.csv --bisect -m sys \
  --threshold 100 -- make -j8
git bisect reset >/dev/null
