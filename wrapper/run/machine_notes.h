#pragma once

#include <string>

namespace timeit {

/// Which of the notes about the machine's state (the cgroup controllers
/// bound to cgroup v1, a kernel without PSI, the conditions that may add
/// noise) the terminal has already had. A machine state is the boot and the
/// note's own words: a note said once is not said again by a later series of
/// the same boot, while a reboot, or a remount that changes what the note
/// says (another controller, another condition), says it again. The CSV's
/// notes and condition columns hold it for every series all the same; this
/// only spares the terminal the same lines per series.
///
/// The stamps are small files in $XDG_RUNTIME_DIR/timeit, else
/// /run/timeit-UID (both on tmpfs, gone at the reboot that changes the
/// state anyway): one per note, named by a hash of its words and holding the
/// boot id and the words, so that a collision of hashes says the note again
/// rather than hiding it. Nothing here can fail a series: a folder or stamp
/// that cannot be made or read means the note is said, as before.
class MachineNotes {
 public:
  /// `boot_id` empty: every note is said (no state to key the stamps by).
  MachineNotes(std::string boot_id, std::string folder);

  /// The stamps' folder for this user: $XDG_RUNTIME_DIR/timeit when the
  /// variable is set and absolute, else /run/timeit-UID.
  static std::string DefaultFolder();

  /// Whether `note` is to be said now: true the first time in this machine
  /// state (and then stamped), false after.
  bool FirstTime(const std::string& note);

 private:
  std::string boot_id_;
  std::string folder_;
};

}  // namespace timeit
