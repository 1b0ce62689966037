#include "wrapper/compare/profile/profile_html.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "wrapper/base/p_value_text.h"
#include "wrapper/compare/export/charts.h"
#include "wrapper/compare/verdicts/readable_numbers.h"

namespace timeit {
namespace {

std::string MsCell(double v) { return std::isfinite(v) ? SiNumber(v) : "–"; }

std::string P(double p) { return std::isnan(p) ? "–" : EscapeXml(PValueText(p)); }

std::string Label(const FunctionDifference& f) {
  std::string object = f.key.object;
  if (const std::size_t slash = object.rfind('/'); slash != std::string::npos)
    object = object.substr(slash + 1);
  return f.key.function + " (" + object + ")";
}

/// Horizontal bars from a zero line: worse to the right in red, better to
/// the left in green, grey when not significant; whiskers are the intervals.
std::string BarChart(const ProfileComparison& c, std::size_t top) {
  const std::size_t n = std::min(top, c.functions.size());
  if (n == 0) return {};
  double reach = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const FunctionDifference& f = c.functions[i];
    for (double v : {f.difference_ms, f.ci_low_ms, f.ci_high_ms})
      if (std::isfinite(v)) reach = std::max(reach, std::fabs(v));
  }
  if (reach == 0) reach = 1;
  const double label_w = 330, plot_w = 420, row_h = 22, top_pad = 24;
  const double height = top_pad + row_h * static_cast<double>(n) + 10;
  const double zero = label_w + plot_w / 2;
  const auto x = [&](double v) { return zero + v / reach * (plot_w / 2 - 8); };
  std::string svg = fmt::format(
      "<svg class=\"chart\" viewBox=\"0 0 {} {}\" role=\"img\"><title>difference per function, "
      "ms per run</title>",
      label_w + plot_w + 10, height);
  svg += fmt::format(
      "<g class=\"axis\"><line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/><text x=\"{0}\" "
      "y=\"14\" text-anchor=\"middle\">0 ms</text><text x=\"{3}\" y=\"14\" "
      "text-anchor=\"end\">+{4} ms</text><text x=\"{5}\" y=\"14\">-{4} ms</text></g>",
      zero, top_pad - 4, height - 6, label_w + plot_w, MsCell(reach), label_w);
  for (std::size_t i = 0; i < n; ++i) {
    const FunctionDifference& f = c.functions[i];
    const double y = top_pad + row_h * static_cast<double>(i);
    const std::string color = std::string(f.verdict) == "worse"    ? "#b3261e"
                              : std::string(f.verdict) == "better" ? "#0a7a3e"
                                                                   : "#9e9e9e";
    const double x0 = std::min(x(0), x(f.difference_ms)), x1 = std::max(x(0), x(f.difference_ms));
    svg += fmt::format(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text><rect x=\"{}\" y=\"{}\" "
        "width=\"{}\" height=\"{}\" fill=\"{}\"/>",
        label_w - 8, y + 14, EscapeXml(Label(f).substr(0, 52)), x0, y + 4, std::max(x1 - x0, 1.0),
        row_h - 8, color);
    if (std::isfinite(f.ci_low_ms) && std::isfinite(f.ci_high_ms))
      svg += fmt::format("<line class=\"ci\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                         x(f.ci_low_ms), y + row_h / 2, x(f.ci_high_ms), y + row_h / 2);
  }
  return svg + "</svg>";
}

std::string Table(const ProfileComparison& c, std::size_t top, double confidence) {
  std::string html = fmt::format(
      "<div class=\"scroll\"><table class=\"profile\"><thead><tr><th class=\"text\">function</th>"
      "<th class=\"text\">object</th><th class=\"text\">mode</th><th>{} ms</th><th>{} ms</th>"
      "<th>difference ms ({:g}% CI)</th><th>p (Holm)</th><th>share</th>"
      "<th class=\"text\">verdict</th></tr></thead><tbody>",
      EscapeXml(c.baseline), EscapeXml(c.set), confidence);
  for (std::size_t i = 0; i < c.functions.size() && i < top; ++i) {
    const FunctionDifference& f = c.functions[i];
    const std::string interval =
        std::isfinite(f.ci_low_ms)
            ? fmt::format("{} [{}, {}]", MsCell(f.difference_ms), MsCell(f.ci_low_ms), MsCell(f.ci_high_ms))
            : MsCell(f.difference_ms);
    html += fmt::format(
        "<tr><td class=\"text\">{}</td><td class=\"text\">{}</td><td class=\"text\">{}</td>"
        "<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
        "<td class=\"text verdict v-{}\">{}</td></tr>",
        EscapeXml(f.key.function), EscapeXml(f.key.object), f.key.kernel ? "kernel" : "user",
        MsCell(f.mean_baseline_ms), MsCell(f.mean_ms), interval, P(f.p_adjusted),
        std::isfinite(f.share) ? ReadablePercent(f.share * 100, false) + "%" : "–",
        std::string(f.verdict) == "no difference" ? "no-difference" : f.verdict, f.verdict);
  }
  return html + "</tbody></table></div>";
}

}  // namespace

std::string ProfileHtmlSection(const std::vector<ProfileComparison>& comparisons, std::size_t top,
                               double confidence_percent) {
  if (comparisons.empty()) return {};
  std::string html = "<section id=\"profile\"><h2>Where the difference is</h2>";
  for (const ProfileComparison& c : comparisons) {
    html += fmt::format(
        "<p class=\"sub\">{} of <b>{}</b> against <b>{}</b>: Welch's t on {} and {} profiled "
        "runs, {:g}% intervals in ms per run; p adjusted by Holm over {} functions.</p>",
        EscapeXml(c.metric), EscapeXml(c.set), EscapeXml(c.baseline), c.n, c.n_baseline,
        confidence_percent, c.compared);
    html += Table(c, top, confidence_percent);
    html += "<figure>" + BarChart(c, top) +
            "<figcaption>The difference of each function's time per run, with its "
            "interval.</figcaption></figure>";
  }
  return html + "</section>\n";
}

}  // namespace timeit
