#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace timeit {

/// Appends `field` to `out` as one CSV field (RFC 4180): quoted, with quotes
/// doubled, when it holds a comma, a quote or leading/trailing blanks, so
/// that pandas read_csv and R read.csv load it without options. Line breaks
/// become spaces: every record we write is exactly one line, which is what
/// lets a crash's partial last line be recognised.
void AppendCsvField(std::string& out, std::string_view field);

/// One record of a CSV text and where it started.
struct CsvRecord {
  std::vector<std::string> fields;
  long line = 0;           ///< 1-based line number of the record's first line
  bool terminated = true;  ///< false: the text ended before the record's line end
};

/// Splits CSV `text` into records. Accepts LF and CRLF line ends, a UTF-8
/// byte-order mark, quoted fields (also spanning lines) and skips empty lines.
/// A last record without its line end is returned with terminated=false: in
/// our own files that is what a crash mid-write leaves, in hand-made files
/// it is just a missing final newline; the caller knows which.
std::vector<CsvRecord> ParseCsvText(std::string_view text);

}  // namespace timeit
