#include "wrapper/base/csv_text.h"

namespace timeit {

void AppendCsvField(std::string& out, std::string_view field) {
  const bool quote = field.find_first_of(",\"\r\n") != std::string_view::npos ||
                     (!field.empty() && (field.front() == ' ' || field.back() == ' ' ||
                                         field.front() == '\t' || field.back() == '\t'));
  if (!quote) {
    out.append(field);
    return;
  }
  out.push_back('"');
  for (const char c : field) {
    if (c == '"') out.push_back('"');
    out.push_back(c == '\n' || c == '\r' ? ' ' : c);
  }
  out.push_back('"');
}

std::vector<CsvRecord> ParseCsvText(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::vector<CsvRecord> records;
  long line = 1;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '\n' || (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) {
      i += text[i] == '\r' ? 2 : 1;  // an empty line
      ++line;
      continue;
    }
    CsvRecord rec;
    rec.line = line;
    // As wide as the record before it (the header's width, in a table):
    // grown by doubling, a row of 12 cells held room for 16.
    if (!records.empty()) rec.fields.reserve(records.back().fields.size());
    std::string field;
    bool quoted = false;
    bool ended = false;
    while (i < text.size()) {
      const char c = text[i++];
      if (quoted) {
        if (c == '"' && i < text.size() && text[i] == '"') {
          field.push_back('"');
          ++i;
        } else if (c == '"') {
          quoted = false;
        } else {
          if (c == '\n') ++line;
          field.push_back(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        rec.fields.push_back(std::move(field));
        field.clear();
      } else if (c == '\n') {
        ended = true;
        break;
      } else if (c == '\r' && i < text.size() && text[i] == '\n') {
        ++i;
        ended = true;
        break;
      } else {
        // The rest of a plain cell at once: a fleet's files are millions of cells.
        const std::size_t end = text.find_first_of(",\"\r\n", i);
        const std::size_t stop = end == std::string_view::npos ? text.size() : end;
        field.push_back(c);
        field.append(text.substr(i, stop - i));
        i = stop;
      }
    }
    rec.fields.push_back(std::move(field));
    ++line;
    rec.terminated = ended;
    records.push_back(std::move(rec));
  }
  return records;
}

}  // namespace timeit
