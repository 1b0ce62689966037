#pragma once

#include <optional>
#include <string_view>

namespace timeit {

/// The `start` cell as ResultsRowFormatter writes it, UTC with
/// milliseconds (`2026-11-29T18:50:44.325Z`), as seconds since the epoch.
/// Also takes other fractions (or none) and a missing `Z`; nullopt for
/// anything else, which a reader treats as "when is unknown".
std::optional<double> ParseStartCell(std::string_view cell);

}  // namespace timeit
