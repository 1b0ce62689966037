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
};

/// Every platform, kGeneric first.
std::span<const PlatformInfo> AllPlatforms();
const PlatformInfo& GetPlatformInfo(PlatformId id);

/// Finds a platform by name or alias (graviton2, pentium-d, skylake, zen3...).
std::optional<PlatformId> FindPlatform(std::string_view name);

/// Picks the table for a CPU from its cpuinfo identity alone; whether the
/// kernel can count anything is decided later by probing.
PlatformId IdentifyPlatform(const CpuInfo& cpu);

/// Reads `cpuinfo_path` and identifies the platform; kGeneric when the file
/// cannot be read.
PlatformId DetectPlatform(const std::string& cpuinfo_path = kDefaultCpuInfoPath);

}  // namespace timeit::platforms
