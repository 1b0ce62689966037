#pragma once

#include <array>
#include <cstddef>
#include <optional>

namespace timeit::stats {

/// The confidence levels (percent) ministat has a t table for, in its order.
inline constexpr std::array<double, 6> kMinistatConfidences{80, 90, 95, 98, 99, 99.5};

/// The index of `confidence_percent` in kMinistatConfidences, if it is one
/// of ministat's levels (compared exactly, as ministat does).
std::optional<std::size_t> MinistatConfidenceIndex(double confidence_percent);

/// ministat's table entry for its level `confidence_index` at `df` degrees
/// of freedom; df above 100 (and 0, as in ministat) reads the infinity row.
double MinistatTableValue(std::size_t confidence_index, std::size_t df);

/// The two-sided critical value of Student's t used for a margin at
/// `confidence_percent` with `df` degrees of freedom.
///
/// At ministat's levels and a whole df this is ministat's table value, so
/// that printed margins match ministat byte for byte (note its "99.5%" row
/// is really the one-sided 0.999 quantile, i.e. 99.8% two-sided). Any other
/// level in (0, 100), or a fractional df (Welch), uses the exact quantile
/// t(1 - (1 - c)/2, df) from Boost.Math. NaN when df < 1 or the level is
/// outside (0, 100).
double StudentCritical(double confidence_percent, double df);

}  // namespace timeit::stats
