#pragma once

#include <string>
#include <vector>

namespace timeit {

/// A parameter of the series, hyperfine's `-P`/`-L`: each value is a set of
/// its own (label NAME=VALUE) whose command, --prepare and --cleanup have
/// `{NAME}` replaced by the value.
struct ParameterScan {
  std::string option;  ///< "--parameter-scan" or "--parameter-list", as messages name it
  std::string name;
  std::vector<std::string> values;  ///< as written into commands and labels, in order
};

/// --parameter-scan NAME MIN MAX with --parameter-step-size STEP (empty:
/// 1): MIN, MIN+STEP, ... up to MAX, computed in whole units of the last
/// decimal any of them has, so that no value drifts by rounding, and
/// written as hyperfine writes them: MIN as given, the rest with the
/// decimals of MIN or STEP, whichever has more (-P n 0 1 -D 0.5: 0, 0.5,
/// 1.0). Throws UsageError.
ParameterScan ScanParameter(const std::vector<std::string>& words, const std::string& step);

/// --parameter-list NAME a,b,c: the values as given, none empty or twice.
ParameterScan ListParameter(const std::string& name, const std::string& list);

/// `text` with every `{name}` replaced by `value`.
std::string Substitute(std::string text, const std::string& name, const std::string& value);

}  // namespace timeit
