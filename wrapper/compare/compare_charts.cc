#include "wrapper/compare/compare_charts.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

#include "stats/student_table.h"
#include "stats/summary.h"

namespace timeit {
namespace {

constexpr double kWidth = 560;

/// Nice tick positions covering [lo, hi] (Heckbert's "nice numbers").
struct Ticks {
  double lo = 0, hi = 1, step = 1;
};

double NiceNumber(double x, bool round) {
  const double exponent = std::floor(std::log10(x));
  const double fraction = x / std::pow(10, exponent);
  double nice = 10;
  if (round)
    nice = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10;
  else
    nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * std::pow(10, exponent);
}

Ticks NiceTicks(double lo, double hi, bool whole = false) {
  if (!(hi > lo)) {  // one value: a small range around it
    const double pad = lo != 0 ? std::abs(lo) * 0.01 : 1;
    lo -= pad;
    hi += pad;
  }
  double step = NiceNumber(NiceNumber(hi - lo, false) / 4, true);
  if (whole) step = std::max(1.0, std::round(step));
  return {std::floor(lo / step) * step, std::ceil(hi / step) * step, step};
}

/// Maps [lo, hi] onto pixels [p0, p1].
struct Scale {
  double lo, hi, p0, p1;
  double At(double v) const { return p0 + (v - lo) / (hi - lo) * (p1 - p0); }
};

std::string Px(double v) { return fmt::format("{:.2f}", v); }

/// A number in an attribute: reads back to the same double.
std::string Exact(double v) { return fmt::format("{}", v); }

const MetricSeries* Find(const CompareSet& set, const std::string& metric) {
  const auto it = set.metrics.find(metric);
  return it == set.metrics.end() ? nullptr : &it->second;
}

void AxisX(const Scale& x, const Ticks& t, double y, bool grid_top, double top, std::string& svg) {
  svg += fmt::format("<g class=\"axis\"><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>", Px(x.p0),
                     Px(y), Px(x.p1), Px(y));
  for (double v = t.lo; v <= t.hi + t.step * 1e-9; v += t.step) {
    const double px = x.At(v);
    if (px < x.p0 - 0.01 || px > x.p1 + 0.01) continue;
    if (grid_top)
      svg += fmt::format("<line class=\"grid\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>",
                         Px(px), Px(top), Px(y));
    svg += fmt::format(
        "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>"
        "<text x=\"{0}\" y=\"{3}\" text-anchor=\"middle\">{4}</text>",
        Px(px), Px(y), Px(y + 4), Px(y + 16), EscapeXml(TickLabel(v, t.step)));
  }
  svg += "</g>";
}

}  // namespace

const char* SetColor(std::size_t set_index) {
  static constexpr std::array<const char*, 7> kColors = {"#0072b2", "#d55e00", "#009e73", "#cc79a7",
                                                         "#e69f00", "#56b4e9", "#666666"};
  return kColors[set_index % kColors.size()];
}

std::string EscapeXml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        // Control characters are not allowed in XML 1.0 at all.
        out += static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' ? ' ' : c;
    }
  }
  return out;
}

std::pair<double, double> MeanAndMargin(const std::vector<double>& values, double confidence) {
  std::vector<double> copy = values;
  const stats::Summary s = stats::SummarizeUnordered(copy);
  const double df = static_cast<double>(s.n) - 1;
  const double margin = s.n >= 2 ? stats::StudentCritical(confidence, df) * s.stddev /
                                       std::sqrt(static_cast<double>(s.n))
                                 : std::nan("");
  return {s.mean, margin};
}

std::string ReadableNumber(double v) {
  if (!(std::abs(v) >= 1e5) || std::abs(v) >= 1e15) return fmt::format("{:.6g}", v);
  // Six significant digits, then the integer part grouped by thousands.
  const double unit = std::pow(10, std::floor(std::log10(std::abs(v))) - 5);
  const std::string digits = fmt::format("{:.0f}", std::round(std::abs(v) / unit) * unit);
  std::string grouped = v < 0 ? "-" : "";
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) grouped += ',';
    grouped += digits[i];
  }
  return grouped;
}

std::string TickLabel(double v, double step) {
  if (std::abs(v) < step * 1e-9) v = 0;
  if (v == 0 && step >= 1) return "0";
  const double magnitude = std::max(std::abs(v), step);
  if (magnitude >= 1e4) {
    static constexpr std::array<std::pair<double, const char*>, 4> kPrefixes = {
        {{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}}};
    for (const auto& [factor, prefix] : kPrefixes) {
      if (magnitude < factor) continue;
      const int decimals =
          std::max(0, -static_cast<int>(std::floor(std::log10(step / factor) + 1e-9)));
      return fmt::format("{:.{}f}{}", v / factor, decimals, prefix);
    }
  }
  const int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)));
  return fmt::format("{:.{}f}", v, decimals);
}

std::string StripPlotSvg(const CompareInput& in, const std::string& metric,
                         double confidence_percent) {
  struct Row {
    std::size_t set;
    const MetricSeries* m;
    double mean, margin;
  };
  std::vector<Row> rows;
  double lo = INFINITY, hi = -INFINITY;
  std::size_t longest_label = 4;
  for (std::size_t i = 0; i < in.sets.size(); ++i) {
    const MetricSeries* m = Find(in.sets[i], metric);
    if (m == nullptr || m->values.empty()) continue;
    const auto [mean, margin] = MeanAndMargin(m->values, confidence_percent);
    rows.push_back({i, m, mean, margin});
    for (double v : m->values) lo = std::min(lo, v), hi = std::max(hi, v);
    if (!std::isnan(margin)) lo = std::min(lo, mean - margin), hi = std::max(hi, mean + margin);
    longest_label = std::max(longest_label, std::min<std::size_t>(in.sets[i].label.size(), 24));
  }
  if (rows.empty()) return {};
  constexpr double kTop = 6, kRow = 34, kAxis = 30, kRight = 18;
  const double left = std::clamp(static_cast<double>(longest_label) * 6.6 + 14, 60.0, 180.0);
  const double height = kTop + kRow * static_cast<double>(rows.size()) + kAxis;
  const Ticks t = NiceTicks(lo, hi);
  const Scale x{t.lo, t.hi, left, kWidth - kRight};
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart strip\" viewBox=\"0 0 {} {}\" "
      "role=\"img\" aria-label=\"{}: every measured run per set, mean and confidence interval\" "
      "data-metric=\"{}\" data-lo=\"{}\" data-hi=\"{}\" data-x0=\"{}\" data-x1=\"{}\">",
      kWidth, height, EscapeXml(metric), EscapeXml(metric), Exact(x.lo), Exact(x.hi), Px(x.p0),
      Px(x.p1));
  const double axis_y = kTop + kRow * static_cast<double>(rows.size()) + 2;
  AxisX(x, t, axis_y, /*grid_top=*/true, kTop, svg);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const CompareSet& set = in.sets[rows[r].set];
    const char* color = SetColor(rows[r].set);
    const double cy = kTop + kRow * (static_cast<double>(r) + 0.5);
    svg += fmt::format("<g class=\"set\" data-set=\"{}\" data-mean=\"{}\"", EscapeXml(set.label),
                       Exact(rows[r].mean));
    if (!std::isnan(rows[r].margin))
      svg +=
          fmt::format(" data-ci-low=\"{}\" data-ci-high=\"{}\"",
                      Exact(rows[r].mean - rows[r].margin), Exact(rows[r].mean + rows[r].margin));
    const std::string label = set.label.size() > 24 ? set.label.substr(0, 23) + "…" : set.label;
    svg += fmt::format(
        "><text class=\"label\" x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"{}\">{}<title>{}"
        "</title></text>",
        Px(left - 8), Px(cy + 4), color, EscapeXml(label), EscapeXml(set.label));
    const MetricSeries& m = *rows[r].m;
    for (std::size_t j = 0; j < m.values.size(); ++j) {
      // A golden-ratio sequence spreads the dots evenly over the row's height.
      const double jitter = (std::fmod(static_cast<double>(j) * 0.6180339887, 1.0) - 0.5) * 18;
      const long run = set.run_numbers[m.run_index[j]];
      svg += fmt::format(
          "<circle class=\"run\" cx=\"{}\" cy=\"{}\" r=\"3.4\" fill=\"{}\" data-run=\"{}\" "
          "data-value=\"{}\"><title>{} run {}: {}</title></circle>",
          Px(x.At(m.values[j])), Px(cy + jitter), color, run, Exact(m.values[j]),
          EscapeXml(set.label), run, ReadableNumber(m.values[j]));
    }
    if (!std::isnan(rows[r].margin)) {
      const double x0 = x.At(rows[r].mean - rows[r].margin);
      const double x1 = x.At(rows[r].mean + rows[r].margin);
      svg += fmt::format("<path class=\"ci\" d=\"M{0} {2}V{3}M{0} {4}H{1}M{1} {2}V{3}\"/>", Px(x0),
                         Px(x1), Px(cy - 5), Px(cy + 5), Px(cy));
    }
    svg += fmt::format(
        "<line class=\"mean\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"><title>{3} mean: {4}"
        "</title></line></g>",
        Px(x.At(rows[r].mean)), Px(cy - 13), Px(cy + 13), EscapeXml(set.label),
        ReadableNumber(rows[r].mean));
  }
  return svg + "</svg>";
}

std::string RunOrderSvg(const CompareInput& in, const std::string& metric) {
  double lo = INFINITY, hi = -INFINITY, first = INFINITY, last = -INFINITY;
  for (const CompareSet& set : in.sets) {
    const MetricSeries* m = Find(set, metric);
    if (m == nullptr) continue;
    for (std::size_t j = 0; j < m->values.size(); ++j) {
      lo = std::min(lo, m->values[j]), hi = std::max(hi, m->values[j]);
      const double run = static_cast<double>(set.run_numbers[m->run_index[j]]);
      first = std::min(first, run), last = std::max(last, run);
    }
    for (std::size_t j = 0; j < m->warmup_values.size(); ++j) {
      lo = std::min(lo, m->warmup_values[j]), hi = std::max(hi, m->warmup_values[j]);
      const double run = static_cast<double>(set.warmup_run_numbers[m->warmup_index[j]]);
      first = std::min(first, run), last = std::max(last, run);
    }
  }
  if (lo > hi) return {};
  constexpr double kHeight = 230, kTop = 10, kBottom = 34, kRight = 18;
  const Ticks ty = NiceTicks(lo, hi);
  const double left = std::clamp(static_cast<double>(std::max(TickLabel(ty.lo, ty.step).size(),
                                                              TickLabel(ty.hi, ty.step).size())) *
                                         6.6 +
                                     16,
                                 40.0, 100.0);
  // The x axis spans the runs only (half a run of margin); its ticks are the
  // nice whole numbers inside.
  Ticks tx = NiceTicks(first, last, /*whole=*/true);
  if (tx.lo < first) tx.lo += tx.step;
  if (tx.hi > last) tx.hi -= tx.step;
  const Scale x{first - 0.5, last + 0.5, left, kWidth - kRight};
  const Scale y{ty.lo, ty.hi, kHeight - kBottom, kTop};
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart order\" viewBox=\"0 0 {} {}\" "
      "role=\"img\" aria-label=\"{}: every run in order, warm-up runs hollow\" data-metric=\"{}\" "
      "data-lo=\"{}\" data-hi=\"{}\" data-y0=\"{}\" data-y1=\"{}\">",
      kWidth, kHeight, EscapeXml(metric), EscapeXml(metric), Exact(y.lo), Exact(y.hi), Px(y.p0),
      Px(y.p1));
  svg += "<g class=\"axis\">";
  for (double v = ty.lo; v <= ty.hi + ty.step * 1e-9; v += ty.step)
    svg += fmt::format(
        "<line class=\"grid\" x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\"/>"
        "<text x=\"{3}\" y=\"{4}\" text-anchor=\"end\">{5}</text>",
        Px(left), Px(y.At(v)), Px(x.p1), Px(left - 5), Px(y.At(v) + 4),
        EscapeXml(TickLabel(v, ty.step)));
  svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">run</text></g>", Px(x.p1),
                     Px(kHeight - 2));
  AxisX(x, tx, kHeight - kBottom, /*grid_top=*/false, 0, svg);
  for (std::size_t i = 0; i < in.sets.size(); ++i) {
    const CompareSet& set = in.sets[i];
    const MetricSeries* m = Find(set, metric);
    if (m == nullptr || (m->values.empty() && m->warmup_values.empty())) continue;
    struct Point {
      long run;
      double value;
      bool warmup;
    };
    std::vector<Point> points;
    for (std::size_t j = 0; j < m->warmup_values.size(); ++j)
      points.push_back({set.warmup_run_numbers[m->warmup_index[j]], m->warmup_values[j], true});
    for (std::size_t j = 0; j < m->values.size(); ++j)
      points.push_back({set.run_numbers[m->run_index[j]], m->values[j], false});
    std::stable_sort(points.begin(), points.end(),
                     [](const Point& a, const Point& b) { return a.run < b.run; });
    const char* color = SetColor(i);
    svg += fmt::format(
        "<g class=\"set\" data-set=\"{}\"><polyline class=\"trace\" stroke=\"{}\" "
        "points=\"",
        EscapeXml(set.label), color);
    for (const Point& p : points)
      svg += fmt::format("{},{} ", Px(x.At(static_cast<double>(p.run))), Px(y.At(p.value)));
    svg.back() = '"';
    svg += "/>";
    for (const Point& p : points)
      svg += fmt::format(
          "<circle class=\"{}\" cx=\"{}\" cy=\"{}\" r=\"3.4\" {}=\"{}\" data-run=\"{}\" "
          "data-value=\"{}\"><title>{} run {}{}: {}</title></circle>",
          p.warmup ? "run warmup" : "run", Px(x.At(static_cast<double>(p.run))), Px(y.At(p.value)),
          p.warmup ? "stroke" : "fill", color, p.run, Exact(p.value), EscapeXml(set.label), p.run,
          p.warmup ? " (warm-up)" : "", ReadableNumber(p.value));
    svg += "</g>";
  }
  return svg + "</svg>";
}

}  // namespace timeit
