#include "platforms/boot_facts.h"

#include <sys/utsname.h>

#include "platforms/conditions.h"
#include "platforms/file_text.h"
#include "platforms/trim.h"

namespace timeit::platforms {

BootFacts ReadBootFacts(const SystemRoots& roots) {
  BootFacts facts;
  facts.boot_id =
      roots.boot_id.empty()
          ? std::string(Trim(ReadFileText(roots.proc + "/sys/kernel/random/boot_id").value_or("")))
          : roots.boot_id;
  if (!roots.kernel_release.empty()) {
    facts.release = roots.kernel_release;
  } else if (struct utsname u{}; ::uname(&u) == 0) {
    facts.release = u.release;
  }
  facts.cmdline =
      CmdlineValue(roots.kernel_cmdline.empty() ? ReadFileText(roots.proc + "/cmdline").value_or("")
                                                : roots.kernel_cmdline);
  return facts;
}

}  // namespace timeit::platforms
