// `timeit ministat` against Debian's ministat (FreeBSD's 2015 code) on
// generated data. Where the old and current rules agree (odd N,
// well-conditioned values) the legend, plot, vitals and absolute
// difference lines must be byte-identical. The relative line changed in
// current ministat, and so did the median of an even-sized set: those are
// checked against values computed here, from the data and the peer's own
// margin.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <sstream>
#include <utility>

#include "tests/cli/run_timeit.h"
#include "tests/cli/output_text.h"

namespace timeit::testing {
namespace {

/// `n` values around `centre`, printed with `decimals` decimals: a sum of
/// three uniforms from a seeded mt19937_64 (whose output the standard fixes).
std::vector<double> Series(std::uint64_t seed, int n, double centre, double spread) {
  std::mt19937_64 gen(seed);
  const auto uniform = [&gen] { return static_cast<double>(gen() >> 11) * 0x1.0p-53; };
  std::vector<double> v;
  for (int i = 0; i < n; ++i)
    v.push_back(centre + spread * (uniform() + uniform() + uniform() - 1.5));
  return v;
}

/// How a data file is laid out.
enum class Layout {
  kPlain,  ///< one value per line
  kTable,  ///< "run<TAB>value;extra", a '#' header, comments and blank lines between
};

std::string Text(const std::vector<double>& values, int decimals, Layout layout) {
  std::string text = layout == Layout::kTable ? "# run\tvalue;note\n" : "";
  char line[96];
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (layout == Layout::kPlain) {
      std::snprintf(line, sizeof line, "%.*f\n", decimals, values[i]);
    } else {
      std::snprintf(line, sizeof line, "r%zu\t%.*f;x\n%s", i, decimals, values[i],
                    i % 4 == 3 ? "\n#r\t9999\n" : "");
    }
    text += line;
  }
  return text;
}

/// The values as both programs read them from Text().
std::vector<double> Values(const std::vector<double>& values, int decimals) {
  std::vector<double> read;
  char line[64];
  for (double v : values) {
    std::snprintf(line, sizeof line, "%.*f", decimals, v);
    read.push_back(std::strtod(line, nullptr));
  }
  return read;
}

struct Moments {
  double n, mean, variance;
};
Moments MomentsOf(const std::vector<double>& v) {
  long double sum = 0, squares = 0;
  for (double x : v) sum += x;
  const long double mean = sum / v.size();
  for (double x : v) squares += (x - mean) * (x - mean);
  return {static_cast<double>(v.size()), static_cast<double>(mean),
          static_cast<double>(squares / (v.size() - 1))};
}

class MinistatDifferentialTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (access(kMinistat, X_OK) != 0) GTEST_SKIP() << "Debian's ministat is not installed";
  }

  /// What Compare() checked, so a test can tell it compared something.
  struct Checked {
    int identical = 0;  ///< lines equal byte for byte
    int even_medians = 0;
    int relative_lines = 0;
  };

  /// Writes the sets, runs both programs with `options`, and compares them.
  Checked Compare(const std::vector<std::string>& options,
                  const std::vector<std::vector<double>>& sets, int decimals = 3,
                  Layout layout = Layout::kPlain) {
    TempDir dir;
    std::vector<std::string> files;
    std::vector<std::vector<double>> read;  // the values as both programs read them
    for (std::size_t i = 0; i < sets.size(); ++i) {
      files.push_back("set" + std::to_string(i));
      dir.Write(files.back(), Text(sets[i], decimals, layout));
      read.push_back(Values(sets[i], decimals));
    }
    std::vector<std::string> ours{"ministat"}, peer{kMinistat};
    for (const std::vector<std::string>* args : {&options, &std::as_const(files)}) {
      ours.insert(ours.end(), args->begin(), args->end());
      peer.insert(peer.end(), args->begin(), args->end());
    }
    const ProcessResult mine = RunTimeit(ours, "", dir.path());
    const ProcessResult theirs = RunProcess(peer, "", dir.path());
    Checked checked;
    EXPECT_EQ(mine.exit_status, 0) << mine.err;
    EXPECT_EQ(theirs.exit_status, 0) << theirs.err;
    const auto a = Lines(mine.out), b = Lines(theirs.out);
    EXPECT_EQ(a.size(), b.size()) << mine.out << "---\n" << theirs.out;
    if (a.size() != b.size()) return checked;

    std::size_t set = 0;  // the set of the last vitals row
    bool in_table = false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      in_table = in_table || a[i].rfind("    N ", 0) == 0;
      const char* symbol = std::find(std::begin(kSymbols), std::end(kSymbols), a[i][0]);
      if (in_table && a[i].size() == 75 && symbol != std::end(kSymbols)) {
        set = static_cast<std::size_t>(symbol - std::begin(kSymbols));
        if (read[set].size() % 2 == 0) {
          CheckEvenMedianRow(a[i], b[i], read[set]);
          ++checked.even_medians;
          continue;
        }
      }
      if (a[i].rfind('\t', 0) == 0 && a[i].find('%') != std::string::npos) {
        CheckRelativeLine(a[i], b[i - 1], read[0], read[set]);
        ++checked.relative_lines;
        continue;
      }
      EXPECT_EQ(a[i], b[i]) << "line " << i << "\nours:\n"
                            << mine.out << "ministat:\n"
                            << theirs.out;
      checked.identical += a[i] == b[i];
    }
    return checked;
  }

  static void CheckEvenMedianRow(const std::string& ours, const std::string& peer,
                                 std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t m = values.size() / 2;
    char median[32];
    std::snprintf(median, sizeof median, "%13.8g", (values[m - 1] + values[m]) / 2);
    // "%c %3d" (5 columns) then Min, Max, Median, Avg, Stddev at 13 columns each.
    EXPECT_EQ(ours.substr(0, 33), peer.substr(0, 33));
    EXPECT_EQ(ours.substr(33, 14), std::string(" ") + median);
    EXPECT_EQ(ours.substr(47), peer.substr(47));
  }

  /// Current ministat: re = t * sqrt([(n1-1)s1^2 + (n0-1)s0^2 m1^2/m0^2] (n1+n0) /
  /// (n1 n0 (n1+n0-2))); t is taken from the peer's absolute margin.
  static void CheckRelativeLine(const std::string& ours, const std::string& peer_absolute,
                                const std::vector<double>& base, const std::vector<double>& x) {
    double peer_d = 0, peer_e = 0;
    ASSERT_EQ(std::sscanf(peer_absolute.c_str(), "\t%lf +/- %lf", &peer_d, &peer_e), 2);
    const Moments b = MomentsOf(base), s = MomentsOf(x);
    const double spool =
        std::sqrt(((s.n - 1) * s.variance + (b.n - 1) * b.variance) / (s.n + b.n - 2));
    const double t = peer_e / (spool * std::sqrt(1 / s.n + 1 / b.n));
    const double re = t * std::sqrt(((s.n - 1) * s.variance +
                                     (b.n - 1) * b.variance * s.mean * s.mean / (b.mean * b.mean)) *
                                    (s.n + b.n) / (s.n * b.n * (s.n + b.n - 2)));
    double d_pct = 0, re_pct = 0;
    ASSERT_EQ(std::sscanf(ours.c_str(), "\t%lf%% +/- %lf%%", &d_pct, &re_pct), 2) << ours;
    EXPECT_NEAR(d_pct, (s.mean - b.mean) * 100 / b.mean, 1e-5 * std::fabs(d_pct));
    EXPECT_NEAR(re_pct, re * 100 / b.mean, 2e-5 * re_pct) << ours;
  }

  static constexpr char kSymbols[] = {'x', '+', '*', '%', '#', '@', 'O'};
};

TEST_F(MinistatDifferentialTest, TwoSetsOddSizesDefaultWidth) {
  Compare({}, {Series(1, 21, 100, 10), Series(2, 21, 104, 10)});
  Compare({}, {Series(3, 5, 36105, 60), Series(4, 5, 36142, 80)}, 0);
}

TEST_F(MinistatDifferentialTest, ClearDifferenceAtEveryTableLevel) {
  for (const char* level : {"80", "90", "95", "98", "99", "99.5"}) {
    const Checked c = Compare({"-c", level}, {Series(5, 11, 50, 4), Series(6, 15, 58, 4)});
    EXPECT_EQ(c.relative_lines, 1) << level;
    // legend 2, plot at least 4, header and vitals 3, difference 3 of 4
    EXPECT_GE(c.identical, 2 + 4 + 3 + 3) << level;
  }
}

TEST_F(MinistatDifferentialTest, ManySetsWidthsAndSeparateBars) {
  std::vector<std::vector<double>> sets;
  for (int k = 0; k < 7; ++k) sets.push_back(Series(10 + k, 9 + 2 * k, 20 + k * 1.5, 6));
  Compare({}, sets);
  Compare({"-s"}, sets);
  Compare({"-w", "40"}, {sets[0], sets[3], sets[6]});
  Compare({"-s", "-w", "2"}, {sets[1], sets[2]});
  Compare({"-w", "200"}, {sets[4], sets[5]});
}

TEST_F(MinistatDifferentialTest, LargeSetsAndDfBeyondTheTable) {
  const Checked c = Compare({}, {Series(20, 1001, 1e6, 5e3), Series(21, 999, 1.002e6, 5e3)}, 1);
  EXPECT_EQ(c.relative_lines, 1);
}

TEST_F(MinistatDifferentialTest, ColumnsDelimitersAndComments) {
  const auto a = Series(50, 13, 7, 2), b = Series(51, 17, 9, 2);
  const Checked c = Compare({"-C", "2", "-d", "\t;"}, {a, b}, 2, Layout::kTable);
  EXPECT_EQ(c.relative_lines, 1);
  Compare({"-C2", "-d;\t", "-s", "-w", "60"}, {a, b}, 2, Layout::kTable);
}

TEST_F(MinistatDifferentialTest, StatisticsOnlyAndSummaryOnly) {
  const auto a = Series(30, 7, 3, 1), b = Series(31, 9, 5, 1);
  Compare({"-A"}, {a, b});
  Compare({"-n"}, {a, b});
}

TEST_F(MinistatDifferentialTest, EvenSizesUseTheCurrentMedian) {
  // The bar's M may sit elsewhere, so compare without the plot.
  EXPECT_EQ(Compare({"-A"}, {Series(40, 10, 100, 20), Series(41, 12, 130, 20)}).even_medians, 2);
  EXPECT_EQ(Compare({"-n"}, {Series(42, 4, 1, 1), Series(43, 7, 1, 1), Series(44, 100, 1, 1)})
                .even_medians,
            2);
}

}  // namespace
}  // namespace timeit::testing
