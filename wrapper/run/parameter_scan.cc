#include "wrapper/run/parameter_scan.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "wrapper/base/errors.h"
#include "wrapper/base/number_text.h"
#include "wrapper/compare/sets/scan_labels.h"

namespace timeit {
namespace {

/// A name a label can carry and a `{NAME}` can hold: letters, digits, '_', '-'.
void CheckName(const std::string& option, const std::string& name) {
  const bool ok = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-';
  });
  if (!ok) throw BadValue(option, "a NAME of letters, digits, '_' and '-'", name);
}

std::size_t Decimals(const std::string& number) {
  const std::size_t dot = number.find('.');
  return dot == std::string::npos ? 0 : number.size() - dot - 1;
}

/// `text` in whole units of 10^-decimals; false when it is not a plain
/// decimal number (no exponent, no sign other than a leading '-').
bool ScaledValue(const std::string& text, std::size_t decimals, std::int64_t& out) {
  double v = 0;
  if (!ParseFinite(text, v) || text.find_first_of("eExX") != std::string::npos) return false;
  const double scaled = std::round(v * std::pow(10.0, static_cast<double>(decimals)));
  if (std::fabs(scaled) > 1e15) return false;
  out = static_cast<std::int64_t>(scaled);
  return true;
}

std::string ScaledText(std::int64_t units, std::size_t decimals) {
  if (decimals == 0) return std::to_string(units);
  return fmt::format("{:.{}f}",
                     static_cast<double>(units) / std::pow(10.0, static_cast<double>(decimals)),
                     decimals);
}

}  // namespace

ParameterScan ScanParameter(const std::vector<std::string>& words, const std::string& step) {
  const std::string option = "--parameter-scan";
  CheckName(option, words.at(0));
  const std::string& min = words.at(1);
  const std::string& max = words.at(2);
  const std::string by = step.empty() ? "1" : step;
  const std::size_t decimals = std::max({Decimals(min), Decimals(max), Decimals(by)});
  std::int64_t lo = 0, hi = 0, delta = 0;
  if (!ScaledValue(min, decimals, lo)) throw BadValue(option, "MIN a number", min);
  if (!ScaledValue(max, decimals, hi)) throw BadValue(option, "MAX a number", max);
  if (!ScaledValue(by, decimals, delta) || delta <= 0)
    throw BadValue("--parameter-step-size", "a number above 0", by);
  if (hi < lo) throw UsageError(option + ": MAX " + max + " is below MIN " + min);
  ParameterScan scan{option, words[0], {}};
  // As hyperfine writes them (its decimals add up): MIN as given, then each
  // value with the decimals of MIN or STEP, whichever has more.
  const std::size_t later = std::max(Decimals(min), Decimals(by));
  // A longer scan than compare takes is refused (ParameterSets) before it grows.
  for (std::int64_t v = lo; v <= hi && scan.values.size() <= kMaxScanValues; v += delta) {
    const std::string text = ScaledText(v, decimals);
    const std::size_t shown = scan.values.empty() ? Decimals(min) : later;
    scan.values.push_back(decimals == shown ? text
                                            : text.substr(0, text.size() - (decimals - shown) -
                                                                 (shown == 0 ? 1 : 0)));
  }
  return scan;
}

ParameterScan ListParameter(const std::string& name, const std::string& list) {
  const std::string option = "--parameter-list";
  CheckName(option, name);
  ParameterScan scan{option, name, {}};
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    std::string value = list.substr(start, comma - start);
    if (value.empty() || value.find_first_of("\"\r\n") != std::string::npos)
      throw BadValue(option, "values separated by single commas, none empty", list);
    if (std::find(scan.values.begin(), scan.values.end(), value) != scan.values.end())
      throw UsageError(option + ": the value '" + value + "' is given twice");
    scan.values.push_back(std::move(value));
    start = comma + 1;
  }
  return scan;
}

std::string Substitute(std::string text, const std::string& name, const std::string& value) {
  const std::string key = "{" + name + "}";
  for (std::size_t at = text.find(key); at != std::string::npos;
       at = text.find(key, at + value.size()))
    text.replace(at, key.size(), value);
  return text;
}

}  // namespace timeit
