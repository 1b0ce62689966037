#include "wrapper/boots/boot_config.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string_view>

#include "wrapper/base/errors.h"
#include "wrapper/base/text.h"

namespace timeit {
namespace {

namespace fs = std::filesystem;

std::string Absolute(const std::string& path) {
  return path.empty() ? path : fs::absolute(path).lexically_normal().string();
}

/// The release in an x86 boot protocol header: at 0x20e a 16-bit offset
/// (from 0x200) of "6.1.0-18-amd64 (debian-kernel@...) #1 SMP ...".
std::string BzImageRelease(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::array<unsigned char, 0x210> header{};
  if (!in.read(reinterpret_cast<char*>(header.data()), header.size())) return {};
  if (std::string_view(reinterpret_cast<const char*>(&header[0x202]), 4) != "HdrS") return {};
  const std::uint16_t offset = static_cast<std::uint16_t>(header[0x20e] | (header[0x20f] << 8));
  in.seekg(0x200 + offset);
  std::string version(128, '\0');
  in.read(version.data(), static_cast<std::streamsize>(version.size()));
  version.resize(static_cast<std::size_t>(in.gcount()));
  const std::size_t end = version.find_first_of(" \0", 0, 2);
  return version.substr(0, end);
}

}  // namespace

BootConfig ParseBootConfig(const std::string& value) {
  const std::string where = "--config " + QuoteForMessage(value);
  const std::size_t colon = value.find(':');
  if (colon == std::string::npos)
    throw UsageError(where +
                     ": expected NAME:kernel=PATH[,initrd=PATH][,entry=ID][,cmdline+=ARGS]");
  BootConfig c;
  c.name = value.substr(0, colon);
  if (c.name.empty() || c.name.find_first_of(",\"'\n\r /") != std::string::npos)
    throw UsageError(where + ": a configuration needs a name without commas, quotes, slashes " +
                     "or blanks (it becomes the CSV's label)");
  std::string rest = value.substr(colon + 1);
  while (!rest.empty()) {
    if (rest.starts_with("cmdline+=")) {
      c.cmdline_add = rest.substr(9);
      break;
    }
    const std::size_t comma = rest.find(',');
    const std::string item = rest.substr(0, comma);
    rest = comma == std::string::npos ? "" : rest.substr(comma + 1);
    const std::size_t eq = item.find('=');
    const std::string key = item.substr(0, eq),
                      text = eq == std::string::npos ? "" : item.substr(eq + 1);
    if (eq == std::string::npos || text.empty())
      throw UsageError(where + ": " + QuoteForMessage(item) + " is not KEY=VALUE");
    if (key == "kernel")
      c.kernel = Absolute(text);
    else if (key == "initrd")
      c.initrd = Absolute(text);
    else if (key == "release")
      c.release = text;
    else if (key == "entry")
      c.entry = text;
    else
      throw UsageError(where + ": no key " + QuoteForMessage(key) +
                       " (kernel=, initrd=, release=, entry=, cmdline+=)");
  }
  if (c.kernel.empty()) throw UsageError(where + ": no kernel=PATH");
  return c;
}

std::string KernelReleaseOf(const std::string& kernel_path) {
  const std::string file = fs::path(kernel_path).filename().string();
  for (const std::string_view prefix : {"vmlinuz-", "vmlinux-", "Image-", "bzImage-", "zImage-"})
    if (file.starts_with(prefix) && file.size() > prefix.size()) return file.substr(prefix.size());
  return BzImageRelease(kernel_path);
}

bool CmdlineHasWords(const std::string& cmdline, const std::string& words) {
  std::set<std::string> have;
  std::istringstream in(cmdline);
  for (std::string w; in >> w;) have.insert(w);
  std::istringstream wanted(words);
  for (std::string w; wanted >> w;)
    if (!have.contains(w)) return false;
  return true;
}

}  // namespace timeit
