#include "platforms/boot_facts.h"

#include <sys/utsname.h>

#include <fstream>
#include <sstream>

#include "platforms/conditions.h"
#include "platforms/trim.h"

namespace timeit::platforms {
namespace {

std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

BootFacts ReadBootFacts(const SystemRoots& roots) {
  BootFacts facts;
  facts.boot_id = roots.boot_id.empty()
                      ? std::string(Trim(ReadText(roots.proc + "/sys/kernel/random/boot_id")))
                      : roots.boot_id;
  if (!roots.kernel_release.empty()) {
    facts.release = roots.kernel_release;
  } else if (struct utsname u{}; ::uname(&u) == 0) {
    facts.release = u.release;
  }
  facts.cmdline = CmdlineValue(roots.kernel_cmdline.empty() ? ReadText(roots.proc + "/cmdline")
                                                            : roots.kernel_cmdline);
  return facts;
}

}  // namespace timeit::platforms
