#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace timeit::platforms {

inline constexpr const char* kDefaultCpuInfoPath = "/proc/cpuinfo";

/// What /proc/cpuinfo says about the first CPU: enough to pick an event
/// table. x86 fills vendor/family/model/stepping; arm64 fills implementer
/// and part. Fields the file does not have stay at -1 / empty.
struct CpuInfo {
  std::string arch;        ///< "x86" or "arm64", inferred from which keys exist
  std::string vendor;      ///< vendor_id (GenuineIntel, AuthenticAMD) or "ARM implementer 0x41"
  std::string model_name;  ///< "model name", when present
  int family = -1;         ///< x86 "cpu family"
  int model = -1;          ///< x86 "model"
  int stepping = -1;       ///< x86 "stepping"
  int implementer = -1;    ///< arm64 "CPU implementer" (0x41 is Arm Ltd)
  int part = -1;           ///< arm64 "CPU part" (0xd0c is Neoverse N1)
};

/// /proc/cpuinfo, or $TIMEIT_CPUINFO when set and not empty: tests and
/// qemu-user (which shows the host's cpuinfo) feed another machine's file this
/// way. Every reading of this machine's cpuinfo (platform detection, the
/// cpu_model column, `timeit events`) starts here, so they always agree.
std::string CpuInfoPath();

/// The CPU model as the results' cpu_model column has it: "model name" on
/// x86; "implementer 0x41 part 0xd0c" on arm64, which has no model name
/// line; empty when the file says neither.
std::string CpuModel(const CpuInfo& cpu);

/// Parses the text of a cpuinfo file; only the first processor block counts
/// (timeit assumes a homogeneous machine).
CpuInfo ParseCpuInfo(std::string_view text);

/// Reads and parses `path`; nullopt when the file cannot be read. The path is
/// a parameter so that tests can feed a Graviton2 or Pentium D cpuinfo.
std::optional<CpuInfo> ReadCpuInfo(const std::string& path = CpuInfoPath());

}  // namespace timeit::platforms
