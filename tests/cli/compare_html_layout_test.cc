// The HTML report as a browser lays it out: Debian's Chromium, headless, in
// a laptop's 1280-pixel window. A report of 1000-run sets with long labels
// must fit: nothing may reach past the window, neither the page nor a table
// inside its own scrolling box (the summary's columns used to: labels and
// headers that never wrapped).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <regex>
#include <string>

#include "tests/cli/run_timeit.h"

namespace timeit::testing {
namespace {

/// A results file of `runs` measured runs of `label` around `mean` seconds,
/// every 50th an outlier (so that the warnings have something to say).
void WriteSet(const TempDir& dir, const std::string& label, double mean, int runs) {
  std::ofstream out(dir.path() / (label + ".csv"));
  out << "label,run,warmup,status,real,sys,syscalls,context-switches,maxrss\n";
  for (int i = 0; i <= runs; ++i) {
    const double wobble = std::sin(i * 0.7 + mean) * 0.05 * mean;
    const double real = mean + wobble + (i % 50 == 7 ? 2 * mean : 0);
    out << label << ',' << i + 1 << ',' << (i == 0 ? 1 : 0) << ",0," << real << ',' << real / 3
        << ",300000," << 600 + i % 30 << ',' << 8000 + i % 3 << '\n';
  }
}

TEST(CompareHtmlLayoutTest, ReportOf1000RunSetsFitsA1280PixelWindow) {
  if (RunProcess({"sh", "-c", "command -v chromium"}).exit_status != 0)
    GTEST_SKIP() << "chromium is not installed (scripts/deps.sh installs it)";
  TempDir dir;
  const std::vector<std::string> labels = {"kernel-6.1.0-57-amd64-baseline",
                                           "kernel-6.1.0-57-amd64-patched-with-isync", "third"};
  std::vector<std::string> args = {"compare", "-q", "-v", "--html", "report.html"};
  for (std::size_t i = 0; i < labels.size(); ++i) {
    WriteSet(dir, labels[i], 1.0 + 0.02 * static_cast<double>(i), 1000);
    args.push_back(labels[i] + ".csv");
  }
  const ProcessResult r = RunTimeit(args, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  // The report has no script; a copy gets one that writes what reaches past
  // the window into the DOM Chromium dumps.
  std::string html = ReadFile(dir.path() / "report.html");
  html.replace(html.rfind("</body>"), 7,
               "<script>const w = document.documentElement.clientWidth;"
               "document.body.setAttribute('data-layout', w + ' ' + "
               "document.documentElement.scrollWidth + ' ' + [...document.querySelectorAll('*')]"
               ".filter(e => e.getBoundingClientRect().right > w + 1).slice(0, 5)"
               ".map(e => e.tagName + ':' + (e.textContent || '').slice(0, 30)).join('|'));"
               "</script></body>");
  dir.Write("measure.html", html);
  const ProcessResult chromium =
      RunProcess({"timeout", "120", "chromium", "--headless", "--no-sandbox", "--disable-gpu",
                  "--user-data-dir=" + (dir.path() / "profile").string(), "--window-size=1280,900",
                  "--dump-dom", "file://" + (dir.path() / "measure.html").string()},
                 "", dir.path());
  ASSERT_EQ(chromium.exit_status, 0) << chromium.err;
  std::smatch m;
  ASSERT_TRUE(
      std::regex_search(chromium.out, m, std::regex("data-layout=\"([0-9]+) ([0-9]+) ([^\"]*)\"")))
      << chromium.out.substr(0, 500);
  EXPECT_EQ(m[1], m[2]) << "the page scrolls sideways: " << m[3];
  EXPECT_EQ(m[3], "") << "reaches past the " << m[1] << "-pixel window";
}

}  // namespace
}  // namespace timeit::testing
