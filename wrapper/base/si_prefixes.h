#pragma once

#include <array>

namespace timeit {

/// One SI prefix for numbers written short (1.5M, 300k).
struct SiPrefix {
  double scale;
  const char* prefix;
};

/// The prefixes timeit writes numbers with, largest first: the report's
/// numbers (SiNumber) and the charts' axis ticks (TickLabel) alike.
inline constexpr std::array<SiPrefix, 5> kSiPrefixes = {
    {{1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}}};

}  // namespace timeit
