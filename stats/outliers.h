#pragma once

#include <span>
#include <vector>

namespace timeit::stats {

/// The modified z-score of Iglewicz and Hoaglin: 0.6745 * (x - median) / MAD,
/// where MAD is the median absolute deviation. Unlike the plain z-score it is
/// not inflated by the outlier itself, so one slow run in ten still stands
/// out. Scores above 3.5 are their suggested outlier threshold.
inline constexpr double kOutlierThreshold = 3.5;

struct Outlier {
  std::size_t index = 0;  ///< position in the values given
  double value = 0;
  double score = 0;  ///< modified z-score (signed)
};

/// The values whose |modified z-score| exceeds `threshold`, in input order.
/// When the MAD is 0 (more than half the values are equal) the mean absolute
/// deviation scaled by 1.253314 stands in for MAD/0.6745 (as IBM's SPSS
/// documentation does); when that is 0 too, every value is equal and none
/// is an outlier. Fewer than 5 values: none (the MAD of so few means little).
std::vector<Outlier> FindOutliers(std::span<const double> values,
                                  double threshold = kOutlierThreshold);

}  // namespace timeit::stats
