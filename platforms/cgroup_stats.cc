#include "platforms/cgroup_stats.h"

#include "platforms/whole_number.h"

namespace timeit::platforms {
namespace {

/// The unsigned number `text` is exactly (no sign, no junk after it).
std::optional<std::uint64_t> WholeNumber(std::string_view text) {
  std::uint64_t value = 0;
  if (!ParseWhole(text, value)) return std::nullopt;
  return value;
}

/// Calls `each(line)` for every line of `text`; stops when it returns false.
template <typename F>
void ForEachLine(std::string_view text, F each) {
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    if (!each(line) || end == std::string_view::npos) return;
    text.remove_prefix(end + 1);
  }
}

/// The value of `key=` among the space-separated fields of `line`.
std::optional<std::uint64_t> FieldValue(std::string_view line, std::string_view key) {
  while (!line.empty()) {
    const std::size_t end = line.find(' ');
    const std::string_view field = line.substr(0, end);
    if (field.size() > key.size() && field.starts_with(key) && field[key.size()] == '=')
      return WholeNumber(field.substr(key.size() + 1));
    if (end == std::string_view::npos) break;
    line.remove_prefix(end + 1);
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::uint64_t> FlatKeyedValue(std::string_view text, std::string_view key) {
  std::optional<std::uint64_t> value;
  ForEachLine(text, [&](std::string_view line) {
    if (line.size() <= key.size() || !line.starts_with(key) || line[key.size()] != ' ') return true;
    value = WholeNumber(line.substr(key.size() + 1));
    return false;
  });
  return value;
}

std::optional<std::uint64_t> PressureTotal(std::string_view text, std::string_view kind) {
  std::optional<std::uint64_t> value;
  ForEachLine(text, [&](std::string_view line) {
    if (line.size() <= kind.size() || !line.starts_with(kind) || line[kind.size()] != ' ')
      return true;
    value = FieldValue(line.substr(kind.size() + 1), "total");
    return false;
  });
  return value;
}

std::optional<IoBytes> SumIoStat(std::string_view text) {
  IoBytes sum;
  bool ok = true;
  ForEachLine(text, [&](std::string_view line) {
    if (line.empty()) return true;
    const std::optional<std::uint64_t> read = FieldValue(line, "rbytes");
    const std::optional<std::uint64_t> written = FieldValue(line, "wbytes");
    if (!read || !written) {
      ok = false;
      return false;
    }
    sum.read += *read;
    sum.written += *written;
    return true;
  });
  if (!ok) return std::nullopt;
  return sum;
}

std::optional<std::uint64_t> SingleValue(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
  return WholeNumber(text);
}

}  // namespace timeit::platforms
