#include "platforms/platform.h"

#include <algorithm>
#include <initializer_list>

namespace timeit::platforms {
namespace {

constexpr PlatformInfo kPlatforms[] = {
    {PlatformId::kGeneric, "generic", "", "the kernel's generic events (any CPU)", ""},
    {PlatformId::kNeoverseN1, "neoverse-n1", "graviton2", "Arm Neoverse N1 (AWS Graviton2)",
     "arm_n1", false, "6 counters and the cycle counter"},
    {PlatformId::kPentiumPro, "pentium-pro", "ppro", "Intel Pentium Pro (P6, family 6 model 1)",
     "ppro", true},
    {PlatformId::kPentium2, "pentium2", "pii", "Intel Pentium II (P6, models 3, 5, 6)", "pii",
     true},
    {PlatformId::kPentium3, "pentium3", "p6", "Intel Pentium III (P6, models 7, 8, 10, 11)", "p6",
     true},
    {PlatformId::kPentiumM, "pentium-m", "pm", "Intel Pentium M (Banias, Dothan)", "pm", true},
    {PlatformId::kCoreDuo, "core-duo", "yonah", "Intel Core Duo, Core Solo (Yonah)", "coreduo",
     true},
    {PlatformId::kPentium4, "pentium4", "netburst", "Intel NetBurst Pentium 4, models 0-2",
     "netburst", false, "18 counters"},
    {PlatformId::kPentiumD, "pentium-d", "prescott",
     "Intel NetBurst models 3, 4, 6 (Prescott Pentium 4, Pentium D)", "netburst_p", false,
     "18 counters"},
    {PlatformId::kCore2, "core2", "", "Intel Core 2", "core"},
    {PlatformId::kNehalem, "nehalem", "", "Intel Nehalem", "nhm"},
    {PlatformId::kWestmere, "westmere", "", "Intel Westmere", "wsm"},
    {PlatformId::kSandyBridge, "sandybridge", "", "Intel Sandy Bridge", "snb"},
    {PlatformId::kIvyBridge, "ivybridge", "", "Intel Ivy Bridge", "ivb"},
    {PlatformId::kHaswell, "haswell", "", "Intel Haswell", "hsw"},
    {PlatformId::kBroadwell, "broadwell", "", "Intel Broadwell", "bdw"},
    {PlatformId::kSkylake, "skylake", "", "Intel Skylake, Kaby/Coffee/Comet Lake", "skl"},
    {PlatformId::kSkylakeX, "skylake-x", "", "Intel Skylake-SP/X", "skx"},
    {PlatformId::kCascadeLake, "cascadelake", "", "Intel Cascade Lake", "clx"},
    {PlatformId::kIcelake, "icelake", "", "Intel Ice Lake, Tiger Lake, Rocket Lake", "icl"},
    {PlatformId::kIcelakeX, "icelake-x", "", "Intel Ice Lake-SP", "icx"},
    {PlatformId::kSapphireRapids, "sapphire-rapids", "spr", "Intel Sapphire Rapids, Emerald Rapids",
     "spr"},
    {PlatformId::kZen1, "zen1", "", "AMD Zen, Zen+ (family 17h)", "amd64_fam17h_zen1", false,
     "6 counters"},
    {PlatformId::kZen2, "zen2", "", "AMD Zen 2 (family 17h)", "amd64_fam17h_zen2", false,
     "6 counters"},
    {PlatformId::kZen3, "zen3", "", "AMD Zen 3 (family 19h)", "amd64_fam19h_zen3", false,
     "6 counters"},
    {PlatformId::kZen4, "zen4", "", "AMD Zen 4 (family 19h)", "amd64_fam19h_zen4", false,
     "6 counters"},
};

bool In(int model, std::initializer_list<int> models) {
  return std::find(models.begin(), models.end(), model) != models.end();
}

/// Intel family 6 model numbers, as the kernel's intel-family.h and
/// libpfm4's pfmlib_intel_*.c list them. The P6 models are the ones
/// libpfm4's pfm_p6_detect_* functions accept, model 14 its Core Duo.
PlatformId IdentifyIntelFamily6(int model, int stepping) {
  if (model == 1) return PlatformId::kPentiumPro;
  if (In(model, {3, 5, 6})) return PlatformId::kPentium2;
  if (In(model, {7, 8, 10, 11})) return PlatformId::kPentium3;
  if (In(model, {9, 13})) return PlatformId::kPentiumM;
  if (model == 14) return PlatformId::kCoreDuo;
  if (In(model, {0x0f, 0x16, 0x17, 0x1d})) return PlatformId::kCore2;
  if (In(model, {0x1a, 0x1e, 0x1f, 0x2e})) return PlatformId::kNehalem;
  if (In(model, {0x25, 0x2c, 0x2f})) return PlatformId::kWestmere;
  if (In(model, {0x2a, 0x2d})) return PlatformId::kSandyBridge;
  if (In(model, {0x3a, 0x3e})) return PlatformId::kIvyBridge;
  if (In(model, {0x3c, 0x3f, 0x45, 0x46})) return PlatformId::kHaswell;
  if (In(model, {0x3d, 0x47, 0x4f, 0x56})) return PlatformId::kBroadwell;
  if (In(model, {0x4e, 0x5e, 0x8e, 0x9e, 0xa5, 0xa6})) return PlatformId::kSkylake;
  // Cascade Lake shares Skylake-SP's model number; stepping 5+ tells them apart.
  if (model == 0x55) return stepping >= 5 ? PlatformId::kCascadeLake : PlatformId::kSkylakeX;
  if (In(model, {0x7d, 0x7e, 0x8c, 0x8d, 0xa7})) return PlatformId::kIcelake;
  if (In(model, {0x6a, 0x6c})) return PlatformId::kIcelakeX;
  if (In(model, {0x8f, 0xcf})) return PlatformId::kSapphireRapids;
  return PlatformId::kGeneric;
}

PlatformId IdentifyAmd(int family, int model) {
  if (family == 0x17) return model < 0x30 ? PlatformId::kZen1 : PlatformId::kZen2;
  if (family == 0x19) {
    const bool zen4 = (model >= 0x10 && model <= 0x1f) || (model >= 0x60 && model <= 0xaf);
    return zen4 ? PlatformId::kZen4 : PlatformId::kZen3;
  }
  return PlatformId::kGeneric;
}

}  // namespace

std::span<const PlatformInfo> AllPlatforms() { return kPlatforms; }

const PlatformInfo& GetPlatformInfo(PlatformId id) {
  for (const PlatformInfo& p : kPlatforms) {
    if (p.id == id) return p;
  }
  return kPlatforms[0];
}

std::optional<PlatformId> FindPlatform(std::string_view name) {
  for (const PlatformInfo& p : kPlatforms) {
    if (name == p.name || (!p.alias.empty() && name == p.alias)) return p.id;
  }
  return std::nullopt;
}

PlatformId IdentifyPlatform(const CpuInfo& cpu) {
  if (cpu.arch == "arm64") {
    // Implementer 0x41 is Arm Ltd; part 0xd0c is the Neoverse N1 core.
    if (cpu.implementer == 0x41 && cpu.part == 0xd0c) return PlatformId::kNeoverseN1;
    return PlatformId::kGeneric;
  }
  if (cpu.vendor == "GenuineIntel") {
    if (cpu.family == 15) {
      return In(cpu.model, {3, 4, 6}) ? PlatformId::kPentiumD : PlatformId::kPentium4;
    }
    if (cpu.family == 6) return IdentifyIntelFamily6(cpu.model, cpu.stepping);
  }
  if (cpu.vendor == "AuthenticAMD") return IdentifyAmd(cpu.family, cpu.model);
  return PlatformId::kGeneric;
}

}  // namespace timeit::platforms
