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
  // 4 bytes of attributes, then the id in UTF-16LE with a final NUL; the
  // ids of systemd-boot's entries are file names, ASCII in practice.
  const std::string selected =
      ReadFileText(roots.sys +
                   "/firmware/efi/efivars/LoaderEntrySelected-4a67b082-0a4c-41cf-b6c7-440b29bb8c4f")
          .value_or("");
  for (std::size_t i = 4; i + 1 < selected.size() && (selected[i] || selected[i + 1]); i += 2)
    facts.loader_entry.push_back(selected[i + 1] == 0 ? selected[i] : '?');
  return facts;
}

}  // namespace timeit::platforms
