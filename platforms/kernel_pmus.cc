#include "platforms/kernel_pmus.h"

#include <algorithm>
#include <filesystem>

#include "platforms/file_text.h"
#include "platforms/trim.h"
#include "platforms/whole_number.h"

namespace timeit::platforms {

std::vector<KernelPmu> ReadKernelPmus(const std::string& dir) {
  std::vector<KernelPmu> pmus;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    KernelPmu pmu;
    pmu.name = entry.path().filename().string();
    const std::optional<std::string> type = ReadFileText((entry.path() / "type").string());
    if (!type || !ParseWhole(Trim(*type), pmu.type)) pmu.type = -1;
    pmus.push_back(std::move(pmu));
  }
  std::sort(pmus.begin(), pmus.end(),
            [](const KernelPmu& a, const KernelPmu& b) { return a.name < b.name; });
  return pmus;
}

bool HasHardwareCpuPmu(const std::vector<KernelPmu>& pmus) {
  return std::any_of(pmus.begin(), pmus.end(), [](const KernelPmu& p) {
    return p.name == "cpu" || p.name == "cpu_core" || p.name == "cpu_atom" ||
           p.name.rfind("armv8_", 0) == 0 || p.name.rfind("armv9_", 0) == 0;
  });
}

}  // namespace timeit::platforms
