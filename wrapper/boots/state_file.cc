#include "wrapper/boots/state_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <vector>

#include "platforms/unique_fd.h"
#include "wrapper/base/errors.h"

namespace timeit {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

constexpr int kFormat = 1;

std::string Errno(const std::string& what) { return what + ": " + std::strerror(errno); }

/// Refuses what another user could have written: owned by someone else, or
/// writable by group or others. `st` is from lstat, so a symlink is refused.
void CheckOwned(const std::string& path, const struct stat& st, bool directory) {
  const bool right_type = directory ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode);
  if (!right_type)
    throw InputError(path, 0,
                     fmt::format("not a {}; refused (the boot hook runs what the state says)",
                                 directory ? "directory" : "regular file"));
  if (st.st_uid != ::geteuid() || (st.st_mode & (S_IWGRP | S_IWOTH)) != 0)
    throw InputError(path, 0,
                     fmt::format("owned by uid {} with mode {:04o}; refused: another user could "
                                 "have written it (it must be uid {}'s alone, 0700 and 0600)",
                                 st.st_uid, st.st_mode & 07777, ::geteuid()));
}

void CheckDir(const std::string& dir) {
  struct stat st {};
  if (::lstat(dir.c_str(), &st) != 0) throw InputError(dir, 0, std::strerror(errno));
  CheckOwned(dir, st, true);
}

void SyncDir(const std::string& dir) {
  platforms::UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!fd || ::fsync(fd.get()) != 0) throw SystemError(Errno("cannot sync " + dir));
}

json ConfigJson(const BootConfig& c) {
  return {{"name", c.name},       {"kernel", c.kernel},
          {"initrd", c.initrd},   {"cmdline_add", c.cmdline_add},
          {"release", c.release}, {"entry", c.entry}};
}

BootConfig ConfigFrom(const json& j) {
  return BootConfig{j.at("name").get<std::string>(), j.at("kernel").get<std::string>(),
                    j.at("initrd").get<std::string>(), j.at("cmdline_add").get<std::string>(),
                    j.at("release").get<std::string>(),
                    // Not in the states of timeit before --via systemd-boot.
                    j.value("entry", std::string())};
}

json RecordJson(const StepRecord& r) {
  return {{"step", r.step},
          {"config", r.config},
          {"boot_id", r.boot_id},
          {"outcome", r.outcome},
          {"expected_release", r.expected_release},
          {"found_release", r.found_release},
          {"found_cmdline", r.found_cmdline},
          {"expected_entry", r.expected_entry},
          {"found_entry", r.found_entry},
          {"runs", r.runs},
          {"exit_status", r.exit_status},
          {"settle_seconds", r.settle_seconds},
          {"boot_seconds", r.boot_seconds},
          {"series_seconds", r.series_seconds}};
}

StepRecord RecordFrom(const json& j) {
  StepRecord r;
  j.at("step").get_to(r.step);
  j.at("config").get_to(r.config);
  j.at("boot_id").get_to(r.boot_id);
  j.at("outcome").get_to(r.outcome);
  j.at("expected_release").get_to(r.expected_release);
  j.at("found_release").get_to(r.found_release);
  j.at("found_cmdline").get_to(r.found_cmdline);
  // Not in the states of timeit before --via systemd-boot.
  r.expected_entry = j.value("expected_entry", std::string());
  r.found_entry = j.value("found_entry", std::string());
  j.at("runs").get_to(r.runs);
  j.at("exit_status").get_to(r.exit_status);
  j.at("settle_seconds").get_to(r.settle_seconds);
  // Not in the states of the first landing: unknown there.
  r.boot_seconds = j.value("boot_seconds", -1.0);
  r.series_seconds = j.value("series_seconds", -1.0);
  return r;
}

/// In Phase's order.
/// JSON has neither NaN nor infinity: a width not known is null, an
/// unbounded one "unbounded", and back.
constexpr const char* kUnbounded = "unbounded";
json WidthJson(double v) {
  if (std::isnan(v)) return nullptr;
  if (std::isinf(v)) return kUnbounded;
  return v;
}
double WidthFrom(const json& j) {
  if (j.is_null()) return std::numeric_limits<double>::quiet_NaN();
  if (j.is_string() && j.get<std::string>() == kUnbounded)
    return std::numeric_limits<double>::infinity();
  return j.get<double>();
}

/// A difference in %: null where not finite (a baseline mean of 0).
json PercentJson(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }
double PercentFrom(const json& j) {
  return j.is_null() ? std::numeric_limits<double>::quiet_NaN() : j.get<double>();
}

json LookJson(const LookRecord& l) {
  json widths = json::array();
  for (const MetricWidth& w : l.widths) {
    json differences = json::array();
    for (const auto& [set, percent] : w.differences)
      differences.push_back({{"set", set}, {"percent", PercentJson(percent)}});
    widths.push_back({{"metric", w.metric},
                      {"half_width_percent", WidthJson(w.half_width_percent)},
                      {"differences", differences}});
  }
  json verdicts = json::array();
  for (const TwoStageInterval& v : l.verdicts)
    verdicts.push_back({{"metric", v.metric},
                        {"set", v.set},
                        {"percent", PercentJson(v.percent)},
                        {"half_width_percent", v.half_width_percent}});
  return {{"round", l.round},   {"step", l.step},   {"widths", widths},    {"met", l.met},
          {"needed", l.needed}, {"asked", l.asked}, {"verdicts", verdicts}};
}

LookRecord LookFrom(const json& j) {
  LookRecord l;
  j.at("round").get_to(l.round);
  j.at("step").get_to(l.step);
  for (const json& w : j.at("widths")) {
    MetricWidth m{w.at("metric").get<std::string>(), WidthFrom(w.at("half_width_percent")), {}};
    // Not in the states of a timeit before the two-stage rule: none known.
    if (w.contains("differences"))
      for (const json& d : w.at("differences"))
        m.differences.emplace_back(d.at("set").get<std::string>(), PercentFrom(d.at("percent")));
    l.widths.push_back(std::move(m));
  }
  j.at("met").get_to(l.met);
  l.needed = j.value("needed", 0);
  l.asked = j.value("asked", 0);
  if (j.contains("verdicts"))
    for (const json& v : j.at("verdicts"))
      l.verdicts.push_back({v.at("metric").get<std::string>(), v.at("set").get<std::string>(),
                            PercentFrom(v.at("percent")),
                            v.at("half_width_percent").get<double>()});
  return l;
}

constexpr const char* kPhases[] = {"armed", "running", "looking", "finished", "stopped"};

Phase PhaseFrom(const std::string& name) {
  for (std::size_t i = 0; i < std::size(kPhases); ++i)
    if (name == kPhases[i]) return static_cast<Phase>(i);
  throw std::invalid_argument("phase '" + name +
                              "' is none of armed, running, looking, finished, stopped");
}

/// Every step and configuration index in range, so that a state that parses
/// is one the transitions can use.
void CheckConsistent(const ExperimentState& s) {
  if (s.configs.empty() || s.plan.empty())
    throw std::invalid_argument("no configurations or steps");
  for (const int c : s.plan)
    if (c < 0 || static_cast<std::size_t>(c) >= s.configs.size())
      throw std::invalid_argument("a step names configuration " + std::to_string(c));
  if (s.step > s.plan.size() || (!s.Done() && s.step == s.plan.size()))
    throw std::invalid_argument("step " + std::to_string(s.step) + " is past the plan");
  if (s.run_args.empty()) throw std::invalid_argument("no command");
  if (!(s.target.percent >= 0) || (s.target.percent > 0 && s.target.metrics.empty()))
    throw std::invalid_argument("a target without metrics");
}

}  // namespace

std::string StatePath(const std::string& state_dir) { return state_dir + "/state.json"; }

std::string StateText(const ExperimentState& s) {
  json configs = json::array(), records = json::array();
  for (const BootConfig& c : s.configs) configs.push_back(ConfigJson(c));
  for (const StepRecord& r : s.records) records.push_back(RecordJson(r));
  json looks = json::array();
  for (const LookRecord& l : s.looks) looks.push_back(LookJson(l));
  const json j = {{"format", kFormat},
                  {"configs", configs},
                  {"boots", s.boots},
                  {"target",
                   {{"percent", s.target.percent},
                    {"metrics", s.target.metrics},
                    {"min_boots", s.target.min_boots}}},
                  {"order", s.order == BootOrder::kAbba ? "abba" : "random"},
                  {"seed", s.seed},
                  {"plan", s.plan},
                  {"run_args", s.run_args},
                  {"cwd", s.cwd},
                  {"output", s.output},
                  {"runs", s.runs},
                  {"method", s.method},
                  {"next_boot", s.next_boot},
                  {"hook", s.hook},
                  {"timeit", s.timeit},
                  {"base_cmdline", s.base_cmdline},
                  {"retries", s.retries},
                  {"on_boot_failure", s.on_failure == OnBootFailure::kStop ? "stop" : "skip"},
                  {"settle_seconds", s.settle_seconds},
                  {"step", s.step},
                  {"phase", kPhases[static_cast<int>(s.phase)]},
                  {"armed_on", s.armed_on},
                  {"armed_at", s.armed_at},
                  {"running_on", s.running_on},
                  {"failed_boots", s.failed_boots},
                  {"failed_configs", s.failed_configs},
                  {"records", records},
                  {"looks", looks}};
  return j.dump(2) + "\n";
}

ExperimentState ParseStateText(const std::string& text, const std::string& file) {
  try {
    const json j = json::parse(text);
    if (j.at("format").get<int>() != kFormat)
      throw std::invalid_argument("format " + j.at("format").dump() + ", this timeit reads " +
                                  std::to_string(kFormat));
    ExperimentState s;
    for (const json& c : j.at("configs")) s.configs.push_back(ConfigFrom(c));
    j.at("boots").get_to(s.boots);
    // Not in the states of a timeit before --target-ci: no rule, no looks.
    if (j.contains("target")) {
      const json& target = j.at("target");
      target.at("percent").get_to(s.target.percent);
      target.at("metrics").get_to(s.target.metrics);
      target.at("min_boots").get_to(s.target.min_boots);
    }
    s.order = j.at("order").get<std::string>() == "random" ? BootOrder::kRandom : BootOrder::kAbba;
    j.at("seed").get_to(s.seed);
    j.at("plan").get_to(s.plan);
    j.at("run_args").get_to(s.run_args);
    j.at("cwd").get_to(s.cwd);
    j.at("output").get_to(s.output);
    j.at("runs").get_to(s.runs);
    j.at("method").get_to(s.method);
    j.at("next_boot").get_to(s.next_boot);
    j.at("hook").get_to(s.hook);
    j.at("timeit").get_to(s.timeit);
    j.at("base_cmdline").get_to(s.base_cmdline);
    j.at("retries").get_to(s.retries);
    s.on_failure = j.at("on_boot_failure").get<std::string>() == "stop" ? OnBootFailure::kStop
                                                                        : OnBootFailure::kSkip;
    j.at("settle_seconds").get_to(s.settle_seconds);
    j.at("step").get_to(s.step);
    s.phase = PhaseFrom(j.at("phase").get<std::string>());
    j.at("armed_on").get_to(s.armed_on);
    s.armed_at = j.value("armed_at", 0.0);
    j.at("running_on").get_to(s.running_on);
    j.at("failed_boots").get_to(s.failed_boots);
    j.at("failed_configs").get_to(s.failed_configs);
    for (const json& r : j.at("records")) s.records.push_back(RecordFrom(r));
    if (j.contains("looks"))
      for (const json& l : j.at("looks")) s.looks.push_back(LookFrom(l));
    CheckConsistent(s);
    return s;
  } catch (const std::exception& e) {
    std::string why = e.what();
    if (const auto nl = why.find('\n'); nl != std::string::npos) why.resize(nl);
    throw InputError(
        file, 0,
        "not a state of timeit boots (" + why + "); nothing was run and the results are untouched");
  }
}

void PrepareStateDir(const std::string& state_dir) {
  std::error_code ec;
  fs::path dir = fs::path(state_dir).lexically_normal();
  if (!dir.has_filename()) dir = dir.parent_path();
  // The folders about to be made, innermost first.
  std::vector<fs::path> made;
  for (fs::path p = dir; p.has_relative_path() && !fs::exists(p, ec); p = p.parent_path())
    made.push_back(p);
  if (dir.has_parent_path() && !fs::exists(dir.parent_path(), ec))
    fs::create_directories(dir.parent_path(), ec);
  if (::mkdir(state_dir.c_str(), 0700) != 0 && errno != EEXIST)
    throw UsageError(Errno("--state-dir " + state_dir));
  // A new folder's name is in its parent's own pages (minix, ext2; ext4
  // until its journal commits), which no fsync of the state reaches: a
  // power cut right after start would lose the whole experiment.
  for (const fs::path& p : made) SyncDir(p.parent_path().string());
  CheckDir(state_dir);
}

void WriteState(const std::string& state_dir, const ExperimentState& s) {
  const std::string path = StatePath(state_dir), temp = path + ".new";
  const std::string text = StateText(s);
  {
    ::unlink(temp.c_str());
    platforms::UniqueFd fd(
        ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (!fd) throw SystemError(Errno("cannot write " + temp));
    std::size_t done = 0;
    while (done < text.size()) {
      const ssize_t n = ::write(fd.get(), text.data() + done, text.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) throw SystemError(Errno("cannot write " + temp));
      done += static_cast<std::size_t>(n);
    }
    if (::fsync(fd.get()) != 0) throw SystemError(Errno("cannot sync " + temp));
  }
  if (::rename(temp.c_str(), path.c_str()) != 0)
    throw SystemError(Errno("cannot rename " + temp + " to " + path));
  SyncDir(state_dir);
}

ExperimentState ReadState(const std::string& state_dir) {
  CheckDir(state_dir);
  const std::string path = StatePath(state_dir);
  platforms::UniqueFd fd(::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd) {
    const int error = errno;
    if (error == ELOOP) throw InputError(path, 0, "a symbolic link; refused");
    throw InputError(path, 0,
                     std::string(std::strerror(error)) +
                         (error == ENOENT ? " (no experiment here: timeit boots start)" : ""));
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) throw SystemError(Errno(path));
  CheckOwned(path, st, false);
  std::string text;
  char buffer[65536];
  for (ssize_t n; (n = ::read(fd.get(), buffer, sizeof buffer)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw SystemError(Errno("cannot read " + path));
    text.append(buffer, static_cast<std::size_t>(n));
  }
  return ParseStateText(text, path);
}

}  // namespace timeit
