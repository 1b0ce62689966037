#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "platforms/cpu_info.h"

namespace timeit::platforms {

/// The machines timeit has an event table for. A CPU we do not know is
/// kGeneric: the kernel's generic events, which every PMU driver maps.
enum class PlatformId {
  kGeneric,
  kNeoverseN1,  // AWS Graviton2, Ampere Altra
  // 32-bit only CPUs, with PMU tables in libpfm4's i386 build alone.
  kPentiumPro,  // P6, family 6 model 1
  kPentium2,    // P6, models 3, 5, 6
  kPentium3,    // P6, models 7, 8, 10, 11
  kPentiumM,    // models 9 (Banias), 13 (Dothan)
  kCoreDuo,     // model 14 (Yonah), Core Duo and Core Solo
  kPentium4,    // NetBurst models 0-2 (Willamette, Northwood)
  kPentiumD,    // NetBurst models 3, 4, 6 (Prescott, Smithfield, Presler)
  kCore2,
  kNehalem,
  kWestmere,
  kSandyBridge,
  kIvyBridge,
  kHaswell,
  kBroadwell,
  kSkylake,  // client Skylake through Comet Lake
  kSkylakeX,
  kCascadeLake,
  kIcelake,  // client Ice Lake, Tiger Lake, Rocket Lake
  kIcelakeX,
  kSapphireRapids,  // and Emerald Rapids
  kZen1,
  kZen2,
  kZen3,
  kZen4,
};

struct PlatformInfo {
  PlatformId id;
  std::string_view name;   ///< what `--platform` takes and the CSV records
  std::string_view alias;  ///< a second accepted name, or empty
  std::string_view description;
  std::string_view pfm_pmu;  ///< libpfm4 4.13 PMU name its table uses, or empty
  /// libpfm4 has pfm_pmu only when built for i386 (CONFIG_PFMLIB_ARCH_I386:
  /// the P6 family, Pentium M, Core Duo); an amd64 timeit cannot encode it.
  bool pfm_i386_only = false;
  /// The PMU's counters, for "N events for M counters" when events outnumber
  /// them; empty where it depends on the model or on Hyper-Threading.
  std::string_view pmu_counters = {};
};

/// Every platform, kGeneric first.
std::span<const PlatformInfo> AllPlatforms();
const PlatformInfo& GetPlatformInfo(PlatformId id);

/// Finds a platform by name or alias (graviton2, pentium-d, skylake, zen3...).
std::optional<PlatformId> FindPlatform(std::string_view name);

/// Picks the table for a CPU from its cpuinfo identity alone; whether the
/// kernel can count anything is decided later by probing. A run's platform
/// is its Machine's (machine.h), identified once.
PlatformId IdentifyPlatform(const CpuInfo& cpu);

}  // namespace timeit::platforms
