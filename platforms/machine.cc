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

}  // namespace timeit::platforms
