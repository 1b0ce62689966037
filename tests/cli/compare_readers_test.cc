// timeit compare on other runners' files, chosen by content: plain numbers
// (ministat's input) against Debian's ministat, and the files hyperfine
// 1.15.0 and a Google benchmark built against libbenchmark 1.7.1 wrote
// (tests/cli/data), their numbers against the ones those programs computed
// themselves; bad input; our own --json read back.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "tests/cli/run_timeit.h"
#include "tests/cli/summary_csv.h"
#include "tests/test_paths.h"
#include "tests/cli/output_text.h"

namespace timeit::testing {
namespace {

const std::string kCliData = std::string(TIMEIT_TEST_DATA_DIR) + "/data/";

nlohmann::json ReadJson(const std::string& path) { return nlohmann::json::parse(ReadFile(path)); }

// A plain file's legend is its stem and the metric, `isync.value`: named
// so, the files give ministat the same legend.
TEST(CompareReadersTest, PlainNumberFilesGiveMinistatsBlock) {
  if (::access(kMinistat, X_OK) != 0) GTEST_SKIP() << kMinistat << " is not installed";
  TempDir dir;
  dir.Write("isync.value", "# seconds\n10.1\n10.4\n\n10.2\n10.3\n10.0\n");
  dir.Write("no_isync.value", "10.05\n10.15\n10.35 # a comment\n10.25\n9.95\n");
  const ProcessResult r = RunTimeit({"compare", "isync.value", "no_isync.value"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const ProcessResult peer =
      RunProcess({kMinistat, "isync.value", "no_isync.value"}, "", dir.path());
  ASSERT_EQ(peer.exit_status, 0) << peer.err;
  ExpectSameMinistatBlock(MinistatBlock(r.out, "isync.value"), peer.out);
}

TEST(CompareReadersTest, PlainColumnAndDelimitersAsMinistatsOptions) {
  if (::access(kMinistat, X_OK) != 0) GTEST_SKIP() << kMinistat << " is not installed";
  TempDir dir;
  dir.Write("a.value", "x,1.5,y\nx,1.7,y\nx,1.6,y\nx,1.9,y\nx,1.4,y\n");
  dir.Write("b.value", "x,2.5\nx,2.1\nx,2.2\nx,2.4\nx,2.3\n");
  const ProcessResult r =
      RunTimeit({"compare", "-C", "2", "-d", ",", "a.value", "b.value"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const ProcessResult peer =
      RunProcess({kMinistat, "-C", "2", "-d", ",", "a.value", "b.value"}, "", dir.path());
  ASSERT_EQ(peer.exit_status, 0) << peer.err;
  ExpectSameMinistatBlock(MinistatBlock(r.out, "a.value"), peer.out);
}

// -m NAME names a plain file's metric, so it meets a results CSV's column.
TEST(CompareReadersTest, PlainFileMixesWithAResultsCsvUnderMinusM) {
  TempDir dir;
  dir.Write("before.csv", "label,real,sys\nbefore,1.0,0.1\nbefore,1.2,0.1\nbefore,1.1,0.2\n");
  dir.Write("after.txt", "2.0\n2.2\n2.1\n");
  const ProcessResult r =
      RunTimeit({"compare", "-m", "real", "--csv", "-", "before.csv", "after.txt"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto row = SummaryRow(r.out, "real", "after");
  EXPECT_EQ(row.at("baseline"), "before");
  EXPECT_DOUBLE_EQ(Number(row, "mean"), 2.1);
  EXPECT_EQ(row.at("verdict"), "worse");
}

// What a file holds decides how it is read, not its name.
TEST(CompareReadersTest, ChosenByContentNotByName) {
  TempDir dir;
  dir.Write("hyperfine.csv", ReadFile(kCliData + "hyperfine-1.15.0.json"));
  dir.Write("numbers.json", "1\n2\n3\n");
  dir.Write("table.txt", "label,value\nt,5\nt,6\nt,7\n");
  const ProcessResult r = RunTimeit(
      {"compare", "--csv", "-", "numbers.json", "table.txt", "hyperfine.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(SummaryRow(r.out, "value", "t").at("baseline"), "numbers");
  EXPECT_NE(r.err.find("real (s): no values in numbers, t;"), std::string::npos) << r.err;
}

// Every results[] entry is a set; its mean is hyperfine's own.
TEST(CompareReadersTest, HyperfinesFileTheMeansItComputed) {
  const std::string file = kCliData + "hyperfine-1.15.0.json";
  const ProcessResult r = RunTimeit({"compare", "--csv", "-", file});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const nlohmann::json doc = ReadJson(file);
  const auto row = SummaryRow(r.out, "real", "sleep 0.02");
  EXPECT_EQ(row.at("baseline"), "sleep 0.01");
  EXPECT_EQ(row.at("n_baseline"), "5");
  EXPECT_NEAR(Number(row, "mean_baseline"), doc["results"][0]["mean"].get<double>(), 1e-15);
  EXPECT_NEAR(Number(row, "mean"), doc["results"][1]["mean"].get<double>(), 1e-15);
  EXPECT_NE(r.err.find("user and system time as means only"), std::string::npos) << r.err;
}

// Failed runs (exit code 1) are left out; the parameters are in the label.
TEST(CompareReadersTest, HyperfinesExitCodesSelectRunsAndParametersNameSets) {
  const std::string file = kCliData + "hyperfine-1.15.0-parameters.json";
  const ProcessResult r = RunTimeit({"compare", "--csv", "-", file});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const nlohmann::json doc = ReadJson(file);
  std::vector<double> means;
  std::vector<int> counts;
  for (const auto& entry : doc["results"]) {
    double sum = 0;
    int n = 0;
    for (std::size_t i = 0; i < entry["times"].size(); ++i)
      if (entry["exit_codes"][i] == 0) sum += entry["times"][i].get<double>(), ++n;
    means.push_back(sum / n);
    counts.push_back(n);
  }
  ASSERT_EQ(counts, (std::vector<int>{4, 5}));  // as the fixture was made
  // The commands are too wide for a column: the parameters name the sets.
  const auto row = SummaryRow(r.out, "real", "s=0.02");
  EXPECT_EQ(row.at("baseline"), "s=0.01");
  EXPECT_EQ(row.at("n_baseline"), "4");
  EXPECT_EQ(row.at("n"), "5");
  EXPECT_NEAR(Number(row, "mean_baseline"), means[0], 1e-15);
  EXPECT_NEAR(Number(row, "mean"), means[1], 1e-15);
}

// Each benchmark a set, each repetition a run; the aggregates are left out,
// and the means are the library's own "mean" aggregates, in seconds.
TEST(CompareReadersTest, GoogleBenchmarksRepetitionsInSeconds) {
  const std::string file = kCliData + "benchmark-1.7.1.json";
  const ProcessResult r = RunTimeit({"compare", "--csv", "-", file});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const nlohmann::json doc = ReadJson(file);
  const auto aggregate = [&](const std::string& name, const std::string& key) {
    for (const auto& b : doc["benchmarks"])
      if (b["name"] == name + "_mean") {
        const std::string unit = b["time_unit"];
        const double scale = unit == "us" ? 1e-6 : unit == "ms" ? 1e-3 : 1e-9;
        return b[key].get<double>() * (key.ends_with("_time") ? scale : 1);
      }
    ADD_FAILURE() << "no mean of " << name;
    return 0.0;
  };
  for (const char* set : {"BM_Sum/4000", "BM_Nothing"}) {
    for (const char* metric : {"real_time", "cpu_time"}) {
      const auto row = SummaryRow(r.out, metric, set);
      EXPECT_EQ(row.at("baseline"), "BM_Sum/1000");
      EXPECT_EQ(row.at("n_baseline"), "3");
      EXPECT_EQ(row.at("n"), "3");
      EXPECT_NEAR(Number(row, "mean_baseline"), aggregate("BM_Sum/1000", metric), 1e-18);
      EXPECT_NEAR(Number(row, "mean"), aggregate(set, metric), 1e-15);
    }
  }
  const auto rate = SummaryRow(r.out, "items_per_second", "BM_Sum/4000");
  EXPECT_EQ(rate.at("better"), "higher");
  EXPECT_NEAR(Number(rate, "mean"), aggregate("BM_Sum/4000", "items_per_second"), 1);
}

struct ReaderBadInput {
  const char* name;
  const char* file;
  const char* content;  ///< nullptr: tests/cli/data/FILE, as its program wrote it
  const char* message;  ///< the line timeit prints, after "timeit: "
};

class CompareReadersBadInputTest : public ::testing::TestWithParam<ReaderBadInput> {};

TEST_P(CompareReadersBadInputTest, OneLineNamingTheFileAndExitStatus2) {
  TempDir dir;
  const ReaderBadInput& p = GetParam();
  dir.Write(p.file, p.content != nullptr ? p.content : ReadFile(kCliData + p.file));
  dir.Write("good.txt", "1\n2\n3\n");
  const ProcessResult r = RunTimeit({"compare", "good.txt", GetParam().file}, "", dir.path());
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, std::string("timeit: ") + GetParam().message + "\n");
}

INSTANTIATE_TEST_SUITE_P(
    Files, CompareReadersBadInputTest,
    ::testing::Values(
        ReaderBadInput{"UnknownJson", "other.json", "{\"runs\": [1, 2]}",
                 "other.json: a JSON file compare does not know: expected hyperfine's "
                 "--export-json or timeit compare's --json ({\"results\": [...]}) or Google "
                 "benchmark's --benchmark_out ({\"benchmarks\": [...]})"},
        ReaderBadInput{"InvalidJson", "cut.json", "{\n  \"results\": [\n    {\"command\": \"a\",",
                 "cut.json:3: not valid JSON: syntax error while parsing object key - unexpected "
                 "end of input; expected string literal"},
        ReaderBadInput{"EmptyHyperfineResults", "hf.json", "{\"results\": []}",
                 "hf.json: hyperfine's results list is empty: no benchmark to compare"},
        ReaderBadInput{"HyperfineTimeNotANumber", "hf.json",
                 "{\"results\": [{\"command\": \"a\", \"times\": [0.1, \"x\"]}]}",
                 "hf.json: results[0].times[1]: expected a number, got a string"},
        ReaderBadInput{"BenchmarkWithoutRepetitions", "benchmark-1.7.1-once.json", nullptr,
                 "benchmark-1.7.1-once.json: benchmark 'BM_Nothing' has a single run: compare "
                 "needs repetitions "
                 "(--benchmark_repetitions=N, N of 2 or more)"},
        ReaderBadInput{"PlainFileOfOneValue", "one.txt", "# one\n4.5\n",
                 "one.txt: 1 data point, at least 2 are needed"},
        ReaderBadInput{"PlainFileWithText", "words.txt", "1.5\n2.5\nthree\n",
                 "words.txt:3: 'three' is not a number"}),
    [](const ::testing::TestParamInfo<ReaderBadInput>& test) { return std::string(test.param.name); });

// compare --json, read back by compare, gives the same report: labels, the
// values of every run, and which metrics are better when higher.
TEST(CompareReadersTest, OwnJsonExportReadsBackToTheSameReport) {
  TempDir dir;
  dir.Write("runs.csv",
            "label,real,score,higher_is_better\n"
            "a,1.0,10,score\na,1.1,11,score\na,1.2,12,score\na,1.15,,score\n"
            "b,1.3,9,score\nb,1.4,8,score\nb,1.5,7,score\n");
  const ProcessResult first =
      RunTimeit({"compare", "--json", "x.json", "runs.csv"}, "", dir.path());
  ASSERT_EQ(first.exit_status, 0) << first.err;
  const ProcessResult again = RunTimeit({"compare", "x.json"}, "", dir.path());
  ASSERT_EQ(again.exit_status, 0) << again.err;
  EXPECT_EQ(again.out, first.out);
  EXPECT_NE(again.out.find("\nscore     higher"), std::string::npos) << again.out;
}

}  // namespace
}  // namespace timeit::testing
