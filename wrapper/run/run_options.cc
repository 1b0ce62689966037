#include "wrapper/run/run_options.h"

#include <algorithm>
#include <boost/program_options.hpp>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <string_view>

#include "wrapper/base/errors.h"
#include "wrapper/run/config_series.h"

namespace timeit {
namespace po = boost::program_options;
namespace {

po::options_description MakeOptions() {
  po::options_description d("options");
  d.add_options()("runs,n", po::value<std::string>()->value_name("N"),
                  "measured runs (default 10)")(
      "warmup,w", po::value<std::string>()->value_name("N"),
      "warm-up runs before them, recorded but not summarised (default 1)")(
      "output,o", po::value<std::string>()->value_name("FILE"),
      "results CSV; '-' is stdout (default timeit-YYYYmmdd-HHMMSS.csv)")(
      "label", po::value<std::string>()->value_name("NAME"),
      "series label (default: the output file's stem)")(
      "prepare", po::value<std::string>()->value_name("CMD"),
      "shell command before every run, not measured")(
      "cleanup", po::value<std::string>()->value_name("CMD"),
      "shell command after every run, not measured")(
      "setup", po::value<std::string>()->value_name("CMD"), "shell command once before the series")(
      "teardown", po::value<std::string>()->value_name("CMD"),
      "shell command once after the series")("ignore-failure", "keep going when the command fails")(
      "cpus", po::value<std::string>()->value_name("LIST"),
      "CPU affinity of the command, e.g. 0-3,8")("timeout",
                                                 po::value<std::string>()->value_name("SECONDS"),
                                                 "kill a run after SECONDS (it counts as failed)")(
      "command-output", po::value<std::string>()->value_name("WHERE"),
      "inherit (default), null (stdout dropped, stderr shown on failure) or a FILE")(
      "quiet,q", "no announcements, progress or summary")(
      "progress", po::value<std::string>()->value_name("WHEN"),
      "auto (default: on a terminal), bar or none")("shell", "run COMMAND through /bin/sh -c")(
      "events,e", po::value<std::vector<std::string>>()->composing()->value_name("LIST"),
      "counters to record, comma-separated; repeatable")("no-counters",
                                                         "record no performance counters")(
      "metric", po::value<std::vector<std::string>>()->composing()->value_name("NAME=REGEX"),
      "a metric from the command's output: REGEX's first group in its last match; "
      "',higher' after REGEX if higher is better; repeatable")(
      "baseline", po::value<std::string>()->value_name("FILE"),
      "afterwards, compare the results with this earlier results CSV")(
      "config", po::value<std::vector<std::string>>()->composing()->value_name("NAME=CMD"),
      "a configuration: CMD (shell) runs before each of its runs; several run interleaved, then "
      "compared")("order", po::value<std::string>()->value_name("ORDER"),
                  "of --config runs in each round: alternate (default) or random")(
      "seed", po::value<std::string>()->value_name("N"),
      "seed of --order random (default: from the clock, printed)")("version", "print the version")(
      "help,h", "print this help");
  return d;
}

const po::options_description& Options() {
  static const po::options_description d = MakeOptions();
  return d;
}

/// The long name of the option `token` names ("-n", "--runs", "--runs=3"),
/// or empty when it is not one of ours (Boost then reports it).
const po::option_description* Find(std::string_view token) {
  if (token.starts_with("--")) {
    std::string name(token.substr(2, token.find('=') - 2));
    // "--=x" names no option; Boost's find_nothrow would throw on the empty
    // name (it matches every option without a short form), outside our catch.
    if (name.empty())
      throw UsageError("unrecognised option '" + std::string(token) + "' (see timeit --help)");
    return Options().find_nothrow(name, false);
  }
  for (const auto& o : Options().options()) {
    if (o->canonical_display_name(po::command_line_style::allow_dash_for_short) ==
        std::string(token.substr(0, 2)))
      return o.get();
  }
  return nullptr;
}

/// Splits argv into timeit's options, rewritten as --long=value so that a
/// value like "-3" reaches our own validation, and the command. Boost alone
/// would go on parsing options after the first positional word.
std::vector<std::string> SplitOptions(int argc, const char* const* argv,
                                      std::vector<std::string>& command) {
  std::vector<std::string> ours;
  int i = 1;
  for (; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--") {
      ++i;
      break;
    }
    if (a.size() < 2 || a[0] != '-') break;  // the command starts here
    const po::option_description* o = Find(a);
    const bool takes_value = o != nullptr && o->semantic()->max_tokens() > 0;
    if (!takes_value || a.find('=') != std::string_view::npos) {
      ours.emplace_back(a);
    } else if (!a.starts_with("--") && a.size() > 2) {  // -n10
      ours.push_back("--" + o->long_name() + "=" + std::string(a.substr(2)));
    } else if (i + 1 < argc) {
      ours.push_back("--" + o->long_name() + "=" + argv[++i]);
    } else {
      throw UsageError("option '" + std::string(a) + "' needs a value");
    }
  }
  for (; i < argc; ++i) command.emplace_back(argv[i]);
  return ours;
}

int ParseCount(const std::string& option, const std::string& text, int min) {
  int v = 0;
  const char* end = text.data() + text.size();
  const auto [p, ec] = std::from_chars(text.data(), end, v);
  if (ec != std::errc() || p != end || v < min || text.empty())
    throw UsageError(option + ": expected " + (min > 0 ? "a positive" : "a non-negative") +
                     " integer, got '" + text + "'");
  return v;
}

double ParseSeconds(const std::string& option, const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(v) || v <= 0)
    throw UsageError(option + ": expected a positive number of seconds, got '" + text + "'");
  return v;
}

void SplitEvents(const std::vector<std::string>& words, std::vector<std::string>& out) {
  for (const std::string& w : words) {
    std::size_t start = 0;
    while (start <= w.size()) {
      const std::size_t comma = std::min(w.find(',', start), w.size());
      if (comma > start) out.push_back(w.substr(start, comma - start));
      start = comma + 1;
    }
  }
}

}  // namespace

std::vector<int> ParseCpuList(const std::string& text) {
  std::vector<int> cpus;
  std::size_t start = 0;
  const auto bad = [&] {
    return UsageError("--cpus: expected a list like 0-3,8, got '" + text + "'");
  };
  while (start < text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    const std::size_t dash = item.find('-');
    const int lo = ParseCount("--cpus", item.substr(0, dash), 0);
    const int hi = dash == std::string::npos ? lo : ParseCount("--cpus", item.substr(dash + 1), 0);
    if (hi < lo || hi >= 1024) throw bad();
    for (int c = lo; c <= hi; ++c) cpus.push_back(c);
    start = comma + 1;
  }
  if (cpus.empty()) throw bad();
  return cpus;
}

RunOptions ParseRunOptions(int argc, const char* const* argv) {
  RunOptions o;
  const std::vector<std::string> ours = SplitOptions(argc, argv, o.command);
  po::variables_map vm;
  try {
    const int style = po::command_line_style::unix_style ^ po::command_line_style::allow_guessing;
    po::store(po::command_line_parser(ours).options(Options()).style(style).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(std::string(e.what()) + " (see timeit --help)");
  }
  const auto str = [&](const char* name) {
    return vm.count(name) ? vm[name].as<std::string>() : std::string();
  };
  o.help = vm.count("help") > 0;
  o.version = vm.count("version") > 0;
  if (vm.count("runs")) o.runs = ParseCount("-n/--runs", str("runs"), 1);
  if (vm.count("warmup")) o.warmup = ParseCount("-w/--warmup", str("warmup"), 0);
  o.output = str("output");
  o.label = str("label");
  o.prepare = str("prepare");
  o.cleanup = str("cleanup");
  o.setup = str("setup");
  o.teardown = str("teardown");
  o.ignore_failure = vm.count("ignore-failure") > 0;
  if (vm.count("cpus")) o.cpus = ParseCpuList(str("cpus"));
  if (vm.count("timeout")) o.timeout = ParseSeconds("--timeout", str("timeout"));
  if (vm.count("command-output")) {
    const std::string v = str("command-output");
    if (v == "inherit")
      o.command_output = CommandOutput::kInherit;
    else if (v == "null")
      o.command_output = CommandOutput::kNull;
    else if (v.empty())
      throw UsageError("--command-output: expected inherit, null or a file name");
    else {
      o.command_output = CommandOutput::kFile;
      o.command_output_file = v;
    }
  }
  o.quiet = vm.count("quiet") > 0;
  if (vm.count("progress")) {
    const std::string v = str("progress");
    if (v == "auto")
      o.progress = ProgressMode::kAuto;
    else if (v == "bar")
      o.progress = ProgressMode::kBar;
    else if (v == "none")
      o.progress = ProgressMode::kNone;
    else
      throw UsageError("--progress: expected auto, bar or none, got '" + v + "'");
  }
  o.shell = vm.count("shell") > 0;
  if (vm.count("events")) SplitEvents(vm["events"].as<std::vector<std::string>>(), o.events);
  o.no_counters = vm.count("no-counters") > 0;
  if (vm.count("metric")) o.output_metrics = vm["metric"].as<std::vector<std::string>>();
  if (o.no_counters && !o.events.empty())
    throw UsageError("-e/--events and --no-counters contradict each other");
  if (o.label.find_first_of("\r\n") != std::string::npos)
    throw UsageError("--label: must be a single line");
  if (o.command.empty() && !o.help && !o.version)
    throw UsageError("no command to measure (usage: timeit [options] [--] COMMAND [ARGS...])");
  o.baseline = str("baseline");
  if (vm.count("config"))
    for (const std::string& c : vm["config"].as<std::vector<std::string>>())
      o.configs.push_back(ParseConfigOption(c));
  CheckConfigOptions(vm.count("order") ? str("order") : std::string(),
                     vm.count("seed") ? str("seed") : std::string(), o);
  if (o.shell && o.command.size() > 1)
    throw UsageError(
        "--shell takes the command as one word: timeit --shell 'make -j8 && make install'");
  return o;
}

std::string RunUsage() {
  std::ostringstream s;
  s << "usage: timeit [options] [--] COMMAND [ARGS...]\n"
       "Runs COMMAND repeatedly and records every run of its whole process tree in a CSV.\n"
       "Options stop at the first word that is not an option.\n\n"
    << Options();
  return s.str();
}

}  // namespace timeit
