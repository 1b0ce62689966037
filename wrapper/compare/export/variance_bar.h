#pragma once

#include <string>

#include "wrapper/compare/verdicts/judge.h"

namespace timeit {

/// A summary row's variance shares as a small inline SVG bar beside their
/// text (VarianceText): host, boot and run side by side, each as wide as its
/// share, so a fleet whose hosts differ most shows it down the column. The
/// shares are in `data-host-share`, `data-boot-share` and `data-run-share`
/// (no host attribute over one host) for tests. Empty without the model.
std::string VarianceBarSvg(const SeriesDesign& design);

}  // namespace timeit
