// The grouped REML criterion (SolveGls on GroupedSums, O(groups) an
// evaluation) against the same model written out per run: H = I + sum_k
// gamma_k Z_k Z_k' as a dense n x n matrix, the GLS estimate and the REML
// log-likelihood by its textbook formula. Random designs with what the
// grouping must get right: unbalanced groups, boots of one run, hosts of one
// boot, boots with runs of both sets.
#include "stats/reml.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include "stats/mixed_design.h"

namespace timeit::stats {
namespace {

using Matrix = std::vector<std::vector<double>>;

/// A rows x cols matrix of zeros, row by row: GCC 12 at -O2 takes
/// Matrix(rows, std::vector<double>(cols)) for a free of a non-heap pointer
/// (-Wfree-nonheap-object, a false positive).
Matrix Zeros(std::size_t rows, std::size_t cols) {
  Matrix m(rows);
  for (std::vector<double>& row : m) row.assign(cols, 0.0);
  return m;
}

/// Lower Cholesky factor of the symmetric positive definite `a`.
Matrix Cholesky(const Matrix& a) {
  const std::size_t n = a.size();
  Matrix l = Zeros(n, n);
  for (std::size_t j = 0; j < n; ++j) {
    double d = a[j][j];
    for (std::size_t k = 0; k < j; ++k) d -= l[j][k] * l[j][k];
    l[j][j] = std::sqrt(d);
    for (std::size_t i = j + 1; i < n; ++i) {
      double v = a[i][j];
      for (std::size_t k = 0; k < j; ++k) v -= l[i][k] * l[j][k];
      l[i][j] = v / l[j][j];
    }
  }
  return l;
}

/// A^-1 b for A = L L'.
std::vector<double> Solve(const Matrix& l, std::vector<double> b) {
  const std::size_t n = l.size();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t k = 0; k < i; ++k) b[i] -= l[i][k] * b[k];
    b[i] /= l[i][i];
  }
  for (std::size_t i = n; i-- > 0;) {
    for (std::size_t k = i + 1; k < n; ++k) b[i] -= l[k][i] * b[k];
    b[i] /= l[i][i];
  }
  return b;
}

double LogDet(const Matrix& l) {
  double s = 0;
  for (std::size_t i = 0; i < l.size(); ++i) s += 2 * std::log(l[i][i]);
  return s;
}

/// The model run by run: y and X as GroupedSums transforms them (centred on
/// the set means, divided by the scale), H dense.
GlsSolution DenseGls(const MixedDesign& d, const GroupedSums& sums,
                     const std::vector<double>& gamma) {
  const std::size_t n = d.values.size(), p = sums.columns;
  std::vector<double> y(n);
  Matrix x = Zeros(n, p);
  for (std::size_t i = 0; i < n; ++i) {
    y[i] = (d.values[i] - sums.set_means[d.set[i]]) / sums.scale;
    x[i][0] = 1;
    if (d.set[i] > 0) x[i][d.set[i]] = 1;
  }
  // Two runs share level k's intercept when their ids agree on levels 0..k.
  Matrix h = Zeros(n, n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      h[i][j] = i == j ? 1 : 0;
      bool same = true;
      for (std::size_t k = 0; k < d.levels.size(); ++k) {
        same = same && d.levels[k][i] == d.levels[k][j];
        if (same) h[i][j] += gamma[k];
      }
    }
  const Matrix lh = Cholesky(h);
  Matrix hx(p);  // H^-1 X, column by column
  for (std::size_t c = 0; c < p; ++c) {
    std::vector<double> col(n);
    for (std::size_t i = 0; i < n; ++i) col[i] = x[i][c];
    hx[c] = Solve(lh, col);
  }
  const std::vector<double> hy = Solve(lh, y);
  Matrix a = Zeros(p, p);
  std::vector<double> b(p, 0.0);
  for (std::size_t r = 0; r < p; ++r) {
    for (std::size_t c = 0; c < p; ++c)
      for (std::size_t i = 0; i < n; ++i) a[r][c] += x[i][r] * hx[c][i];
    for (std::size_t i = 0; i < n; ++i) b[r] += x[i][r] * hy[i];
  }
  const Matrix la = Cholesky(a);
  GlsSolution sol;
  sol.beta = Solve(la, b);
  std::vector<double> residual(y);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t c = 0; c < p; ++c) residual[i] -= x[i][c] * sol.beta[c];
  const std::vector<double> hr = Solve(lh, residual);
  double r2 = 0;
  for (std::size_t i = 0; i < n; ++i) r2 += residual[i] * hr[i];
  const double df = static_cast<double>(n - p);
  sol.sigma2 = r2 / df;
  sol.log_likelihood =
      -0.5 * (df * std::log(2 * std::numbers::pi * sol.sigma2) + LogDet(lh) + LogDet(la) + df);
  sol.covariance.assign(p * p, 0.0);
  for (std::size_t c = 0; c < p; ++c) {
    std::vector<double> e(p, 0.0);
    e[c] = 1;
    const std::vector<double> col = Solve(la, e);
    for (std::size_t r = 0; r < p; ++r) sol.covariance[r * p + c] = sol.sigma2 * col[r];
  }
  return sol;
}

/// A random design: `sets` sets over `hosts` hosts (one level when 0), each
/// host with 1..4 boots, each boot with 1..6 runs, a run's set drawn per
/// boot or (in a third of the boots) per run.
MixedDesign RandomDesign(std::mt19937_64& rng, std::size_t sets, std::size_t hosts) {
  std::uniform_int_distribution<std::size_t> boots_of(1, 4), runs_of(1, 6), set_of(0, sets - 1);
  std::normal_distribution<double> noise(0, 1);
  MixedDesign d;
  d.levels.resize(hosts == 0 ? 1 : 2);
  std::size_t boot = 0;
  for (std::size_t host = 0; host < std::max<std::size_t>(hosts, 1); ++host) {
    const double host_effect = 2 * noise(rng);
    for (std::size_t b = boots_of(rng); b > 0; --b, ++boot) {
      const double boot_effect = noise(rng);
      const bool mixed = set_of(rng) == 0 && rng() % 3 == 0;
      const std::size_t boot_set = set_of(rng);
      for (std::size_t r = runs_of(rng); r > 0; --r) {
        const std::size_t s = mixed ? set_of(rng) : boot_set;
        d.values.push_back(1e9 + 1e6 * (0.5 * static_cast<double>(s) + host_effect + boot_effect +
                                        0.3 * noise(rng)));
        d.set.push_back(s);
        if (hosts > 0) d.levels[0].push_back(host);
        // With hosts, ids reused: boot 0 of host 1 is not host 0's.
        d.levels.back().push_back(hosts > 0 ? boot % 3 : boot);
      }
    }
  }
  // Every set present, as MixedDesign requires: the first runs cycle them.
  for (std::size_t s = 0; s < sets && s < d.set.size(); ++s) d.set[s] = s;
  return d;
}

void ExpectRelativelyNear(double ours, double dense, const char* what) {
  EXPECT_NEAR(ours, dense, 1e-9 * std::max(std::fabs(dense), 1e-12)) << what;
}

TEST(RemlTest, GroupedFormEqualsTheDenseFormulationOnRandomDesigns) {
  std::mt19937_64 rng(20261205);
  const std::vector<double> gammas{0, 1e-3, 0.37, 2.5, 40, 1e4};
  int checked = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t sets = 2 + static_cast<std::size_t>(trial % 2);
    const std::size_t hosts = static_cast<std::size_t>(trial % 4);  // 0: boots alone
    const MixedDesign d = RandomDesign(rng, sets, hosts);
    const GroupedSums sums = MakeGroupedSums(d);
    if (sums.observations <= sums.columns + 1 || sums.scale == 0) continue;
    for (double g0 : gammas)
      for (double g1 : gammas) {
        std::vector<double> gamma{g0};
        if (d.levels.size() == 2) gamma.push_back(g1);
        const GlsSolution dense = DenseGls(d, sums, gamma);
        // A design whose sets are not estimable apart (X' H^-1 X singular).
        if (!std::isfinite(dense.log_likelihood)) continue;
        const GlsSolution ours = SolveGls(sums, gamma);
        SCOPED_TRACE("trial " + std::to_string(trial) + " gamma " + std::to_string(g0) + ", " +
                     std::to_string(g1));
        ASSERT_EQ(ours.beta.size(), dense.beta.size());
        for (std::size_t j = 0; j < dense.beta.size(); ++j)
          EXPECT_NEAR(ours.beta[j], dense.beta[j],
                      1e-9 * std::sqrt(dense.covariance[j * dense.beta.size() + j]))
              << "beta " << j;
        for (std::size_t k = 0; k < dense.covariance.size(); ++k)
          EXPECT_NEAR(ours.covariance[k], dense.covariance[k],
                      1e-9 * std::sqrt(dense.covariance[0] * dense.covariance.back()))
              << "covariance " << k;
        ExpectRelativelyNear(ours.sigma2, dense.sigma2, "sigma2");
        ExpectRelativelyNear(ours.log_likelihood, dense.log_likelihood, "log-likelihood");
        ++checked;
      }
  }
  EXPECT_GT(checked, 1000);
}

/// What the search finds is the maximum of the dense likelihood too: no
/// gamma near it does better, beyond the search's own tolerance. At a
/// boundary optimum (a level's variance 0, moved to 1e-3) the likelihood is
/// flat to ~1e-9 relative, and the i386 build's x87 arithmetic lands on
/// either side of it (CI: -8.8364 both, 1e-9 apart).
TEST(RemlTest, TheSearchsOptimumIsTheDenseLikelihoodsMaximum) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 12; ++trial) {
    const MixedDesign d = RandomDesign(rng, 2, 1 + static_cast<std::size_t>(trial % 3));
    const GroupedSums sums = MakeGroupedSums(d);
    if (sums.observations <= sums.columns + 1 || sums.scale == 0) continue;
    const std::vector<double> best = MaximiseReml(sums);
    const double at_best = DenseGls(d, sums, best).log_likelihood;
    if (!std::isfinite(at_best)) continue;
    for (std::size_t k = 0; k < best.size(); ++k)
      for (double factor : {0.9, 1.1}) {
        std::vector<double> moved = best;
        moved[k] = best[k] == 0 ? 1e-3 : best[k] * factor;
        EXPECT_LE(DenseGls(d, sums, moved).log_likelihood, at_best + 1e-7 * std::fabs(at_best))
            << "trial " << trial << " level " << k;
      }
  }
}

}  // namespace
}  // namespace timeit::stats
