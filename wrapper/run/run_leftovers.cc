// What outlives a run: its process group's leftovers and, where the run has
// a cgroup, everything still in it, named in the notes and killed (or kept).
#include "wrapper/run/run_loop.h"

#include "wrapper/process/process_tree.h"
#include "wrapper/results/results_notes.h"

namespace timeit {

void RunLoop::SweepLeftovers(pid_t pid, Measured& m) {
  // The cgroup holds every descendant, setsid daemons included: killed
  // first, they are then reaped with the rest below.
  const bool keep = p_.options.keep_daemons;
  if (p_.cgroup != nullptr && !keep) m.killed = p_.cgroup->SweepRun(/*keep=*/false);
  ReapExitedOrphans(m.exit.usage);
  m.leftovers = KillLeftovers(pid, m.exit.usage);
  if (p_.cgroup != nullptr && keep) m.kept = p_.cgroup->SweepRun(/*keep=*/true);
}

void RunLoop::NoteLeftovers(const PlannedRun& run, const Measured& m) {
  auto join = [](const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& n : names) text += (text.empty() ? "" : ", ") + n;
    return text;
  };
  std::string note;
  if (!m.killed.empty()) {
    note = "left running when the command exited, killed: " + join(m.killed);
  } else if (m.leftovers > 0 && (p_.cgroup == nullptr || p_.options.keep_daemons)) {
    note = "processes of the command outlived it in its process group and were killed";
  }
  if (!m.kept.empty()) {
    note += (note.empty() ? "" : "; ") + std::string("left running when the command exited, ") +
            "kept (--keep-daemons) in " + p_.cgroup->kept_dir() + ": " + join(m.kept);
  }
  if (note.empty()) return;
  // Each run's row names its own; the terminal hears it once.
  if (!leftovers_reported_ && !p_.options.quiet)
    Say("run " + std::to_string(run.number) + ": " + note + " (reported once)");
  const bool first = !leftovers_reported_;
  leftovers_reported_ = true;
  if (first || !m.killed.empty() || !m.kept.empty()) AppendNote(notes_, note);
}

void RunLoop::EndRunCgroup() {
  std::string why;
  if (p_.cgroup == nullptr || p_.cgroup->EndRun(why) || cgroup_removal_reported_) return;
  cgroup_removal_reported_ = true;
  Say(why);
}

}  // namespace timeit
