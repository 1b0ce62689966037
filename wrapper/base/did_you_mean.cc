#include "wrapper/base/did_you_mean.h"

#include <algorithm>

namespace timeit {

std::size_t EditDistance(std::string_view a, std::string_view b) {
  // Three rows of the dynamic programme: the swap looks two rows back.
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        current[j] = std::min(current[j], before[j - 2] + 1);
    }
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return previous[b.size()];
}

std::optional<std::string> Nearest(std::string_view word,
                                   const std::vector<std::string>& candidates) {
  // A 10 MB argument is not worth a 10 MB x candidates table.
  if (word.empty() || word.size() > 64) return std::nullopt;
  const std::size_t limit = word.size() <= 4 ? 1 : 2;
  std::optional<std::string> best;
  std::size_t best_distance = limit + 1;
  for (const std::string& c : candidates) {
    if (c == word) return std::nullopt;
    if (c.size() > word.size() + limit || word.size() > c.size() + limit) continue;
    const std::size_t d = EditDistance(word, c);
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  return best;
}

std::string DidYouMean(std::string_view word, const std::vector<std::string>& candidates) {
  const std::optional<std::string> nearest = Nearest(word, candidates);
  return nearest ? "; did you mean '" + *nearest + "'?" : std::string();
}

}  // namespace timeit
