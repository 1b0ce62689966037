// The only file that includes libpfm4. <linux/perf_event.h> must come first:
// the other order does not compile.
#include <linux/perf_event.h>
// clang-format off
#include <perfmon/pfmlib_perf_event.h>
// clang-format on

#include <cstdlib>
#include <cstring>

#include "counters/pfm_library.h"

namespace timeit::counters {
namespace {

bool& InitializeStarted() {
  static bool started = false;
  return started;
}

}  // namespace

const PfmStatus& EnsurePfmInitialized() {
  InitializeStarted() = true;
  static const PfmStatus status = [] {
    PfmStatus s;
    const int rc = pfm_initialize();
    s.ok = rc == PFM_SUCCESS;
    if (!s.ok) s.error = pfm_strerror(rc);
    return s;
  }();
  return status;
}

bool RequestInactivePmuEncoding() {
  if (InitializeStarted()) return false;
  return ::setenv("LIBPFM_ENCODE_INACTIVE", "1", 1) == 0;
}

PfmEncoding EncodeWithPfm(const std::string& event, bool user_only) {
  PfmEncoding result;
  const PfmStatus& init = EnsurePfmInitialized();
  if (!init.ok) {
    result.error = "libpfm4 did not initialise: " + init.error;
    return result;
  }
  perf_event_attr attr;
  std::memset(&attr, 0, sizeof attr);
  char* fstr = nullptr;
  pfm_perf_encode_arg_t arg;
  std::memset(&arg, 0, sizeof arg);
  arg.size = sizeof arg;
  arg.attr = &attr;
  arg.fstr = &fstr;
  // PLM3 is user mode, PLM0 kernel mode; NetBurst folds them into its config.
  const int plm = user_only ? PFM_PLM3 : (PFM_PLM0 | PFM_PLM3);
  const int rc = pfm_get_os_event_encoding(event.c_str(), plm, PFM_OS_PERF_EVENT_EXT, &arg);
  if (rc != PFM_SUCCESS) {
    result.error = pfm_strerror(rc);
    return result;
  }
  EventEncoding enc;
  enc.type = attr.type;
  enc.config = attr.config;
  enc.config1 = attr.config1;
  enc.config2 = attr.config2;
  // libpfm4 applies the string's modifiers (":u", ":k=1", ":mg", ":excl")
  // to these bits; dropping them made "instructions:u" count the kernel too.
  enc.modifiers.exclude_user = attr.exclude_user != 0;
  enc.modifiers.exclude_kernel = attr.exclude_kernel != 0;
  enc.modifiers.exclude_hv = attr.exclude_hv != 0;
  enc.modifiers.exclude_host = attr.exclude_host != 0;
  enc.modifiers.exclude_guest = attr.exclude_guest != 0;
  enc.modifiers.exclude_idle = attr.exclude_idle != 0;
  enc.modifiers.pinned = attr.pinned != 0;
  enc.modifiers.exclusive = attr.exclusive != 0;
  enc.origin = EventOrigin::kLibpfm;
  enc.name = event;
  if (fstr != nullptr) {
    // fstr spells out every modifier (":u=1:k=1:..."); keep pmu::EVENT:UMASK.
    std::string full = fstr;
    std::free(fstr);
    const auto first_modifier = full.find('=');
    if (first_modifier != std::string::npos) full.resize(full.rfind(':', first_modifier));
    enc.name = std::move(full);
  }
  result.encoding = std::move(enc);
  return result;
}

std::vector<PfmPmu> PresentPfmPmus() {
  std::vector<PfmPmu> pmus;
  if (!EnsurePfmInitialized().ok) return pmus;
  for (int p = PFM_PMU_NONE; p < PFM_PMU_MAX; ++p) {
    pfm_pmu_info_t info;
    std::memset(&info, 0, sizeof info);
    info.size = sizeof info;
    if (pfm_get_pmu_info(static_cast<pfm_pmu_t>(p), &info) != PFM_SUCCESS) continue;
    if (!info.is_present) continue;
    pmus.push_back({info.name, info.desc ? info.desc : "", info.type == PFM_PMU_TYPE_CORE});
  }
  return pmus;
}

bool PfmHasPmu(const std::string& name) {
  if (!EnsurePfmInitialized().ok) return false;
  for (int p = PFM_PMU_NONE; p < PFM_PMU_MAX; ++p) {
    pfm_pmu_info_t info;
    std::memset(&info, 0, sizeof info);
    info.size = sizeof info;
    if (pfm_get_pmu_info(static_cast<pfm_pmu_t>(p), &info) == PFM_SUCCESS && info.name != nullptr &&
        name == info.name) {
      return true;
    }
  }
  return false;
}

std::string DefaultPfmPmu() {
  for (const PfmPmu& pmu : PresentPfmPmus()) {
    // libpfm4's OS PMUs ("perf", "perf_raw") are type OS_GENERIC, not core.
    if (pmu.core) return pmu.name;
  }
  return {};
}

}  // namespace timeit::counters
