// compare over a fleet as a user meets it: each host's results/HOST/series.csv
// of one label is one set, -v and the HTML report say where the mixed model
// puts the variance (between hosts, between a host's boots, between runs),
// which is R's split (lme(y ~ set, random = ~1|host/boot), VarCorr: the
// values tests/stats/data/lme_reference.csv keeps, held to live R by
// LmeFixtureTest), and hosts that differ in kernel, CPU model or a condition
// are one warning per set.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "tests/cli/nlme_reference.h"
#include "tests/cli/run_timeit.h"

namespace timeit::testing {
namespace {

/// A host's machine: the cells every run of it carries.
struct HostMachine {
  std::string kernel = "6.1.0-18-amd64", cpu = "Intel(R) Xeon(R) Platinum 8375C";
  std::string governor = "performance";
};

/// The "fleet" design as the playbook fetches it: results/HOST/series.csv,
/// both labels of a host in its file; the arguments that compare them.
std::vector<std::string> WriteFleet(const TempDir& dir,
                                    const std::map<std::string, HostMachine>& machines = {}) {
  std::map<std::string, std::string> files;
  int n = 0;
  for (const DesignRun& r : NlmeDesign("fleet")) {
    const auto it = machines.find(r.host);
    const HostMachine m = it == machines.end() ? HostMachine{} : it->second;
    std::string& text = files[r.host];
    if (text.empty())
      text = "label,run,warmup,status,real,host,boot_id,kernel_release,cpu_model,governor\n";
    text += fmt::format("{},{},0,0,{},{},{},{},{},{}\n", r.set == 0 ? "a" : "b", ++n, r.value,
                        r.host, r.boot, m.kernel, m.cpu, m.governor);
  }
  std::vector<std::string> args;
  for (const auto& [host, text] : files) {
    std::filesystem::create_directories(dir.path() / "results" / host);
    dir.Write("results/" + host + "/series.csv", text);
    args.push_back("results/" + host + "/series.csv");
  }
  return args;
}

/// R's shares of one value's variance: host, boot, run.
std::vector<double> NlmeShares() {
  std::vector<double> v;
  double total = 0;
  for (const char* level : {"host", "boot", "Residual"}) {
    v.push_back(std::pow(NlmeReference("fleet", "sd", level), 2));
    total += v.back();
  }
  for (double& x : v) x /= total;
  return v;
}

std::vector<std::string> LinesWith(const std::string& text, const std::string& part) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string line = text.substr(at, end - at);
    if (line.find(part) != std::string::npos) lines.push_back(line);
    at = end + 1;
  }
  return lines;
}

// 3 hosts × 2 boots, both sets in every boot: the -v cell is R's split in
// whole percents that add up to 100, the HTML's bar carries the shares
// themselves, and hosts that agree draw no warning.
TEST(CompareFleetTest, TheVarianceSplitsBetweenHostsBootsAndRunsAsNlmeSplitsIt) {
  TempDir dir;
  std::vector<std::string> args = {"compare", "-v", "-m", "real", "--html", "r.html"};
  for (const std::string& file : WriteFleet(dir)) args.push_back(file);
  const ProcessResult r = RunTimeit(args, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("mixed model over 3 hosts × 2 boots"), std::string::npos) << r.out;
  const std::vector<double> shares = NlmeShares();
  ASSERT_GT(shares[0], 0.1) << "the design's hosts differ: a share to see";
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m, std::regex("host (\\d+)% · boot (\\d+)% · run (\\d+)%")))
      << r.out;
  int sum = 0;
  for (int i = 0; i < 3; ++i) {
    const int percent = std::stoi(m[i + 1]);
    EXPECT_LE(std::fabs(percent - shares[i] * 100), 1.0) << m[0];
    sum += percent;
  }
  EXPECT_EQ(sum, 100) << m[0];
  const std::string html = ReadFile(dir.path() / "r.html");
  int bars = 0;
  const char* names[] = {"host", "boot", "run"};
  for (int i = 0; i < 3; ++i) {
    const std::regex attribute(std::string("data-") + names[i] + "-share=\"([^\"]+)\"");
    for (auto it = std::sregex_iterator(html.begin(), html.end(), attribute);
         it != std::sregex_iterator(); ++it, ++bars)
      EXPECT_NEAR(std::stod((*it)[1]), shares[i], 2e-3) << names[i];
  }
  EXPECT_EQ(bars, 3) << "one bar, of the one row";
  EXPECT_NE(html.find(m[0].str()), std::string::npos) << "the HTML's cell is -v's";
  EXPECT_TRUE(LinesWith(r.err, "hosts differ").empty()) << r.err;
}

// One host of three on another kernel, and another host under another
// governor: each set says so once, naming the hosts of each value; the
// governor is not also said to have changed between the runs, nor the CPU
// models (all alike) to differ.
TEST(CompareFleetTest, HostsOnDifferentKernelsAreOneWarningPerSet) {
  TempDir dir;
  HostMachine newer;
  newer.kernel = "6.5.0-1-amd64";
  HostMachine powersave;
  powersave.governor = "powersave";
  std::vector<std::string> args = {"compare", "-m", "real"};
  for (const std::string& file : WriteFleet(dir, {{"f1", powersave}, {"f2", newer}}))
    args.push_back(file);
  const ProcessResult r = RunTimeit(args, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::vector<std::string> lines = LinesWith(r.err, "hosts differ");
  ASSERT_EQ(lines.size(), 2u) << r.err;
  for (const char* set : {"a", "b"})
    EXPECT_EQ(LinesWith(r.err, std::string("warning: ") + set +
                                   ": its 3 hosts differ in kernel_release "
                                   "('6.1.0-18-amd64' on f0, f1; '6.5.0-1-amd64' on f2) and "
                                   "governor ('performance' on f0, f2; 'powersave' on f1)")
                  .size(),
              1u)
        << r.err;
  EXPECT_TRUE(LinesWith(r.err, "changed between runs").empty()) << r.err;
  EXPECT_TRUE(LinesWith(r.err, "different CPU models").empty()) << r.err;

  // The same fleet on one kernel and governor: no warning of hosts.
  TempDir same;
  std::vector<std::string> alike = {"compare", "-m", "real"};
  for (const std::string& file : WriteFleet(same)) alike.push_back(file);
  const ProcessResult s = RunTimeit(alike, "", same.path());
  ASSERT_EQ(s.exit_status, 0) << s.err;
  EXPECT_TRUE(LinesWith(s.err, "hosts differ").empty()) << s.err;
}

// Another CPU model on one host is said by the hosts' line, once per set,
// and not again as the sets' CPU models differing (both sets ran on the
// same machines).
TEST(CompareFleetTest, AHostOfAnotherCpuModelIsSaidOnceAsTheHosts) {
  TempDir dir;
  HostMachine amd;
  amd.cpu = "AMD EPYC 7R13 Processor";
  std::vector<std::string> args = {"compare", "-m", "real"};
  for (const std::string& file : WriteFleet(dir, {{"f0", amd}})) args.push_back(file);
  const ProcessResult r = RunTimeit(args, "", dir.path());
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(LinesWith(r.err,
                      "hosts differ in cpu_model ('AMD EPYC 7R13 Processor' on f0; "
                      "'Intel(R) Xeon(R) Platinum 8375C' on f1, f2)")
                .size(),
            2u)
      << r.err;
  EXPECT_TRUE(LinesWith(r.err, "different CPU models").empty()) << r.err;
}

}  // namespace
}  // namespace timeit::testing
