#pragma once

#include <optional>
#include <string>
#include <vector>

#include "counters/event_encoding.h"

namespace timeit::counters {

/// Result of initialising libpfm4 once for the process.
struct PfmStatus {
  bool ok = false;
  std::string error;  ///< pfm_strerror text when !ok
};

/// Initialises libpfm4 exactly once (function-local static, as Google
/// benchmark does) and returns the outcome of that single call.
const PfmStatus& EnsurePfmInitialized();

/// Asks libpfm4 to encode events of PMUs it does not detect on this CPU
/// (LIBPFM_ENCODE_INACTIVE=1), so that `timeit events --platform pentium-d`
/// can show another machine's encodings. libpfm4 reads the setting in
/// pfm_initialize: call this before anything encodes; returns false when
/// it is too late.
bool RequestInactivePmuEncoding();

/// libpfm4's answer for one event string.
struct PfmEncoding {
  std::optional<EventEncoding> encoding;  ///< set on success
  std::string error;                      ///< pfm_strerror text otherwise
};

/// Encodes `event` (any libpfm4 event string: "skl::ICACHE_64B:IFTAG_MISS",
/// "INST_RETIRED:ANY_P", "perf::PERF_COUNT_SW_CPU_CLOCK") with
/// pfm_get_os_event_encoding and PFM_OS_PERF_EVENT_EXT, for user+kernel or
/// user-only counting.
PfmEncoding EncodeWithPfm(const std::string& event, bool user_only);

/// libpfm4's PMUs it considers present on this CPU (from CPUID or
/// /proc/cpuinfo — not proof that the kernel can count them).
struct PfmPmu {
  std::string name;
  std::string description;
  bool core = false;  ///< a core PMU (not uncore, not OS-generic)
};
std::vector<PfmPmu> PresentPfmPmus();

/// True when this build of libpfm4 has a table for the PMU called `name`,
/// present or not (arm_n1 exists only in arm64 builds, netburst only in x86).
bool PfmHasPmu(const std::string& name);

/// The first present core PMU: the one libpfm4 uses for names without a
/// "pmu::" prefix. Empty when there is none (e.g. an unknown CPU).
std::string DefaultPfmPmu();

}  // namespace timeit::counters
