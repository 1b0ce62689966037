#include "platforms/event_tables.h"

#include <span>
#include <string_view>

namespace timeit::platforms {
namespace {

/// One metric's platform events, best first, as libpfm4 names without the
/// PMU prefix (the platform's pfm_pmu is prepended). Each was checked to
/// encode with libpfm4 4.13 (see tests/platforms and docs/platforms.md).
struct Row {
  Metric metric;
  std::string_view first;
  std::string_view second = {};
};

using M = Metric;

// Arm Neoverse N1 (Graviton2). EXC_SVC counts supervisor calls, i.e. system
// calls, in hardware: no tracepoint, no kernel code patching.
constexpr Row kNeoverseN1[] = {
    {M::kCycles, "CPU_CYCLES"},                  // 0x11
    {M::kInstructions, "INST_RETIRED"},          // 0x08
    {M::kIcacheMisses, "L1I_CACHE_REFILL"},      // 0x01
    {M::kBranchMisses, "BR_MIS_PRED_RETIRED"},   // 0x22
    {M::kCacheMisses, "LL_CACHE_MISS_RD"},       // 0x37, absent on small EC2 sizes
    {M::kSyscalls, "EXC_SVC"},                   // 0x82
};

// NetBurst has no instruction cache: the trace cache takes its place, and
// BPU_fetch_request:TCMISS counts its misses. libpfm4 calls the P4
// "non-bogus" mispredict umask BOGUS (its only one).
constexpr Row kNetBurst[] = {
    {M::kCycles, "global_power_events:RUNNING"},
    {M::kInstructions, "instr_retired:NBOGUSNTAG"},
    {M::kIcacheMisses, "BPU_fetch_request:TCMISS"},
    {M::kBranchMisses, "mispred_branch_retired:BOGUS"},
    {M::kCacheMisses, "BSQ_cache_reference:RD_2ndL_MISS"},
};

// Intel's architectural events, the same on every Core generation.
#define TIMEIT_INTEL_ARCH_ROWS                           \
  {M::kCycles, "UNHALTED_CORE_CYCLES"},                  \
      {M::kInstructions, "INSTRUCTION_RETIRED"},         \
      {M::kBranchMisses, "MISPREDICTED_BRANCH_RETIRED"}, \
      {M::kCacheMisses, "LLC_MISSES"}

constexpr Row kCore2[] = {TIMEIT_INTEL_ARCH_ROWS, {M::kIcacheMisses, "L1I_MISSES"}};
constexpr Row kNehalem[] = {TIMEIT_INTEL_ARCH_ROWS, {M::kIcacheMisses, "L1I:MISSES"}};
// Sandy Bridge to Broadwell: ICACHE:MISSES (0x0280).
constexpr Row kSandyToBroadwell[] = {TIMEIT_INTEL_ARCH_ROWS, {M::kIcacheMisses, "ICACHE:MISSES"}};
// Skylake to Ice Lake: ICACHE_64B:IFTAG_MISS (0x0283); FRONTEND_RETIRED:
// L1I_MISS counts retired instructions that missed, a different (smaller)
// number, so it is only the fallback.
constexpr Row kSkylakeToIcelake[] = {
    TIMEIT_INTEL_ARCH_ROWS,
    {M::kIcacheMisses, "ICACHE_64B:IFTAG_MISS", "FRONTEND_RETIRED:L1I_MISS"}};
// Sapphire Rapids has no ICACHE_64B in libpfm4 4.13 and no LLC_MISSES alias.
constexpr Row kSapphireRapids[] = {
    {M::kCycles, "UNHALTED_CORE_CYCLES"},
    {M::kInstructions, "INSTRUCTION_RETIRED"},
    {M::kBranchMisses, "MISPREDICTED_BRANCH_RETIRED"},
    {M::kCacheMisses, "LONGEST_LAT_CACHE:MISS"},
    {M::kIcacheMisses, "FRONTEND_RETIRED:L1I_MISS"},
};
#undef TIMEIT_INTEL_ARCH_ROWS

// AMD Zen. cache-misses is what the kernel's amd_f17h_perfmon_event_map uses
// (0x0964). Zen 1/2 have no L1I miss event in libpfm4 4.13 (the kernel's
// L1-icache-load-misses maps to PMCx081 there, so the generic fallback
// covers it); Zen 3/4 have IC_TAG_HIT_MISS:IC_MISS.
#define TIMEIT_ZEN_ROWS                                               \
  {M::kCycles, "CYCLES_NOT_IN_HALT"},                                 \
      {M::kInstructions, "RETIRED_INSTRUCTIONS"},                     \
      {M::kBranchMisses, "RETIRED_BRANCH_INSTRUCTIONS_MISPREDICTED"}, \
      {M::kCacheMisses,                                               \
       "CORE_TO_L2_CACHEABLE_REQUEST_ACCESS_STATUS:LS_RD_BLK_C:IC_FILL_MISS"}
constexpr Row kZen12[] = {TIMEIT_ZEN_ROWS};
constexpr Row kZen34[] = {TIMEIT_ZEN_ROWS, {M::kIcacheMisses, "IC_TAG_HIT_MISS:IC_MISS"}};
#undef TIMEIT_ZEN_ROWS

std::span<const Row> RowsFor(PlatformId platform) {
  switch (platform) {
    case PlatformId::kGeneric: return {};
    case PlatformId::kNeoverseN1: return kNeoverseN1;
    case PlatformId::kPentium4:
    case PlatformId::kPentiumD: return kNetBurst;
    case PlatformId::kCore2: return kCore2;
    case PlatformId::kNehalem:
    case PlatformId::kWestmere: return kNehalem;
    case PlatformId::kSandyBridge:
    case PlatformId::kIvyBridge:
    case PlatformId::kHaswell:
    case PlatformId::kBroadwell: return kSandyToBroadwell;
    case PlatformId::kSkylake:
    case PlatformId::kSkylakeX:
    case PlatformId::kCascadeLake:
    case PlatformId::kIcelake:
    case PlatformId::kIcelakeX: return kSkylakeToIcelake;
    case PlatformId::kSapphireRapids: return kSapphireRapids;
    case PlatformId::kZen1:
    case PlatformId::kZen2: return kZen12;
    case PlatformId::kZen3:
    case PlatformId::kZen4: return kZen34;
  }
  return {};
}

/// The kernel's generic events (perf's names), the last resort everywhere.
/// L1-icache-load-misses is PERF_TYPE_HW_CACHE config 0x10001; syscalls is
/// the raw_syscalls:sys_enter tracepoint, exact on every architecture.
std::string_view GenericEvent(Metric metric) {
  switch (metric) {
    case M::kCycles: return "cpu-cycles";
    case M::kInstructions: return "instructions";
    case M::kIcacheMisses: return "L1-icache-load-misses";
    case M::kBranchMisses: return "branch-misses";
    case M::kCacheMisses: return "cache-misses";
    case M::kSyscalls: return "raw_syscalls:sys_enter";
    case M::kTaskClock: return "task-clock";
    case M::kContextSwitches: return "context-switches";
    case M::kCpuMigrations: return "cpu-migrations";
    case M::kPageFaults: return "page-faults";
  }
  return {};
}

}  // namespace

std::vector<std::string> PlatformEvents(PlatformId platform, Metric metric) {
  std::vector<std::string> events;
  const std::string prefix = std::string(GetPlatformInfo(platform).pfm_pmu) + "::";
  for (const Row& row : RowsFor(platform)) {
    if (row.metric != metric) continue;
    for (std::string_view name : {row.first, row.second}) {
      if (!name.empty()) events.push_back(prefix + std::string(name));
    }
  }
  return events;
}

std::vector<std::string> EventChain(PlatformId platform, Metric metric) {
  std::vector<std::string> chain = PlatformEvents(platform, metric);
  chain.emplace_back(GenericEvent(metric));
  return chain;
}

}  // namespace timeit::platforms
