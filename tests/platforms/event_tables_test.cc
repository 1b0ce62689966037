#include "platforms/event_tables.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace timeit::platforms {
namespace {

using Chain = std::vector<std::string>;

TEST(EventTablesTest, NeoverseN1Table) {
  const auto p = PlatformId::kNeoverseN1;
  EXPECT_EQ(EventChain(p, Metric::kCycles), (Chain{"arm_n1::CPU_CYCLES", "cpu-cycles"}));
  EXPECT_EQ(EventChain(p, Metric::kInstructions), (Chain{"arm_n1::INST_RETIRED", "instructions"}));
  EXPECT_EQ(EventChain(p, Metric::kIcacheMisses),
            (Chain{"arm_n1::L1I_CACHE_REFILL", "L1-icache-load-misses"}));
  EXPECT_EQ(EventChain(p, Metric::kBranchMisses),
            (Chain{"arm_n1::BR_MIS_PRED_RETIRED", "branch-misses"}));
  // syscalls is the tracepoint on every architecture; EXC_SVC its own metric.
  EXPECT_EQ(EventChain(p, Metric::kSyscalls), (Chain{"raw_syscalls:sys_enter"}));
  EXPECT_EQ(EventChain(p, Metric::kExcSvc), (Chain{"arm_n1::EXC_SVC"}));
}

TEST(EventTablesTest, PentiumDUsesTraceCacheMisses) {
  EXPECT_EQ(EventChain(PlatformId::kPentiumD, Metric::kIcacheMisses),
            (Chain{"netburst_p::BPU_fetch_request:TCMISS", "L1-icache-load-misses"}));
  EXPECT_EQ(EventChain(PlatformId::kPentium4, Metric::kCycles),
            (Chain{"netburst::global_power_events:RUNNING", "cpu-cycles"}));
}

TEST(EventTablesTest, P6FamilyAndPentiumMUseIfuFetchMisses) {
  EXPECT_EQ(EventChain(PlatformId::kPentium3, Metric::kIcacheMisses),
            (Chain{"p6::IFU_IFETCH_MISS", "L1-icache-load-misses"}));
  EXPECT_EQ(PlatformEvents(PlatformId::kPentiumPro, Metric::kCycles),
            (Chain{"ppro::CPU_CLK_UNHALTED"}));
  EXPECT_EQ(PlatformEvents(PlatformId::kPentium2, Metric::kBranchMisses),
            (Chain{"pii::BR_MISS_PRED_RETIRED"}));
  EXPECT_EQ(PlatformEvents(PlatformId::kPentiumM, Metric::kCacheMisses), (Chain{"pm::L2_RQSTS:I"}));
  EXPECT_EQ(PlatformEvents(PlatformId::kCoreDuo, Metric::kIcacheMisses),
            (Chain{"coreduo::ICACHE_MISSES"}));
}

TEST(EventTablesTest, IntelIcacheByGeneration) {
  EXPECT_EQ(PlatformEvents(PlatformId::kHaswell, Metric::kIcacheMisses),
            (Chain{"hsw::ICACHE:MISSES"}));
  EXPECT_EQ(PlatformEvents(PlatformId::kSkylake, Metric::kIcacheMisses),
            (Chain{"skl::ICACHE_64B:IFTAG_MISS", "skl::FRONTEND_RETIRED:L1I_MISS"}));
  EXPECT_EQ(PlatformEvents(PlatformId::kSapphireRapids, Metric::kIcacheMisses),
            (Chain{"spr::FRONTEND_RETIRED:L1I_MISS"}));
}

TEST(EventTablesTest, EveryMetricHasAChainEndingInAGenericEvent) {
  for (const PlatformInfo& p : AllPlatforms()) {
    for (const MetricInfo& m : AllMetrics()) {
      if (!m.in_default_set) continue;  // exc-svc: one platform's PMU event
      const Chain chain = EventChain(p.id, m.metric);
      ASSERT_FALSE(chain.empty());
      EXPECT_EQ(chain.back().find("::"), std::string::npos) << p.name << " " << m.name;
    }
  }
  EXPECT_EQ(EventChain(PlatformId::kZen3, Metric::kSyscalls), (Chain{"raw_syscalls:sys_enter"}));
  EXPECT_EQ(EventChain(PlatformId::kGeneric, Metric::kTaskClock), (Chain{"task-clock"}));
  EXPECT_EQ(EventChain(PlatformId::kZen3, Metric::kExcSvc), Chain{});
}

TEST(MetricsTest, Names) {
  EXPECT_EQ(AllMetrics().size(), 11u);
  EXPECT_EQ(FindMetric("exc-svc"), Metric::kExcSvc);
  EXPECT_FALSE(GetMetricInfo(Metric::kExcSvc).in_default_set);
  EXPECT_EQ(FindMetric("icache-misses"), Metric::kIcacheMisses);
  EXPECT_FALSE(FindMetric("ipc").has_value());
}

}  // namespace
}  // namespace timeit::platforms
