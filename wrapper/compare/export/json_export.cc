#include "wrapper/compare/export/json_export.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>

#include "wrapper/compare/verdicts/report_cells.h"

namespace timeit {
namespace {

/// Keys in the order written, as hyperfine writes them.
using Json = nlohmann::ordered_json;

/// A number, or null when there is none. nlohmann writes a double so that it
/// reads back to the same value and always looks like a float ("0.0", not
/// "0"), as hyperfine writes its times: typed readers that map the fields to
/// floats accept both, but some check the token. NaN and infinities are null.
Json NumberOrNull(std::optional<double> v) { return v ? Json(*v) : Json(nullptr); }

const MetricSeries* Find(const CompareSet& set, const std::string& metric) {
  const auto it = set.metrics.find(metric);
  return it == set.metrics.end() ? nullptr : &it->second;
}

std::optional<double> MeanOf(const CompareSet& set, const std::string& metric) {
  const std::optional<stats::Summary> s = SetSummary(set, metric);
  return s ? std::optional(s->mean) : std::nullopt;
}

Json Entry(const CompareSet& set, const std::vector<std::string>& metrics) {
  Json e;
  e["command"] = set.label;
  const MetricSeries* real = Find(set, "real");
  const std::optional<stats::Summary> s = SetSummary(set, "real");
  e["mean"] = NumberOrNull(s ? std::optional(s->mean) : std::nullopt);
  e["stddev"] = NumberOrNull(s && s->n >= 2 ? std::optional(s->stddev) : std::nullopt);
  e["median"] = NumberOrNull(s ? std::optional(s->median) : std::nullopt);
  e["user"] = NumberOrNull(MeanOf(set, "user"));
  e["system"] = NumberOrNull(MeanOf(set, "sys"));
  e["min"] = NumberOrNull(s ? std::optional(s->min) : std::nullopt);
  e["max"] = NumberOrNull(s ? std::optional(s->max) : std::nullopt);
  e["times"] = real != nullptr ? Json(real->values) : Json::array();
  e["exit_codes"] = Json(std::vector<int>(real != nullptr ? real->values.size() : 0, 0));
  Json& boots = e["boot_ids"] = Json::array();
  for (const std::string& boot : set.run_boots)
    boots.push_back(boot.empty() ? Json(nullptr) : Json(boot));
  Json& by_metric = e["metrics"] = Json::object();
  for (const std::string& metric : metrics) {
    // One slot per measured run, so that the arrays line up with each other.
    Json per_run(std::vector<std::nullptr_t>(set.run_numbers.size(), nullptr));
    if (const MetricSeries* m = Find(set, metric))
      for (std::size_t i = 0; i < m->values.size(); ++i) per_run[m->run_index[i]] = m->values[i];
    by_metric[metric] = std::move(per_run);
  }
  // Only in sets that have such metrics, so that compare reads the export
  // back with the same verdicts (timeit_json_input.cc).
  if (!set.higher_is_better.empty()) e["higher_is_better"] = set.higher_is_better;
  return e;
}

Json Comparison(const RowCells& c) {
  const ComparisonRow& r = c.row;
  Json j;
  j["metric"] = c.metric;
  j["baseline"] = r.baseline;
  j["set"] = r.set;
  j["test"] = c.test;
  // The difference in the values' unit too: of a baseline mean of 0 the
  // percentages are null, and this is the only change there is.
  j["mean_baseline"] = r.mean_baseline;
  j["mean"] = r.mean;
  j["difference"] = r.difference;
  j["ci_low"] = r.difference_low;
  j["ci_high"] = r.difference_high;
  j["difference_percent"] = r.relative.estimate_percent;
  j["ci_low_percent"] = r.relative.low_percent;
  j["ci_high_percent"] = r.relative.high_percent;
  j["p_value"] = r.p;
  j["df"] = r.df;
  j["boots_baseline"] = r.boots_baseline;
  j["boots"] = r.boots;
  j["boot_share"] = r.boot_share;
  j["hosts"] = r.hosts;
  j["host_share"] = r.host_share;
  j["run_share"] = r.run_share;
  j["threshold_percent"] = r.threshold_percent;
  j["verdict"] = stats::VerdictName(r.verdict);
  return j;
}

/// One value as JSON text; bytes that are not UTF-8 (a label from a file
/// name) become U+FFFD rather than an exception.
std::string Dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

/// `j` laid out as the export has always been, for a person reading it and
/// for a diff between two exports: a container of plain values (or an empty
/// one) on one line, ", " and ": " between; a container holding a container
/// one member a line, each level indented two spaces more.
void Layout(const Json& j, int indent, std::string& out) {
  if (!j.is_structured()) {
    out += Dump(j);
    return;
  }
  const bool nested =
      std::any_of(j.begin(), j.end(), [](const Json& v) { return v.is_structured(); });
  const char* const brackets = j.is_object() ? "{}" : "[]";
  out += brackets[0];
  bool first = true;
  for (auto it = j.begin(); it != j.end(); ++it) {
    out += first ? "" : ",";
    if (nested)
      out += "\n" + std::string(static_cast<std::size_t>(indent + 2), ' ');
    else if (!first)
      out += " ";
    if (j.is_object()) out += Dump(Json(it.key())) + ": ";
    Layout(it.value(), indent + 2, out);
    first = false;
  }
  if (nested) out += "\n" + std::string(static_cast<std::size_t>(indent), ' ');
  out += brackets[1];
}

}  // namespace

std::string JsonString(std::string_view text) { return Dump(Json(text)); }

std::string FormatHyperfineJson(const CompareInput& in, const std::vector<std::string>& metrics,
                                const std::vector<ComparisonRow>& rows) {
  Json results = Json::array(), comparison = Json::array();
  for (const CompareSet& set : in.sets) results.push_back(Entry(set, metrics));
  for (const RowCells& c : FormatRowCells(rows)) comparison.push_back(Comparison(c));
  std::string out;
  Layout(Json{{"results", std::move(results)}, {"comparison", std::move(comparison)}}, 0, out);
  return out + "\n";
}

}  // namespace timeit
