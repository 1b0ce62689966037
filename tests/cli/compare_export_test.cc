// timeit compare --json and --html on series timeit recorded. The JSON is
// checked against a file Debian's hyperfine wrote for the same command
// (every key, the same JSON types) and, like the HTML report's charts,
// against the CSVs, by Python scripts that read them with their own csv,
// json and XML parsers (tests/cli/check_*.py).
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "tests/cli/run_csv.h"
#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace {

const std::string kScripts = TIMEIT_TEST_DATA_DIR;

/// The measured command: a short sleep that prints a score, as
/// `sh -c SCRIPT` for timeit and as SCRIPT for hyperfine (which runs it
/// through sh -c itself).
std::string Script(const char* seconds) {
  return std::string("sleep ") + seconds + "; echo score $(($$ % 50))";
}

/// Two series of it, 4 measured runs after a warm-up each, with --metric
/// values so that a metric better when higher takes part.
void RecordTwoSeries(const TempDir& dir) {
  for (const auto& [name, seconds] : {std::pair{"short", "0.01"}, std::pair{"long", "0.03"}}) {
    const ProcessResult r = RunTimeit({"-q", "-n", "4", "-e", "task-clock,context-switches",
                                       "--metric", "score=score (\\d+),higher", "-o",
                                       std::string(name) + ".csv", "sh", "-c", Script(seconds)},
                                      "", dir.path());
    ASSERT_EQ(r.exit_status, 0) << r.err;
  }
}

TEST(CompareExportTest, JsonHasHyperfinesKeysAndTypesAndTheCsvsNumbers) {
  TempDir dir;
  RecordTwoSeries(dir);
  // hyperfine on the same command line, through its shell as timeit's runs are.
  const ProcessResult hyperfine = RunProcess({"hyperfine", "--runs", "3", "--style", "none",
                                              "--export-json", "hyperfine.json", Script("0.01")},
                                             "", dir.path());
  ASSERT_EQ(hyperfine.exit_status, 0) << hyperfine.err;
  const ProcessResult r =
      RunTimeit({"compare", "--json", "timeit.json", "short.csv", "long.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const ProcessResult check = RunProcess({"python3", kScripts + "/check_hyperfine_json.py",
                                          "hyperfine.json", "timeit.json", "short.csv", "long.csv"},
                                         "", dir.path());
  EXPECT_EQ(check.exit_status, 0) << check.out << check.err;
  // '-' writes the JSON to stdout.
  const ProcessResult out =
      RunTimeit({"compare", "-m", "real", "--json", "-", "short.csv", "long.csv"}, "", dir.path());
  EXPECT_NE(out.out.find("\"command\": \"short\""), std::string::npos) << out.out;
}

TEST(CompareExportTest, HtmlIsSelfContainedXmlAndItsChartsShowTheCsv) {
  TempDir dir;
  RecordTwoSeries(dir);
  const ProcessResult r =
      RunTimeit({"compare", "--html", "report.html", "short.csv", "long.csv"}, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const ProcessResult check = RunProcess({"/usr/bin/python3", kScripts + "/check_compare_html.py",
                                          "report.html", "short.csv", "long.csv"},
                                         "", dir.path());
  EXPECT_EQ(check.exit_status, 0) << check.out << check.err;
  const std::string html = ReadFile(dir.path() / "report.html");
  // The summary's verdict for the metric better when higher, and the warm-up legend.
  EXPECT_NE(html.find("<a href=\"#metric-score\">score</a></td><td class=\"text\">higher"),
            std::string::npos);
  EXPECT_NE(html.find("hollow: warm-up runs"), std::string::npos);
}

/// The text a person sees in an HTML report: tags (and their data-
/// attributes, which keep full precision for tools) removed.
std::string VisibleText(std::string html) {
  html = std::regex_replace(html.substr(html.find("<body")), std::regex("<[^>]*>"), " ");
  for (const auto& [entity, c] :
       {std::pair{"&#39;", "'"}, {"&quot;", "\""}, {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}})
    html = std::regex_replace(html, std::regex(entity), c);
  return html;
}

// The report reads as the terminal's summary does: no e-notation (a value
// of 2.9466e-05, a p-value of 1e-37), "exact" where there is no variance,
// and the threshold the verdicts used, said beside them.
TEST(CompareExportTest, HtmlNumbersAndTermsAreTheTerminals) {
  TempDir dir;
  dir.Write("a.csv", "real,tiny,v\n1.00,0.000029466,5\n1.01,0.000029470,5\n1.02,0.000029480,5\n");
  dir.Write("b.csv", "real,tiny,v\n9.00,0.000039466,6\n9.01,0.000039470,6\n9.02,0.000039480,6\n");
  for (const auto& [threshold, words] :
       std::vector<std::pair<std::string, std::string>>{{"1", "changes within 1% do not count"},
                                                        {"2.5", "changes within 2.5% do not count"},
                                                        {"0", "no threshold"}}) {
    const ProcessResult r =
        RunTimeit({"compare", "-q", "--threshold", threshold, "--html", "r.html", "a.csv", "b.csv"},
                  "", dir.path());
    ASSERT_EQ(r.exit_status, 0) << r.err;
    const std::string text = VisibleText(ReadFile(dir.path() / "r.html"));
    EXPECT_NE(text.find("by the metric's direction: Welch's t at 95% confidence; " + words),
              std::string::npos)
        << text.substr(0, 2000);
    std::smatch e;
    EXPECT_FALSE(std::regex_search(text, e, std::regex(R"([0-9][eE][-+]?[0-9])")))
        << "e-notation: ..." << e.prefix().str().substr(e.prefix().length() - 40) << e.str();
    EXPECT_NE(text.find("a run 1: 0.000029466"), std::string::npos) << text.substr(0, 2000);
    EXPECT_NE(text.find("+20% exact"), std::string::npos) << text.substr(0, 2000);
    EXPECT_EQ(text.find("p = 0"), std::string::npos);
    EXPECT_EQ(text.find("± 0%"), std::string::npos);
  }
}

// A file timeit cannot write is its own failure (3), not bad input (2).
// An export into a folder that is not there is the user's input (2); a full
// disk after it opened would be timeit's own failure (3, exit_status_test.cc).
TEST(CompareExportTest, ExportIntoAMissingFolderIsOneLineAndExitStatus2) {
  TempDir dir;
  RecordTwoSeries(dir);
  for (const char* option : {"--json", "--html"}) {
    const ProcessResult r =
        RunTimeit({"compare", option, "no/such/dir/x", "short.csv", "long.csv"}, "", dir.path());
    EXPECT_EQ(r.exit_status, 2) << option;
    EXPECT_NE(r.err.find("timeit: no/such/dir/x: cannot write the "), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

}  // namespace
}  // namespace timeit::testing
