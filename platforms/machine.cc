#include "platforms/machine.h"

#include <sys/utsname.h>

namespace timeit::platforms {

MachineIdentity ReadMachineIdentity() {
  MachineIdentity id;
  struct utsname u {};
  if (uname(&u) == 0) {
    id.host = u.nodename;
    id.kernel_release = u.release;
    id.kernel_version = u.version;
    id.arch = u.machine;
  }
  return id;
}

std::vector<int> CpusToCountOn(const Machine& machine) {
  if (!machine.roots.from_environment) return machine.online.cpus;
  return ReadOnlineCpus(SystemRoots{}).cpus;
}

Machine ReadMachine(const SystemRoots& roots) {
  Machine m;
  m.roots = roots;
  m.identity = ReadMachineIdentity();
  m.cpu = ReadCpuInfo(roots);
  m.platform = m.cpu ? IdentifyPlatform(*m.cpu) : PlatformId::kGeneric;
  m.pmus = ReadKernelPmus(roots.EventSourceDir());
  m.online = ReadOnlineCpus(roots);
  return m;
}

}  // namespace timeit::platforms
