#include "wrapper/compare/sets/metric_groups.h"

#include <algorithm>

namespace timeit {
namespace {

bool SameValues(const CompareInput& in, const std::string& a, const std::string& b) {
  bool any = false;
  for (const CompareSet& s : in.sets) {
    const MetricSeries* x = FindSeries(s, a);
    const MetricSeries* y = FindSeries(s, b);
    const bool x_values = x != nullptr && !x->values.empty();
    const bool y_values = y != nullptr && !y->values.empty();
    if (x_values != y_values) return false;
    if (!x_values) continue;
    if (x->values != y->values || x->run_index != y->run_index) return false;
    any = true;
  }
  return any;
}

}  // namespace

const MetricSeries* FindSeries(const CompareSet& set, const std::string& metric) {
  const auto it = set.metrics.find(metric);
  return it == set.metrics.end() ? nullptr : &it->second;
}

std::vector<std::vector<std::string>> GroupIdenticalMetrics(
    const CompareInput& in, const std::vector<std::string>& metrics) {
  std::vector<std::vector<std::string>> groups;
  for (const std::string& m : metrics) {
    const auto same = std::find_if(groups.begin(), groups.end(),
                                   [&](const auto& g) { return SameValues(in, g.front(), m); });
    if (same != groups.end())
      same->push_back(m);
    else
      groups.push_back({m});
  }
  return groups;
}

Participants SortSets(const CompareInput& in, const std::string& metric) {
  Participants p;
  for (const CompareSet& set : in.sets) {
    const MetricSeries* m = FindSeries(set, metric);
    const std::size_t n = m == nullptr ? 0 : m->values.size();
    (n >= 2 ? p.taking_part : n == 1 ? p.single : p.without).push_back(&set);
  }
  return p;
}

bool BaselineTakesPart(const CompareInput& in, const Participants& p) {
  return !p.taking_part.empty() && p.taking_part.front() == &in.sets.front() &&
         p.taking_part.size() >= 2;
}

bool OneValueEverywhere(const Participants& p, const std::string& metric) {
  const double first = FindSeries(*p.taking_part.front(), metric)->values.front();
  return std::all_of(p.taking_part.begin(), p.taking_part.end(), [&](const CompareSet* s) {
    const std::vector<double>& v = FindSeries(*s, metric)->values;
    return std::all_of(v.begin(), v.end(), [first](double x) { return x == first; });
  });
}

}  // namespace timeit
