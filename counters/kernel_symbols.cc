#include "counters/kernel_symbols.h"

#include <algorithm>
#include <charconv>

#include "platforms/file_text.h"

namespace timeit::symbols {
namespace {

/// Text symbols: t/T, and weak ones (w/W) that the kernel lists for code.
bool IsText(char type) { return type == 't' || type == 'T' || type == 'w' || type == 'W'; }

}  // namespace

std::uint32_t KernelSymbols::Intern(std::string_view text) {
  const auto at = static_cast<std::uint32_t>(names_.size());
  names_.append(text);
  names_.push_back('\0');
  return at;
}

KernelSymbols KernelSymbols::Load(const std::string& kallsyms) {
  const std::optional<std::string> text = platforms::ReadFileText(kallsyms);
  if (!text) return {};
  return Parse(*text);
}

KernelSymbols KernelSymbols::Parse(std::string_view text) {
  KernelSymbols k;
  const std::uint32_t kernel = k.Intern(kKernelObject);
  std::string_view last_module;
  std::uint32_t last_module_at = kernel;
  bool any_address = false;
  while (!text.empty()) {
    const std::size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
    // "ffffffff81000000 T _stext" or "ffffffffc0a01000 t ext4_fill_super\t[ext4]"
    std::uint64_t address = 0;
    const auto [end, ec] = std::from_chars(line.data(), line.data() + line.size(), address, 16);
    if (ec != std::errc() || end + 3 > line.data() + line.size() || end[0] != ' ') continue;
    const char type = end[1];
    std::string_view rest = line.substr(static_cast<std::size_t>(end - line.data()) + 3);
    if (address != 0) any_address = true;
    if (!IsText(type)) continue;
    std::string_view module;
    if (const std::size_t tab = rest.find('\t'); tab != std::string_view::npos) {
      module = rest.substr(tab + 1);
      rest = rest.substr(0, tab);
    }
    std::uint32_t object = kernel;
    if (!module.empty()) {
      if (module != last_module) {
        last_module = module;
        last_module_at = k.Intern(module);
      }
      object = last_module_at;
    }
    k.symbols_.push_back({address, k.Intern(rest), object});
  }
  if (!any_address) return {};  // every address hidden: 0
  std::stable_sort(k.symbols_.begin(), k.symbols_.end(),
                   [](const Symbol& a, const Symbol& b) { return a.address < b.address; });
  return k;
}

KernelFunction KernelSymbols::Lookup(std::uint64_t address) const {
  auto it = std::upper_bound(symbols_.begin(), symbols_.end(), address,
                             [](std::uint64_t a, const Symbol& s) { return a < s.address; });
  if (it == symbols_.begin()) return {};
  --it;
  return {std::string_view(names_.data() + it->name), std::string_view(names_.data() + it->object)};
}

}  // namespace timeit::symbols
