#pragma once

#include <string>
#include <string_view>

#include "wrapper/ministat/ministat_reader.h"
#include "wrapper/results/results_csv_reader.h"

namespace timeit {

/// How compare reads files of plain numbers (ministat's input).
struct PlainFormat {
  ColumnFormat columns;          ///< -C and -d, as for timeit ministat
  std::string metric = "value";  ///< the metric its values are (-m NAME)
};

/// Whether `text` is numbers as ministat reads them rather than a CSV with
/// a header row: its first line with the wanted column (comments, blank
/// lines and lines without the column skipped, as ministat skips them) has
/// a number there. With no such line it is not (an empty file is no CSV
/// either, and the CSV reader says why).
bool LooksLikePlainNumbers(std::string_view text, const ColumnFormat& format);

/// Reads `file` as ministat does (ReadDataSet) into one set named by the
/// file's stem, its values the metric `format.metric`, each row at its
/// line. Throws InputError naming the file: what ministat refuses, and
/// fewer than 2 values.
ResultsTable ReadPlainNumbers(const std::string& file, const PlainFormat& format);

}  // namespace timeit
