#include "stats/mixed_design.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <unordered_map>
#include <utility>

namespace timeit::stats {
namespace {

std::size_t SetCount(const MixedDesign& d) {
  return d.set.empty() ? 0 : *std::max_element(d.set.begin(), d.set.end()) + 1;
}

/// The group index of each value at each level: a group of level k is the
/// pair (group at level k-1, id at level k), numbered in order of first
/// appearance. Hashed: a fleet's runs are hundreds of thousands.
std::vector<std::vector<std::size_t>> GroupIndices(const MixedDesign& d,
                                                   std::vector<std::size_t>& groups) {
  struct PairHash {
    std::size_t operator()(const std::pair<std::size_t, std::size_t>& p) const {
      return std::hash<std::size_t>()(p.first * 0x9E3779B97F4A7C15ULL ^ p.second);
    }
  };
  const std::size_t n = d.values.size();
  std::vector<std::vector<std::size_t>> index(d.levels.size(), std::vector<std::size_t>(n));
  groups.assign(d.levels.size(), 0);
  for (std::size_t k = 0; k < d.levels.size(); ++k) {
    std::unordered_map<std::pair<std::size_t, std::size_t>, std::size_t, PairHash> seen;
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t outer = k == 0 ? 0 : index[k - 1][i];
      const auto [it, added] = seen.emplace(std::pair{outer, d.levels[k][i]}, seen.size());
      index[k][i] = it->second;
    }
    groups[k] = seen.size();
  }
  return index;
}

/// Fills `row` (width columns + 1) with a value's row of X and the value.
void FillRow(DesignRow& row, std::size_t set, std::size_t columns, double y) {
  std::fill(row.begin(), row.end(), 0.0);
  row[0] = 1;
  if (set > 0) row[set] = 1;
  row[columns] = y;
}

}  // namespace

GroupedSums MakeGroupedSums(const MixedDesign& design) {
  GroupedSums g;
  const std::size_t n = design.values.size();
  g.observations = n;
  g.columns = SetCount(design);
  const auto index = GroupIndices(design, g.groups);
  const std::size_t levels = design.levels.size();

  g.parent.assign(levels, {});
  for (std::size_t k = 1; k < levels; ++k) {
    g.parent[k].assign(g.groups[k], 0);
    for (std::size_t i = 0; i < n; ++i) g.parent[k][index[k][i]] = index[k - 1][i];
  }

  // Centre on the set means, then scale by the root mean square.
  g.set_means.assign(g.columns, 0.0);
  std::vector<double> per_set(g.columns, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    g.set_means[design.set[i]] += design.values[i];
    per_set[design.set[i]] += 1;
  }
  for (std::size_t s = 0; s < g.columns; ++s) g.set_means[s] /= per_set[s];
  std::vector<double> y(n);
  double squares = 0;
  for (std::size_t i = 0; i < n; ++i) {
    y[i] = design.values[i] - g.set_means[design.set[i]];
    squares += y[i] * y[i];
  }
  g.scale = n > 0 ? std::sqrt(squares / static_cast<double>(n)) : 0;
  if (g.scale > 0)
    for (double& v : y) v /= g.scale;

  const std::size_t inner = levels == 0 ? 1 : g.groups.back();
  const std::size_t width = g.columns + 1;
  const auto group_of = [&](std::size_t i) { return levels == 0 ? 0 : index.back()[i]; };
  g.count.assign(inner, 0.0);
  g.mean.assign(inner, std::vector<double>(width, 0.0));
  g.within.assign(inner, std::vector<double>(width * width, 0.0));
  DesignRow row(width);
  for (std::size_t i = 0; i < n; ++i) {
    FillRow(row, design.set[i], g.columns, y[i]);
    g.count[group_of(i)] += 1;
    for (std::size_t a = 0; a < width; ++a) g.mean[group_of(i)][a] += row[a];
  }
  for (std::size_t k = 0; k < inner; ++k)
    for (double& m : g.mean[k]) m /= g.count[k];
  for (std::size_t i = 0; i < n; ++i) {
    FillRow(row, design.set[i], g.columns, y[i]);
    const std::vector<double>& mean = g.mean[group_of(i)];
    for (std::size_t a = 0; a < width; ++a) row[a] -= mean[a];
    std::vector<double>& w = g.within[group_of(i)];
    for (std::size_t a = 0; a < width; ++a)
      for (std::size_t b = 0; b < width; ++b) w[a * width + b] += row[a] * row[b];
  }
  return g;
}

bool NoVarianceWithinInnermost(const GroupedSums& sums) {
  // The values are scaled to a root mean square of 1: what is left inside
  // the groups is rounding when below this.
  constexpr double kRounding = 1e-20;
  const std::size_t w = sums.columns + 1;
  double scatter = 0;
  for (const std::vector<double>& within : sums.within)
    for (std::size_t a = 0; a < w; ++a) scatter += within[a * w + a];
  // With one value per group there is nothing inside to vanish: the split
  // of the variance is merely unidentified, and the fit is fine as it is.
  return sums.observations > sums.count.size() &&
         scatter <= kRounding * static_cast<double>(sums.observations);
}

MixedDesign InnermostMeans(const MixedDesign& design) {
  std::vector<std::size_t> groups;
  const auto index = GroupIndices(design, groups);
  MixedDesign means;
  if (design.levels.empty()) return design;
  const std::size_t inner = groups.back();
  means.values.assign(inner, 0.0);
  means.set.assign(inner, 0);
  means.levels.assign(design.levels.size() - 1, std::vector<std::size_t>(inner, 0));
  std::vector<double> count(inner, 0.0);
  for (std::size_t i = 0; i < design.values.size(); ++i) {
    const std::size_t g = index.back()[i];
    means.values[g] += design.values[i];
    count[g] += 1;
    means.set[g] = design.set[i];
    for (std::size_t k = 0; k + 1 < design.levels.size(); ++k)
      means.levels[k][g] = design.levels[k][i];
  }
  for (std::size_t g = 0; g < inner; ++g) means.values[g] /= count[g];
  return means;
}

std::vector<double> ContainmentDf(const MixedDesign& design) {
  const std::size_t n = design.values.size();
  const std::size_t p = SetCount(design);
  const std::size_t levels = design.levels.size();
  std::vector<std::size_t> groups;
  const auto index = GroupIndices(design, groups);

  // Degrees of freedom per stratum: the levels outermost first, then the residual.
  std::vector<double> stratum_df(levels + 1);
  for (std::size_t k = 0; k <= levels; ++k) {
    const double here = static_cast<double>(k < levels ? groups[k] : n);
    const double outer = static_cast<double>(k == 0 ? 0 : groups[k - 1]);
    stratum_df[k] = here - outer;
  }

  // The stratum of set column s: one past the innermost level within one of
  // whose groups the indicator of s takes both values.
  std::vector<std::size_t> stratum(p, 0);
  for (std::size_t s = 1; s < p; ++s) {
    for (std::size_t k = 0; k < levels; ++k) {
      // Per group: whether its first value is in s (1), is not (0), or unseen (-1).
      std::vector<signed char> first(groups[k], -1);
      bool varies = false;
      for (std::size_t i = 0; i < n && !varies; ++i) {
        const signed char in_s = design.set[i] == s ? 1 : 0;
        signed char& seen = first[index[k][i]];
        if (seen < 0) seen = in_s;
        varies = seen != in_s;
      }
      if (varies) stratum[s] = k + 1;
    }
    stratum_df[stratum[s]] -= 1;
  }
  stratum_df[0] -= 1;  // the intercept

  std::vector<double> df(p);
  df[0] = *std::max_element(stratum_df.begin(), stratum_df.end());
  for (std::size_t s = 1; s < p; ++s) df[s] = stratum_df[stratum[s]];
  return df;
}

}  // namespace timeit::stats
