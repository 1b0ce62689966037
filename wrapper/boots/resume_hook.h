#pragma once

#include <string>
#include <vector>

#include "wrapper/boots/experiment_state.h"

namespace timeit {

/// Where start installs the unit.
inline constexpr const char* kUnitPath = "/etc/systemd/system/timeit-boots.service";

/// The unit (wrapper/boots/timeit-boots.service.in) that resumes `s`: its
/// ExecStart names s.timeit and `state_dir`.
std::string UnitText(const ExperimentState& s, const std::string& state_dir);

/// The shell lines that install and enable the hook, and that disable and
/// remove it; none for hook "none".
std::vector<std::string> HookInstallLines(const ExperimentState& s);
std::vector<std::string> HookRemoveLines(const ExperimentState& s);

/// The hook can be installed: systemctl on PATH, root, no experiment's
/// unit there already. Throws UsageError.
void CheckHook(const ExperimentState& s);

/// Writes the unit file (0644, atomically). Throws SystemError.
void WriteUnit(const ExperimentState& s, const std::string& state_dir);

}  // namespace timeit
