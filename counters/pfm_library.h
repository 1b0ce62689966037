#pragma once

#include <string>

namespace timeit::counters {

/// Result of initialising libpfm4 once for the process.
struct PfmStatus {
  bool ok = false;
  std::string error;  ///< pfm_strerror text when !ok
};

/// Initialises libpfm4 exactly once (function-local static, as Google
/// benchmark does) and returns the outcome of that single call.
const PfmStatus& EnsurePfmInitialized();

}  // namespace timeit::counters
