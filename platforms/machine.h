#pragma once

#include <string>

namespace timeit::platforms {

/// Identity of the machine a series ran on, repeated on every CSV row so
/// that series from different kernels and hosts can be told apart later.
struct MachineIdentity {
  std::string host;            ///< uname nodename
  std::string kernel_release;  ///< uname -r, e.g. 6.1.0-18-amd64
  std::string kernel_version;  ///< uname -v, the build string
  std::string arch;            ///< uname -m, e.g. x86_64, aarch64
};

/// Reads uname(2). Never fails: fields that cannot be read stay empty.
MachineIdentity ReadMachineIdentity();

}  // namespace timeit::platforms
