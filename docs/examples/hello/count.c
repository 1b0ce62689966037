#include "count.h"

#include <ctype.h>

void count_buffer(const char* text, size_t size, int* in_word, struct counts* c) {
  for (size_t i = 0; i < size; ++i) {
    const unsigned char ch = (unsigned char)text[i];
    c->lines += ch == '\n';
    if (isspace(ch)) {
      *in_word = 0;
    } else if (!*in_word) {
      *in_word = 1;
      ++c->words;
    }
  }
  c->bytes += size;
}
