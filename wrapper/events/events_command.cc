#include "wrapper/events/events_command.h"

#include <fmt/core.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "counters/cgroup_counters.h"
#include "counters/counter_plan.h"
#include "counters/pfm_library.h"
#include "platforms/cpu_info.h"
#include "platforms/event_tables.h"
#include "platforms/kernel_pmus.h"
#include "platforms/machine.h"
#include "platforms/platform.h"
#include "platforms/pmu_events.h"
#include "platforms/system_roots.h"
#include "wrapper/base/did_you_mean.h"
#include "wrapper/base/errors.h"
#include "wrapper/base/option_parser.h"
#include "wrapper/base/text.h"

namespace timeit {
namespace {

using counters::ChainStep;
using counters::EventStatus;
using counters::PlannedCounter;

constexpr std::size_t kLineWidth = 100;
constexpr std::size_t kMetricWidth =
    17;  ///< the longest metric name, context-switches, and a blank

/// Prints `line`, wrapped at 100 columns, continuation lines indented by 2.
void PrintWrapped(const std::string& line) { fmt::print("{}\n", Wrap(line, 0, 2, kLineWidth)); }

std::vector<std::string> PlatformNameList() {
  std::vector<std::string> names;
  for (const auto& p : platforms::AllPlatforms()) {
    names.emplace_back(p.name);
    if (!p.alias.empty()) names.emplace_back(p.alias);
  }
  return names;
}

std::string PlatformNames() {
  std::string names;
  for (const auto& p : platforms::AllPlatforms()) {
    names += (names.empty() ? "" : ", ") + std::string(p.name);
    if (!p.alias.empty()) names += ", " + std::string(p.alias);
  }
  return names;
}

std::string CpuSummary(const platforms::CpuInfo& cpu) {
  if (cpu.arch == "arm64")
    return fmt::format("implementer {:#x} part {:#x}", cpu.implementer, cpu.part);
  return fmt::format("{} family {} model {} stepping {}", cpu.vendor, cpu.family, cpu.model,
                     cpu.stepping);
}

/// "type 4 (raw), config 0x283", or the table's documented code when this
/// libpfm4 cannot encode the event (another architecture's PMU).
std::string EncodingText(const ChainStep& step, platforms::PlatformId platform) {
  if (step.encoding) return counters::DescribeEncoding(*step.encoding);
  for (const auto& m : platforms::AllMetrics()) {
    for (const auto& e : platforms::PlatformTableEvents(platform, m.metric)) {
      if (e.event == step.event) return fmt::format("raw {:#x} (per the table)", e.expected_config);
    }
  }
  return "-";
}

/// True when `info`'s table is one only libpfm4's i386 build has and this
/// build's libpfm4 lacks it: an amd64 timeit asked about a Pentium M.
bool TableNeedsTheI386Build(const platforms::PlatformInfo& info) {
  return info.pfm_i386_only && !counters::PfmHasPmu(std::string(info.pfm_pmu));
}

void PrintHeader(platforms::PlatformId platform, bool named, const platforms::Machine& machine,
                 const counters::CounterPlan& plan) {
  const platforms::SystemRoots& roots = machine.roots;
  const auto& info = platforms::GetPlatformInfo(platform);
  if (named) {
    PrintWrapped(fmt::format("platform: {} ({}), as named; this machine is not consulted for it",
                             info.name, info.description));
  } else {
    PrintWrapped(fmt::format("platform: {} ({}), from {}: {}", info.name, info.description,
                             roots.CpuInfoPath(),
                             machine.cpu ? CpuSummary(*machine.cpu) : std::string("unreadable")));
  }
  const auto& pmus = machine.pmus;
  std::string list;
  for (const auto& p : pmus) list += fmt::format(" {}({})", p.name, p.type);
  PrintWrapped(fmt::format("kernel PMUs:{}{}", list.empty() ? " none" : list,
                           platforms::HasHardwareCpuPmu(pmus) ? "" : "; no hardware CPU PMU"));
  if (const auto arm = platforms::ReadArmPmuEvents(roots.EventSourceDir(), pmus)) {
    std::string names;
    for (const auto& [name, number] : arm->events) names += " " + name;
    PrintWrapped(fmt::format("{} implements (sysfs events/):{}", arm->pmu,
                             names.empty() ? " nothing" : names));
  }
  const std::string dflt = counters::DefaultPfmPmu();
  fmt::print("libpfm4 default PMU: {} (from CPUID; the kernel decides what counts)\n",
             dflt.empty() ? "none" : dflt);
  if (TableNeedsTheI386Build(info)) {
    PrintWrapped(
        fmt::format("libpfm4: no '{}' PMU in this 64-bit build (only libpfm4's i386 build has it): "
                    "the kernel's generic events stand in; timeit's i386 build uses the {} table",
                    info.pfm_pmu, info.name));
  }
  const auto paranoid = platforms::ReadPerfEventParanoid(roots);
  fmt::print("counting: {} (kernel.perf_event_paranoid={})\n",
             plan.user_only ? "user mode only" : "user and kernel mode",
             paranoid ? std::to_string(*paranoid) : "?");
  // How a series here counts its runs' trees (--count-by): this machine's
  // cgroups, also with --platform.
  PrintWrapped("process tree: counted " +
               counters::CountingModeHere(platforms::CpusToCountOn(machine)));
  fmt::print("\n");
}

/// Column widths of the table, from what it holds: an event name longer than
/// its column gets a line of its own, the encoding then aligned below it.
struct TableWidths {
  std::size_t event = 0;
  std::size_t encoding = 0;
};

struct TableRow {
  std::string metric, event, encoding, status;
};

void PrintRow(const TableRow& r, const TableWidths& w) {
  std::string line = fmt::format("{:<{}}", r.metric, kMetricWidth);
  if (r.event.size() > w.event) {
    // Longer than its column: the event gets a line of its own (below the
    // metric when it does not fit beside it), the encoding stays aligned.
    if (kMetricWidth + r.event.size() <= kLineWidth)
      fmt::print("{}{}\n", line, r.event);
    else
      fmt::print("{}\n  {}\n", r.metric, r.event);
    line.assign(kMetricWidth + w.event + 1, ' ');
  } else {
    line += fmt::format("{:<{}} ", r.event, w.event);
  }
  line += fmt::format("{:<{}} ", r.encoding, w.encoding);
  if (line.size() + r.status.size() <= kLineWidth) {
    fmt::print("{}{}\n", line, r.status);
  } else {  // the reason goes below, under the event
    line.erase(line.find_last_not_of(' ') + 1);
    fmt::print("{}\n{}{}\n", line, std::string(kMetricWidth + 2, ' '),
               Wrap(r.status, kMetricWidth + 2, kMetricWidth + 2, kLineWidth));
  }
}

/// One row per step of each counter's fallback chain, up to the one that counts.
std::vector<TableRow> TableRows(const counters::CounterPlan& plan, platforms::PlatformId platform) {
  std::vector<TableRow> rows;
  for (const PlannedCounter& c : plan.counters) {
    if (c.steps.empty()) {  // a metric this platform has no event for
      rows.push_back({c.label, "-", "-", c.reason});
      continue;
    }
    for (std::size_t i = 0; i < c.steps.size(); ++i) {
      const ChainStep& step = c.steps[i];
      const bool counted = step.status == EventStatus::kCounted;
      std::string status = counted ? "counts" : std::string(counters::StatusName(step.status));
      if (!counted) status += ": " + step.reason;
      rows.push_back({i == 0 ? c.label : std::string("  or"), step.event,
                      EncodingText(step, platform), status});
      if (counted) break;  // the later fallbacks are not needed
    }
  }
  return rows;
}

void PrintTable(const std::vector<TableRow>& rows) {
  TableWidths w{.event = 5, .encoding = 8};  // "event", "encoding"
  std::size_t longest_event = w.event;
  for (const TableRow& r : rows) {
    longest_event = std::max(longest_event, r.event.size());
    w.encoding = std::max(w.encoding, r.encoding.size());
  }
  // Room for "counts" (and the header's "status") after the encoding;
  // longer events take a line of their own.
  const std::size_t room = kLineWidth - kMetricWidth - w.encoding - 2 - 6;
  w.event = std::min(longest_event, room);
  PrintRow({"metric", "event", "encoding", "status"}, w);
  for (const TableRow& r : rows) PrintRow(r, w);
}

po::options_description MakeOptions(std::string* platform_name, std::string* cpuinfo_path,
                                    bool* help) {
  po::options_description flags;
  auto add = flags.add_options();
  add("platform", po::value(platform_name)->value_name("NAME"),
      "show NAME's table instead of detecting this machine's");
  add("cpuinfo", po::value(cpuinfo_path)->value_name("PATH"),
      ("detect from PATH instead of " + platforms::CpuInfoDescription()).c_str());
  add("help,h", po::bool_switch(help), "this text");
  return flags;
}

}  // namespace

OptionWords EventsOptionWords() { return WordsOf(MakeOptions(nullptr, nullptr, nullptr)); }

int EventsMain(int argc, char** argv) {
  std::string platform_name;
  platforms::SystemRoots roots = platforms::SystemRootsFromEnvironment();
  std::string cpuinfo_path;
  bool help = false;
  const po::options_description flags = MakeOptions(&platform_name, &cpuinfo_path, &help);
  ParseOptions(std::vector<std::string>(argv + std::min(argc, 1), argv + argc), flags,
               {.positional = "",
                .stop_at_first_positional = false,
                .context = "events",
                .help_hint = "see timeit events --help"});
  if (help) {
    fmt::print(
        "usage: timeit events [--platform NAME] [--cpuinfo PATH]\n"
        "Shows the platform, its counters' events and what counts here.\n\noptions:\n{}",
        FormatOptionHelp(flags));
    return kExitOk;
  }
  if (!cpuinfo_path.empty()) roots.cpuinfo = cpuinfo_path;
  const platforms::Machine machine = platforms::ReadMachine(roots);
  platforms::PlatformId platform;
  const bool named = !platform_name.empty();
  if (named) {
    const auto found = platforms::FindPlatform(platform_name);
    if (!found) {
      const std::string hint = DidYouMean(platform_name, PlatformNameList());
      throw UsageError("events: unknown platform '" + platform_name + "'" +
                       (hint.empty() ? " (known: " + PlatformNames() + ")" : hint));
    }
    platform = *found;
    // Another machine's PMU: libpfm4 encodes it only when asked to.
    counters::RequestInactivePmuEncoding();
    const auto& info = platforms::GetPlatformInfo(platform);
    if (TableNeedsTheI386Build(info)) {
      throw UsageError(fmt::format(
          "events: the {} table is libpfm4's '{}' PMU, which only libpfm4's i386 build has; "
          "this timeit is a 64-bit build: ask the i386 one (build-i386/timeit, "
          "scripts/test-i386.sh)",
          info.name, info.pfm_pmu));
    }
  } else {
    platform = machine.platform;
  }
  counters::PlanOptions options;
  options.platform = platform;
  options.roots = roots;
  options.pmus = machine.pmus;
  std::vector<std::string> metrics;  // the default set, then exc-svc & co.
  for (const auto& m : platforms::AllMetrics()) metrics.emplace_back(m.name);
  const counters::CounterPlan plan = counters::PlanCounters(metrics, options);
  PrintHeader(platform, named, machine, plan);
  PrintTable(TableRows(plan, platform));
  for (const std::string& note : plan.notes) fmt::print("\n{}\n", Wrap("note: " + note, 0, 2));
  return kExitOk;
}

}  // namespace timeit
