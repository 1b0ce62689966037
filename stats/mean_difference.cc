#include "stats/mean_difference.h"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>

#include "stats/comparison.h"
#include "stats/student_table.h"
#include "stats/nan.h"

namespace timeit::stats {
namespace {


/// The exact two-sided critical value; NaN when df is not positive (nlme's
/// qt() gives NaN there too).
double ExactCritical(double confidence_percent, double df) {
  if (!(df > 0) || !std::isfinite(df) || !(confidence_percent > 0 && confidence_percent < 100))
    return kNaN;
  const double upper = 1 - (1 - confidence_percent / 100) / 2;
  return boost::math::quantile(boost::math::students_t(df), upper);
}

MeanDifference FromStatistic(MeanTest test, double estimate, double se, double df,
                             double critical) {
  MeanDifference d;
  d.test = test;
  d.estimate = estimate;
  d.standard_error = se;
  d.df = df;
  d.t = se > 0 ? estimate / se : kNaN;
  d.p = StudentTwoSidedP(d.t, df);
  const double margin = critical * se;
  d.low = estimate - margin;
  d.high = estimate + margin;
  return d;
}

}  // namespace

const char* MeanTestName(MeanTest test) {
  switch (test) {
    case MeanTest::kStudent:
      return "Student's t";
    case MeanTest::kWelch:
      return "Welch's t";
    case MeanTest::kMixedModel:
      return "mixed model";
  }
  return "?";
}

MeanDifference StudentDifference(const Summary& x, const Summary& baseline,
                                 double confidence_percent) {
  const StudentComparison c = CompareStudent(x, baseline, confidence_percent);
  const double nx = static_cast<double>(x.n), nb = static_cast<double>(baseline.n);
  const double se = c.pooled_stddev * std::sqrt(1.0 / nx + 1.0 / nb);
  MeanDifference d = FromStatistic(MeanTest::kStudent, c.difference, se, c.df, kNaN);
  d.low = c.difference - c.margin;  // the table's t, as ministat
  d.high = c.difference + c.margin;
  const double pooled = c.pooled_stddev * c.pooled_stddev;
  d.ratio = FiellerInterval({x.mean, baseline.mean, pooled / nx, pooled / nb, 0},
                            StudentCritical(confidence_percent, c.df));
  return d;
}

MeanDifference WelchDifference(const Summary& x, const Summary& baseline,
                               double confidence_percent) {
  const WelchComparison w = CompareWelch(x, baseline, confidence_percent);
  const double vx = x.variance / static_cast<double>(x.n);
  const double vb = baseline.variance / static_cast<double>(baseline.n);
  const double critical = ExactCritical(confidence_percent, w.df);
  MeanDifference d =
      FromStatistic(MeanTest::kWelch, w.difference, std::sqrt(vx + vb), w.df, critical);
  d.ratio = FiellerInterval({x.mean, baseline.mean, vx, vb, 0}, critical);
  return d;
}

MeanDifference MixedModelDifference(const MixedModelFit& fit, std::size_t set,
                                    double confidence_percent) {
  if (!fit.ok || set == 0 || set >= fit.beta.size()) {
    MeanDifference d;
    d.test = MeanTest::kMixedModel;
    d.estimate = d.standard_error = d.df = d.t = d.p = d.low = d.high = kNaN;
    d.ratio = {kNaN, kNaN, kNaN, false};
    return d;
  }
  const double df = fit.df[set];
  const double critical = fit.exact ? 0 : ExactCritical(confidence_percent, df);
  MeanDifference d =
      FromStatistic(MeanTest::kMixedModel, fit.beta[set], fit.standard_error[set], df, critical);
  // The set's mean under the model is intercept + effect, the baseline's
  // the intercept: their variances and covariance from vcov.
  const std::size_t p = fit.beta.size();
  const double v00 = fit.covariance[0], v0s = fit.covariance[set],
               vss = fit.covariance[set * p + set];
  d.ratio = FiellerInterval(
      {fit.beta[0] + fit.beta[set], fit.beta[0], v00 + 2 * v0s + vss, v00, v00 + v0s}, critical);
  return d;
}

}  // namespace timeit::stats
