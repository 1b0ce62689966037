#include "wrapper/compare/export/scan_chart.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "wrapper/base/number_text.h"
#include "wrapper/compare/export/svg_parts.h"

namespace timeit {
namespace {

constexpr double kHeight = 220, kTop = 10, kBottom = 34, kRight = 18;

/// Each value's position on the x axis: the number it is, or its place
/// when some value is no number. `values` are the first parameter's, each
/// once; `row` is each set's index into them.
struct Positions {
  std::vector<std::string> values;
  std::vector<double> at;
  std::vector<std::size_t> row;
  bool numeric = true;
};

Positions PositionsOf(const ScanTable& scan) {
  Positions p;
  for (const std::vector<std::string>& settings : scan.settings) {
    const std::string& v = settings.front();
    const auto seen = std::find(p.values.begin(), p.values.end(), v);
    p.row.push_back(static_cast<std::size_t>(seen - p.values.begin()));
    if (seen != p.values.end()) continue;
    p.values.push_back(v);
    double number = 0;
    if (!ParseFinite(v, number)) p.numeric = false;
    p.at.push_back(number);
  }
  if (!p.numeric)
    for (std::size_t i = 0; i < p.at.size(); ++i) p.at[i] = static_cast<double>(i);
  return p;
}

/// With several parameters, a line per combination of the others' values
/// ("b=x"), in the order they first come; one line, unnamed, with one.
struct Lines {
  std::vector<std::string> names;
  std::vector<std::size_t> of;  ///< per set, its line
};

Lines LinesOf(const ScanTable& scan) {
  Lines lines;
  for (const std::vector<std::string>& settings : scan.settings) {
    std::string name;
    for (std::size_t p = 1; p < settings.size(); ++p)
      name += (p > 1 ? "," : "") + scan.parameters[p] + "=" + settings[p];
    const auto seen = std::find(lines.names.begin(), lines.names.end(), name);
    lines.of.push_back(static_cast<std::size_t>(seen - lines.names.begin()));
    if (seen == lines.names.end()) lines.names.push_back(name);
  }
  return lines;
}

/// A set's settings as its label says them: "n=4", "a=1,b=x".
std::string SettingsText(const ScanTable& scan, std::size_t v) {
  std::string text;
  for (std::size_t p = 0; p < scan.parameters.size(); ++p)
    text += (p > 0 ? "," : "") + scan.parameters[p] + "=" + scan.settings[v][p];
  return text;
}

/// The x axis: nice ticks inside the values' range when they are numbers,
/// else each value's label (every k-th of many, so that none overlap).
void AppendParameterAxis(const ScanTable& scan, const Positions& p, const Scale& x,
                         std::string& svg) {
  const double y = kHeight - kBottom;
  if (p.numeric) {
    Ticks t = NiceTicks(x.lo, x.hi);
    while (t.lo < x.lo - t.step * 1e-9) t.lo += t.step;
    while (t.hi > x.hi + t.step * 1e-9) t.hi -= t.step;
    AxisX(x, t, y, /*grid_top=*/false, 0, svg);
  } else {
    svg += fmt::format("<g class=\"axis\"><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                       Px(x.p0), Px(y), Px(x.p1), Px(y));
    const std::size_t every = (p.values.size() + 11) / 12;
    for (std::size_t i = 0; i < p.values.size(); i += every) {
      const std::string& v = p.values[i];
      svg += fmt::format(
          "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>"
          "<text x=\"{0}\" y=\"{3}\" text-anchor=\"middle\">{4}</text>",
          Px(x.At(p.at[i])), Px(y), Px(y + 4), Px(y + 16),
          EscapeXml(v.size() > 10 ? v.substr(0, 9) + "…" : v));
    }
    svg += "</g>";
  }
  svg += fmt::format("<text class=\"label\" x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
                     Px(x.p1), Px(kHeight - 2), EscapeXml(scan.parameters.front()));
}

/// The y axis with its grid.
void AppendValueAxis(const Scale& x, const Scale& y, const Ticks& t, std::string& svg) {
  svg += "<g class=\"axis\">";
  for (double v = t.lo; v <= t.hi + t.step * 1e-9; v += t.step)
    svg += fmt::format(
        "<line class=\"grid\" x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\"/>"
        "<text x=\"{3}\" y=\"{4}\" text-anchor=\"end\">{5}</text>",
        Px(x.p0), Px(y.At(v)), Px(x.p1), Px(x.p0 - 5), Px(y.At(v) + 4),
        EscapeXml(TickLabel(v, t.step)));
  svg += "</g>";
}

}  // namespace

std::string ScanChartSvg(const ScanTable& scan, std::size_t metric) {
  double lo = INFINITY, hi = -INFINITY;
  std::vector<std::size_t> shown;  // the values with a mean
  for (std::size_t v = 0; v < scan.cells.size(); ++v) {
    const ScanTable::Cell& c = scan.cells[v][metric];
    if (std::isnan(c.mean_value)) continue;
    shown.push_back(v);
    const double half = std::isnan(c.half_width) ? 0 : c.half_width;
    lo = std::min(lo, c.mean_value - half), hi = std::max(hi, c.mean_value + half);
  }
  if (shown.empty()) return {};
  const Positions p = PositionsOf(scan);
  const Lines lines = LinesOf(scan);
  const bool several = lines.names.size() > 1;
  const auto [first, last] = std::minmax_element(p.at.begin(), p.at.end());
  const double pad = *last > *first ? (*last - *first) * 0.04 : 0.5;
  const Ticks ty = NiceTicks(lo, hi);
  const std::size_t widest_tick =
      std::max(TickLabel(ty.lo, ty.step).size(), TickLabel(ty.hi, ty.step).size());
  const double left = std::clamp(static_cast<double>(widest_tick) * 6.6 + 16, 40.0, 100.0);
  const Scale x{*first - pad, *last + pad, left, kChartWidth - kRight};
  const Scale y{ty.lo, ty.hi, kHeight - kBottom, kTop};
  const std::string& name = scan.metrics[metric];
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart scan\" viewBox=\"0 0 {} {}\" "
      "role=\"img\" aria-label=\"{}: the mean and its interval at each value of {}\" "
      "data-metric=\"{}\" data-parameter=\"{}\" data-numeric=\"{}\" data-confidence=\"{}\">",
      kChartWidth, kHeight, EscapeXml(name), EscapeXml(scan.parameters.front()),
      EscapeXml(scan.metric_keys[metric]), EscapeXml(scan.parameter), p.numeric ? 1 : 0,
      Exact(scan.confidence_percent));
  AppendValueAxis(x, y, ty, svg);
  AppendParameterAxis(scan, p, x, svg);
  // One line: grey, its dots coloured as their sets; several: each line and
  // its dots in a colour of their own, named in a legend in the bottom
  // margin, left of the parameter's name, where it covers no point.
  double legend_at = 4;
  const double legend_end = x.p1 - 7.0 * static_cast<double>(scan.parameters.front().size()) - 12;
  for (std::size_t l = 0; l < lines.names.size(); ++l) {
    std::string points;
    for (const std::size_t v : shown)
      if (lines.of[v] == l)
        points += fmt::format("{},{} ", Px(x.At(p.at[p.row[v]])),
                              Px(y.At(scan.cells[v][metric].mean_value)));
    if (points.empty()) continue;
    points.pop_back();
    if (several) {
      svg += fmt::format("<polyline class=\"trace\" stroke=\"{}\" data-line=\"{}\" points=\"{}\"/>",
                         SetColor(l), EscapeXml(lines.names[l]), points);
      const double width = 6.2 * static_cast<double>(lines.names[l].size()) + 12;
      if (legend_at + width <= legend_end)
        svg += fmt::format("<text class=\"legend\" x=\"{}\" y=\"{}\" fill=\"{}\">{}</text>",
                           Px(legend_at), Px(kHeight - 2), SetColor(l), EscapeXml(lines.names[l]));
      legend_at += width;
    } else
      svg += "<polyline class=\"trace\" stroke=\"#666666\" points=\"" + points + "\"/>";
  }
  for (const std::size_t v : shown) {
    const ScanTable::Cell& c = scan.cells[v][metric];
    const double cx = x.At(p.at[p.row[v]]);
    svg += fmt::format("<g class=\"point\" data-value=\"{}\" data-mean=\"{}\"",
                       EscapeXml(scan.values[v]), Exact(c.mean_value));
    if (!std::isnan(c.half_width))
      svg += fmt::format(" data-ci-low=\"{}\" data-ci-high=\"{}\">",
                         Exact(c.mean_value - c.half_width), Exact(c.mean_value + c.half_width)) +
             fmt::format("<path class=\"ci\" d=\"M{0} {1}V{2}M{3} {1}H{4}M{3} {2}H{4}\"/>", Px(cx),
                         Px(y.At(c.mean_value - c.half_width)),
                         Px(y.At(c.mean_value + c.half_width)), Px(cx - 3), Px(cx + 3));
    else
      svg += ">";
    svg += fmt::format(
        "<circle class=\"run\" cx=\"{}\" cy=\"{}\" r=\"3.4\" fill=\"{}\"><title>{}: {} +/- "
        "{}</title></circle></g>",
        Px(cx), Px(y.At(c.mean_value)), SetColor(several ? lines.of[v] : v),
        EscapeXml(SettingsText(scan, v)), c.mean, c.margin);
  }
  return svg + "</svg>";
}

}  // namespace timeit
