#pragma once

#include <optional>
#include <string>
#include <vector>

#include "platforms/cpu_info.h"
#include "platforms/cpu_list.h"
#include "platforms/kernel_pmus.h"
#include "platforms/platform.h"
#include "platforms/system_roots.h"

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

/// What a run is told of its machine, read once under one set of roots and
/// passed down to the series' metadata, its conditions and its measurement
/// sources, so that none reads the machine again and all describe the same
/// one (a cpuinfo read twice could differ between the platform cell and the
/// counters' event table, under $TIMEIT_CPUINFO or across a microcode
/// update).
struct Machine {
  SystemRoots roots;
  MachineIdentity identity;
  std::optional<CpuInfo> cpu;  ///< nullopt when cpuinfo cannot be read
  /// The event table's platform (IdentifyPlatform), kGeneric without cpuinfo.
  PlatformId platform = PlatformId::kGeneric;
  std::vector<KernelPmu> pmus;  ///< the kernel's PMUs under roots.EventSourceDir()
  OnlineCpus online;            ///< <sys>/devices/system/cpu/online
};

/// Reads everything a Machine holds under `roots`. Never fails: what cannot
/// be read stays empty (or generic).
Machine ReadMachine(const SystemRoots& roots);

/// The CPUs per-CPU events are opened on: this kernel's online CPUs. They
/// are the Machine's own list, unless its roots are a fixture tree that
/// describes another machine (tests, --platform), whose CPUs this kernel
/// does not have: then this kernel's list is read.
std::vector<int> CpusToCountOn(const Machine& machine);

}  // namespace timeit::platforms
