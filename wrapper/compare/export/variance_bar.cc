#include "wrapper/compare/export/variance_bar.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string_view>

#include "wrapper/compare/export/svg_parts.h"

namespace timeit {
namespace {

constexpr double kBarWidth = 72, kBarHeight = 10;

struct Part {
  const char* name;
  double share;
  const char* color;
};

}  // namespace

std::string VarianceBarSvg(const SeriesDesign& design) {
  if (std::isnan(design.boot_share) || std::isnan(design.run_share)) return {};
  const bool hosts = !std::isnan(design.host_share);
  // Darkest for the outermost level: the eye reads the host part first.
  const Part parts[] = {{"host", hosts ? design.host_share : 0, "#33415c"},
                        {"boot", design.boot_share, "#7d8fb3"},
                        {"run", design.run_share, "#d5dbe8"}};
  std::string svg = fmt::format(
      "<svg class=\"variance\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "role=\"img\"{2} data-boot-share=\"{3}\" data-run-share=\"{4}\">",
      kBarWidth, kBarHeight,
      hosts ? " data-host-share=\"" + Exact(design.host_share) + "\"" : std::string(),
      Exact(design.boot_share), Exact(design.run_share));
  double x = 0;
  for (const Part& p : parts) {
    if (!hosts && std::string_view(p.name) == "host") continue;
    const double width = std::clamp(p.share, 0.0, 1.0) * kBarWidth;
    svg += fmt::format(
        "<rect x=\"{}\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"{}\"><title>{} {:.1f}%</title>"
        "</rect>",
        Px(x), Px(width), kBarHeight, p.color, p.name, p.share * 100);
    x += width;
  }
  return svg + "</svg>";
}

}  // namespace timeit
