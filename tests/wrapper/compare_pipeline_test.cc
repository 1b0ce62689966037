// compare as a pipeline: the verdicts come from the sets, not from the
// ministat text, so -q and --bisect judge (and gate) without building the
// blocks at all, and the blocks are built once where they are printed.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "wrapper/base/errors.h"
#include "wrapper/compare/compare_command.h"
#include "wrapper/compare/report/ministat_blocks.h"

namespace timeit {
namespace {
namespace fs = std::filesystem;

class ComparePipelineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string templ = (fs::temp_directory_path() / "timeit-pipeline-XXXXXX").string();
    ASSERT_NE(mkdtemp(templ.data()), nullptr);
    dir_ = templ;
    // b is about 20% slower than a in every run: worse, whatever the noise.
    Write("a.csv", {1.00, 1.01, 0.99, 1.02, 0.98, 1.00});
    Write("b.csv", {1.20, 1.21, 1.19, 1.22, 1.18, 1.20});
  }
  void TearDown() override { fs::remove_all(dir_); }

  void Write(const std::string& name, const std::vector<double>& real) const {
    std::ofstream out(dir_ / name, std::ios::binary);
    out << "real\n";
    for (double v : real) out << v << "\n";
  }

  /// RunComparison on a and b with `words` (-q, --bisect): its status, what
  /// it wrote to its stream, and how many times the blocks were built.
  struct Outcome {
    int status = -1;
    std::string out;
    std::size_t blocks_built = 0;
  };
  Outcome Compare(const std::vector<std::string>& words) const {
    std::vector<std::string> args = {"compare", (dir_ / "a.csv").string(),
                                     (dir_ / "b.csv").string()};
    args.insert(args.end(), words.begin(), words.end());
    std::vector<char*> argv;
    for (std::string& w : args) argv.push_back(w.data());
    const CompareOptions options = ParseCompareOptions(static_cast<int>(argv.size()), argv.data());
    std::FILE* stream = std::tmpfile();
    EXPECT_NE(stream, nullptr);
    Outcome o;
    const std::size_t before = MetricBlocksWritten();
    o.status = RunComparison(options, stream);
    o.blocks_built = MetricBlocksWritten() - before;
    std::rewind(stream);
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, stream)) > 0;)
      o.out.append(buffer, n);
    std::fclose(stream);
    return o;
  }

  fs::path dir_;
};

TEST_F(ComparePipelineTest, TheReportBuildsTheBlocksOnce) {
  const Outcome o = Compare({});
  EXPECT_EQ(o.status, kExitOk);
  EXPECT_EQ(o.blocks_built, 1u);
  EXPECT_NE(o.out.find("    N           Min           Max"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("worse"), std::string::npos) << o.out;
}

TEST_F(ComparePipelineTest, QuietBuildsNoBlocksAndStillGates) {
  const Outcome o = Compare({"-q", "--fail-on", "worse"});
  EXPECT_EQ(o.blocks_built, 0u);
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(o.status, kExitCommandFailed);  // the verdict without the text
}

TEST_F(ComparePipelineTest, BisectBuildsNoBlocksAndAnswersFromTheRows) {
  const Outcome o = Compare({"--bisect"});
  EXPECT_EQ(o.blocks_built, 0u);
  EXPECT_EQ(o.status, kExitBisectBad);
  EXPECT_EQ(o.out.rfind("bisect: bad", 0), 0u) << o.out;
  EXPECT_EQ(o.out.find('\n'), o.out.size() - 1) << o.out;  // the answer's line alone
}

}  // namespace
}  // namespace timeit
