// Every platform table's libpfm4 events encode to the raw configs the table
// documents, on any host: LIBPFM_ENCODE_INACTIVE=1 makes libpfm4 encode
// PMUs this CPU is not (netburst::, skl::, spr::, amd64_fam19h_zen3:: on any
// x86-64; arm_n1:: on any arm64, e.g. under qemu-aarch64).
#include <gtest/gtest.h>
#include <linux/perf_event.h>

#include <cstdint>
#include <string>
#include <utility>

#include "counters/pfm_library.h"
#include "platforms/event_tables.h"

namespace timeit::counters {
namespace {

// Before main(), so before anything initialises libpfm4.
const bool kInactiveRequested = RequestInactivePmuEncoding();

using platforms::AllMetrics;
using platforms::AllPlatforms;
using platforms::PlatformInfo;

TEST(EncodingTablesTest, EveryTableEventEncodesToItsDocumentedConfig) {
  ASSERT_TRUE(kInactiveRequested);
  int checked = 0;
  std::string skipped;
  for (const PlatformInfo& platform : AllPlatforms()) {
    if (platform.pfm_pmu.empty()) continue;
    if (!PfmHasPmu(std::string(platform.pfm_pmu))) {
      skipped += " " + std::string(platform.name);
      continue;
    }
    for (const auto& metric : AllMetrics()) {
      for (const auto& entry : platforms::PlatformTableEvents(platform.id, metric.metric)) {
        const PfmEncoding enc = EncodeWithPfm(entry.event, false);
        ASSERT_TRUE(enc.encoding) << entry.event << ": " << enc.error;
        EXPECT_EQ(enc.encoding->type, PERF_TYPE_RAW) << entry.event;
        EXPECT_EQ(enc.encoding->config, entry.expected_config)
            << entry.event << " encodes to 0x" << std::hex << enc.encoding->config;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 0);
  if (!skipped.empty()) {
    std::printf("not in this architecture's libpfm4 build:%s\n", skipped.c_str());
  }
}

// Which build has which tables, asked of the real library: the P6 family,
// Pentium M and Core Duo exist only in libpfm4's i386 build, NetBurst in
// every x86 build. PlatformInfo::pfm_i386_only must say the same.
TEST(EncodingTablesTest, I386OnlyPmusAreWhereTheTableSays) {
#if defined(__i386__) || defined(__x86_64__)
  constexpr bool kI386 = sizeof(void*) == 4;
  for (const PlatformInfo& platform : AllPlatforms()) {
    if (platform.pfm_pmu.empty() || platform.pfm_pmu.starts_with("arm_")) continue;
    const bool has = PfmHasPmu(std::string(platform.pfm_pmu));
    EXPECT_EQ(has, kI386 || !platform.pfm_i386_only)
        << platform.name << " (" << platform.pfm_pmu << ")";
  }
#else
  GTEST_SKIP() << "not x86: libpfm4 has no Intel tables here";
#endif
}

// The P6 family's codes as libpfm4's i386 build encodes them, spelled out.
TEST(EncodingTablesTest, P6FamilyPentiumMAndCoreDuo) {
  if (!PfmHasPmu("p6")) {
    GTEST_SKIP() << "libpfm4 has the P6, Pentium M and Core Duo tables only in its i386 build "
                    "(scripts/test-i386.sh runs this test there)";
  }
  const std::pair<const char*, std::uint64_t> expected[] = {
      {"ppro::CPU_CLK_UNHALTED", 0x79}, {"pii::INST_RETIRED", 0xc0},
      {"p6::IFU_IFETCH_MISS", 0x81},    {"p6::BR_MISS_PRED_RETIRED", 0xc5},
      {"pm::L2_RQSTS:I", 0x12e},        {"coreduo::ICACHE_MISSES", 0x81},
      {"coreduo::LLC_MISSES", 0x412e},
  };
  for (const auto& [event, config] : expected) {
    const PfmEncoding enc = EncodeWithPfm(event, false);
    ASSERT_TRUE(enc.encoding) << event << ": " << enc.error;
    EXPECT_EQ(enc.encoding->type, PERF_TYPE_RAW) << event;
    EXPECT_EQ(enc.encoding->config, config) << event;
  }
}

TEST(EncodingTablesTest, NetBurstTraceCacheMisses) {
  if (!PfmHasPmu("netburst_p")) GTEST_SKIP() << "libpfm4 built without NetBurst (not x86)";
  const PfmEncoding enc = EncodeWithPfm("netburst_p::BPU_fetch_request:TCMISS", false);
  ASSERT_TRUE(enc.encoding) << enc.error;
  EXPECT_EQ(enc.encoding->config, 0x0200020f00031000u);
}

TEST(EncodingTablesTest, SkylakeAndSapphireRapidsIcache) {
  if (!PfmHasPmu("skl")) GTEST_SKIP() << "libpfm4 built without Intel tables (not x86)";
  EXPECT_EQ(EncodeWithPfm("skl::ICACHE_64B:IFTAG_MISS", false).encoding->config, 0x283u);
  const PfmEncoding fe = EncodeWithPfm("spr::FRONTEND_RETIRED:L1I_MISS", false);
  ASSERT_TRUE(fe.encoding) << fe.error;
  EXPECT_EQ(fe.encoding->config, 0x1c6u);
  EXPECT_EQ(fe.encoding->config1, 0x12u);  // MSR_PEBS_FRONTEND: L1I miss
  EXPECT_EQ(EncodeWithPfm("icl::ICACHE_64B:IFTAG_MISS", false).encoding->config, 0x283u);
}

TEST(EncodingTablesTest, ZenEvents) {
  if (!PfmHasPmu("amd64_fam19h_zen3")) GTEST_SKIP() << "libpfm4 built without AMD tables";
  EXPECT_EQ(EncodeWithPfm("amd64_fam19h_zen3::IC_TAG_HIT_MISS:IC_MISS", false).encoding->config,
            0x10000188eu);
  EXPECT_EQ(EncodeWithPfm("amd64_fam17h_zen2::RETIRED_INSTRUCTIONS", false).encoding->config,
            0xc0u);
}

TEST(EncodingTablesTest, NeoverseN1RawCodes) {
  if (!PfmHasPmu("arm_n1")) GTEST_SKIP() << "libpfm4 built without arm_n1 (not arm64)";
  const std::pair<const char*, std::uint64_t> expected[] = {
      {"arm_n1::CPU_CYCLES", 0x11},       {"arm_n1::INST_RETIRED", 0x08},
      {"arm_n1::L1I_CACHE_REFILL", 0x01}, {"arm_n1::BR_MIS_PRED_RETIRED", 0x22},
      {"arm_n1::EXC_SVC", 0x82},
  };
  for (const auto& [event, config] : expected) {
    const PfmEncoding enc = EncodeWithPfm(event, false);
    ASSERT_TRUE(enc.encoding) << event << ": " << enc.error;
    EXPECT_EQ(enc.encoding->config, config) << event;
  }
}

}  // namespace
}  // namespace timeit::counters
