/* hello: counts the lines, words and bytes of its standard input. */
#include <stdio.h>
#include <unistd.h>

#include "count.h"

int main(void) {
  char buffer[65536];
  struct counts c = {0, 0, 0};
  int in_word = 0;
  ssize_t n;
  while ((n = read(0, buffer, sizeof buffer)) > 0) count_buffer(buffer, (size_t)n, &in_word, &c);
  printf("%zu %zu %zu\n", c.lines, c.words, c.bytes);
  return n < 0;
}
