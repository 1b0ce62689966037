#pragma once

#include <memory>
#include <string>
#include <vector>

#include "wrapper/sources/measurement_source.h"

namespace timeit {

/// One `--metric NAME=REGEX[,higher|lower]`.
struct OutputMetricSpec {
  std::string name;     ///< the CSV column
  std::string pattern;  ///< a PCRE2 (Perl) regular expression with a capture group
  bool higher_is_better = false;
};

/// Parses the text of one --metric. A trailing ",higher" or ",lower" is the
/// direction (default lower); everything between the first '=' and it is
/// the regex. NAME is letters, digits, '_', '-' and '.', not a number, not
/// one of the CSV's own columns, not ending in ".running". Throws
/// UsageError.
OutputMetricSpec ParseOutputMetric(const std::string& text);

/// The measurement source of --metric: the command's output, read line by
/// line as it streams, is searched for each metric's regex; the first
/// capture group of the last match in the run is the run's value. A run
/// without a match, or whose last match is not a number (units such as
/// "1.2k" are not guessed), gets an empty cell and a note. The regexes are
/// compiled here (PCRE2, JIT where available); a bad one, or one without a
/// capture group, is a UsageError. Throws UsageError for duplicate names.
std::unique_ptr<MeasurementSource> MakeOutputMetricSource(std::vector<OutputMetricSpec> specs);

}  // namespace timeit
