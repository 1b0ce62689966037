#include "wrapper/ministat/ministat_fields.h"

#include "wrapper/ministat/ministat_reader.h"

namespace timeit {

MinistatFields::ByteSet MinistatFields::MakeByteSet(std::string_view bytes) {
  ByteSet set{};
  for (char c : bytes) set[static_cast<unsigned char>(c)] = true;
  return set;
}

MinistatFields::MinistatFields(const ColumnFormat& format)
    : column_(format.column),
      delimiters_(MakeByteSet(format.delimiters)),
      space_(MakeByteSet(" \t\n\v\f\r")) {}

std::string_view MinistatFields::TrimEnd(std::string_view line) const {
  while (!line.empty() && space_[static_cast<unsigned char>(line.back())]) line.remove_suffix(1);
  return line;
}

std::size_t MinistatFields::SkipDelimiters(std::string_view line, std::size_t from) const {
  while (from < line.size() && IsDelimiter(line[from])) ++from;
  return from;
}

MinistatFields::Field MinistatFields::Of(std::string_view line) const {
  line = TrimEnd(line);
  std::size_t p = 0;
  for (int field = 1;; ++field) {
    p = SkipDelimiters(line, p);
    if (p == line.size()) return {field > 1 ? Found::kShort : Found::kBlank, {}};
    if (line[p] == '#') return {Found::kComment, {}};
    std::size_t q = p;
    while (q < line.size() && !IsDelimiter(line[q])) ++q;
    if (field == column_) return {Found::kField, line.substr(p, q - p)};
    p = q;
  }
}

}  // namespace timeit
