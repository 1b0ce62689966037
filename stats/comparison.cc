#include "stats/comparison.h"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>

#include "stats/student_table.h"
#include "stats/nan.h"

namespace timeit::stats {
namespace {


}  // namespace

double StudentTwoSidedP(double t, double df) {
  if (!std::isfinite(t) || !(df > 0)) return kNaN;
  return 2 * boost::math::cdf(boost::math::complement(boost::math::students_t(df), std::fabs(t)));
}

double RelativeMargin(const Summary& x, const Summary& baseline, double t_critical) {
  // Same operand order as ministat's Relative(), so the last bits agree.
  const double nx = static_cast<double>(x.n);
  const double nb = static_cast<double>(baseline.n);
  double re = (nx - 1) * x.variance +
              (nb - 1) * baseline.variance * (x.mean * x.mean) / (baseline.mean * baseline.mean);
  re *= (nx + nb) / (nx * nb * (nx + nb - 2.0));
  return t_critical * std::sqrt(re);
}

StudentComparison CompareStudent(const Summary& x, const Summary& baseline,
                                 double confidence_percent) {
  StudentComparison c;
  const double nx = static_cast<double>(x.n);
  const double nb = static_cast<double>(baseline.n);
  c.df = nx + nb - 2;
  const double t_critical = StudentCritical(confidence_percent, c.df);

  // ministat's Relative(), step by step.
  double spool = (nx - 1) * x.variance + (nb - 1) * baseline.variance;
  spool /= c.df;
  c.pooled_stddev = std::sqrt(spool);
  const double s = c.pooled_stddev * std::sqrt(1.0 / nx + 1.0 / nb);
  c.difference = x.mean - baseline.mean;
  c.margin = t_critical * s;
  c.relative_percent = c.difference * 100 / baseline.mean;
  c.relative_margin_percent = RelativeMargin(x, baseline, t_critical) * 100 / baseline.mean;
  c.significant = std::fabs(c.difference) > c.margin;

  c.t = c.difference / s;
  c.p = StudentTwoSidedP(c.t, c.df);
  return c;
}

WelchComparison CompareWelch(const Summary& x, const Summary& y, double confidence_percent) {
  WelchComparison w;
  w.difference = x.mean - y.mean;
  if (x.n < 2 || y.n < 2) {
    w.t = w.df = w.p = w.margin = kNaN;
    return w;
  }
  const double vx = x.variance / static_cast<double>(x.n);
  const double vy = y.variance / static_cast<double>(y.n);
  const double se2 = vx + vy;
  const double se = std::sqrt(se2);
  w.t = w.difference / se;
  w.df =
      se2 * se2 / (vx * vx / static_cast<double>(x.n - 1) + vy * vy / static_cast<double>(y.n - 1));
  w.p = StudentTwoSidedP(w.t, w.df);
  if (!(w.df > 0) || !std::isfinite(w.df) ||
      !(confidence_percent > 0 && confidence_percent < 100)) {
    w.margin = kNaN;
  } else {
    const double upper = 1 - (1 - confidence_percent / 100) / 2;
    w.margin = boost::math::quantile(boost::math::students_t(w.df), upper) * se;
  }
  return w;
}

RelativeInterval RelativeDifference(const Summary& x, const Summary& baseline,
                                    double confidence_percent) {
  const StudentComparison c = CompareStudent(x, baseline, confidence_percent);
  return {c.relative_percent, c.relative_percent - c.relative_margin_percent,
          c.relative_percent + c.relative_margin_percent};
}

}  // namespace timeit::stats
