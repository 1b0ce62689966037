#include "wrapper/compare/input/short_names.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace timeit {
namespace {

std::vector<std::string> Words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::string Join(const std::vector<std::string>& words, std::size_t from, std::size_t to) {
  std::string text;
  for (std::size_t i = from; i < to; ++i) text += (text.empty() ? "" : " ") + words[i];
  return text;
}

/// `text` cut to `width` bytes in its middle, where a path or a command line
/// says least: "nice -n 10 ./b...ench int80". Byte-wise; a UTF-8 sequence
/// cut in two is left out.
std::string CutMiddle(const std::string& text, std::size_t width) {
  if (text.size() <= width || width < 8) return text;
  const auto whole = [](std::string s, bool at_end) {
    const auto continuation = [](char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; };
    if (at_end)
      while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0x80) != 0) s.pop_back();
    else
      while (!s.empty() && continuation(s.front())) s.erase(0, 1);
    return s;
  };
  const std::size_t head = (width - 3) / 2, tail = width - 3 - head;
  return whole(text.substr(0, head), true) + "..." + whole(text.substr(text.size() - tail), false);
}

bool Distinct(const std::vector<std::string>& names) {
  return std::set<std::string>(names.begin(), names.end()).size() == names.size() &&
         std::none_of(names.begin(), names.end(), [](const std::string& n) { return n.empty(); });
}

}  // namespace

std::vector<std::string> ShortNames(const std::vector<std::string>& commands, std::size_t width) {
  if (std::all_of(commands.begin(), commands.end(),
                  [&](const std::string& c) { return c.size() <= width; }))
    return commands;
  std::vector<std::vector<std::string>> words;
  std::size_t fewest = SIZE_MAX;
  for (const std::string& c : commands) {
    words.push_back(Words(c));
    fewest = std::min(fewest, words.back().size());
  }
  // Commands of as many words: the words where they differ ("int80" and
  // "syscall"); otherwise all between the words they share at their start
  // and at their end.
  const bool same_count = std::all_of(
      words.begin(), words.end(), [&](const auto& w) { return w.size() == words.front().size(); });
  const auto same_at = [&](std::size_t i, bool from_end) {
    return std::all_of(words.begin(), words.end(), [&](const auto& w) {
      const auto& f = words.front();
      return from_end ? w[w.size() - 1 - i] == f[f.size() - 1 - i] : w[i] == f[i];
    });
  };
  std::size_t prefix = 0, suffix = 0;
  if (commands.size() > 1 && !same_count) {
    while (prefix < fewest && same_at(prefix, false)) ++prefix;
    while (suffix + prefix < fewest && same_at(suffix, true)) ++suffix;
  }
  std::vector<std::string> differing, cut;
  for (const auto& w : words) {
    std::string name;
    if (same_count && commands.size() > 1) {
      for (std::size_t i = 0; i < w.size(); ++i)
        if (!same_at(i, false)) name += (name.empty() ? "" : " ") + w[i];
    } else {
      name = Join(w, prefix, w.size() - suffix);
    }
    // A command that is all shared words (`b --loops 10` beside `b --fast
    // --loops 10`) differs by what it lacks: it keeps its whole line.
    if (name.empty()) name = commands[differing.size()];
    differing.push_back(name);
    cut.push_back(CutMiddle(name, width));
  }
  if (Distinct(cut)) return cut;
  if (Distinct(differing)) return differing;
  return commands;
}

}  // namespace timeit
