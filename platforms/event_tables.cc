#include "platforms/event_tables.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace timeit::platforms {
namespace {

/// One metric's platform events, best first, as libpfm4 names without the
/// PMU prefix (the platform's pfm_pmu is prepended), each with the raw
/// config libpfm4 4.13 encodes it to for user+kernel counting. The codes
/// document the table and let tests prove it on any host (with
/// LIBPFM_ENCODE_INACTIVE=1, or under qemu for arm64); see docs/platforms.md.
struct Row {
  Metric metric;
  std::string_view event;
  std::uint64_t config;
  std::string_view fallback = {};
  std::uint64_t fallback_config = 0;
};

using M = Metric;

// Arm Neoverse N1 (Graviton2). syscalls stays the raw_syscalls tracepoint,
// as everywhere (exact, counted by the kernel, comparable with x86);
// EXC_SVC, the supervisor calls the PMU counts, is its own metric. It is
// IMPLEMENTATION DEFINED, so no sysfs list says whether a PMU implements it
// (QEMU's does not: it counts 0).
constexpr Row kNeoverseN1[] = {
    {M::kCycles, "CPU_CYCLES", 0x11},
    {M::kInstructions, "INST_RETIRED", 0x08},
    {M::kIcacheMisses, "L1I_CACHE_REFILL", 0x01},
    {M::kBranchMisses, "BR_MIS_PRED_RETIRED", 0x22},
    {M::kCacheMisses, "LL_CACHE_MISS_RD", 0x37},  // hidden on EC2 sizes below 16xlarge
    {M::kExcSvc, "EXC_SVC", 0x82},
};

// The P6 family (Pentium Pro, II, III) and Pentium M: the same codes in
// libpfm4's ppro, pii, p6 and pm tables (i386 build only). IFU_IFETCH_MISS
// is the instruction fetch unit's miss count; L2_RQSTS:I (L2 requests that
// found the line invalid) is what the kernel's p6_perfmon_event_map uses
// for cache-misses.
constexpr Row kP6[] = {
    {M::kCycles, "CPU_CLK_UNHALTED", 0x79},      {M::kInstructions, "INST_RETIRED", 0xc0},
    {M::kIcacheMisses, "IFU_IFETCH_MISS", 0x81}, {M::kBranchMisses, "BR_MISS_PRED_RETIRED", 0xc5},
    {M::kCacheMisses, "L2_RQSTS:I", 0x12e},
};
// Core Duo/Solo (Yonah): architectural perfmon v1 plus its own names.
constexpr Row kCoreDuo[] = {
    {M::kCycles, "UNHALTED_CORE_CYCLES", 0x3c},
    {M::kInstructions, "INSTRUCTIONS_RETIRED", 0xc0},
    {M::kIcacheMisses, "ICACHE_MISSES", 0x81},
    {M::kBranchMisses, "MISPREDICTED_BRANCH_RETIRED", 0xc5},
    {M::kCacheMisses, "LLC_MISSES", 0x412e},
};

// NetBurst has no instruction cache: the trace cache takes its place, and
// BPU_fetch_request:TCMISS counts its misses. Configs pack ESCR << 32 | CCCR.
// libpfm4 calls the P4 "non-bogus" mispredict umask BOGUS (its only one).
constexpr Row kNetBurst[] = {
    {M::kCycles, "global_power_events:RUNNING", 0x3000020f0003d000},
    {M::kInstructions, "instr_retired:NBOGUSNTAG", 0x4c00020f00039000},
    {M::kIcacheMisses, "BPU_fetch_request:TCMISS", 0x0200020f00031000},
    {M::kBranchMisses, "mispred_branch_retired:BOGUS", 0x5400020f00039000},
    {M::kCacheMisses, "BSQ_cache_reference:RD_2ndL_MISS", 0x1202000f0003f000},
};

// Intel Core generations: the architectural cycles/instructions events,
// then the names each libpfm4 table uses for the rest.
constexpr Row kCore2[] = {
    {M::kCycles, "UNHALTED_CORE_CYCLES", 0x3c},
    {M::kInstructions, "INSTRUCTION_RETIRED", 0xc0},
    {M::kIcacheMisses, "L1I_MISSES", 0x81},
    {M::kBranchMisses, "MISPREDICTED_BRANCH_RETIRED", 0xc5},
    {M::kCacheMisses, "LLC_MISSES", 0x412e},
};
// libpfm4's Nehalem table has no retired-mispredict-all event: the generic
// branch-misses (the kernel maps it to 0x00c5) covers it.
constexpr Row kNehalem[] = {
    {M::kCycles, "UNHALTED_CORE_CYCLES", 0x3c},
    {M::kInstructions, "INSTRUCTION_RETIRED", 0xc0},
    {M::kIcacheMisses, "L1I:MISSES", 0x280},
    {M::kCacheMisses, "LLC_MISSES", 0x412e},
};
constexpr Row kWestmere[] = {
    {M::kCycles, "UNHALTED_CORE_CYCLES", 0x3c},
    {M::kInstructions, "INSTRUCTION_RETIRED", 0xc0},
    {M::kIcacheMisses, "L1I:MISSES", 0x280},
    {M::kBranchMisses, "MISPREDICTED_BRANCH_RETIRED", 0xc5},
    {M::kCacheMisses, "LLC_MISSES", 0x412e},
};
// Sandy Bridge to Broadwell: ICACHE:MISSES (0x0280).
constexpr Row kIvyBridge[] = {
    {M::kCycles, "UNHALTED_CORE_CYCLES", 0x3c},
    {M::kInstructions, "INSTRUCTION_RETIRED", 0xc0},
    {M::kIcacheMisses, "ICACHE:MISSES", 0x280},
    {M::kBranchMisses, "MISPREDICTED_BRANCH_RETIRED", 0xc5},
    {M::kCacheMisses, "LLC_MISSES", 0x412e},
};
constexpr Row kSandyBridge[] = {
    {M::kCycles, "UNHALTED_CORE_CYCLES", 0x3c},
    {M::kInstructions, "INSTRUCTION_RETIRED", 0xc0},
    {M::kIcacheMisses, "ICACHE:MISSES", 0x280},
    {M::kBranchMisses, "MISPREDICTED_BRANCH_RETIRED", 0x4c5},  // libpfm4 sets umask 0x04 here
    {M::kCacheMisses, "LLC_MISSES", 0x412e},
};
constexpr Row kHaswellBroadwell[] = {
    {M::kCycles, "UNHALTED_CORE_CYCLES", 0x3c},
    {M::kInstructions, "INSTRUCTION_RETIRED", 0xc0},
    {M::kIcacheMisses, "ICACHE:MISSES", 0x280},
    {M::kBranchMisses, "MISPREDICTED_BRANCH_RETIRED", 0xc5},
    {M::kCacheMisses, "LONGEST_LAT_CACHE:MISS", 0x412e},
};
// Skylake on: ICACHE_64B:IFTAG_MISS (0x0283). FRONTEND_RETIRED:L1I_MISS
// counts retired instructions that missed (config1 0x12 selects it), a
// smaller number, so it is only the fallback.
constexpr Row kSkylake[] = {
    {M::kCycles, "UNHALTED_CORE_CYCLES", 0x3c},
    {M::kInstructions, "INSTRUCTION_RETIRED", 0xc0},
    {M::kIcacheMisses, "ICACHE_64B:IFTAG_MISS", 0x283, "FRONTEND_RETIRED:L1I_MISS", 0x1c6},
    {M::kBranchMisses, "MISPREDICTED_BRANCH_RETIRED", 0xc5},
    {M::kCacheMisses, "LONGEST_LAT_CACHE:MISS", 0x412e},
};
constexpr Row kIcelake[] = {
    {M::kCycles, "UNHALTED_CORE_CYCLES", 0x3c},
    {M::kInstructions, "INSTRUCTION_RETIRED", 0xc0},
    {M::kIcacheMisses, "ICACHE_64B:IFTAG_MISS", 0x283, "FRONTEND_RETIRED:L1I_MISS", 0x1c6},
    {M::kBranchMisses, "BR_MISP_RETIRED:ALL_BRANCHES", 0xc5},
    {M::kCacheMisses, "LONGEST_LAT_CACHE:MISS", 0x412e},
};
// Sapphire Rapids has no ICACHE_64B in libpfm4 4.13: FRONTEND_RETIRED is
// the right one there.
constexpr Row kSapphireRapids[] = {
    {M::kCycles, "UNHALTED_CORE_CYCLES", 0x3c},
    {M::kInstructions, "INSTRUCTION_RETIRED", 0xc0},
    {M::kIcacheMisses, "FRONTEND_RETIRED:L1I_MISS", 0x1c6},
    {M::kBranchMisses, "BR_MISP_RETIRED:ALL_BRANCHES", 0xc5},
    {M::kCacheMisses, "LONGEST_LAT_CACHE:MISS", 0x412e},
};

// AMD Zen. cache-misses is what the kernel's amd_f17h_perfmon_event_map uses
// (0x0964). Zen 1/2 have no L1I miss event in libpfm4 4.13 (the kernel's
// L1-icache-load-misses maps to PMCx081 there, so the generic fallback
// covers it); Zen 3/4 have IC_TAG_HIT_MISS:IC_MISS (PMCx18E, umask 0x18).
constexpr std::string_view kZenCacheMisses =
    "CORE_TO_L2_CACHEABLE_REQUEST_ACCESS_STATUS:LS_RD_BLK_C:IC_FILL_MISS";
constexpr Row kZen12[] = {
    {M::kCycles, "CYCLES_NOT_IN_HALT", 0x76},
    {M::kInstructions, "RETIRED_INSTRUCTIONS", 0xc0},
    {M::kBranchMisses, "RETIRED_BRANCH_INSTRUCTIONS_MISPREDICTED", 0xc3},
    {M::kCacheMisses, kZenCacheMisses, 0x964},
};
constexpr Row kZen34[] = {
    {M::kCycles, "CYCLES_NOT_IN_HALT", 0x76},
    {M::kInstructions, "RETIRED_INSTRUCTIONS", 0xc0},
    {M::kIcacheMisses, "IC_TAG_HIT_MISS:IC_MISS", 0x10000188e},
    {M::kBranchMisses, "RETIRED_BRANCH_INSTRUCTIONS_MISPREDICTED", 0xc3},
    {M::kCacheMisses, kZenCacheMisses, 0x964},
};

std::span<const Row> RowsFor(PlatformId platform) {
  switch (platform) {
    case PlatformId::kGeneric:
      return {};
    case PlatformId::kNeoverseN1:
      return kNeoverseN1;
    case PlatformId::kPentiumPro:
    case PlatformId::kPentium2:
    case PlatformId::kPentium3:
    case PlatformId::kPentiumM:
      return kP6;
    case PlatformId::kCoreDuo:
      return kCoreDuo;
    case PlatformId::kPentium4:
    case PlatformId::kPentiumD:
      return kNetBurst;
    case PlatformId::kCore2:
      return kCore2;
    case PlatformId::kNehalem:
      return kNehalem;
    case PlatformId::kWestmere:
      return kWestmere;
    case PlatformId::kSandyBridge:
      return kSandyBridge;
    case PlatformId::kIvyBridge:
      return kIvyBridge;
    case PlatformId::kHaswell:
    case PlatformId::kBroadwell:
      return kHaswellBroadwell;
    case PlatformId::kSkylake:
    case PlatformId::kSkylakeX:
    case PlatformId::kCascadeLake:
      return kSkylake;
    case PlatformId::kIcelake:
    case PlatformId::kIcelakeX:
      return kIcelake;
    case PlatformId::kSapphireRapids:
      return kSapphireRapids;
    case PlatformId::kZen1:
    case PlatformId::kZen2:
      return kZen12;
    case PlatformId::kZen3:
    case PlatformId::kZen4:
      return kZen34;
  }
  return {};
}

/// The kernel's generic events (perf's names), the last resort everywhere.
/// L1-icache-load-misses is PERF_TYPE_HW_CACHE config 0x10001; syscalls is
/// the raw_syscalls:sys_enter tracepoint, exact on every architecture.
std::string_view GenericEvent(Metric metric) {
  switch (metric) {
    case M::kCycles:
      return "cpu-cycles";
    case M::kInstructions:
      return "instructions";
    case M::kIcacheMisses:
      return "L1-icache-load-misses";
    case M::kBranchMisses:
      return "branch-misses";
    case M::kCacheMisses:
      return "cache-misses";
    case M::kSyscalls:
      return "raw_syscalls:sys_enter";
    case M::kTaskClock:
      return "task-clock";
    case M::kContextSwitches:
      return "context-switches";
    case M::kCpuMigrations:
      return "cpu-migrations";
    case M::kPageFaults:
      return "page-faults";
    case M::kExcSvc:
      return {};  // a PMU event of one platform, with no generic equivalent
  }
  return {};
}

}  // namespace

std::vector<TableEvent> PlatformTableEvents(PlatformId platform, Metric metric) {
  std::vector<TableEvent> events;
  const std::string prefix = std::string(GetPlatformInfo(platform).pfm_pmu) + "::";
  for (const Row& row : RowsFor(platform)) {
    if (row.metric != metric) continue;
    events.push_back({prefix + std::string(row.event), row.config});
    if (!row.fallback.empty()) {
      events.push_back({prefix + std::string(row.fallback), row.fallback_config});
    }
  }
  return events;
}

std::vector<std::string> PlatformEvents(PlatformId platform, Metric metric) {
  std::vector<std::string> names;
  for (TableEvent& e : PlatformTableEvents(platform, metric)) names.push_back(std::move(e.event));
  return names;
}

std::vector<std::string> EventChain(PlatformId platform, Metric metric) {
  std::vector<std::string> chain = PlatformEvents(platform, metric);
  if (const std::string_view generic = GenericEvent(metric); !generic.empty()) {
    chain.emplace_back(generic);
  }
  return chain;
}

}  // namespace timeit::platforms
