#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace timeit {

/// The columns of a results CSV (docs/csv-format.md): these run columns, then
/// one column per metric of the series' measurement sources, then these
/// series columns. Everything here is not a metric; everything between is.
/// `status` is numeric (the exit status, or 128+N for signal N as a shell
/// reports it) so that `status == 0` works in pandas and R; `status_text`
/// names the signal or says `timeout`. Files written before it existed have
/// the name in `status` and no `status_text`; compare reads both.
inline constexpr std::array<std::string_view, 6> kRunColumns = {"label", "run",    "warmup",
                                                                "start", "status", "status_text"};
/// The conditions (platforms::ConditionFields, boot_id .. virtualized) come
/// after `platform`; files written before they existed lack them.
inline constexpr std::array<std::string_view, 22> kSeriesColumns = {
    "notes",          "host",     "kernel_release", "kernel_version",
    "cpu_model",      "platform", "boot_id",        "cmdline",
    "microcode",      "governor", "boost",          "smt",
    "aslr",           "thp",      "nmi_watchdog",   "perf_event_paranoid",
    "mitigations",    "load1",    "cpus_online",    "virtualized",
    "timeit_version", "command"};

/// The condition columns among them, as platforms::ConditionFields names them.
inline constexpr std::array<std::string_view, 14> kConditionColumns = {
    "boot_id",     "cmdline", "microcode",   "governor",     "boost",
    "smt",         "aslr",    "thp",         "nmi_watchdog", "perf_event_paranoid",
    "mitigations", "load1",   "cpus_online", "virtualized"};

constexpr bool IsConditionColumn(std::string_view name) {
  for (std::string_view c : kConditionColumns)
    if (c == name) return true;
  return false;
}

/// A column that files of an earlier timeit may lack: `status_text` and the
/// condition columns.
constexpr bool IsLaterColumn(std::string_view name) {
  return name == "status_text" || IsConditionColumn(name);
}

/// A series column after `command`, only in series with metrics that are
/// better when higher (`--metric NAME=REGEX,higher`): their names, separated
/// by spaces. compare reads each metric's direction from it.
inline constexpr std::string_view kHigherIsBetterColumn = "higher_is_better";

/// True for the run and series columns above: compare skips them as metrics.
constexpr bool IsNonMetricColumn(std::string_view name) {
  if (name == kHigherIsBetterColumn) return true;
  for (std::string_view c : kRunColumns)
    if (c == name) return true;
  for (std::string_view c : kSeriesColumns)
    if (c == name) return true;
  return false;
}

/// True when `file` is `ours` without some of the later columns
/// (IsLaterColumn): a file written by a timeit that did not record them yet,
/// which a series may still append to (its rows then follow the file's
/// header; without `status_text`, `status` keeps its old meaning).
bool IsEarlierLayout(const std::vector<std::string>& file, const std::vector<std::string>& ours);

}  // namespace timeit
