#pragma once

#include <string>
#include <vector>

#include "wrapper/boots/experiment_state.h"

namespace timeit {

/// The shell lines that arm the step's boot (`s.step`) and make it: for
/// --via command the --next-boot line; for kexec `kexec -l` and `systemctl
/// kexec` (`kexec -e` without systemd); for grub `grub-reboot` with the
/// kernel's menu entry and a reboot; for systemd-boot `bootctl set-oneshot`
/// with its entry's id and a reboot. Printed by --dry-run as they are run.
std::vector<std::string> ArmLines(const ExperimentState& s);

/// The lines that undo what arming left behind: a loaded kexec kernel.
std::vector<std::string> DisarmLines(const ExperimentState& s);

/// Everything the method needs, checked before any reboot: its tools on
/// PATH, for grub GRUB_DEFAULT=saved and a menu entry per kernel, for
/// systemd-boot a UEFI boot and an entry per kernel (one that bootctl lists
/// when --config names it). The entries found are kept in the configs
/// (BootConfig::entry) unless --config named them.
/// Throws UsageError with the fix.
void CheckMethod(ExperimentState& s);

/// `tmpl` with {config}, {kernel}, {initrd}, {cmdline} and {release}
/// replaced by the values, each quoted for the shell.
std::string SubstituteNextBoot(const std::string& tmpl, const BootConfig& c,
                               const std::string& cmdline);

/// GRUB_DEFAULT's value as /etc/default/grub's text sets it (the last
/// assignment, quotes removed); empty when it does not.
std::string GrubDefault(const std::string& default_grub_text);

/// The grub-reboot name of the menu entry that boots `kernel_file` (a file
/// name, vmlinuz-6.1.0-18-amd64) in grub.cfg's text: its title, under its
/// submenu's ("Advanced options for Debian GNU/Linux>Debian GNU/Linux, with
/// Linux 6.1.0-18-amd64"), recovery entries passed over; empty when none.
std::string GrubEntry(const std::string& grub_cfg_text, const std::string& kernel_file);

/// The id of the systemd-boot entry that boots `c`, in the output of
/// `bootctl list --json=short`: the entry whose `linux` has the kernel's
/// file name, else the first whose `version` is its release (the layout of
/// kernel-install, whose image is `linux` in the release's folder); empty
/// when none.
std::string SystemdBootEntry(const std::string& bootctl_list, const BootConfig& c);

}  // namespace timeit
