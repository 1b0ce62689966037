#include "tests/cli/run_csv.h"

#include <fstream>
#include <sstream>

namespace timeit::testing {

std::optional<std::size_t> RunsTable::Column(std::string_view name) const {
  for (std::size_t i = 0; i < columns.size(); ++i)
    if (columns[i] == name) return i;
  return std::nullopt;
}

RunsTable ParseCsvForTest(std::string_view text) {
  std::vector<std::vector<std::string>> records;
  std::vector<std::string> record;
  std::string field;
  bool quoted = false, in_record = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    in_record = true;
    if (quoted) {
      if (c != '"') {
        field += c;
      } else if (i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else {
        quoted = false;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      record.push_back(std::move(field));
      field.clear();
    } else if (c == '\n' || (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) {
      if (c == '\r') ++i;
      record.push_back(std::move(field));
      field.clear();
      records.push_back(std::move(record));
      record.clear();
      in_record = false;
    } else {
      field += c;
    }
  }
  EXPECT_FALSE(quoted) << "a quoted field is not closed";
  EXPECT_FALSE(in_record) << "the last line has no line end";
  RunsTable t;
  if (records.empty()) {
    ADD_FAILURE() << "no header row";
    return t;
  }
  t.columns = std::move(records.front());
  for (std::size_t r = 1; r < records.size(); ++r) {
    EXPECT_EQ(records[r].size(), t.columns.size()) << "ragged row " << r;
    if (records[r].size() == t.columns.size()) t.rows.push_back(std::move(records[r]));
  }
  return t;
}

RunsTable ReadRuns(const std::filesystem::path& csv) {
  std::ifstream in(csv, std::ios::binary);
  EXPECT_TRUE(in.good()) << csv;
  std::ostringstream text;
  text << in.rdbuf();
  RunsTable t = ParseCsvForTest(text.str());
  const std::vector<std::string> first = {"label", "run", "warmup", "start", "status"};
  EXPECT_TRUE(t.columns.size() > first.size() &&
              std::equal(first.begin(), first.end(), t.columns.begin()))
      << csv << ": not timeit's header";
  return t;
}

std::vector<std::string> Sh(const std::string& script) { return {"sh", "-c", script}; }

}  // namespace timeit::testing
