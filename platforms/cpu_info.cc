#include "platforms/cpu_info.h"

#include <cstdlib>
#include <sstream>

#include "platforms/file_text.h"
#include "platforms/trim.h"
#include "platforms/whole_number.h"

namespace timeit::platforms {
namespace {

/// cpuinfo numbers are decimal on x86 and 0x-prefixed hex on arm64. -1 for
/// a value that is not a number.
int CpuinfoInteger(std::string_view value) {
  int n = 0;
  return ParseKernelNumber(value, n) ? n : -1;
}

}  // namespace

CpuInfo ParseCpuInfo(std::string_view text) {
  CpuInfo info;
  bool seen_processor = false;
  while (!text.empty()) {
    const auto eol = text.find('\n');
    const std::string_view line = text.substr(0, eol);
    text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
    // '#' lines never occur in /proc/cpuinfo; test fixtures use them to say
    // where their values come from.
    if (line.starts_with('#')) continue;
    const auto colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    const std::string_view key = Trim(line.substr(0, colon));
    const std::string_view value = Trim(line.substr(colon + 1));
    if (key == "processor") {
      // Only the first CPU's block: stop at the second "processor" line.
      if (seen_processor) break;
      seen_processor = true;
    } else if (key == "vendor_id") {
      info.vendor = value;
      info.arch = "x86";
    } else if (key == "cpu family") {
      info.family = CpuinfoInteger(value);
    } else if (key == "model") {
      info.model = CpuinfoInteger(value);
    } else if (key == "stepping") {
      info.stepping = CpuinfoInteger(value);
    } else if (key == "model name") {
      info.model_name = value;
    } else if (key == "CPU implementer") {
      info.implementer = CpuinfoInteger(value);
      info.arch = "arm64";
      std::ostringstream vendor;
      vendor << "ARM implementer 0x" << std::hex << info.implementer;
      info.vendor = vendor.str();
    } else if (key == "CPU part") {
      info.part = CpuinfoInteger(value);
    } else if (key == "microcode") {
      info.microcode = value;
    } else if (key == "flags") {
      info.flags = value;
    }
  }
  return info;
}

std::string CpuModel(const CpuInfo& cpu) {
  if (!cpu.model_name.empty()) return cpu.model_name;
  if (cpu.implementer < 0) return {};
  std::ostringstream s;
  s << std::hex << "implementer 0x" << cpu.implementer << " part 0x" << cpu.part;
  return s.str();
}

std::optional<CpuInfo> ReadCpuInfo(const std::string& path) {
  const std::optional<std::string> text = ReadFileText(path);
  if (!text) return std::nullopt;
  return ParseCpuInfo(*text);
}

std::optional<CpuInfo> ReadCpuInfo(const SystemRoots& roots) {
  return ReadCpuInfo(roots.CpuInfoPath());
}

}  // namespace timeit::platforms
