#pragma once
#include <stddef.h>

/* Lines, words and bytes of a buffer, as wc(1) counts them. */
struct counts {
  size_t lines, words, bytes;
};

void count_buffer(const char* text, size_t size, int* in_word, struct counts* c);
