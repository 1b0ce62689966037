#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace timeit::symbols {

/// A kernel function and where it lives: "[kernel.kallsyms]", or the
/// module's name in brackets ("[ext4]"), as perf names them.
struct KernelFunction {
  std::string_view name;
  std::string_view object;
};

/// The kernel's text symbols from kallsyms (the kernel's and every loaded
/// module's), sorted, for looking up sampled kernel addresses.
class KernelSymbols {
 public:
  /// Reads `kallsyms` (<proc>/kallsyms). Never throws: an unreadable file,
  /// or one whose addresses are all 0 (kptr_restrict, or a reader without
  /// CAP_SYSLOG), gives no symbols and hidden() true.
  static KernelSymbols Load(const std::string& kallsyms);
  /// Parses kallsyms text (tests feed their own).
  static KernelSymbols Parse(std::string_view text);

  /// The function holding `address` (the last symbol at or below it), or
  /// nullopt-like: name empty when none does.
  KernelFunction Lookup(std::uint64_t address) const;
  bool hidden() const { return symbols_.empty(); }
  std::size_t size() const { return symbols_.size(); }

  static constexpr std::string_view kKernelObject = "[kernel.kallsyms]";

 private:
  struct Symbol {
    std::uint64_t address;
    std::uint32_t name;    ///< offset into names_, NUL-terminated
    std::uint32_t object;  ///< offset into names_: "[kernel.kallsyms]" or "[module]"
  };
  std::uint32_t Intern(std::string_view text);
  std::string names_;
  std::vector<Symbol> symbols_;
};

}  // namespace timeit::symbols
