// compare's warnings about the experiment's conditions, from small CSVs.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include "wrapper/compare/load_sets.h"
#include "wrapper/compare/sets/conditions.h"

namespace timeit {
namespace {
namespace fs = std::filesystem;

class CompareConditionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string templ = (fs::temp_directory_path() / "timeit-cond-XXXXXX").string();
    ASSERT_NE(mkdtemp(templ.data()), nullptr);
    dir_ = templ;
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// A results file with the given condition cells per row (after the
  /// fixed label,run,warmup,start,status,real,notes columns).
  std::string Write(const std::string& name, const std::string& header,
                    const std::vector<std::string>& rows) const {
    const std::string path = (dir_ / name).string();
    std::ofstream out(path, std::ios::binary);
    out << "label,run,warmup,start,status,real,notes" << (header.empty() ? "" : ",") << header
        << "\n";
    int run = 1;
    for (const std::string& r : rows) {
      out << fs::path(name).stem().string() << "," << run << ",0,t,0," << 1.0 + run * 0.01 << ","
          << (r.empty() ? "" : ",") << r << "\n";
      ++run;
    }
    return path;
  }

  std::vector<std::string> Warnings(const std::vector<std::string>& files) const {
    std::vector<std::string> notes;
    return ConditionWarnings(LoadCompareSets(files, notes));
  }

  fs::path dir_;
};

const std::string kConditionsHeader = "kernel_release,boot_id,cmdline,governor,load1";

TEST_F(CompareConditionsTest, TheIssuesExampleOneWarningPerCondition) {
  const std::string a = Write("kernel-a.csv", kConditionsHeader,
                              {"6.1,b1,quiet,performance,0.10", "6.1,b1,quiet,performance,0.20",
                               "6.1,b1,quiet,performance,0.15"});
  const std::string b = Write("kernel-b.csv", kConditionsHeader,
                              {"6.2,b2,quiet mitigations=off,performance,0.30",
                               "6.2,b2,quiet mitigations=off,performance,0.25",
                               "6.2,b2,quiet mitigations=off,performance,0.20"});
  // boot_id differs too (another kernel is another boot), and load1 by less
  // than 1: neither is a warning.
  EXPECT_EQ(Warnings({a, b}),
            (std::vector<std::string>{
                "kernel-a and kernel-b also differ in kernel_release: '6.1' → '6.2'",
                "kernel-a and kernel-b also differ in cmdline: 'quiet' → 'quiet mitigations=off'",
            }));
}

TEST_F(CompareConditionsTest, KernelsBootedDifferentlyAreSaid) {
  // timeit boots' boot_method: a kexec'd boot skips the firmware.
  const std::string header = "kernel_release,boot_id,boot_method";
  const std::string a = Write("kernel-a.csv", header, {"6.1,b1,grub", "6.1,b3,grub"});
  const std::string b = Write("kernel-b.csv", header, {"6.1,b2,kexec", "6.1,b4,kexec"});
  EXPECT_EQ(Warnings({a, b}),
            (std::vector<std::string>{"kernel-a and kernel-b also differ in boot_method: 'grub' → "
                                      "'kexec'"}));
}

TEST_F(CompareConditionsTest, ReleaseDefinesTheSetsOfOneAppendedFile) {
  // One label appended across a reboot: sets build@6.1 and build@6.2. The
  // release is what is compared; the governor is not supposed to change.
  const std::string f = Write("build.csv", kConditionsHeader,
                              {"6.1,b1,quiet,performance,0.1", "6.1,b1,quiet,performance,0.1",
                               "6.2,b2,quiet,powersave,0.1", "6.2,b2,quiet,powersave,0.1"});
  EXPECT_EQ(Warnings({f}),
            (std::vector<std::string>{
                "build@6.1 and build@6.2 also differ in governor: 'performance' → 'powersave'"}));
}

TEST_F(CompareConditionsTest, AConditionThatChangedWithinASet) {
  const std::string a = Write("a.csv", kConditionsHeader,
                              {"6.1,b1,quiet,performance,0.1", "6.1,b2,quiet,performance,0.1",
                               "6.1,b2,quiet,powersave,2.5"});
  const std::string b =
      Write("b.csv", kConditionsHeader, {"6.1,b3,quiet,performance,0.1", "6.1,b3,quiet,performance,0.1"});
  const std::string where = (dir_ / "a.csv").string();
  EXPECT_EQ(
      Warnings({a, b}),
      (std::vector<std::string>{
          "a and b also differ in governor: 'performance' + 'powersave' → 'performance'",
          "a and b also differ in load1: '0.1' + '2.5' → '0.1'",
          "a: governor changed between runs: 'performance' at " + where + ":2, 'powersave' from " +
              where + ":4",
          "a: load1 changed between runs: '0.1' at " + where + ":2, '2.5' from " + where + ":4",
      }));
}

TEST_F(CompareConditionsTest, AFileOfAnEarlierTimeitIsSaidOnceAndNotCompared) {
  const std::string old_file = Write("old.csv", "kernel_release", {"6.1", "6.1", "6.1"});
  const std::string new_file =
      Write("new.csv", kConditionsHeader, {"6.1,b1,quiet,powersave,0.1", "6.1,b1,quiet,powersave,0.1"});
  EXPECT_EQ(Warnings({old_file, new_file}),
            (std::vector<std::string>{
                "old recorded no conditions (written by an earlier timeit): whether it ran under "
                "the same conditions as the other sets cannot be checked"}));
  // Neither file records any: nothing to say.
  const std::string other = Write("other.csv", "kernel_release", {"6.1", "6.1"});
  EXPECT_EQ(Warnings({old_file, other}), std::vector<std::string>{});
}

TEST_F(CompareConditionsTest, EmptyCellsAreNotValues) {
  const std::string a = Write("a.csv", kConditionsHeader, {"6.1,b1,quiet,,0.1", "6.1,b1,quiet,,0.1"});
  const std::string b =
      Write("b.csv", kConditionsHeader, {"6.1,b2,quiet,performance,0.1", "6.1,b2,quiet,performance,0.1"});
  EXPECT_EQ(Warnings({a, b}), std::vector<std::string>{});
}

TEST(ContrastValuesTest, LongValuesWithoutTheWordsTheyShare) {
  EXPECT_EQ(ContrastValues("quiet", "quiet mitigations=off"),
            (std::pair<std::string, std::string>{"'quiet'", "'quiet mitigations=off'"}));
  const std::string root = "BOOT_IMAGE=/vmlinuz root=UUID=c2e1f3a4-7b8d-4c9e-a0f1-5d6e7f8a9b0c ro";
  EXPECT_EQ(ContrastValues(root + " quiet", root + " mitigations=off quiet"),
            (std::pair<std::string, std::string>{"'… …'", "'… mitigations=off …'"}));
  EXPECT_EQ(
      ContrastValues("d41d8cd9 mitigated: spectre_v1 spectre_v2 retbleed mds meltdown l1tf",
                     "9f86d081 vulnerable: spectre_v1 spectre_v2 retbleed mds meltdown l1tf"),
      (std::pair<std::string, std::string>{"'d41d8cd9 mitigated: …'", "'9f86d081 vulnerable: …'"}));
}

}  // namespace
}  // namespace timeit
