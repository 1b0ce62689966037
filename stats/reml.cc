#include "stats/reml.h"

#include <algorithm>
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

/// [X y]' H^-1 [X y] and log|H| for any gamma, from the grouped sums alone:
/// O(groups * (p+1)^2) per evaluation, with no allocation, for the tens of
/// thousands of evaluations of one fit (a grid and Brent's method per level,
/// nested). Each group's form is what it contributes once its own random
/// intercept and those inside it are accounted for (Sherman-Morrison): with
/// u = H_g^-1 1, it is within + weight * mean mean', weight = 1' H_g^-1 1,
/// mean = u'[X y] / weight, and log|H_g|. A random intercept over a group
/// only shrinks its weight (the mean is unchanged), so no step subtracts:
/// the between-group part is never a difference of large sums.
class NestedForms {
 public:
  explicit NestedForms(const GroupedSums& s) : s_(s), w_(s.columns + 1) {
    const std::size_t levels = s.groups.size();
    const std::size_t inner = s.count.size();
    // The innermost groups' intercepts depend on their count alone: one
    // log1p per distinct count (runs per boot are mostly alike).
    count_index_.resize(inner);
    for (std::size_t g = 0; g < inner; ++g) {
      const auto at = std::find(counts_.begin(), counts_.end(), s.count[g]);
      count_index_[g] = static_cast<std::size_t>(at - counts_.begin());
      if (at == counts_.end()) counts_.push_back(s.count[g]);
    }
    count_weight_.resize(counts_.size());
    count_log_det_.resize(counts_.size());
    // Level k >= 1's groups listed by their parent, each parent's in order.
    children_.resize(levels);
    first_child_.resize(levels);
    forms_.resize(levels);
    for (std::size_t k = levels; k-- > 1;) {
      const std::vector<std::size_t>& parent = s.parent[k];
      first_child_[k].assign(s.groups[k - 1] + 1, 0);
      for (std::size_t g = 0; g < parent.size(); ++g) ++first_child_[k][parent[g] + 1];
      for (std::size_t o = 0; o < s.groups[k - 1]; ++o)
        first_child_[k][o + 1] += first_child_[k][o];
      std::vector<std::size_t> next(first_child_[k].begin(), first_child_[k].end() - 1);
      children_[k].resize(parent.size());
      for (std::size_t g = 0; g < parent.size(); ++g) children_[k][next[parent[g]]++] = g;
      forms_[k - 1].Resize(s.groups[k - 1], w_);
    }
    inner_.Resize(inner, w_);
    total_.Resize(1, w_);
  }

  /// Leaves [X y]' H^-1 [X y] (row-major, (p+1)^2) in Quadratic() and
  /// returns log|H|.
  double Evaluate(const std::vector<double>& gamma) {
    const std::size_t levels = s_.groups.size();
    for (std::size_t c = 0; c < counts_.size(); ++c) {
      const double gn = levels > 0 ? gamma[levels - 1] * counts_[c] : 0;
      count_log_det_[c] = levels > 0 ? 0 + std::log1p(gn) : 0;
      count_weight_[c] = levels > 0 ? counts_[c] / (1 + gn) : counts_[c];
    }
    for (std::size_t g = 0; g < s_.count.size(); ++g) {
      inner_.weight[g] = count_weight_[count_index_[g]];
      inner_.log_det[g] = count_log_det_[count_index_[g]];
    }
    const Forms* parts = &inner_;
    for (std::size_t k = levels; k-- > 1;) {
      Forms& outer = forms_[k - 1];
      for (std::size_t o = 0; o + 1 < first_child_[k].size(); ++o) {
        Combine(*parts, k + 1 == levels, children_[k].data() + first_child_[k][o],
                first_child_[k][o + 1] - first_child_[k][o], outer, o);
        outer.log_det[o] += std::log1p(gamma[k - 1] * outer.weight[o]);
        outer.weight[o] /= 1 + gamma[k - 1] * outer.weight[o];
      }
      parts = &outer;
    }
    const bool innermost = levels <= 1;
    const std::size_t n = parts->weight.size();
    all_.resize(n);
    for (std::size_t g = 0; g < n; ++g) all_[g] = g;
    Combine(*parts, innermost, all_.data(), n, total_, 0);
    for (std::size_t a = 0; a < w_; ++a)
      for (std::size_t b = 0; b < w_; ++b)
        total_.within[a * w_ + b] += total_.weight[0] * total_.mean[a] * total_.mean[b];
    return total_.log_det[0];
  }

  const double* Quadratic() const { return total_.within.data(); }

 private:
  /// The forms of one level's groups, flat: weight, log|H_g|, mean (p+1 each)
  /// and within ((p+1)^2 each).
  struct Forms {
    std::vector<double> weight, log_det, mean, within;
    void Resize(std::size_t groups, std::size_t w) {
      weight.resize(groups);
      log_det.resize(groups);
      mean.resize(groups * w);
      within.resize(groups * w * w);
    }
  };

  /// The innermost groups' means and within parts are the sums' own.
  const double* MeanOf(const Forms& l, bool innermost, std::size_t g) const {
    return innermost ? s_.mean[g].data() : l.mean.data() + g * w_;
  }
  const double* WithinOf(const Forms& l, bool innermost, std::size_t g) const {
    return innermost ? s_.within[g].data() : l.within.data() + g * w_ * w_;
  }

  /// Group `o` of `out` made of `count` parts of `parts` (block diagonal
  /// before the group's own intercept): weights add, the means are
  /// weight-averaged, and the within part gains the parts' weighted scatter
  /// about that average.
  void Combine(const Forms& parts, bool innermost, const std::size_t* child, std::size_t count,
               Forms& out, std::size_t o) const {
    // Two and three sets unrolled: the same operations in the same order.
    if (w_ == 3) return CombineWidth<3>(parts, innermost, child, count, out, o);
    if (w_ == 4) return CombineWidth<4>(parts, innermost, child, count, out, o);
    CombineWidth<0>(parts, innermost, child, count, out, o);
  }

  /// Combine for a width known when compiled (W), or w_ (W = 0).
  template <std::size_t W>
  void CombineWidth(const Forms& parts, bool innermost, const std::size_t* child, std::size_t count,
                    Forms& out, std::size_t o) const {
    const std::size_t w = W == 0 ? w_ : W;
    const std::size_t ww = w * w;
    double weight = 0, log_det = 0;
    // With W known, the sums live in locals the loads of the parts cannot
    // alias, so they stay in registers.
    double mean_here[W == 0 ? 1 : W], within_here[W == 0 ? 1 : W * W];
    double* mean = W == 0 ? out.mean.data() + o * w : mean_here;
    double* within = W == 0 ? out.within.data() + o * ww : within_here;
    std::fill(mean, mean + w, 0.0);
    std::fill(within, within + ww, 0.0);
    for (std::size_t c = 0; c < count; ++c) {
      const std::size_t f = child[c];
      const double fw = parts.weight[f];
      const double* fm = MeanOf(parts, innermost, f);
      weight += fw;
      log_det += parts.log_det[f];
#pragma GCC unroll 16
      for (std::size_t a = 0; a < w; ++a) mean[a] += fw * fm[a];
    }
    if (weight > 0)
#pragma GCC unroll 16
      for (std::size_t a = 0; a < w; ++a) mean[a] /= weight;
    for (std::size_t c = 0; c < count; ++c) {
      const std::size_t f = child[c];
      const double fw = parts.weight[f];
      const double* fm = MeanOf(parts, innermost, f);
      const double* fwithin = WithinOf(parts, innermost, f);
#pragma GCC unroll 16
      for (std::size_t i = 0; i < ww; ++i) within[i] += fwithin[i];
#pragma GCC unroll 16
      for (std::size_t a = 0; a < w; ++a)
#pragma GCC unroll 16
        for (std::size_t b = 0; b < w; ++b)
          within[a * w + b] += fw * (fm[a] - mean[a]) * (fm[b] - mean[b]);
    }
    if (W != 0) {
      std::copy(mean, mean + w, out.mean.data() + o * w);
      std::copy(within, within + ww, out.within.data() + o * ww);
    }
    out.weight[o] = weight;
    out.log_det[o] = log_det;
  }

  const GroupedSums& s_;
  const std::size_t w_;
  std::vector<double> counts_, count_weight_, count_log_det_;
  std::vector<std::size_t> count_index_;
  std::vector<std::vector<std::size_t>> children_, first_child_;
  std::vector<Forms> forms_;  ///< forms_[k]: level k's groups (k < levels - 1)
  Forms inner_;               ///< the innermost groups' weights and log|H_g|
  Forms total_;
  std::vector<std::size_t> all_;
};

/// Brent's method for the minimum of `f` over [lo, hi].
std::pair<double, double> BrentMinimum(const std::function<double(double)>& f, double lo,
                                       double hi) {
  std::uintmax_t iterations = 200;
  return boost::math::tools::brent_find_minima(f, lo, hi, 40, iterations);
}

/// The GLS solution from [X y]' H^-1 [X y] and log|H|; the fixed effects'
/// covariance only `with_covariance` (the search needs the likelihood alone).
GlsSolution SolveForm(const double* quadratic, double log_det, std::size_t p, double n,
                      bool with_covariance) {
  GlsSolution sol;
  sol.log_likelihood = -kInf;
  const std::size_t w = p + 1;
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
  if (!with_covariance) return sol;
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

/// -REML at `gamma`.
double NegativeReml(const GroupedSums& s, NestedForms& forms, const std::vector<double>& gamma) {
  if (s.columns == 0 || s.observations <= s.columns) return kInf;
  const double log_det = forms.Evaluate(gamma);
  return -SolveForm(forms.Quadratic(), log_det, s.columns, static_cast<double>(s.observations),
                    false)
              .log_likelihood;
}

/// The search grid: gamma = 0, then e^low .. e^high.
const std::vector<double>& Grid() {
  static const std::vector<double> grid = [] {
    std::vector<double> g{0};
    for (double t = kLogGammaLow; t <= kLogGammaHigh; t += kLogGammaStep) g.push_back(std::exp(t));
    return g;
  }();
  return grid;
}

/// Minimises -REML over gamma[level..] with gamma[0..level) fixed; leaves
/// the minimiser in `gamma` and returns the minimum.
double ProfileMinimum(const GroupedSums& s, NestedForms& forms, std::vector<double>& gamma,
                      std::size_t level) {
  if (level == gamma.size()) return NegativeReml(s, forms, gamma);
  std::vector<double> inner = gamma;
  const auto at = [&](double g) {
    inner = gamma;
    inner[level] = g;
    return ProfileMinimum(s, forms, inner, level + 1);
  };
  const std::vector<double>& grid = Grid();
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
  ProfileMinimum(s, forms, gamma, level + 1);  // the inner levels at their optimum
  return best_value;
}

}  // namespace

GlsSolution SolveGls(const GroupedSums& s, const std::vector<double>& gamma) {
  const std::size_t p = s.columns;
  const double n = static_cast<double>(s.observations);
  if (p == 0 || n <= static_cast<double>(p)) return {{}, {}, 0, -kInf};
  NestedForms forms(s);
  const double log_det = forms.Evaluate(gamma);
  return SolveForm(forms.Quadratic(), log_det, p, n, true);
}

std::vector<double> MaximiseReml(const GroupedSums& sums) {
  std::vector<double> gamma(sums.groups.size(), 0.0);
  if (gamma.empty()) return gamma;
  NestedForms forms(sums);
  ProfileMinimum(sums, forms, gamma, 0);
  return gamma;
}

}  // namespace timeit::stats
