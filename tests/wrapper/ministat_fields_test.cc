// MinistatFields, the one home of ministat's line splitting (`timeit
// ministat` and compare's plain numbers): the data points it picks from
// random lines are the ones FreeBSD's ministat picks from the same file.
#include "wrapper/ministat/ministat_fields.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "wrapper/ministat/ministat_reader.h"

namespace timeit {
namespace {

/// ministat -n's summary line of `file`: N, Min, Max, Median, Avg.
std::vector<double> MinistatSummary(const std::string& file, const ColumnFormat& format) {
  const std::string command = "ministat -n -C " + std::to_string(format.column) + " -d '" +
                              format.delimiters + "' " + file + " 2>&1";
  FILE* p = ::popen(command.c_str(), "r");
  std::string out;
  char block[4096];
  for (std::size_t n; p != nullptr && (n = std::fread(block, 1, sizeof block, p)) > 0;)
    out.append(block, n);
  if (p != nullptr) ::pclose(p);
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    if (!line.starts_with("x ")) continue;  // the legend "x FILE", then the summary
    std::istringstream fields(line.substr(2));
    std::vector<double> v(5);
    for (double& x : v) fields >> x;
    if (fields) return v;
  }
  ADD_FAILURE() << command << " printed no summary:\n" << out;
  return {};
}

/// A line of whole-number fields joined by runs of delimiters, sometimes a
/// '#' field, leading delimiters, trailing white space, or nothing.
std::string RandomLine(std::mt19937& random, const std::string& delimiters) {
  const auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  std::string line;
  const auto gap = [&] {
    for (int i = 0, n = 1 + pick(3); i < n; ++i)
      line += delimiters[pick(static_cast<int>(delimiters.size()))];
  };
  if (pick(4) == 0) gap();
  const int fields = pick(6);
  for (int f = 0; f < fields; ++f) {
    if (f > 0) gap();
    line += pick(12) == 0 ? "#note" : std::to_string(pick(1000));
  }
  if (pick(3) == 0) line += std::string(1 + pick(2), pick(2) == 0 ? ' ' : '\t');
  return line;
}

TEST(MinistatFieldsTest, PicksWhatMinistatPicksFromRandomLines) {
  std::mt19937 random(4);
  const std::string file = ::testing::TempDir() + "ministat_fields_lines";
  for (const ColumnFormat& format :
       {ColumnFormat{1, " \t"}, ColumnFormat{2, " \t"}, ColumnFormat{3, ",;"}, ColumnFormat{2, ":"},
        ColumnFormat{4, " ,"}}) {
    const MinistatFields fields(format);
    std::ofstream out(file, std::ios::trunc);
    std::vector<double> ours;
    for (int i = 0; i < 3000; ++i) {
      const std::string line = RandomLine(random, format.delimiters);
      out << line << '\n';
      const MinistatFields::Field f = fields.Of(line);
      if (f.found != MinistatFields::Found::kField) continue;
      const std::optional<double> v = MinistatNumber(f.field);
      ASSERT_TRUE(v.has_value()) << "'" << line << "' gave '" << f.field << "'";
      ours.push_back(*v);
    }
    out.close();
    ASSERT_GE(ours.size(), 3u);
    const std::vector<double> peer = MinistatSummary(file, format);
    ASSERT_EQ(peer.size(), 5u);
    std::sort(ours.begin(), ours.end());
    double sum = 0;
    for (const double v : ours) sum += v;
    SCOPED_TRACE("column " + std::to_string(format.column) + ", delimiters '" + format.delimiters +
                 "'");
    EXPECT_EQ(peer[0], static_cast<double>(ours.size()));
    EXPECT_EQ(peer[1], ours.front());
    EXPECT_EQ(peer[2], ours.back());
    EXPECT_NEAR(peer[4], sum / static_cast<double>(ours.size()), 1e-7 * peer[4]);
  }
  std::filesystem::remove(file);
}

TEST(MinistatFieldsTest, BlankShortAndCommentLinesAreTold) {
  const MinistatFields fields(ColumnFormat{2, " \t"});
  EXPECT_EQ(fields.Of(" \t ").found, MinistatFields::Found::kBlank);
  EXPECT_EQ(fields.Of("1").found, MinistatFields::Found::kShort);
  EXPECT_EQ(fields.Of("1 #2 3").found, MinistatFields::Found::kComment);
  const MinistatFields::Field f = fields.Of("\t1  2.5 # after the column \r");
  EXPECT_EQ(f.found, MinistatFields::Found::kField);
  EXPECT_EQ(f.field, "2.5");
}

}  // namespace
}  // namespace timeit
