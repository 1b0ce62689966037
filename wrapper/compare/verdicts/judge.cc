#include "wrapper/compare/verdicts/judge.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>
#include <unordered_set>
#include <utility>

#include "stats/mixed_model.h"
#include "stats/summary.h"
#include "wrapper/compare/sets/boots.h"
#include "stats/nan.h"

namespace timeit {
namespace {

using stats::kNaN;

/// A host and a boot as one key.
struct PairHash {
  std::size_t operator()(const std::pair<std::string_view, std::string_view>& p) const {
    const std::hash<std::string_view> hash;
    return hash(p.first) * 31 + hash(p.second);
  }
};

stats::Summary SummaryOf(std::vector<double> values) { return stats::SummarizeUnordered(values); }

}  // namespace

SeriesJudgement JudgeSeries(const CompareSet& base_set, const MetricSeries& base,
                            const CompareSet& x_set, const MetricSeries& x,
                            const JudgeOptions& options) {
  return JudgeSeries(base_set, base, SummaryOf(base.values), x_set, x, SummaryOf(x.values),
                     options);
}

SeriesJudgement JudgeSeries(const CompareSet& base_set, const MetricSeries& base,
                            const stats::Summary& base_summary, const CompareSet& x_set,
                            const MetricSeries& x, const stats::Summary& x_summary,
                            const JudgeOptions& options) {
  SeriesJudgement s;
  const std::vector<std::string> base_boots = BootKeys(base_set, base),
                                 x_boots = BootKeys(x_set, x);
  s.boots_baseline = CountDistinct(base_boots);
  s.boots = CountDistinct(x_boots);
  s.boot_share = s.host_share = s.run_share = kNaN;
  const std::vector<std::string> base_hosts = HostKeys(base_set, base),
                                 x_hosts = HostKeys(x_set, x);
  const auto named = [](const std::vector<std::string>& h) {
    return std::none_of(h.begin(), h.end(), [](const std::string& name) { return name.empty(); });
  };
  std::vector<std::string> hosts = base_hosts;
  hosts.insert(hosts.end(), x_hosts.begin(), x_hosts.end());
  const std::unordered_set<std::string_view> in_base(base_hosts.begin(), base_hosts.end()),
      in_x(x_hosts.begin(), x_hosts.end());
  const bool shared = std::any_of(in_x.begin(), in_x.end(),
                                  [&](std::string_view h) { return in_base.count(h) > 0; });
  const bool fleet = named(hosts) && CountDistinct(hosts) > 1;
  s.hosts_confounded = fleet && !shared && in_base.size() == 1 && in_x.size() == 1;
  s.hosts = fleet && !s.hosts_confounded ? CountDistinct(hosts) : 1;
  if (s.hosts > 1) {
    // As the model nests them (host/boot): boot b of host 1 and boot b of
    // host 2 are two boots, though machines made from one (containers, a
    // test's namespaces) share the boot id.
    const auto host_boots = [](const std::vector<std::string>& h,
                               const std::vector<std::string>& b) {
      std::unordered_set<std::pair<std::string_view, std::string_view>, PairHash> keys;
      for (std::size_t i = 0; i < h.size() && i < b.size(); ++i) keys.emplace(h[i], b[i]);
      return keys.size();
    };
    s.boots_baseline = host_boots(base_hosts, base_boots);
    s.boots = host_boots(x_hosts, x_boots);
  }

  stats::VerdictRule rule{
      options.confidence_percent, options.threshold_percent, options.lower_is_better,
      options.test == TestChoice::kStudent ? stats::MeanTest::kStudent : stats::MeanTest::kWelch};
  const bool across_boots = s.boots_baseline > 1 || s.boots > 1 || s.hosts > 1;
  if (options.test != TestChoice::kAuto || !across_boots) {
    s.judgement = stats::Judge(x_summary, base_summary, rule);
    return s;
  }
  const stats::MixedModelFit fit =
      stats::FitMixedModel(BootDesign({&base_set, &x_set}, {&base, &x}, s.hosts > 1));
  rule.test = stats::MeanTest::kMixedModel;
  s.judgement =
      stats::JudgeDifference(stats::MixedModelDifference(fit, 1, options.confidence_percent),
                             x_summary, base_summary, rule);
  if (fit.ok && !fit.level_sd.empty()) {
    s.boot_share = stats::VarianceShare(fit, fit.level_sd.size() - 1);
    if (fit.level_sd.size() > 1) s.host_share = stats::VarianceShare(fit, 0);
    // The residual's share is what the levels leave: the model's public
    // result has shares of its levels only.
    if (!std::isnan(s.boot_share))
      s.run_share = std::max(0.0, 1 - s.boot_share - (std::isnan(s.host_share) ? 0 : s.host_share));
  }
  return s;
}

}  // namespace timeit
