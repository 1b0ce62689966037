// A --command of plain words runs without /bin/sh only where the shell
// would have run exactly those words: held to /bin/sh's own splitting.
#include "wrapper/run/series_sets.h"

#include <gtest/gtest.h>
#include <stdio.h>

#include <random>
#include <string>
#include <vector>

namespace timeit {
namespace {

/// The words /bin/sh makes of `line` as a command's arguments (each printed
/// on a line of its own; plain words hold no newline).
std::vector<std::string> ShellWords(const std::string& line) {
  const std::string script =
      "set -- " + line + "; for w in \"$@\"; do printf '%s\\n' \"$w\"; done";
  std::string quoted = "'";
  for (const char c : script) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  quoted += "'";
  FILE* p = ::popen(("/bin/sh -c " + quoted).c_str(), "r");
  std::vector<std::string> words;
  if (p == nullptr) return words;
  std::string word;
  for (int c; (c = std::fgetc(p)) != EOF;) {
    if (c == '\n') {
      words.push_back(word);
      word.clear();
    } else {
      word += static_cast<char>(c);
    }
  }
  ::pclose(p);
  return words;
}

TEST(SeriesSetsTest, PlainWordsAreWhatTheShellWouldPass) {
  // Random lines over letters, blanks and the characters a shell treats
  // specially: wherever PlainWords runs a line itself, /bin/sh would have
  // passed the same words (the first, a program, stands in printf's place).
  const std::string alphabet = "ab/.-_=,:+@%  \t\"'`$*?[]{}~#&|;<>()!\\";
  std::mt19937 random(20261205);
  int plain = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string line = "prog ";
    const int length = static_cast<int>(random() % 12);
    for (int k = 0; k < length; ++k) line += alphabet[random() % alphabet.size()];
    const std::vector<std::string> words = PlainWords(line);
    if (words.empty()) continue;
    ++plain;
    std::vector<std::string> args(words.begin() + 1, words.end());
    EXPECT_EQ(ShellWords(line.substr(line.find(' '))), args) << "[" << line << "]";
  }
  EXPECT_GT(plain, 100);  // the comparison was made often enough to mean something
}

TEST(SeriesSetsTest, WhatOnlyAShellDoesKeepsTheShell) {
  for (const char* line : {"make >log", "a | b", "a && b", "echo $HOME", "ls *.c", "CC=gcc make",
                           "cd /tmp", "exec true", "echo 'x y'", "a; b", "ulimit -s 1",
                           "echo ~", "time true", "", "   "})
    EXPECT_TRUE(PlainWords(line).empty()) << "[" << line << "]";
  EXPECT_EQ(PlainWords("  make  -j8 CFLAGS=-O2\tall "),
            (std::vector<std::string>{"make", "-j8", "CFLAGS=-O2", "all"}));
}

}  // namespace
}  // namespace timeit
