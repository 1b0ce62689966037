#include "wrapper/compare/export/svg_parts.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "wrapper/base/si_prefixes.h"

namespace timeit {
namespace {

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

}  // namespace

Ticks NiceTicks(double lo, double hi, bool whole) {
  if (!(hi > lo)) {  // one value: a small range around it
    const double pad = lo != 0 ? std::abs(lo) * 0.01 : 1;
    lo -= pad;
    hi += pad;
  }
  double step = NiceNumber(NiceNumber(hi - lo, false) / 4, true);
  if (whole) step = std::max(1.0, std::round(step));
  return {std::floor(lo / step) * step, std::ceil(hi / step) * step, step};
}

std::string Px(double v) { return fmt::format("{:.2f}", v); }

/// A number in an attribute: reads back to the same double.
std::string Exact(double v) { return fmt::format("{}", v); }

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

std::string ReadableNumber(double v) {
  if (v != 0 && std::abs(v) < 1e-4) {
    // Six significant digits in fixed notation (0.000029466, not 2.9466e-05).
    const int decimals = 5 - static_cast<int>(std::floor(std::log10(std::abs(v))));
    std::string text = fmt::format("{:.{}f}", v, decimals);
    while (text.back() == '0') text.pop_back();
    return text;
  }
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
    for (const auto& [factor, prefix] : kSiPrefixes) {
      if (magnitude < factor) continue;
      const int decimals =
          std::max(0, -static_cast<int>(std::floor(std::log10(step / factor) + 1e-9)));
      return fmt::format("{:.{}f}{}", v / factor, decimals, prefix);
    }
  }
  const int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)));
  return fmt::format("{:.{}f}", v, decimals);
}

}  // namespace timeit
