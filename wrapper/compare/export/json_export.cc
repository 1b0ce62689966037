#include "wrapper/compare/export/json_export.h"

#include <fmt/format.h>

#include <cmath>
#include <optional>

#include "wrapper/compare/verdicts/report_cells.h"

namespace timeit {
namespace {

/// A JSON number that reads back to `v` and always looks like a float
/// ("0.0", not "0"), as hyperfine writes its times: typed readers that map
/// the fields to floats accept both, but some check the token.
std::string Number(double v) {
  std::string text = fmt::format("{}", v);
  if (text.find_first_of(".eE") == std::string::npos) text += ".0";
  return text;
}

std::string NumberOrNull(std::optional<double> v) { return v ? Number(*v) : "null"; }

const MetricSeries* Find(const CompareSet& set, const std::string& metric) {
  const auto it = set.metrics.find(metric);
  return it == set.metrics.end() ? nullptr : &it->second;
}

std::optional<double> MeanOf(const CompareSet& set, const std::string& metric) {
  const std::optional<stats::Summary> s = SetSummary(set, metric);
  return s ? std::optional(s->mean) : std::nullopt;
}

void AppendEntry(const CompareSet& set, const std::vector<std::string>& metrics, std::string& out) {
  out += "    {\n      \"command\": " + JsonString(set.label) + ",\n";
  const MetricSeries* real = Find(set, "real");
  const std::optional<stats::Summary> s = SetSummary(set, "real");
  const auto field = [&](const char* name, std::optional<double> v) {
    out += fmt::format("      \"{}\": {},\n", name, NumberOrNull(v));
  };
  field("mean", s ? std::optional(s->mean) : std::nullopt);
  field("stddev", s && s->n >= 2 ? std::optional(s->stddev) : std::nullopt);
  field("median", s ? std::optional(s->median) : std::nullopt);
  field("user", MeanOf(set, "user"));
  field("system", MeanOf(set, "sys"));
  field("min", s ? std::optional(s->min) : std::nullopt);
  field("max", s ? std::optional(s->max) : std::nullopt);
  out += "      \"times\": [";
  if (real != nullptr)
    for (std::size_t i = 0; i < real->values.size(); ++i)
      out += (i == 0 ? "" : ", ") + Number(real->values[i]);
  out += "],\n      \"exit_codes\": [";
  const std::size_t codes = real != nullptr ? real->values.size() : 0;
  for (std::size_t i = 0; i < codes; ++i) out += i == 0 ? "0" : ", 0";
  out += "],\n      \"boot_ids\": [";
  for (std::size_t i = 0; i < set.run_boots.size(); ++i)
    out += (i == 0 ? "" : ", ") +
           (set.run_boots[i].empty() ? std::string("null") : JsonString(set.run_boots[i]));
  out += "],\n      \"metrics\": {";
  for (std::size_t k = 0; k < metrics.size(); ++k) {
    // One slot per measured run, so that the arrays line up with each other.
    std::vector<std::optional<double>> per_run(set.run_numbers.size());
    if (const MetricSeries* m = Find(set, metrics[k]))
      for (std::size_t i = 0; i < m->values.size(); ++i) per_run[m->run_index[i]] = m->values[i];
    out += fmt::format("{}\n        {}: [", k == 0 ? "" : ",", JsonString(metrics[k]));
    for (std::size_t i = 0; i < per_run.size(); ++i)
      out += (i == 0 ? "" : ", ") + NumberOrNull(per_run[i]);
    out += "]";
  }
  out += metrics.empty() ? "}" : "\n      }";
  // Only in sets that have such metrics, so that compare reads the export
  // back with the same verdicts (timeit_json_input.cc).
  if (!set.higher_is_better.empty()) {
    out += ",\n      \"higher_is_better\": [";
    for (std::size_t i = 0; i < set.higher_is_better.size(); ++i)
      out += (i == 0 ? "" : ", ") + JsonString(set.higher_is_better[i]);
    out += "]";
  }
  out += "\n    }";
}

std::string NumberOrNull(double v) { return std::isfinite(v) ? Number(v) : "null"; }

void AppendComparison(const RowCells& c, std::string& out) {
  const ComparisonRow& r = c.row;
  out += "    {";
  out += fmt::format("\"metric\": {}, \"baseline\": {}, \"set\": {}, \"test\": {}, ",
                     JsonString(c.metric), JsonString(r.baseline), JsonString(r.set),
                     JsonString(c.test));
  // The difference in the values' unit too: of a baseline mean of 0 the
  // percentages are null, and this is the only change there is.
  out +=
      fmt::format("\"mean_baseline\": {}, \"mean\": {}, \"difference\": {}, ",
                  NumberOrNull(r.mean_baseline), NumberOrNull(r.mean), NumberOrNull(r.difference));
  out += fmt::format(
      "\"difference_percent\": {}, \"ci_low_percent\": {}, \"ci_high_percent\": {}, "
      "\"p_value\": {}, \"df\": {}, ",
      NumberOrNull(r.relative.estimate_percent), NumberOrNull(r.relative.low_percent),
      NumberOrNull(r.relative.high_percent), NumberOrNull(r.p), NumberOrNull(r.df));
  out += fmt::format(
      "\"boots_baseline\": {}, \"boots\": {}, \"boot_share\": {}, \"threshold_percent\": {}, "
      "\"verdict\": {}}}",
      r.boots_baseline, r.boots, NumberOrNull(r.boot_share), NumberOrNull(r.threshold_percent),
      JsonString(stats::VerdictName(r.verdict)));
}

}  // namespace

std::string JsonString(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20)
          out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
        else
          out += c;  // UTF-8 passes through, as JSON allows
    }
  }
  return out + "\"";
}

std::string FormatHyperfineJson(const CompareInput& in, const std::vector<std::string>& metrics,
                                const std::vector<ComparisonRow>& rows) {
  std::string out = "{\n  \"results\": [\n";
  for (std::size_t i = 0; i < in.sets.size(); ++i) {
    if (i > 0) out += ",\n";
    AppendEntry(in.sets[i], metrics, out);
  }
  out += "\n  ],\n  \"comparison\": [";
  const std::vector<RowCells> cells = FormatRowCells(rows);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    out += i == 0 ? "\n" : ",\n";
    AppendComparison(cells[i], out);
  }
  return out + (cells.empty() ? "]\n}\n" : "\n  ]\n}\n");
}

}  // namespace timeit
