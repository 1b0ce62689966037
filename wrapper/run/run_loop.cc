#include "wrapper/run/run_loop.h"

#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include <cstring>

#include "wrapper/base/errors.h"
#include "wrapper/process/process_tree.h"

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
      if (!p_.options.quiet) Say(run > 0 ? "run " + std::to_string(run) + ": " + note : note);
      if (!notes_.empty()) notes_ += "; ";
      notes_ += note;
    }
  }
}

RunLoop::Step RunLoop::MeasureOne(int index, int total, int& exit_status) {
  const RunOptions& o = p_.options;
  // In an interleaved series the run belongs to one configuration: its
  // numbering, its label, and its command before the run.
  ConfigSeries* config = p_.configs.empty()
                             ? nullptr
                             : &p_.configs[static_cast<std::size_t>(
                                   p_.schedule[static_cast<std::size_t>(index)].config)];
  const int series_index = config ? p_.schedule[static_cast<std::size_t>(index)].index : index;
  const bool warmup = series_index < o.warmup;
  const int run = (config ? config->last_run : p_.csv.LastRun(p_.rows.label())) + series_index + 1;
  if (config && !RunHelper(config->command.get(), config->option.c_str(), run)) {
    exit_status = kExitCommandFailed;
    return Step::kStop;
  }
  if (!RunHelper(p_.prepare.get(), "--prepare", run)) {
    exit_status = kExitCommandFailed;
    return Step::kStop;
  }
  if (p_.signals.received_signal() != 0) return Step::kStop;
  p_.output.BeforeRun();
  p_.progress.BeforeRun(index, total);
  struct timespec start_utc {};
  ::clock_gettime(CLOCK_REALTIME, &start_utc);

  const pid_t pid = p_.command.Start(hold_before_exec_);
  p_.signals.SetTarget(pid);
  if (p_.signals.received_signal() != 0) {  // arrived before the group existed
    p_.command.Abandon();
    p_.signals.SetTarget(0);
    return Step::kStop;
  }
  for (auto& s : p_.sources) s->AttachBeforeExec(pid);
  if (o.timeout) p_.signals.ArmTimeout(*o.timeout);
  p_.command.Release();
  RunExit exit = p_.command.Wait();
  const bool timed_out = o.timeout && p_.signals.DisarmTimeout();
  ReapExitedOrphans(exit.usage);
  const int leftovers = KillLeftovers(pid, exit.usage);
  p_.signals.SetTarget(0);
  p_.output.AfterRun();  // the sources reading the output have all of it

  if (WIFEXITED(exit.wait_status) && WEXITSTATUS(exit.wait_status) == 127 &&
      p_.command.exec_errno() != 0) {
    Say(p_.command.spec().path + ": " + std::strerror(p_.command.exec_errno()));
    exit_status = kExitNotFound;
    return Step::kStop;
  }
  if (p_.signals.received_signal() != 0) return Step::kStop;  // not a finished run

  values_.clear();
  for (auto& s : p_.sources) s->Collect(exit, values_);
  PrintNotes(run);
  if (leftovers > 0 && !leftovers_reported_) {
    leftovers_reported_ = true;
    const std::string note =
        "processes of the command outlived it in its process group and were killed";
    if (!o.quiet) Say("run " + std::to_string(run) + ": " + note + " (reported once)");
    notes_ += (notes_.empty() ? "" : "; ") + note;
  }
  char status_buf[16];
  const std::string_view status = StatusCell(exit.wait_status, timed_out, status_buf);
  p_.csv.Append(
      (config ? *config->rows : p_.rows).Format(run, warmup, start_utc, status, values_, notes_),
      exit.wall_seconds > 1.0);
  if (!warmup && !config) p_.summary.Add(values_);  // configurations are compared instead
  if (!warmup && p_.stop != nullptr)
    p_.stop->Add(config ? static_cast<std::size_t>(config - p_.configs.data()) : 0, values_);
  p_.progress.AfterRun(index + 1, total, exit.wall_seconds, Since(series_start_));

  if (timed_out || !Succeeded(exit.wait_status)) {
    ++failed_runs_;
    Say("run " + std::to_string(run) + (warmup ? " (warm-up)" : "") + " failed: " +
        (timed_out ? "timed out after " + std::to_string(*o.timeout) + " s"
                   : Describe(exit.wait_status)));
    p_.output.ShowAfterFailure(stderr);
    if (!o.ignore_failure) {
      RunHelper(p_.cleanup.get(), "--cleanup", run);
      Say("stopped; the finished runs are in " + p_.csv_name + " (--ignore-failure goes on)");
      exit_status = kExitCommandFailed;
      return Step::kStop;
    }
  }
  if (!RunHelper(p_.cleanup.get(), "--cleanup", run)) {
    exit_status = kExitCommandFailed;
    return Step::kStop;
  }
  return Step::kNext;
}

int RunLoop::Run() {
  const RunOptions& o = p_.options;
  ::clock_gettime(CLOCK_MONOTONIC, &series_start_);
  for (auto& s : p_.sources) {
    s->BeginSeries();
    hold_before_exec_ = hold_before_exec_ || s->AttachesBeforeExec();
  }
  PrintNotes(0);
  values_.reserve(p_.rows.columns().size());
  if (!RunHelper(p_.setup.get(), "--setup", 0)) return kExitCommandFailed;
  int exit_status = kExitOk;
  const int total = p_.configs.empty() ? o.warmup + o.runs : static_cast<int>(p_.schedule.size());
  bool stopped_early = false;
  for (int i = 0; i < total; ++i) {
    if (MeasureOne(i, total, exit_status) == Step::kStop) break;
    if (p_.stop != nullptr && i + 1 < total && p_.stop->Satisfied()) {
      stopped_early = true;
      break;
    }
  }
  p_.progress.Clear();
  if (p_.stop != nullptr && exit_status == kExitOk && p_.signals.received_signal() == 0 && !o.quiet)
    Say(p_.stop->Describe(stopped_early));
  const int sig = p_.signals.received_signal();
  if (sig == 0 && !RunHelper(p_.teardown.get(), "--teardown", 0) && exit_status == kExitOk)
    exit_status = kExitCommandFailed;
  if (sig != 0) {
    const char* name = sigabbrev_np(sig);
    Say(std::string("interrupted by SIG") + (name != nullptr ? name : "?") +
        "; the finished runs are in " + p_.csv_name);
    exit_status = kExitSignalBase + sig;
  }
  if (failed_runs_ > 0 && o.ignore_failure && !o.quiet)
    Say(std::to_string(failed_runs_) + " run(s) failed and are included below");
  if (!o.quiet) {
    for (auto& s : p_.sources) {
      for (const std::string& note : s->EndSeriesNotes()) Say(note);
    }
  }
  if (!o.quiet && p_.configs.empty()) p_.summary.Print(p_.report);
  return exit_status;
}

}  // namespace timeit
