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
/// 1): MIN, MIN+STEP, ... up to MAX. Integers as integers; with a decimal
/// point in any of the three, every value has the most decimals of them
/// (0, 0.25, ... as 0.00, 0.25), computed in whole units of that last
/// decimal so that no value drifts by rounding. Throws UsageError.
ParameterScan ScanParameter(const std::vector<std::string>& words, const std::string& step);

/// --parameter-list NAME a,b,c: the values as given, none empty or twice.
ParameterScan ListParameter(const std::string& name, const std::string& list);

/// `text` with every `{name}` replaced by `value`.
std::string Substitute(std::string text, const std::string& name, const std::string& value);

}  // namespace timeit
