#include "wrapper/run/run_loop.h"

#include <fmt/format.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include <algorithm>
#include <cstring>

#include "wrapper/base/errors.h"
#include "wrapper/process/process_tree.h"
#include "wrapper/results/results_notes.h"

namespace timeit {
namespace {

double Since(const struct timespec& t0) {
  struct timespec now {};
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<double>(now.tv_sec - t0.tv_sec) +
         static_cast<double>(now.tv_nsec - t0.tv_nsec) * 1e-9;
}

std::string Describe(int wait_status) {
  if (WIFEXITED(wait_status)) return "exit status " + std::to_string(WEXITSTATUS(wait_status));
  if (WIFSIGNALED(wait_status)) {
    const char* name = sigabbrev_np(WTERMSIG(wait_status));
    return std::string("killed by ") + (name != nullptr
                                            ? std::string("SIG") + name
                                            : "signal " + std::to_string(WTERMSIG(wait_status)));
  }
  return "stopped";
}

bool Succeeded(int wait_status) { return WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 0; }

}  // namespace

void RunLoop::Say(const std::string& line) {
  p_.progress.Clear();
  std::fprintf(stderr, "timeit: %s\n", line.c_str());
}

bool RunLoop::RunHelper(ChildLauncher* helper, const char* option, int run) {
  if (helper == nullptr || p_.signals.received_signal() != 0) return true;
  const pid_t pid = helper->Start(/*hold_before_exec=*/false);
  p_.signals.SetTarget(pid);
  helper->Release();
  RunExit exit = helper->Wait();
  ReapExitedOrphans(exit.usage);
  KillLeftovers(pid, exit.usage);
  p_.signals.SetTarget(0);
  if (Succeeded(exit.wait_status) || p_.signals.received_signal() != 0) return true;
  Say(std::string(option) + " failed" + (run > 0 ? " at run " + std::to_string(run) : "") + ": " +
      Describe(exit.wait_status) +
      (helper->exec_errno() != 0 ? std::string(" (") + std::strerror(helper->exec_errno()) + ")"
                                 : ""));
  return false;
}

void RunLoop::PrintNotes(int run) {
  notes_.clear();
  for (auto& s : p_.sources) {
    for (const std::string& note : s->TakeNotes()) {
      // Stamped only when said: a -q series leaves the next one to say it.
      if (!p_.options.quiet && s->Announce(note) &&
          (!s->OfMachine(note) || p_.machine_notes == nullptr || p_.machine_notes->FirstTime(note)))
        Say(run > 0 ? "run " + std::to_string(run) + ": " + note : note);
      AppendNote(notes_, note);
    }
  }
}

RunLoop::PlannedRun RunLoop::Plan(int index) const {
  PlannedRun run;
  run.index = index;
  int series_index = index;
  // In an interleaved series the run belongs to one configuration: its
  // numbering, its label, and its command before the run.
  if (!p_.configs.empty()) {
    const ScheduledRun& s = p_.schedule[static_cast<std::size_t>(index)];
    run.config = &p_.configs[static_cast<std::size_t>(s.config)];
    series_index = s.index;
  }
  run.warmup = series_index < p_.options.warmup;
  // Warm-up runs are timing runs; then the counting runs alternate with
  // the first timing runs (RoleAt).
  if (counting_runs_ > 0)
    run.role =
        run.warmup ? RunRole::kTime : RoleAt(series_index - p_.options.warmup, counting_runs_);
  run.number =
      (run.config ? run.config->last_run : p_.csv.LastRun(p_.rows.label())) + series_index + 1;
  return run;
}

ChildLauncher& RunLoop::CommandOf(const PlannedRun& run) const {
  return run.config && run.config->measured ? *run.config->measured : p_.command;
}

ChildLauncher* RunLoop::PrepareOf(const PlannedRun& run) const {
  return run.config && run.config->own_helpers ? run.config->prepare.get() : p_.prepare.get();
}

ChildLauncher* RunLoop::CleanupOf(const PlannedRun& run) const {
  return run.config && run.config->own_helpers ? run.config->cleanup.get() : p_.cleanup.get();
}

bool RunLoop::RunHelpersBefore(const PlannedRun& run) {
  if (run.config && !RunHelper(run.config->command.get(), run.config->option.c_str(), run.number))
    return false;
  return RunHelper(PrepareOf(run), "--prepare", run.number);
}

ProgressPoint RunLoop::Where(const PlannedRun& run) const {
  // Warm-up runs come first, also in an interleaved series (whole rounds).
  const int per_round = p_.configs.empty() ? 1 : static_cast<int>(p_.configs.size());
  const int warmups = p_.options.warmup * per_round;
  ProgressPoint at;
  at.warmup = run.index < warmups;
  at.nth = at.warmup ? run.index + 1 : run.index - warmups + 1;
  at.of = at.warmup ? warmups : MeasuredRuns() * per_round;
  at.done = run.index;
  at.total = warmups + MeasuredRuns() * per_round;
  return at;
}

std::optional<RunLoop::Measured> RunLoop::LaunchAndReap(ChildLauncher& command, int& exit_status) {
  const RunOptions& o = p_.options;
  const int cgroup_fd = p_.cgroup != nullptr ? p_.cgroup->run_fd() : -1;
  const pid_t pid = command.Start(hold_before_exec_, cgroup_fd);
  p_.signals.SetTarget(pid, p_.cgroup != nullptr ? p_.cgroup->run_kill_fd() : -1);
  if (p_.signals.received_signal() != 0) {  // arrived before the group existed
    command.Abandon();
    p_.signals.SetTarget(0);
    return std::nullopt;
  }
  for (auto& s : p_.sources) s->AttachBeforeExec(pid);
  if (o.timeout) p_.signals.ArmTimeout(*o.timeout);
  command.Release();
  Measured m;
  m.exit = command.Wait();
  m.timed_out = o.timeout && p_.signals.DisarmTimeout();
  if (m.timed_out && p_.cgroup != nullptr) p_.cgroup->RunWasKilled();
  SweepLeftovers(pid, m);
  p_.signals.SetTarget(0);
  p_.output.AfterRun();  // the sources reading the output have all of it

  if (const int err = command.placement_errno(); err != 0)
    throw SystemError("cannot place the command in its cgroup " + p_.cgroup->run_dir() + ": " +
                      std::strerror(err));
  if (WIFEXITED(m.exit.wait_status) && WEXITSTATUS(m.exit.wait_status) == 127 &&
      command.exec_errno() != 0) {
    Say(command.spec().path + ": " + std::strerror(command.exec_errno()));
    exit_status = ExecFailureStatus(command.exec_errno());
    return std::nullopt;
  }
  if (p_.signals.received_signal() != 0) return std::nullopt;  // not a finished run
  return m;
}

void RunLoop::Collect(const PlannedRun& run, const Measured& m) {
  values_.clear();
  for (auto& s : p_.sources) s->Collect(m.exit, values_);
  PrintNotes(run.number);
  for (auto& s : p_.sources) {
    for (const std::string& note : s->RowNotes()) AppendNote(notes_, note);
  }
  if (!p_.options.series_note.empty()) AppendNote(notes_, p_.options.series_note);
  // In random order a set's first row need not come in its place: it says it.
  if (run.config && p_.options.random_order && !run.config->order_noted) {
    AppendNote(notes_, GivenOrderNote(static_cast<std::size_t>(run.config - p_.configs.data()) + 1,
                                      p_.configs.size()));
    run.config->order_noted = true;
  }
  NoteLeftovers(run, m);
}

int RunLoop::MeasuredRuns() const { return p_.options.runs + counting_runs_; }

void RunLoop::FindCountingColumns() {
  std::vector<std::string> apart;
  for (const auto& s : p_.sources)
    for (std::string& c : s->CountingRunColumns()) apart.push_back(std::move(c));
  for (const auto& s : p_.sources)
    for (const std::string& c : s->Columns())
      counting_only_.push_back(std::find(apart.begin(), apart.end(), c) != apart.end());
  counting_runs_ = apart.empty() ? 0 : CountingRunsOf(p_.options.runs, p_.options.counting_runs);
}

const MetricValues& RunLoop::ValuesToSummarise(const PlannedRun& run) {
  if (run.role != RunRole::kCount) return values_;
  summarised_.assign(values_.size(), std::nullopt);
  for (std::size_t i = 0; i < values_.size() && i < counting_only_.size(); ++i)
    if (counting_only_[i]) summarised_[i] = values_[i];
  return summarised_;
}

bool RunLoop::MayStopAfter(int index, int total) const {
  if (index + 1 >= total) return false;  // the end anyway
  // Not before every configuration's counting runs are done: there are no
  // more of them to come, and its counts would be missing.
  const int series = p_.configs.empty() ? 1 : static_cast<int>(p_.configs.size());
  return counting_done_ >= counting_runs_ * series;
}

void RunLoop::Record(const PlannedRun& run, const Measured& m) {
  ResultsRowFormatter& rows = run.config ? *run.config->rows : p_.rows;
  const std::string_view row =
      rows.Format(run.number, run.warmup, start_utc_, RunStatusOf(m.exit.wait_status, m.timed_out),
                  values_, notes_, run.role);
  p_.csv.Append(row, p_.options.durable_rows || m.exit.wall_seconds > 1.0);
  if (run.warmup) {
    p_.progress.AfterRun(m.exit.wall_seconds);
    return;
  }
  if (run.role == RunRole::kCount) ++counting_done_;
  // A failed run is recorded but not summarised: compare leaves it out, and
  // the summary and the verdicts after it must describe the same runs.
  if (m.timed_out || !Succeeded(m.exit.wait_status)) {
    ++failed_measured_runs_;
    p_.progress.AfterRun(m.exit.wall_seconds);
    return;
  }
  const MetricValues& values = ValuesToSummarise(run);
  if (!run.config) p_.summary.Add(values);  // configurations are compared instead
  if (p_.stop != nullptr)
    p_.stop->Add(run.config ? static_cast<std::size_t>(run.config - p_.configs.data()) : 0, values);
  p_.progress.AfterRun(m.exit.wall_seconds);
}

RunLoop::Step RunLoop::AfterRun(const PlannedRun& run, const Measured& m, int& exit_status) {
  const RunOptions& o = p_.options;
  if (m.timed_out || !Succeeded(m.exit.wait_status)) {
    Say("run " + std::to_string(run.number) + (run.warmup ? " (warm-up)" : "") + " failed: " +
        (m.timed_out ? fmt::format("timed out after {} s", *o.timeout)
                     : Describe(m.exit.wait_status)));
    p_.output.ShowAfterFailure(stderr);
    if (!o.ignore_failure) {
      RunHelper(CleanupOf(run), "--cleanup", run.number);
      Say("stopped; " + WhereTheRunsAre() + " (--ignore-failure goes on)");
      exit_status = kExitCommandFailed;
      return Step::kStop;
    }
  }
  if (!RunHelper(CleanupOf(run), "--cleanup", run.number)) {
    exit_status = kExitCommandFailed;
    return Step::kStop;
  }
  return Step::kNext;
}

std::string RunLoop::WhereTheRunsAre() {
  if (p_.csv.rows_written() > 0) return "the finished runs are in " + p_.csv_name;
  if (p_.csv.RemoveIfNoRows()) return "no run finished, so " + p_.csv_name + " was not kept";
  return "no run finished";
}

void RunLoop::RemoveEmptyResults() {
  if (p_.csv.RemoveIfNoRows() && !p_.options.quiet)
    Say("no run finished, so " + p_.csv_name + " was not kept");
}

/// One run, as a list of steps.
RunLoop::Step RunLoop::MeasureOne(int index, int& exit_status) {
  const PlannedRun run = Plan(index);
  if (!RunHelpersBefore(run)) {
    exit_status = kExitCommandFailed;
    return Step::kStop;
  }
  if (p_.signals.received_signal() != 0) return Step::kStop;
  p_.output.BeforeRun();
  // The run's cgroup exists before the sources read what the run starts from.
  if (p_.cgroup != nullptr) p_.cgroup->BeginRun();
  const RunInfo info{.number = run.number,
                     .warmup = run.warmup,
                     .label = run.config ? run.config->rows->label() : p_.rows.label(),
                     .cgroup_fd = p_.cgroup != nullptr ? p_.cgroup->run_fd() : -1,
                     .cgroup_fresh = p_.cgroup == nullptr || p_.cgroup->run_fresh(),
                     .role = run.role};
  for (auto& s : p_.sources) s->BeforeRun(info);
  p_.progress.BeforeRun(Where(run), Since(series_start_));
  ::clock_gettime(CLOCK_REALTIME, &start_utc_);
  const std::optional<Measured> measured = LaunchAndReap(CommandOf(run), exit_status);
  if (!measured) {
    EndRunCgroup();
    return Step::kStop;
  }
  Collect(run, *measured);
  EndRunCgroup();
  Record(run, *measured);
  for (auto& s : p_.sources) s->AfterRowWritten(info);
  return AfterRun(run, *measured, exit_status);
}

int RunLoop::Run() {
  const RunOptions& o = p_.options;
  ::clock_gettime(CLOCK_MONOTONIC, &series_start_);
  FindCountingColumns();
  for (auto& s : p_.sources) {
    s->BeginSeries();
    hold_before_exec_ = hold_before_exec_ || s->AttachesBeforeExec();
  }
  PrintNotes(0);
  values_.reserve(p_.rows.columns().size());
  if (!RunHelper(p_.setup.get(), "--setup", 0)) {
    RemoveEmptyResults();
    return kExitCommandFailed;
  }
  int exit_status = kExitOk;
  const int total =
      p_.configs.empty() ? o.warmup + MeasuredRuns() : static_cast<int>(p_.schedule.size());
  for (int i = 0; i < total; ++i) {
    if (MeasureOne(i, exit_status) == Step::kStop) break;
    if (p_.stop != nullptr && MayStopAfter(i, total) && p_.stop->Satisfied()) break;
  }
  p_.progress.Clear();
  if (p_.stop != nullptr && exit_status == kExitOk && p_.signals.received_signal() == 0 && !o.quiet)
    Say(p_.stop->Describe());
  const int sig = p_.signals.received_signal();
  if (sig == 0 && !RunHelper(p_.teardown.get(), "--teardown", 0) && exit_status == kExitOk)
    exit_status = kExitCommandFailed;
  if (sig != 0) {
    const char* name = sigabbrev_np(sig);
    Say(std::string("interrupted by SIG") + (name != nullptr ? name : "?") + "; " +
        WhereTheRunsAre());
    exit_status = kExitSignalBase + sig;
  }
  // With --config the comparison below says it itself.
  if (failed_measured_runs_ > 0 && !o.quiet && p_.configs.empty())
    Say(failed_measured_runs_ == 1
            ? "1 failed run is in " + p_.csv_name +
                  " but left out of the summary, as timeit compare leaves it out"
            : fmt::format("{} failed runs are in {} but left out of the summary, as timeit compare "
                          "leaves them out",
                          failed_measured_runs_, p_.csv_name));
  if (p_.csv.rows_written() == 0) {
    RemoveEmptyResults();  // e.g. the command cannot be executed
  } else if (!o.quiet) {
    // About the rows just written, so only when there are some (and a file).
    for (auto& s : p_.sources) {
      for (const std::string& note : s->EndSeriesNotes()) Say(note);
    }
  }
  if (!o.quiet && p_.configs.empty()) p_.summary.Print(p_.report);
  return exit_status;
}

}  // namespace timeit
