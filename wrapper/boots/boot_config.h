#pragma once

#include <string>

namespace timeit {

/// One kernel of a `timeit boots` experiment, `--config NAME:kernel=PATH
/// [,initrd=PATH][,release=R][,entry=ID][,cmdline+=ARGS]`: what the boot method boots,
/// and what the booted machine must then say it runs.
struct BootConfig {
  std::string name;         ///< the series' label in the CSV
  std::string kernel;       ///< the kernel image, an absolute path
  std::string initrd;       ///< empty: none
  std::string cmdline_add;  ///< words added to the command line; empty: none
  /// The kernel release (uname -r) the image boots into: given, or read
  /// from its file name or an x86 bzImage's header (KernelReleaseOf).
  std::string release;
  /// The boot loader's entry that boots it (`entry=`, or found by start for
  /// --via grub and systemd-boot): grub-reboot's menu path, bootctl's id.
  std::string entry;
};

/// Parses one --config value. The paths are made absolute (resume runs
/// from / at boot). `cmdline+=` takes the rest of the value, commas and all
/// (isolcpus=1,2). Throws UsageError for a missing kernel, an unknown key,
/// an empty or unusable name.
BootConfig ParseBootConfig(const std::string& value);

/// The release a kernel image boots into, from its file name
/// (vmlinuz-6.1.0-18-amd64, Image-6.1.0-18-arm64, bzImage-6.6.1) or else
/// from an x86 bzImage's header (the kernel_version string the setup
/// header points to); empty when neither says.
std::string KernelReleaseOf(const std::string& kernel_path);

/// Whether every word of `words` is one of `cmdline`'s (a boot loader adds
/// its own words, so the step checks the ones it added).
bool CmdlineHasWords(const std::string& cmdline, const std::string& words);

}  // namespace timeit
