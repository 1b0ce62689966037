#include "wrapper/compare/export/charts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "wrapper/compare/sets/boots.h"
#include "wrapper/compare/verdicts/report_cells.h"

namespace timeit {
namespace {

const MetricSeries* FindSeries(const CompareSet& set, const std::string& metric) {
  const auto it = set.metrics.find(metric);
  return it == set.metrics.end() ? nullptr : &it->second;
}

// The strip plot.

/// One set's row of the strip plot.
struct StripRow {
  std::size_t set;
  const MetricSeries* m;
  double mean, margin;    ///< margin: the interval's half-width, NaN below two values
  std::string mean_text;  ///< as the vitals table beside the plot shows it
};

/// The strip plot's rows and what they span.
struct StripLayout {
  std::vector<StripRow> rows;
  double lo = INFINITY, hi = -INFINITY;  ///< every value and interval end
  std::size_t longest_label = 4;
};

StripLayout LayOutStrips(const CompareInput& in, const std::string& metric, double confidence) {
  StripLayout l;
  for (std::size_t i = 0; i < in.sets.size(); ++i) {
    const std::optional<SetCells> cells = FormatSetCells(in.sets[i], metric, confidence);
    if (!cells) continue;
    const MetricSeries* m = FindSeries(in.sets[i], metric);
    const double mean = cells->summary.mean, margin = cells->interval.half_width;
    l.rows.push_back({i, m, mean, margin, cells->mean});
    for (double v : m->values) l.lo = std::min(l.lo, v), l.hi = std::max(l.hi, v);
    if (!std::isnan(margin))
      l.lo = std::min(l.lo, mean - margin), l.hi = std::max(l.hi, mean + margin);
    l.longest_label = std::max(l.longest_label, std::min<std::size_t>(in.sets[i].label.size(), 24));
  }
  return l;
}

/// The set's label at the left of its row, cut at 24 characters.
void AppendStripLabel(const CompareSet& set, const char* color, double left, double cy,
                      std::string& svg) {
  const std::string label = set.label.size() > 24 ? set.label.substr(0, 23) + "…" : set.label;
  svg += fmt::format(
      "><text class=\"label\" x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"{}\">{}<title>{}"
      "</title></text>",
      Px(left - 8), Px(cy + 4), color, EscapeXml(label), EscapeXml(set.label));
}

/// The lane of each value when the set's values come from two or more
/// boots (boots in order of first appearance), and how many lanes.
std::pair<std::vector<std::size_t>, std::size_t> BootLanes(const CompareSet& set,
                                                           const MetricSeries& m) {
  std::map<std::string, std::size_t> lanes;
  std::vector<std::size_t> lane;
  for (const std::string& key : BootKeys(set, m))
    lane.push_back(lanes.emplace(key, lanes.size()).first->second);
  return {lane, lanes.size()};
}

/// Every measured run of the row a dot. Across boots each boot has a lane
/// of its own in the row, with a tick at the boot's mean, so that the
/// spread between boots shows beside the spread within them.
void AppendStripDots(const CompareSet& set, const MetricSeries& m, const char* color,
                     const Scale& x, double cy, std::string& svg) {
  const auto [lane, lanes] = BootLanes(set, m);
  const bool by_boot = lanes > 1;
  const auto lane_y = [&](std::size_t l) {
    return cy + (static_cast<double>(l) / static_cast<double>(lanes - 1) - 0.5) * 20;
  };
  std::vector<double> sum(lanes, 0), count(lanes, 0);
  for (std::size_t j = 0; j < m.values.size(); ++j) {
    // A golden-ratio sequence spreads the dots evenly over the row's height
    // (over a little of the lane's, by boot).
    const double jitter = (std::fmod(static_cast<double>(j) * 0.6180339887, 1.0) - 0.5);
    const double y = by_boot ? lane_y(lane[j]) + jitter * 3 : cy + jitter * 18;
    const long run = set.run_numbers[m.run_index[j]];
    const std::string boot = by_boot ? set.run_boots.at(m.run_index[j]) : std::string();
    svg += fmt::format(
        "<circle class=\"run\" cx=\"{}\" cy=\"{}\" r=\"3.4\" fill=\"{}\" data-run=\"{}\" "
        "data-value=\"{}\"{}><title>{} run {}{}: {}</title></circle>",
        Px(x.At(m.values[j])), Px(y), color, run, Exact(m.values[j]),
        by_boot ? " data-boot=\"" + EscapeXml(boot) + "\"" : std::string(), EscapeXml(set.label),
        run, by_boot ? ", boot " + EscapeXml(boot.substr(0, 8)) : std::string(),
        ReadableNumber(m.values[j]));
    sum[lane[j]] += m.values[j];
    count[lane[j]] += 1;
  }
  if (!by_boot) return;
  for (std::size_t l = 0; l < lanes; ++l)
    svg += fmt::format(
        "<line class=\"boot-mean\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" "
        "data-boot-mean=\"{3}\"/>",
        Px(x.At(sum[l] / count[l])), Px(lane_y(l) - 4), Px(lane_y(l) + 4),
        Exact(sum[l] / count[l]));
}

/// One set's row: its group with the numbers, label, dots, interval and mean.
void AppendStripRow(const CompareSet& set, const StripRow& row, const Scale& x, double left,
                    double cy, std::string& svg) {
  const char* color = SetColor(row.set);
  svg += fmt::format("<g class=\"set\" data-set=\"{}\" data-mean=\"{}\"", EscapeXml(set.label),
                     Exact(row.mean));
  const bool interval = !std::isnan(row.margin);
  if (interval)
    svg += fmt::format(" data-ci-low=\"{}\" data-ci-high=\"{}\"", Exact(row.mean - row.margin),
                       Exact(row.mean + row.margin));
  AppendStripLabel(set, color, left, cy, svg);
  AppendStripDots(set, *row.m, color, x, cy, svg);
  if (interval)
    svg += fmt::format("<path class=\"ci\" d=\"M{0} {2}V{3}M{0} {4}H{1}M{1} {2}V{3}\"/>",
                       Px(x.At(row.mean - row.margin)), Px(x.At(row.mean + row.margin)), Px(cy - 5),
                       Px(cy + 5), Px(cy));
  svg += fmt::format(
      "<line class=\"mean\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"><title>{3} mean: {4}"
      "</title></line></g>",
      Px(x.At(row.mean)), Px(cy - 13), Px(cy + 13), EscapeXml(set.label), row.mean_text);
}

// The runs in order.

/// What the runs span: values and run numbers, warm-up runs included.
struct RunExtent {
  double lo = INFINITY, hi = -INFINITY, first = INFINITY, last = -INFINITY;
  void Add(double value, long run) {
    lo = std::min(lo, value), hi = std::max(hi, value);
    first = std::min(first, static_cast<double>(run)),
    last = std::max(last, static_cast<double>(run));
  }
};

RunExtent ExtentOfRuns(const CompareInput& in, const std::string& metric) {
  RunExtent e;
  for (const CompareSet& set : in.sets) {
    const MetricSeries* m = FindSeries(set, metric);
    if (m == nullptr) continue;
    for (std::size_t j = 0; j < m->values.size(); ++j)
      e.Add(m->values[j], set.run_numbers[m->run_index[j]]);
    for (std::size_t j = 0; j < m->warmup_values.size(); ++j)
      e.Add(m->warmup_values[j], set.warmup_run_numbers[m->warmup_index[j]]);
  }
  return e;
}

struct RunPoint {
  long run;
  double value;
  bool warmup;
};

/// A set's runs with a value, warm-up runs included, by run number.
std::vector<RunPoint> PointsInOrder(const CompareSet& set, const MetricSeries& m) {
  std::vector<RunPoint> points;
  for (std::size_t j = 0; j < m.warmup_values.size(); ++j)
    points.push_back({set.warmup_run_numbers[m.warmup_index[j]], m.warmup_values[j], true});
  for (std::size_t j = 0; j < m.values.size(); ++j)
    points.push_back({set.run_numbers[m.run_index[j]], m.values[j], false});
  std::stable_sort(points.begin(), points.end(),
                   [](const RunPoint& a, const RunPoint& b) { return a.run < b.run; });
  return points;
}

/// The y axis with its grid, and the word "run" under the x axis.
void AppendValueAxis(const Scale& x, const Scale& y, const Ticks& ty, double left, double height,
                     std::string& svg) {
  svg += "<g class=\"axis\">";
  for (double v = ty.lo; v <= ty.hi + ty.step * 1e-9; v += ty.step)
    svg += fmt::format(
        "<line class=\"grid\" x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\"/>"
        "<text x=\"{3}\" y=\"{4}\" text-anchor=\"end\">{5}</text>",
        Px(left), Px(y.At(v)), Px(x.p1), Px(left - 5), Px(y.At(v) + 4),
        EscapeXml(TickLabel(v, ty.step)));
  svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">run</text></g>", Px(x.p1),
                     Px(height - 2));
}

/// One set's trace: a line through its runs and a dot each, warm-ups hollow.
void AppendRunTrace(const CompareSet& set, std::size_t set_index,
                    const std::vector<RunPoint>& points, const Scale& x, const Scale& y,
                    std::string& svg) {
  const char* color = SetColor(set_index);
  svg += fmt::format(
      "<g class=\"set\" data-set=\"{}\"><polyline class=\"trace\" stroke=\"{}\" "
      "points=\"",
      EscapeXml(set.label), color);
  for (const RunPoint& p : points)
    svg += fmt::format("{},{} ", Px(x.At(static_cast<double>(p.run))), Px(y.At(p.value)));
  svg.back() = '"';
  svg += "/>";
  for (const RunPoint& p : points)
    svg += fmt::format(
        "<circle class=\"{}\" cx=\"{}\" cy=\"{}\" r=\"3.4\" {}=\"{}\" data-run=\"{}\" "
        "data-value=\"{}\"><title>{} run {}{}: {}</title></circle>",
        p.warmup ? "run warmup" : "run", Px(x.At(static_cast<double>(p.run))), Px(y.At(p.value)),
        p.warmup ? "stroke" : "fill", color, p.run, Exact(p.value), EscapeXml(set.label), p.run,
        p.warmup ? " (warm-up)" : "", ReadableNumber(p.value));
  svg += "</g>";
}

}  // namespace

std::string StripPlotSvg(const CompareInput& in, const std::string& metric,
                         double confidence_percent) {
  const StripLayout l = LayOutStrips(in, metric, confidence_percent);
  if (l.rows.empty()) return {};
  constexpr double kTop = 6, kRow = 34, kAxis = 30, kRight = 18;
  const double left = std::clamp(static_cast<double>(l.longest_label) * 6.6 + 14, 60.0, 180.0);
  const double rows = static_cast<double>(l.rows.size());
  const Ticks t = NiceTicks(l.lo, l.hi);
  const Scale x{t.lo, t.hi, left, kChartWidth - kRight};
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart strip\" viewBox=\"0 0 {} {}\" "
      "role=\"img\" aria-label=\"{}: every measured run per set, mean and confidence interval\" "
      "data-metric=\"{}\" data-confidence=\"{}\" data-lo=\"{}\" data-hi=\"{}\" data-x0=\"{}\" "
      "data-x1=\"{}\">",
      kChartWidth, kTop + kRow * rows + kAxis, EscapeXml(metric), EscapeXml(metric),
      Exact(confidence_percent), Exact(x.lo), Exact(x.hi), Px(x.p0), Px(x.p1));
  AxisX(x, t, kTop + kRow * rows + 2, /*grid_top=*/true, kTop, svg);
  for (std::size_t r = 0; r < l.rows.size(); ++r)
    AppendStripRow(in.sets[l.rows[r].set], l.rows[r], x, left,
                   kTop + kRow * (static_cast<double>(r) + 0.5), svg);
  return svg + "</svg>";
}

std::string RunOrderSvg(const CompareInput& in, const std::string& metric) {
  const RunExtent e = ExtentOfRuns(in, metric);
  if (e.lo > e.hi) return {};
  constexpr double kHeight = 230, kTop = 10, kBottom = 34, kRight = 18;
  const Ticks ty = NiceTicks(e.lo, e.hi);
  const std::size_t widest_tick =
      std::max(TickLabel(ty.lo, ty.step).size(), TickLabel(ty.hi, ty.step).size());
  const double left = std::clamp(static_cast<double>(widest_tick) * 6.6 + 16, 40.0, 100.0);
  // The x axis spans the runs only (half a run of margin); its ticks are the
  // nice whole numbers inside.
  Ticks tx = NiceTicks(e.first, e.last, /*whole=*/true);
  if (tx.lo < e.first) tx.lo += tx.step;
  if (tx.hi > e.last) tx.hi -= tx.step;
  const Scale x{e.first - 0.5, e.last + 0.5, left, kChartWidth - kRight};
  const Scale y{ty.lo, ty.hi, kHeight - kBottom, kTop};
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart order\" viewBox=\"0 0 {} {}\" "
      "role=\"img\" aria-label=\"{}: every run in order, warm-up runs hollow\" data-metric=\"{}\" "
      "data-lo=\"{}\" data-hi=\"{}\" data-y0=\"{}\" data-y1=\"{}\">",
      kChartWidth, kHeight, EscapeXml(metric), EscapeXml(metric), Exact(y.lo), Exact(y.hi),
      Px(y.p0), Px(y.p1));
  AppendValueAxis(x, y, ty, left, kHeight, svg);
  AxisX(x, tx, kHeight - kBottom, /*grid_top=*/false, 0, svg);
  for (std::size_t i = 0; i < in.sets.size(); ++i) {
    const MetricSeries* m = FindSeries(in.sets[i], metric);
    if (m == nullptr || (m->values.empty() && m->warmup_values.empty())) continue;
    AppendRunTrace(in.sets[i], i, PointsInOrder(in.sets[i], *m), x, y, svg);
  }
  return svg + "</svg>";
}

}  // namespace timeit
