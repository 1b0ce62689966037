#pragma once

#include <cstddef>
#include <vector>

namespace timeit::stats {

/// What a pilot series says about one metric: its mean and the two
/// variance components (the mixed model's sds: between boots, between runs
/// of one boot).
struct PilotComponents {
  double mean = 0;
  double boot_sd = 0;
  double run_sd = 0;
};

/// What one boot and one run cost, in seconds: a boot from the end of its
/// predecessor's last run to its own first measured run (the reboot and the
/// warm-up), a run from one run's start to the next's.
struct PilotCosts {
  double boot_seconds = 0;
  double run_seconds = 0;
};

/// How to measure two kernels so that the interval of their difference is
/// as narrow as wanted at least cost (Kalibera and Jones, "Rigorous
/// Benchmarking in Reasonable Time", ISMM 2013, section 4): each kernel is
/// booted `boots` times and measured `runs_per_boot` times in each boot.
struct BootPlan {
  /// Kalibera and Jones' optimal repetitions at the lower level:
  /// ceil(sqrt(boot cost * run variance / (run cost * boot variance))), at
  /// least 1. With no boot-to-boot variance boots add nothing but cost:
  /// then two boots (the fewest that estimate it) with as many runs as the
  /// interval needs.
  std::size_t runs_per_boot = 0;
  /// The fewest boots per kernel (2 or more) with which the interval's half
  /// width, t(1 - (1 - c)/2, 2 boots - 2) * sqrt(2 (boot var + run var /
  /// runs) / boots), is at most the target.
  std::size_t boots = 0;
  double half_width_percent = 0;  ///< of the difference, in % of the mean, with this plan
  double seconds_per_kernel = 0;  ///< boots * (boot cost + runs * run cost)
  bool reachable = false;         ///< false when even kMaxBoots boots do not reach the target
};

inline constexpr std::size_t kMaxBoots = 1000;
inline constexpr std::size_t kMaxRunsPerBoot = 100000;

/// The plan for a wanted half width of `target_percent` (of the mean) on
/// the difference of two kernels at `confidence_percent`, each kernel
/// assumed to vary as the pilot did. The degrees of freedom are those the
/// mixed model gives such a comparison (nlme's containment rule: the boots
/// of both kernels less 2).
BootPlan PlanBoots(const PilotComponents& pilot, const PilotCosts& costs, double target_percent,
                   double confidence_percent);

/// An interleaved order for `boots` boots of each of two kernels, 0 for the
/// first and 1 for the second: A B B A A B B A ..., so that a drift over
/// the session (temperature, a neighbour's load) falls on both alike.
std::vector<int> InterleavedBootOrder(std::size_t boots);

/// The same for `kernels` kernels, 0 .. kernels-1: rounds of every kernel
/// once, every other round reversed (A B C C B A A B C ...), so that each
/// kernel's mean position over two rounds is the same. For two kernels it is
/// InterleavedBootOrder(boots).
std::vector<int> InterleavedBootOrder(std::size_t kernels, std::size_t boots);

}  // namespace timeit::stats
