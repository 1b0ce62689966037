#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "platforms/system_roots.h"

namespace timeit::platforms {

/// What can skew a comparison besides the thing compared, as the kernel
/// shows it at the start of a series. Every field is the text recorded in
/// the results CSV column of the same name (docs/csv-format.md); a value
/// that cannot be read is empty.
struct Conditions {
  std::string boot_id;       ///< /proc/sys/kernel/random/boot_id
  std::string cmdline;       ///< /proc/cmdline without BOOT_IMAGE= and initrd=
  std::string microcode;     ///< cpuinfo's "microcode" (x86), e.g. 0xf4
  std::string governor;      ///< the scaling governors in use, sorted: "performance"
  std::string boost;         ///< "on" or "off": cpufreq boost or intel_pstate no_turbo
  std::string smt;           ///< smt/control: on, off, forceoff, notsupported...
  std::string aslr;          ///< kernel.randomize_va_space: 0, 1 or 2
  std::string thp;           ///< transparent_hugepage/enabled's choice: always, madvise, never
  std::string nmi_watchdog;  ///< kernel.nmi_watchdog: 0 or 1
  std::string perf_event_paranoid;  ///< kernel.perf_event_paranoid, e.g. 2
  std::string mitigations;          ///< "<digest> mitigated: a b; vulnerable: c" (see below)
  std::string load1;                ///< the 1-minute load average, e.g. 0.52
  std::string cpus_online;          ///< the online CPUs as the kernel lists them: 0-7
  std::string virtualized;          ///< "yes: <DMI vendor> <product>", "no", or empty
  /// How this boot happened, as `timeit boots` armed it: kexec, grub,
  /// command; empty when no one said (a series of the run mode). Not read
  /// from the kernel: a kexec boot skips the firmware's initialisation, so
  /// that sets booted differently must not be pooled unawares.
  std::string boot_method;

  /// Not a column: the file that switches boost here, as this machine
  /// names it (for `timeit check`'s advice), e.g.
  /// /sys/devices/system/cpu/intel_pstate/no_turbo.
  std::string boost_knob;
};

/// A condition's column name and its field, in column order.
struct ConditionField {
  std::string_view name;
  std::string Conditions::*value;
};

/// Every condition, in column order: the one place their names are written.
/// The results CSV's condition columns are generated from it
/// (wrapper/results/results_columns.h), so it is here, usable at compile time.
inline constexpr std::array<ConditionField, 15> kConditionFields = {{
    {"boot_id", &Conditions::boot_id},
    {"cmdline", &Conditions::cmdline},
    {"microcode", &Conditions::microcode},
    {"governor", &Conditions::governor},
    {"boost", &Conditions::boost},
    {"smt", &Conditions::smt},
    {"aslr", &Conditions::aslr},
    {"thp", &Conditions::thp},
    {"nmi_watchdog", &Conditions::nmi_watchdog},
    {"perf_event_paranoid", &Conditions::perf_event_paranoid},
    {"mitigations", &Conditions::mitigations},
    {"load1", &Conditions::load1},
    {"cpus_online", &Conditions::cpus_online},
    {"virtualized", &Conditions::virtualized},
    {"boot_method", &Conditions::boot_method},
}};
constexpr std::span<const ConditionField> ConditionFields() { return kConditionFields; }

struct Machine;

/// Reads every condition of `machine`: its cpuinfo's microcode and
/// hypervisor flag and its online CPUs as read, the rest under its roots.
/// Never fails: what cannot be read stays empty, and so does boot_method,
/// which only `timeit boots` knows.
Conditions ReadConditions(const Machine& machine);

/// The conditions of the machine under `roots` (ReadMachine, then the above).
Conditions ReadConditions(const SystemRoots& roots);

/// The `mitigations` value from the files of a vulnerabilities directory,
/// given as (name, content) pairs in any order: an 8-hex-digit FNV-1a digest
/// of every name and text (so that any change of mitigation shows), then
/// those not "Not affected", grouped by state: "1a2b3c4d mitigated:
/// spectre_v1 spectre_v2; vulnerable: mds". "<digest> none affected" when
/// every file says "Not affected"; empty when there are no files.
std::string MitigationsValue(std::span<const std::pair<std::string, std::string>> files);

/// /proc/cmdline as recorded: trimmed, without the words that name the boot
/// image and initrd files (BOOT_IMAGE=, initrd=), which change with every
/// kernel and are told by kernel_release already.
std::string CmdlineValue(std::string_view cmdline);

/// The bracketed choice of a sysfs "always [madvise] never" file.
std::string SelectedChoice(std::string_view text);

}  // namespace timeit::platforms
