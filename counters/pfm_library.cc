// The only file that includes libpfm4. <linux/perf_event.h> must come first:
// the other order does not compile.
#include <linux/perf_event.h>
// clang-format off
#include <perfmon/pfmlib_perf_event.h>
// clang-format on

#include "counters/pfm_library.h"

namespace timeit::counters {

const PfmStatus& EnsurePfmInitialized() {
  static const PfmStatus status = [] {
    PfmStatus s;
    const int rc = pfm_initialize();
    s.ok = rc == PFM_SUCCESS;
    if (!s.ok) s.error = pfm_strerror(rc);
    return s;
  }();
  return status;
}

}  // namespace timeit::counters
