#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "platforms/system_roots.h"

namespace timeit::platforms {

/// What /proc/cpuinfo says about the first CPU: enough to pick an event
/// table, and what the conditions record of it. x86 fills
/// vendor/family/model/stepping, microcode and flags; arm64 fills
/// implementer and part. Fields the file does not have stay at -1 / empty.
/// The one reader of cpuinfo, called by ReadMachine (machine.h): platform
/// detection, the cpu_model column, the microcode and virtualized
/// conditions and `timeit events` all take the Machine's.
struct CpuInfo {
  std::string arch;        ///< "x86" or "arm64", inferred from which keys exist
  std::string vendor;      ///< vendor_id (GenuineIntel, AuthenticAMD) or "ARM implementer 0x41"
  std::string model_name;  ///< "model name", when present
  int family = -1;         ///< x86 "cpu family"
  int model = -1;          ///< x86 "model"
  int stepping = -1;       ///< x86 "stepping"
  int implementer = -1;    ///< arm64 "CPU implementer" (0x41 is Arm Ltd)
  int part = -1;           ///< arm64 "CPU part" (0xd0c is Neoverse N1)
  std::string microcode;   ///< x86 "microcode", e.g. 0xf4
  std::string flags;       ///< x86 "flags", the CPUID feature words (hypervisor, ...)
};

/// The CPU model as the results' cpu_model column has it: "model name" on
/// x86; "implementer 0x41 part 0xd0c" on arm64, which has no model name
/// line; empty when the file says neither.
std::string CpuModel(const CpuInfo& cpu);

/// Parses the text of a cpuinfo file; only the first processor block counts
/// (timeit assumes a homogeneous machine).
CpuInfo ParseCpuInfo(std::string_view text);

/// Reads and parses `path`; nullopt when the file cannot be read. The path is
/// a parameter so that tests (and `timeit events --cpuinfo`) can feed a
/// Graviton2 or Pentium D cpuinfo.
std::optional<CpuInfo> ReadCpuInfo(const std::string& path);

/// Reads roots.CpuInfoPath().
std::optional<CpuInfo> ReadCpuInfo(const SystemRoots& roots);

}  // namespace timeit::platforms
