#pragma once

#include <string>

#include "platforms/system_roots.h"

namespace timeit::platforms {

/// What the running boot is: read at every `timeit boots resume` to tell
/// whether the machine rebooted and into the kernel it was asked for.
struct BootFacts {
  std::string boot_id;  ///< /proc/sys/kernel/random/boot_id: new at every boot
  std::string release;  ///< uname -r
  std::string cmdline;  ///< /proc/cmdline as recorded (CmdlineValue)
  /// The boot loader entry systemd-boot booted (its EFI variable
  /// LoaderEntrySelected, under <sys>/firmware/efi/efivars); empty where
  /// none says (no systemd-boot, no UEFI, efivarfs not mounted).
  std::string loader_entry;
};

/// The running boot's facts under `roots`, each replaced by the roots'
/// override when set (SystemRoots::boot_id and the others). Never fails:
/// what cannot be read stays empty.
BootFacts ReadBootFacts(const SystemRoots& roots);

}  // namespace timeit::platforms
