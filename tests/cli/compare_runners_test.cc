// timeit compare on files the other runners write here and now: Debian's
// hyperfine, and benchmark_sample built against Debian's libbenchmark-dev.
// Each is skipped where the program is not installed (scripts/deps.sh
// installs both); the files in tests/cli/data are the same programs' output
// for the machines without them.
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

bool OnPath(const std::string& program) {
  return RunProcess({"sh", "-c", "command -v " + program}).exit_status == 0;
}

// One command fails on every other run; hyperfine (with -i) records those
// runs, and compare leaves them out.
TEST(CompareRunnersTest, HyperfinesExportJson) {
  if (!OnPath("hyperfine")) GTEST_SKIP() << "hyperfine is not installed";
  TempDir dir;
  const std::string burn = BURN_CPU_BINARY;
  const ProcessResult hf =
      RunProcess({"hyperfine", "--style", "none", "--runs", "6", "-i", "--export-json", "hf.json",
                  "--command-name", "short", burn + " 0.02", "--command-name", "flaky",
                  burn + " 0.06; n=$(cat count 2>/dev/null || echo 0); echo $((n + 1)) > count; "
                         "test $((n % 2)) = 0"},
                 "", dir.path());
  ASSERT_EQ(hf.exit_status, 0) << hf.err;
  const nlohmann::json doc = nlohmann::json::parse(ReadFile(dir.path() / "hf.json"));
  const ProcessResult r = RunTimeit({"compare", "--csv", "-", "hf.json"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto row = SummaryRow(r.out, "real", "flaky");
  EXPECT_EQ(row.at("baseline"), "short");
  EXPECT_EQ(row.at("n_baseline"), "6");
  EXPECT_EQ(row.at("n"), "3");  // runs 2, 4 and 6 failed
  EXPECT_NEAR(Number(row, "mean_baseline"), doc["results"][0]["mean"].get<double>(), 1e-15);
  double sum = 0;
  for (std::size_t i = 0; i < 6; i += 2) {
    ASSERT_EQ(doc["results"][1]["exit_codes"][i], 0);
    sum += doc["results"][1]["times"][i].get<double>();
  }
  EXPECT_NEAR(Number(row, "mean"), sum / 3, 1e-15);
}

#ifdef BENCHMARK_SAMPLE_BINARY
// Two runs of the benchmark, compared benchmark by benchmark: the sets of
// one file, then the same benchmarks of both (named by file), against the
// library's own mean aggregates.
TEST(CompareRunnersTest, GoogleBenchmarksOutputFile) {
  TempDir dir;
  const ProcessResult b =
      RunProcess({BENCHMARK_SAMPLE_BINARY, "--benchmark_repetitions=4", "--benchmark_min_time=0.01",
                  "--benchmark_out=gb.json", "--benchmark_out_format=json"},
                 "", dir.path());
  ASSERT_EQ(b.exit_status, 0) << b.err;
  const nlohmann::json doc = nlohmann::json::parse(ReadFile(dir.path() / "gb.json"));
  const ProcessResult r = RunTimeit({"compare", "--csv", "-", "gb.json"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  for (const auto& bench : doc["benchmarks"]) {
    if (bench["run_type"] != "aggregate" || bench["aggregate_name"] != "mean") continue;
    const std::string name = bench["run_name"];
    const double scale = bench["time_unit"] == "us" ? 1e-6 : 1e-3;
    if (name == "BM_Sum/1000") continue;  // the baseline
    const auto row = SummaryRow(r.out, "cpu_time", name);
    EXPECT_EQ(row.at("baseline"), "BM_Sum/1000");
    EXPECT_EQ(row.at("n"), "4");
    EXPECT_NEAR(Number(row, "mean"), bench["cpu_time"].get<double>() * scale,
                1e-12 * bench["cpu_time"].get<double>() * scale);
  }
}
#endif

}  // namespace
}  // namespace timeit::testing
