#include "stats/reml.h"

#include <boost/math/tools/minima.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <numbers>

namespace timeit::stats {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kLogGammaLow = -25, kLogGammaHigh = 25, kLogGammaStep = 1;

/// What a group contributes to [X y]' H^-1 [X y] once its own random
/// intercept and those inside it are accounted for, level by level
/// (Sherman-Morrison): with u = H_g^-1 1, the form is
///   within + weight * mean mean',   weight = 1' H_g^-1 1,  mean = u'[X y] / weight,
/// and log|H_g|. A random intercept over the group only shrinks the weight,
/// so no step subtracts: the between-group part is never computed as a
/// difference of large sums.
struct GroupForm {
  std::vector<double> within;  ///< (p+1)^2
  std::vector<double> mean;    ///< p+1
  double weight = 0;
  double log_det = 0;

  /// H_g = A + gamma 1 1': 1' H_g^-1 1 = w / (1 + gamma w), and H_g^-1 1 is
  /// A^-1 1 scaled by the same factor, so the mean is unchanged.
  void AddIntercept(double gamma) {
    log_det += std::log1p(gamma * weight);
    weight /= 1 + gamma * weight;
  }
};

/// The form of a group made of `parts` (block diagonal before the group's
/// own intercept): weights add, the means are weight-averaged, and the
/// within part gains the parts' weighted scatter about that average.
GroupForm Combine(const std::vector<const GroupForm*>& parts, std::size_t width) {
  GroupForm g{std::vector<double>(width * width, 0.0), std::vector<double>(width, 0.0), 0, 0};
  for (const GroupForm* f : parts) {
    g.weight += f->weight;
    g.log_det += f->log_det;
    for (std::size_t a = 0; a < width; ++a) g.mean[a] += f->weight * f->mean[a];
  }
  if (g.weight > 0)
    for (double& m : g.mean) m /= g.weight;
  for (const GroupForm* f : parts) {
    for (std::size_t i = 0; i < g.within.size(); ++i) g.within[i] += f->within[i];
    for (std::size_t a = 0; a < width; ++a)
      for (std::size_t b = 0; b < width; ++b)
        g.within[a * width + b] += f->weight * (f->mean[a] - g.mean[a]) * (f->mean[b] - g.mean[b]);
  }
  return g;
}

/// Cholesky factor (lower, row-major) of the p x p matrix `a`; false when it
/// is not positive definite.
bool Cholesky(std::vector<double>& a, std::size_t p) {
  for (std::size_t j = 0; j < p; ++j) {
    double diag = a[j * p + j];
    for (std::size_t k = 0; k < j; ++k) diag -= a[j * p + k] * a[j * p + k];
    if (!(diag > 0)) return false;
    a[j * p + j] = std::sqrt(diag);
    for (std::size_t i = j + 1; i < p; ++i) {
      double v = a[i * p + j];
      for (std::size_t k = 0; k < j; ++k) v -= a[i * p + k] * a[j * p + k];
      a[i * p + j] = v / a[j * p + j];
    }
    for (std::size_t k = j + 1; k < p; ++k) a[j * p + k] = 0;
  }
  return true;
}

/// Solves L L' x = b for the Cholesky factor L.
std::vector<double> CholeskySolve(const std::vector<double>& l, std::size_t p,
                                  std::vector<double> b) {
  for (std::size_t i = 0; i < p; ++i) {
    for (std::size_t k = 0; k < i; ++k) b[i] -= l[i * p + k] * b[k];
    b[i] /= l[i * p + i];
  }
  for (std::size_t i = p; i-- > 0;) {
    for (std::size_t k = i + 1; k < p; ++k) b[i] -= l[k * p + i] * b[k];
    b[i] /= l[i * p + i];
  }
  return b;
}

/// [X y]' H^-1 [X y] (row-major, (p+1)^2) and log|H|.
std::pair<std::vector<double>, double> TotalForm(const GroupedSums& s,
                                                 const std::vector<double>& gamma) {
  const std::size_t w = s.columns + 1;
  const std::size_t levels = s.groups.size();
  std::vector<GroupForm> forms(s.count.size());
  for (std::size_t g = 0; g < forms.size(); ++g) {
    forms[g] = {s.within[g], s.mean[g], s.count[g], 0};
    if (levels > 0) forms[g].AddIntercept(gamma[levels - 1]);
  }
  for (std::size_t k = levels; k-- > 1;) {
    std::vector<std::vector<const GroupForm*>> parts(s.groups[k - 1]);
    for (std::size_t g = 0; g < forms.size(); ++g) parts[s.parent[k][g]].push_back(&forms[g]);
    std::vector<GroupForm> outer;
    for (const auto& p : parts) {
      outer.push_back(Combine(p, w));
      outer.back().AddIntercept(gamma[k - 1]);
    }
    forms = std::move(outer);
  }
  std::vector<const GroupForm*> all;
  for (const GroupForm& f : forms) all.push_back(&f);
  GroupForm total = Combine(all, w);
  for (std::size_t a = 0; a < w; ++a)
    for (std::size_t b = 0; b < w; ++b)
      total.within[a * w + b] += total.weight * total.mean[a] * total.mean[b];
  return {std::move(total.within), total.log_det};
}

/// Brent's method for the minimum of `f` over [lo, hi].
std::pair<double, double> BrentMinimum(const std::function<double(double)>& f, double lo,
                                       double hi) {
  std::uintmax_t iterations = 200;
  return boost::math::tools::brent_find_minima(f, lo, hi, 40, iterations);
}

/// Minimises -REML over gamma[level..] with gamma[0..level) fixed; leaves
/// the minimiser in `gamma` and returns the minimum.
double ProfileMinimum(const GroupedSums& s, std::vector<double>& gamma, std::size_t level) {
  if (level == gamma.size()) return -SolveGls(s, gamma).log_likelihood;
  std::vector<double> inner = gamma;
  const auto at = [&](double g) {
    inner = gamma;
    inner[level] = g;
    return ProfileMinimum(s, inner, level + 1);
  };
  // The grid: gamma = 0, then e^low .. e^high.
  std::vector<double> grid{0};
  for (double t = kLogGammaLow; t <= kLogGammaHigh; t += kLogGammaStep) grid.push_back(std::exp(t));
  std::size_t best = 0;
  double best_value = kInf;
  for (std::size_t i = 0; i < grid.size(); ++i) {
    const double v = at(grid[i]);
    if (v < best_value) best_value = v, best = i;
  }
  double best_gamma = grid[best];
  if (best + 1 < grid.size()) {
    // Near the boundary search gamma itself (0 included), elsewhere log gamma.
    std::pair<double, double> found;
    if (best <= 1) {
      found = BrentMinimum(at, 0, grid[2]);
    } else {
      found = BrentMinimum([&](double t) { return at(std::exp(t)); }, std::log(grid[best - 1]),
                           std::log(grid[best + 1]));
      found.first = std::exp(found.first);
    }
    if (found.second < best_value) best_value = found.second, best_gamma = found.first;
  }
  gamma[level] = best_gamma;
  ProfileMinimum(s, gamma, level + 1);  // the inner levels at their optimum
  return best_value;
}

}  // namespace

GlsSolution SolveGls(const GroupedSums& s, const std::vector<double>& gamma) {
  GlsSolution sol;
  sol.log_likelihood = -kInf;
  const std::size_t p = s.columns;
  const std::size_t w = p + 1;
  const double n = static_cast<double>(s.observations);
  if (p == 0 || n <= static_cast<double>(p)) return sol;
  const auto [quadratic, log_det] = TotalForm(s, gamma);

  std::vector<double> a(p * p), c(p);
  for (std::size_t i = 0; i < p; ++i) {
    for (std::size_t j = 0; j < p; ++j) a[i * p + j] = quadratic[i * w + j];
    c[i] = quadratic[i * w + p];
  }
  std::vector<double> l = a;
  if (!Cholesky(l, p)) return sol;
  sol.beta = CholeskySolve(l, p, c);
  double r2 = quadratic[p * w + p];
  for (std::size_t i = 0; i < p; ++i) r2 -= c[i] * sol.beta[i];
  const double residual_df = n - static_cast<double>(p);
  sol.sigma2 = std::max(r2, 0.0) / residual_df;

  double log_det_a = 0;
  for (std::size_t i = 0; i < p; ++i) log_det_a += 2 * std::log(l[i * p + i]);
  sol.log_likelihood = sol.sigma2 > 0
                           ? -0.5 * (residual_df * std::log(2 * std::numbers::pi * sol.sigma2) +
                                     log_det + log_det_a + residual_df)
                           : -kInf;
  // (X' H^-1 X)^-1 column by column.
  sol.covariance.assign(p * p, 0.0);
  for (std::size_t j = 0; j < p; ++j) {
    std::vector<double> e(p, 0.0);
    e[j] = 1;
    const std::vector<double> col = CholeskySolve(l, p, e);
    for (std::size_t i = 0; i < p; ++i) sol.covariance[i * p + j] = sol.sigma2 * col[i];
  }
  return sol;
}

std::vector<double> MaximiseReml(const GroupedSums& sums) {
  std::vector<double> gamma(sums.groups.size(), 0.0);
  if (!gamma.empty()) ProfileMinimum(sums, gamma, 0);
  return gamma;
}

}  // namespace timeit::stats
