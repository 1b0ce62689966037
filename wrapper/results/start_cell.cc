#include "wrapper/results/start_cell.h"

#include <ctime>

#include "wrapper/base/number_text.h"

namespace timeit {
namespace {

/// `digits` digits of `text` at `at` as a number, or -1.
int Digits(std::string_view text, std::size_t at, std::size_t digits) {
  int value = 0;
  return at + digits <= text.size() && ParseWhole(text.substr(at, digits), value) ? value : -1;
}

}  // namespace

std::optional<double> ParseStartCell(std::string_view cell) {
  // YYYY-MM-DDTHH:MM:SS
  constexpr std::string_view kShape = "0000-00-00T00:00:00";
  if (cell.size() < kShape.size()) return std::nullopt;
  for (std::size_t i = 0; i < kShape.size(); ++i)
    if (kShape[i] != '0' && cell[i] != kShape[i]) return std::nullopt;
  struct tm t {};
  t.tm_year = Digits(cell, 0, 4) - 1900;
  t.tm_mon = Digits(cell, 5, 2) - 1;
  t.tm_mday = Digits(cell, 8, 2);
  t.tm_hour = Digits(cell, 11, 2);
  t.tm_min = Digits(cell, 14, 2);
  t.tm_sec = Digits(cell, 17, 2);
  if (t.tm_year < 0 || t.tm_mon < 0 || t.tm_mday < 1 || t.tm_hour < 0 || t.tm_min < 0 ||
      t.tm_sec < 0)
    return std::nullopt;
  std::string_view rest = cell.substr(kShape.size());
  double fraction = 0;
  if (rest.starts_with('.')) {
    double scale = 0.1;
    std::size_t i = 1;
    for (; i < rest.size() && rest[i] >= '0' && rest[i] <= '9'; ++i, scale /= 10)
      fraction += (rest[i] - '0') * scale;
    if (i == 1) return std::nullopt;
    rest.remove_prefix(i);
  }
  if (rest == "Z") rest.remove_prefix(1);
  if (!rest.empty()) return std::nullopt;
  const time_t seconds = timegm(&t);
  if (seconds == static_cast<time_t>(-1)) return std::nullopt;
  return static_cast<double>(seconds) + fraction;
}

}  // namespace timeit
