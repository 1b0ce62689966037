#include "stats/boot_plan.h"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>

namespace timeit::stats {
namespace {

/// The half width of the difference's interval, in % of the mean.
double HalfWidthPercent(const PilotComponents& p, std::size_t runs, std::size_t boots,
                        double confidence_percent) {
  const double m = static_cast<double>(boots);
  const double variance =
      2 * (p.boot_sd * p.boot_sd + p.run_sd * p.run_sd / static_cast<double>(runs)) / m;
  const double upper = 1 - (1 - confidence_percent / 100) / 2;
  const double t = boost::math::quantile(boost::math::students_t(2 * m - 2), upper);
  return t * std::sqrt(variance) * 100 / std::fabs(p.mean);
}

/// The fewest boots (2 or more, at most kMaxBoots) for runs per boot.
std::size_t BootsFor(const PilotComponents& p, std::size_t runs, double target_percent,
                     double confidence_percent) {
  std::size_t boots = 2;
  while (boots < kMaxBoots && HalfWidthPercent(p, runs, boots, confidence_percent) > target_percent)
    ++boots;
  return boots;
}

BootPlan Finish(const PilotComponents& p, const PilotCosts& c, std::size_t runs, std::size_t boots,
                double target_percent, double confidence_percent) {
  BootPlan plan;
  plan.runs_per_boot = runs;
  plan.boots = boots;
  plan.half_width_percent = HalfWidthPercent(p, runs, boots, confidence_percent);
  plan.reachable = plan.half_width_percent <= target_percent;
  plan.seconds_per_kernel =
      static_cast<double>(boots) * (c.boot_seconds + static_cast<double>(runs) * c.run_seconds);
  return plan;
}

}  // namespace

BootPlan PlanBoots(const PilotComponents& p, const PilotCosts& c, double target_percent,
                   double confidence_percent) {
  if (p.boot_sd > 0) {
    // Kalibera and Jones: r1 = ceil(sqrt(c2 T1^2 / (c1 T2^2))), level 1 the
    // runs, level 2 the boots. A free run (c1 = 0) is capped.
    double runs = c.run_seconds > 0 ? std::ceil(std::sqrt(c.boot_seconds * p.run_sd * p.run_sd /
                                                          (c.run_seconds * p.boot_sd * p.boot_sd)))
                                    : static_cast<double>(kMaxRunsPerBoot);
    runs = std::clamp(runs, 1.0, static_cast<double>(kMaxRunsPerBoot));
    const auto n = static_cast<std::size_t>(runs);
    return Finish(p, c, n, BootsFor(p, n, target_percent, confidence_percent), target_percent,
                  confidence_percent);
  }
  // No boot-to-boot variance: two boots, and the fewest runs that reach the
  // target (the half width falls as the runs grow: a binary search).
  std::size_t low = 1, high = kMaxRunsPerBoot;
  while (low < high) {
    const std::size_t mid = low + (high - low) / 2;
    if (HalfWidthPercent(p, mid, 2, confidence_percent) <= target_percent)
      high = mid;
    else
      low = mid + 1;
  }
  return Finish(p, c, low, 2, target_percent, confidence_percent);
}

std::vector<int> InterleavedBootOrder(std::size_t kernels, std::size_t boots) {
  if (kernels == 2) return InterleavedBootOrder(boots);
  std::vector<int> order;
  for (std::size_t round = 0; round < boots; ++round)
    for (std::size_t i = 0; i < kernels; ++i)
      order.push_back(static_cast<int>(round % 2 == 0 ? i : kernels - 1 - i));
  return order;
}

std::vector<int> InterleavedBootOrder(std::size_t boots) {
  std::vector<int> order;
  for (std::size_t i = 0; i < 2 * boots; ++i) {
    // Pairs AB, BA, AB, ...: position i's pair is i / 2, reversed when odd.
    const bool reversed = (i / 2) % 2 == 1;
    order.push_back(static_cast<int>((i % 2 == 1) != reversed));
  }
  return order;
}

}  // namespace timeit::stats
