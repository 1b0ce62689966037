#pragma once

#include <string>
#include <string_view>

namespace timeit {

// The drawing parts the HTML report's charts share: scales, ticks, axes,
// colours and escaping.

/// The width of every chart's viewBox.
inline constexpr double kChartWidth = 560;

/// Nice tick positions covering [lo, hi] (Heckbert's "nice numbers").
struct Ticks {
  double lo = 0, hi = 1, step = 1;
};

/// Ticks for [lo, hi]; `whole`: steps of whole numbers (run numbers).
Ticks NiceTicks(double lo, double hi, bool whole = false);

/// Maps [lo, hi] onto pixels [p0, p1].
struct Scale {
  double lo, hi, p0, p1;
  double At(double v) const { return p0 + (v - lo) / (hi - lo) * (p1 - p0); }
};

/// A pixel coordinate: two decimals.
std::string Px(double v);

/// A number in an attribute: reads back to the same double.
std::string Exact(double v);

/// Appends a horizontal axis at `y` with `t`'s ticks on `x`, and grid lines
/// up to `top` when `grid_top`.
void AxisX(const Scale& x, const Ticks& t, double y, bool grid_top, double top, std::string& svg);

/// The colour of the i-th set in every chart and legend of the HTML report:
/// the Okabe–Ito palette, told apart with colour-blindness and in greyscale
/// print better than most.
const char* SetColor(std::size_t set_index);

/// `text` escaped for XML text and attribute values (the report parses as XML).
std::string EscapeXml(std::string_view text);

/// `v` for one run's tooltip, six significant digits as %.6g, but large
/// numbers written out with thousands separators (2,203,670, not 2.20367e+06)
/// and small ones in fixed notation (0.000029466, not 2.9466e-05).
std::string ReadableNumber(double v);

/// `v` as an axis label for ticks `step` apart: enough decimals to tell the
/// ticks apart, k/M/G/T from 10,000 on.
std::string TickLabel(double v, double step);

}  // namespace timeit
