#pragma once

#include <string>
#include <vector>

#include "wrapper/compare/sets/compare_sets.h"

namespace timeit {

/// The report's metrics: `metrics` in order, each with the later ones whose
/// values are the same as its own in every run of every set (page-faults
/// and minflt), which are compared once, under both names.
std::vector<std::vector<std::string>> GroupIdenticalMetrics(
    const CompareInput& in, const std::vector<std::string>& metrics);

/// The sets by how many values of a metric they have: two or more take part
/// in its comparison (and its block); the others are named.
struct Participants {
  std::vector<const CompareSet*> taking_part, without, single;
};
Participants SortSets(const CompareInput& in, const std::string& metric);

/// Whether the baseline (in.sets[0]) takes part, with another set beside it:
/// without, the metric is said to be left out and nothing is judged.
bool BaselineTakesPart(const CompareInput& in, const Participants& p);

/// Whether every value of `metric` in the sets taking part is one number:
/// there is nothing to compare.
bool OneValueEverywhere(const Participants& p, const std::string& metric);

/// A set's series of `metric`; nullptr when it has no such column.
const MetricSeries* FindSeries(const CompareSet& set, const std::string& metric);

}  // namespace timeit
