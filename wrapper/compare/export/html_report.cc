#include "wrapper/compare/export/html_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "wrapper/base/version.h"
#include "wrapper/compare/export/charts.h"
#include "wrapper/compare/export/scan_chart.h"
#include "wrapper/compare/export/variance_bar.h"
#include "wrapper/compare/verdicts/report_cells.h"
#include "wrapper/results/metric_units.h"

namespace timeit {
namespace {

/// No `<` or `&` in here: the page must parse as XML.
constexpr const char* kStyle = R"(
:root { color-scheme: light; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  color: #1b1b1b; background: #fff; margin: 0 auto; max-width: 1200px; padding: 20px 28px 40px; }
h1 { font-size: 22px; margin: 0 0 2px; }
h2 { font-size: 17px; margin: 26px 0 6px; padding-bottom: 3px; border-bottom: 1px solid #ddd; }
h2 .dir { font-size: 13px; font-weight: normal; color: #666; margin-left: 8px; }
p { margin: 4px 0; }
.lede { color: #444; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; margin: 6px 0; }
th, td { padding: 3px 10px; text-align: right; border-bottom: 1px solid #eee; white-space: nowrap; }
th { font-weight: 600; background: #f4f4f4; border-bottom: 1px solid #bbb; }
.text { text-align: left; }
/* Names (labels, metrics) and headers wrap, numbers never: long set labels
   must not push a table past a laptop's window. */
th, td.text { white-space: normal; }
td.text:first-child, td.verdict { white-space: nowrap; }
td.files { white-space: normal; color: #555; font-size: 13px; }
td.variance { white-space: nowrap; }
svg.variance { vertical-align: baseline; margin-right: 4px; }
a { color: inherit; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 50%;
  margin-right: 6px; vertical-align: baseline; }
.verdict { font-weight: 600; }
.v-better { color: #0a7a3e; }
.v-worse { color: #b3261e; }
.v-no-difference, .v-same { color: #666; font-weight: normal; }
ul.warnings { margin: 4px 0; padding-left: 20px; color: #7a4b00; }
ul.notes { margin: 4px 0; padding-left: 20px; color: #555; }
.sub { color: #555; font-size: 13px; }
.charts { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  grid-template-areas: "strip order" "vitals order"; gap: 8px 28px; align-items: start; }
.charts .strip { grid-area: strip; }
.charts .order { grid-area: order; }
.charts .vitals { grid-area: vitals; }
@media (max-width: 900px) {
  .charts { grid-template-columns: minmax(0, 1fr); grid-template-areas: "strip" "vitals" "order"; }
}
figure { margin: 0; }
figcaption { font-size: 12px; color: #666; margin-top: 2px; }
.vitals table { font-size: 11.5px; margin: 0; }
.vitals th, .vitals td { padding: 2px 5px; }
svg.chart { width: 100%; height: auto; font-family: inherit; font-size: 11px; }
svg .axis line { stroke: #999; }
svg .axis text { fill: #444; }
svg line.grid { stroke: #ececec; }
svg circle.run { fill-opacity: 0.62; }
svg circle.warmup { fill: #fff; fill-opacity: 1; stroke-width: 1.8; }
svg .mean { stroke: #111; stroke-width: 2.4; }
svg .ci { stroke: #111; stroke-width: 1.5; fill: none; }
svg .boot-mean { stroke: #444; stroke-width: 1.6; }
svg .trace { fill: none; stroke-width: 1.2; stroke-opacity: 0.5; }
svg text.label { font-size: 12px; font-weight: 600; }
.scan-charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr));
  gap: 8px 28px; }
footer { margin-top: 30px; color: #888; font-size: 12px; }
@media print {
  body { max-width: none; padding: 0; font-size: 9.5pt; }
  h2 { break-after: avoid; margin-top: 14px; }
  section.metric { break-inside: avoid; }
  body { font-size: 8.5pt; }
  .charts { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 4px 16px;
    grid-template-areas: "strip order" "vitals vitals"; }
  .scroll { overflow: visible; }
  th, td { padding: 2px 5px; }
  table.sets td { white-space: normal; }
  .vitals table { font-size: 8pt; }
  a { text-decoration: none; }
  * { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  @page { margin: 12mm; }
}
)";

std::string Anchor(const std::string& metric) {
  std::string id = "metric-";
  for (const char c : metric)
    id += std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_' ? c : '_';
  return id;
}

/// "no difference" -> "v-no-difference": a class for any verdict word.
std::string VerdictClass(const std::string& verdict) {
  std::string c = "verdict v-";
  for (const char ch : verdict) c += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '-';
  return c;
}

/// A number as the summary CSV writes it: empty where it is none (the
/// interval's % of a baseline mean of 0, or no interval at all).
std::string FiniteOrEmpty(double v) { return std::isfinite(v) ? fmt::format("{}", v) : ""; }

/// The difference as the text summary prints it, with a real ± sign.
std::string Difference(const RowCells& c) { return c.Difference("±"); }

std::string Swatch(std::size_t set) {
  return fmt::format("<span class=\"swatch\" style=\"background:{}\"></span>", SetColor(set));
}

std::size_t SetIndex(const CompareInput& in, const std::string& label) {
  for (std::size_t i = 0; i < in.sets.size(); ++i)
    if (in.sets[i].label == label) return i;
  return 0;
}

std::string Join(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& s : items) text += (text.empty() ? "" : ", ") + s;
  return text;
}

/// The distinct boots of a set's measured runs ("-" when its rows carry no boot_id).
std::string SetBoots(const CompareSet& set) {
  std::set<std::string> boots;
  for (const std::string& b : set.run_boots)
    if (!b.empty()) boots.insert(b);
  return boots.empty() ? "-" : std::to_string(boots.size());
}

void AppendSets(const CompareInput& in, std::string& html) {
  html +=
      "<div class=\"scroll\"><table class=\"sets\"><thead><tr><th class=\"text\">set</th>"
      "<th class=\"text\">command</th><th>measured "
      "runs</th><th>boots</th><th>warm-up</th><th>failed, left out</th>"
      "<th class=\"text\">kernel</th><th class=\"text\">CPU</th><th class=\"text\">from</th>"
      "</tr></thead><tbody>";
  for (std::size_t i = 0; i < in.sets.size(); ++i) {
    const CompareSet& s = in.sets[i];
    html += fmt::format(
        "<tr><td class=\"text\">{}<b>{}</b>{}</td><td class=\"text files\">{}</td><td>{}</td>"
        "<td>{}</td><td>{}</td><td>{}</td>"
        "<td class=\"text\">{}</td><td class=\"text\">{}</td><td class=\"text files\">{}</td></tr>",
        Swatch(i), EscapeXml(s.label), i == 0 ? " <span class=\"sub\">(baseline)</span>" : "",
        EscapeXml(s.command.empty() ? "-" : s.command), s.runs, SetBoots(s), s.warmup_runs,
        s.failed_runs, EscapeXml(Join(s.kernel_releases)), EscapeXml(Join(s.cpu_models)),
        EscapeXml(Join(s.files)));
  }
  html += "</tbody></table></div>\n";
}

void AppendSummary(const CompareInput& in, const HtmlReportParts& parts,
                   const std::vector<RowCells>& cells, std::string& html) {
  html += "<section id=\"summary\"><h2>Summary</h2>";
  if (cells.empty()) {
    html += "<p>No metric could be compared.</p></section>\n";
    return;
  }
  const bool one_other = in.sets.size() == 2;
  const std::string tests = TestsHeading(parts.rows);
  const bool several_tests = tests.find(" and ") != std::string::npos;
  const bool boots = AnyAcrossBoots(parts.rows);
  const bool hosts = std::any_of(parts.rows.begin(), parts.rows.end(),
                                 [](const ComparisonRow& r) { return r.hosts > 1; });
  html += fmt::format(
      "<p class=\"sub\">Each set against the baseline, <b>{}</b>, by the metric's direction: "
      "{}.</p>",
      EscapeXml(in.sets.front().label),
      EscapeXml(VerdictTerms(tests, parts.confidence_percent, parts.threshold_percent)));
  if (const std::string note = OneBootNote(in, parts.rows); !note.empty())
    html += "<p class=\"sub\">" + EscapeXml(note) + "</p>";
  html +=
      "<div class=\"scroll\"><table class=\"summary\"><thead><tr><th class=\"text\">metric"
      "</th><th class=\"text\">better</th>";
  if (!one_other) html += "<th class=\"text\">set</th>";
  html += fmt::format(
      "<th>{} mean</th><th>{}</th>{}<th>difference ({:g}% CI)</th><th>p</th>{}{}"
      "<th>M–W p</th><th class=\"text\">verdict</th></tr></thead><tbody>",
      EscapeXml(in.sets.front().label),
      one_other ? EscapeXml(in.sets[1].label) + " mean" : std::string("mean"),
      several_tests ? "<th class=\"text\">test</th>" : "", parts.confidence_percent,
      hosts ? "<th>hosts</th>" : "", boots ? "<th>boots</th><th class=\"text\">variance</th>" : "");
  for (const RowCells& c : cells) {
    const ComparisonRow& r = c.row;
    html += fmt::format(
        "<tr><td class=\"text\"><a href=\"#{}\">{}</a></td><td class=\"text\">{}"
        "</td>",
        Anchor(r.metric), EscapeXml(c.metric), c.better);
    if (!one_other)
      html += fmt::format("<td class=\"text\">{}{}</td>", Swatch(SetIndex(in, r.set)),
                          EscapeXml(r.set));
    html += fmt::format("<td data-value=\"{}\">{}</td><td data-value=\"{}\">{}</td>",
                        r.mean_baseline, EscapeXml(c.mean_baseline), r.mean, EscapeXml(c.mean));
    if (several_tests) html += "<td class=\"text\">" + EscapeXml(c.test) + "</td>";
    html += fmt::format(
        "<td data-test=\"{}\" data-ci-low=\"{}\" data-ci-high=\"{}\">{}</td><td>{}</td>",
        EscapeXml(c.test), FiniteOrEmpty(r.relative.low_percent),
        FiniteOrEmpty(r.relative.high_percent), EscapeXml(Difference(c)), EscapeXml(c.p));
    if (hosts) html += "<td>" + EscapeXml(c.hosts) + "</td>";
    if (boots)
      html += fmt::format("<td>{}</td><td class=\"text variance\">{} {}</td>", EscapeXml(c.boots),
                          VarianceBarSvg(r), EscapeXml(c.variance));
    html += fmt::format("<td>{}</td><td class=\"text {}\">{}</td></tr>",
                        EscapeXml(c.mann_whitney_p), VerdictClass(c.verdict), EscapeXml(c.verdict));
  }
  html += "</tbody></table></div></section>\n";
}

/// A parameter scan: per metric a small chart of its mean against the value.
void AppendScan(const ScanTable& scan, std::string& html) {
  if (scan.parameters.size() == 1) {
    html += fmt::format(
        "<section id=\"scan\"><h2>Scan of {}</h2><p class=\"sub\">Each metric's mean at each "
        "value of {} (dots, coloured as the sets), the bar its {:g}% interval (Student's t).</p>"
        "<div class=\"scan-charts\">",
        EscapeXml(scan.parameter), EscapeXml(scan.parameter), scan.confidence_percent);
  } else {
    std::string others;
    for (std::size_t p = 1; p < scan.parameters.size(); ++p)
      others += (p > 1 ? ", " : "") + scan.parameters[p];
    html += fmt::format(
        "<section id=\"scan\"><h2>Scan of {}, {}</h2><p class=\"sub\">Each metric's mean at "
        "each value of {}, a line per value of {}, the bar its {:g}% interval (Student's t).</p>"
        "<div class=\"scan-charts\">",
        EscapeXml(scan.parameters.front()), EscapeXml(others), EscapeXml(scan.parameters.front()),
        EscapeXml(others), scan.confidence_percent);
  }
  for (std::size_t m = 0; m < scan.metrics.size(); ++m) {
    const std::string svg = ScanChartSvg(scan, m);
    if (svg.empty()) continue;
    html += fmt::format(
        "<figure class=\"scan\">{}<figcaption><a href=\"#{}\">{}</a>"
        "</figcaption></figure>",
        svg, Anchor(scan.metric_keys[m]), EscapeXml(scan.metrics[m]));
  }
  html += "</div></section>\n";
}

void AppendList(const char* title, const char* css, const std::vector<std::string>& items,
                std::string& html) {
  if (items.empty()) return;
  html += fmt::format("<p class=\"sub\">{}</p><ul class=\"{}\">", title, css);
  for (const std::string& item : items) html += "<li>" + EscapeXml(item) + "</li>";
  html += "</ul>\n";
}

/// ministat's vitals of each set under the strip plot, with the interval.
std::string Vitals(const CompareInput& in, const std::string& metric, double confidence) {
  std::string html = fmt::format(
      "<table><thead><tr><th class=\"text\">set</th><th>N</th><th>min</th>"
      "<th>median</th><th>mean</th><th>{:g}% CI ±</th><th>max</th><th>stddev</th></tr></thead>"
      "<tbody>",
      confidence);
  for (std::size_t i = 0; i < in.sets.size(); ++i) {
    const std::optional<SetCells> c = FormatSetCells(in.sets[i], metric, confidence);
    if (!c) continue;
    html += fmt::format(
        "<tr><td class=\"text\">{}{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
        "<td>{}</td><td>{}</td></tr>",
        Swatch(i), EscapeXml(in.sets[i].label), c->n, c->min, c->median, c->mean, c->margin, c->max,
        c->stddev);
  }
  return html + "</tbody></table>";
}

/// For a metric measured across boots: how the strip plot groups them, and
/// where the mixed model put the variance.
std::string BootCaption(const std::vector<RowCells>& cells, const std::string& metric) {
  std::string shares;
  bool across = false;
  for (const RowCells& c : cells) {
    if (c.row.metric != metric) continue;
    across = across || c.row.boots_baseline > 1 || c.row.boots > 1;
    if (c.variance != "-")
      shares += fmt::format("{}{} against {}: {}", shares.empty() ? "" : "; ", c.row.set,
                            c.row.baseline, c.variance);
  }
  if (!across) return {};
  return " A set's runs are stacked by boot, one lane each with a tick at the boot's mean; the "
         "difference's interval in the summary counts boots, not runs." +
         (shares.empty() ? std::string() : " Variance: " + EscapeXml(shares) + ".");
}

void AppendMetric(const CompareInput& in, const HtmlReportParts& parts,
                  const std::vector<RowCells>& cells, const std::string& metric,
                  std::string& html) {
  const std::string strip = StripPlotSvg(in, metric, parts.confidence_percent);
  const std::string order = RunOrderSvg(in, metric);
  if (strip.empty() && order.empty()) return;
  html += fmt::format(
      "<section class=\"metric\" id=\"{}\"><h2>{}<span class=\"dir\">{} is better</span></h2>",
      Anchor(metric), EscapeXml(WithUnit(metric)), LowerIsBetter(in, metric) ? "lower" : "higher");
  std::string verdicts;
  for (const RowCells& c : cells) {
    if (c.row.metric != metric) continue;
    verdicts +=
        fmt::format("{}{}{}: {} <span class=\"{}\">{}</span>", verdicts.empty() ? "" : "; ",
                    Swatch(SetIndex(in, c.row.set)), EscapeXml(c.row.set), EscapeXml(Difference(c)),
                    VerdictClass(c.verdict), EscapeXml(c.verdict));
  }
  if (!verdicts.empty()) html += "<p>" + verdicts + "</p>";
  html += "<div class=\"charts\">";
  if (!strip.empty())
    html += fmt::format(
        "<figure class=\"strip\">{}<figcaption>Every measured run (dots); the mean (bar) and its "
        "{:g}% confidence interval over the runs.{}</figcaption></figure><div class=\"vitals "
        "scroll\">{}</div>",
        strip, parts.confidence_percent, BootCaption(cells, metric),
        Vitals(in, metric, parts.confidence_percent));
  if (!order.empty())
    html += "<figure class=\"order\">" + order +
            "<figcaption>The runs in order; hollow: warm-up runs, left out of every "
            "statistic.</figcaption></figure>";
  html += "</div></section>\n";
}

}  // namespace

std::string FormatHtmlReport(const CompareInput& in, const HtmlReportParts& parts) {
  std::vector<std::string> labels;
  for (const CompareSet& s : in.sets) labels.push_back(s.label);
  std::string html = fmt::format(
      "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
      "<meta charset=\"utf-8\"/>\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
      "<title>timeit compare: {}</title>\n<style>{}</style>\n</head>\n<body>\n"
      "<header><h1>timeit compare</h1><p class=\"lede\">{} sets, the first is the baseline. "
      "Statistics use the measured runs only.</p>\n",
      EscapeXml(Join(labels)), kStyle, in.sets.size());
  AppendSets(in, html);
  html += "</header>\n";
  const std::vector<RowCells> cells = FormatRowCells(parts.rows);
  AppendSummary(in, parts, cells, html);
  if (parts.scan != nullptr) AppendScan(*parts.scan, html);
  html += parts.profile_section;
  AppendList("Warnings:", "warnings", parts.warnings, html);
  AppendList("Notes:", "notes", parts.notes, html);
  for (const std::string& metric : parts.metrics) AppendMetric(in, parts, cells, metric, html);
  html += fmt::format("<footer>Written by timeit {} (timeit compare --html).</footer>\n", kVersion);
  return html + "</body>\n</html>\n";
}

}  // namespace timeit
