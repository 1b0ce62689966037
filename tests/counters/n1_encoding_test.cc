// The graviton2 / neoverse-n1 table, proven through libpfm4's own Neoverse
// N1 tables: its events must encode to the raw event numbers of Arm's N1
// Technical Reference Manual. libpfm4 compiles in only its host
// architecture's PMUs, so this runs in the arm64 build, under qemu-aarch64
// on CI (scripts/test-arm64.sh), and skips with the reason on x86.
//
// qemu-user shows the host's /proc/cpuinfo, so libpfm4 4.13 does not detect
// the N1; two ways make it encode N1 events all the same:
//   LIBPFM_ENCODE_INACTIVE=1 with "arm_n1::" names (N1Encoding, below), and
//   LIBPFM_FORCE_PMU=arm_n1 with bare names (N1ForcedPmu, run by its own
//   ctest entry that sets the variable, see CMakeLists.txt).
#include <gtest/gtest.h>
#include <linux/perf_event.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "counters/pfm_library.h"
#include "platforms/event_tables.h"
#include "platforms/metrics.h"
#include "platforms/platform.h"

namespace timeit::counters {
namespace {

using platforms::Metric;
using platforms::PlatformId;

/// Event numbers from the Arm Neoverse N1 TRM (PMU events table), written
/// here independently of the table under test.
struct N1Event {
  Metric metric;
  const char* name;
  std::uint64_t config;
};
constexpr N1Event kN1Events[] = {
    {Metric::kCycles, "CPU_CYCLES", 0x11},
    {Metric::kInstructions, "INST_RETIRED", 0x08},
    {Metric::kIcacheMisses, "L1I_CACHE_REFILL", 0x01},
    {Metric::kBranchMisses, "BR_MIS_PRED_RETIRED", 0x22},
    {Metric::kExcSvc, "EXC_SVC", 0x82},
};

/// Why this libpfm4 cannot encode N1 events, or empty when it can. Asked of
/// libpfm4 itself, not of the compiler, so that a libpfm4 that has the
/// tables is always tested; on arm64 it must have them, and a failure to
/// encode is a test failure there.
std::string WhyNoArmN1Tables() {
#if defined(__aarch64__)
  return {};
#else
  const PfmEncoding probe = EncodeWithPfm("arm_n1::CPU_CYCLES", false);
  if (probe.encoding) return {};
  return "this libpfm4 has no Arm PMU tables (it compiles in only its host architecture's "
         "PMUs; arm_n1::CPU_CYCLES: " +
         probe.error + "); scripts/test-arm64.sh runs this under qemu-aarch64";
#endif
}

class N1Encoding : public ::testing::Test {
 protected:
  void SetUp() override {
    // Must precede libpfm4's initialisation; ctest runs each test in a
    // process of its own, so it does.
    const char* inactive = std::getenv("LIBPFM_ENCODE_INACTIVE");
    if (!RequestInactivePmuEncoding() && (inactive == nullptr || *inactive != '1')) {
      GTEST_SKIP() << "libpfm4 was initialised before this test could set "
                      "LIBPFM_ENCODE_INACTIVE=1; run it alone, as ctest does";
    }
    if (const std::string why = WhyNoArmN1Tables(); !why.empty()) GTEST_SKIP() << why;
    ASSERT_TRUE(EnsurePfmInitialized().ok) << EnsurePfmInitialized().error;
  }
};

TEST_F(N1Encoding, TableEventsEncodeToTheN1EventNumbers) {
  for (const N1Event& want : kN1Events) {
    const auto events = platforms::PlatformTableEvents(PlatformId::kNeoverseN1, want.metric);
    ASSERT_FALSE(events.empty()) << want.name;
    EXPECT_EQ(events.front().event, std::string("arm_n1::") + want.name);
    const PfmEncoding got = EncodeWithPfm(events.front().event, false);
    ASSERT_TRUE(got.encoding) << events.front().event << ": " << got.error;
    EXPECT_EQ(got.encoding->type, PERF_TYPE_RAW) << want.name;
    EXPECT_EQ(got.encoding->config, want.config) << want.name;
  }
}

/// Every event of the table, including the ones the issue does not name
/// (LL_CACHE_MISS_RD), encodes to the config the table documents.
TEST_F(N1Encoding, EveryTableEventMatchesItsDocumentedConfig) {
  int checked = 0;
  for (const platforms::MetricInfo& m : platforms::AllMetrics()) {
    for (const platforms::TableEvent& e :
         platforms::PlatformTableEvents(PlatformId::kNeoverseN1, m.metric)) {
      for (const bool user_only : {false, true}) {
        const PfmEncoding got = EncodeWithPfm(e.event, user_only);
        ASSERT_TRUE(got.encoding) << e.event << ": " << got.error;
        EXPECT_EQ(got.encoding->type, PERF_TYPE_RAW) << e.event;
        EXPECT_EQ(got.encoding->config, e.expected_config) << e.event << " user_only=" << user_only;
      }
      ++checked;
    }
  }
  EXPECT_GE(checked, 5);
}

/// LIBPFM_FORCE_PMU=arm_n1 makes the N1 libpfm4's default PMU: bare names
/// encode as N1 events. Only meaningful in the process the n1_forced_pmu
/// ctest entry starts with that variable set.
TEST(N1ForcedPmu, BareNamesEncodeAsN1Events) {
  const char* forced = std::getenv("LIBPFM_FORCE_PMU");
  if (forced == nullptr || std::string_view(forced) != "arm_n1") {
    GTEST_SKIP() << "needs LIBPFM_FORCE_PMU=arm_n1 from process start; the ctest entry "
                    "n1_forced_pmu runs it so";
  }
  if (const std::string why = WhyNoArmN1Tables(); !why.empty()) GTEST_SKIP() << why;
  ASSERT_TRUE(EnsurePfmInitialized().ok) << EnsurePfmInitialized().error;
  EXPECT_EQ(DefaultPfmPmu(), "arm_n1");
  for (const N1Event& want : kN1Events) {
    const PfmEncoding got = EncodeWithPfm(want.name, false);
    ASSERT_TRUE(got.encoding) << want.name << ": " << got.error;
    EXPECT_EQ(got.encoding->type, PERF_TYPE_RAW) << want.name;
    EXPECT_EQ(got.encoding->config, want.config) << want.name;
  }
}

}  // namespace
}  // namespace timeit::counters
