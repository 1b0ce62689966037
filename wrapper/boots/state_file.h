#pragma once

#include <string>

#include "wrapper/boots/experiment_state.h"

namespace timeit {

/// The experiment's state file in its directory: state.json.
std::string StatePath(const std::string& state_dir);

/// Creates `state_dir` (0700, and its parent when missing) or checks an
/// existing one as ReadState does. Throws UsageError when another user could
/// write it.
void PrepareStateDir(const std::string& state_dir);

/// Writes `s` atomically: a temporary file beside it (0600), fsync, rename
/// over state.json, fsync of the directory, so that a power loss leaves the
/// old state or the new one, never a part. Throws SystemError.
void WriteState(const std::string& state_dir, const ExperimentState& s);

/// Reads the state, refusing (InputError, one line naming the file) a
/// directory or file that is not owned by this user or that the group or
/// others may write: the resume hook runs what the state says, as root, at
/// every boot. A state that does not parse is one line too.
ExperimentState ReadState(const std::string& state_dir);

/// The state as its file's text, and back (InputError naming `file`).
std::string StateText(const ExperimentState& s);
ExperimentState ParseStateText(const std::string& text, const std::string& file);

}  // namespace timeit
