#include "wrapper/boots/boots_options.h"

#include <algorithm>
#include <set>

#include "wrapper/base/errors.h"
#include "wrapper/base/number_text.h"
#include "wrapper/base/option_parser.h"
#include "wrapper/compare/compare_options.h"

namespace timeit {
namespace {

const OptionSyntax kSyntax{.positional = "",
                           .stop_at_first_positional = false,
                           .context = "boots",
                           .help_hint = "see timeit boots --help"};

constexpr const char* kVerbs[] = {"start", "resume", "status", "cancel"};

/// One of `choices` given to `option`.
std::string Choice(const char* option, const std::string& v, std::set<std::string> choices,
                   const char* wanted) {
  if (!choices.contains(v)) throw BadValue(option, wanted, v);
  return v;
}

po::options_description MakeOptions(BootsOptions* o) {
  static BootsOptions ignored;
  if (o == nullptr) o = &ignored;
  po::options_description d;
  auto add = d.add_options();
  add("config",
      ReadEach(&o->configs, "NAME:kernel=PATH,...",
               [](const std::string& v) { return std::vector<BootConfig>{ParseBootConfig(v)}; }),
      "a kernel to compare, NAME:kernel=PATH[,initrd=PATH][,release=R][,entry=ID][,cmdline+="
      "ARGS], NAME its rows' label; release= when the file name does not say it; entry= the "
      "boot loader's entry (grub, systemd-boot) when start should not look for it; cmdline+= "
      "adds to the command line (two or more)");
  add("boots",
      Read(&o->boots, "N|MIN..MAX",
           [o](const std::string& v) {
             const std::size_t dots = v.find("..");
             if (dots == std::string::npos) {
               o->min_boots = 0;
               return WholeValue("--boots", v, 1, "a positive integer or MIN..MAX", 1000);
             }
             o->min_boots = WholeValue("--boots", v.substr(0, dots), 1,
                                       "MIN..MAX, whole numbers from 1 to 1000", 1000);
             const int most = WholeValue("--boots", v.substr(dots + 2), 1,
                                         "MIN..MAX, whole numbers from 1 to 1000", 1000);
             if (most < o->min_boots) throw BadValue("--boots", "MIN..MAX with MIN <= MAX", v);
             return most;
           })
          ->then([o](const int&) { o->boots_given = true; }),
      "boots of each configuration (default 3); MIN..MAX with --target-ci: the first MIN boots "
      "of each (default 4) are the stopping rule's pilot, and MAX is the most");
  add("target-ci",
      Read(&o->target_percent, "PCT[:METRIC,...]",
           [o](const std::string& v) {
             const std::size_t colon = v.find(':');
             double percent = 0;
             if (!ParseFinite(v.substr(0, colon), percent) || !(percent > 0) || percent > 1000)
               throw BadValue("--target-ci", "PCT[:METRIC,...], PCT a percentage above 0", v);
             o->target_metrics.clear();
             if (colon != std::string::npos)
               o->target_metrics = ParseMetricList("--target-ci", v.substr(colon + 1));
             return percent;
           }),
      "Stein's two-stage rule: after MIN boots of each (the pilot), every METRIC's 95% interval "
      "of the difference (default real), as compare's mixed model gives it, fixes how many boots "
      "of each bring it within +/-PCT% of the baseline (at most MAX); the verdict is the pilot's "
      "interval narrowed to the boots made. The rule reads the interval's width only, never "
      "whether the difference is significant");
  add("plan", Read(&o->plan, "PILOT.csv", [](const std::string& v) { return v; }),
      "runs per boot (-n) and boots from what timeit plan says of this pilot series, for "
      "--target-ci's PCT and metrics (default 1% of real): --boots N of the plan, or with "
      "--target-ci N/2..2N (from 4 at least)");
  add("order",
      Read(&o->order, "abba|random",
           [](const std::string& v) {
             return Choice("--order", v, {"abba", "random"}, "abba or random") == "random"
                        ? BootOrder::kRandom
                        : BootOrder::kAbba;
           }),
      "the boots' order: timeit plan's interleaved A B B A (default), or shuffled per round");
  add("seed",
      Read(&o->seed, "S",
           [](const std::string& v) {
             return WholeValue<std::uint64_t>("--seed", v, 0, "a non-negative integer");
           })
          ->then([o](const std::uint64_t&) { o->seed_given = true; }),
      "the seed of --order random (default: from the clock, printed)");
  add("via",
      Read(&o->via, "command|kexec|grub|systemd-boot",
           [](const std::string& v) {
             return Choice("--via", v, {"command", "kexec", "grub", "systemd-boot"},
                           "command, kexec, grub or systemd-boot");
           }),
      "how the next boot is armed and made: --next-boot's command, kexec, grub-reboot or "
      "bootctl set-oneshot (default command)");
  add("next-boot", Read(&o->next_boot, "CMD", [](const std::string& v) { return v; }),
      "with --via command: the shell command that boots the next kernel in place of a reboot; "
      "{config}, {kernel}, {initrd}, {cmdline} and {release} are replaced, quoted");
  add("retries",
      Read(&o->retries, "N",
           [](const std::string& v) {
             return WholeValue("--retries", v, 0, "a non-negative integer", 100);
           }),
      "boots into another kernel a step may have before its configuration fails (default 1)");
  add("on-boot-failure",
      Read(&o->on_failure, "stop|skip",
           [](const std::string& v) {
             return Choice("--on-boot-failure", v, {"stop", "skip"}, "stop or skip") == "stop"
                        ? OnBootFailure::kStop
                        : OnBootFailure::kSkip;
           }),
      "when a configuration failed: stop the experiment, or go on without it (default skip)");
  add("settle",
      Read(&o->settle_seconds, "SECONDS",
           [](const std::string& v) {
             double seconds = 0;
             if (!ParseFinite(v, seconds) || seconds < 0 || seconds > 86400)
               throw BadValue("--settle", "seconds from 0 to 86400", v);
             return seconds;
           }),
      "wait after a boot before its series, recorded (default 30)");
  add("state-dir", Read(&o->state_dir, "DIR", [](const std::string& v) { return v; }),
      "the experiment's state, root's alone (default /var/lib/timeit/boots)");
  add("hook",
      Read(&o->hook, "systemd|none",
           [](const std::string& v) {
             return Choice("--hook", v, {"systemd", "none"}, "systemd or none");
           }),
      "what calls timeit boots resume at boot: the timeit-boots unit, installed by start "
      "(default), or none, your init");
  add("dry-run", po::bool_switch(&o->dry_run),
      "print the steps and the exact boot commands; change nothing");
  add("help,h", po::bool_switch(&o->help), "this text");
  return d;
}

/// Our options' names, and whether each takes a value.
bool IsOurs(const std::string& word, bool& takes_value) {
  if (!word.starts_with("--")) return word == "-h" && !(takes_value = false);
  const std::string name = word.substr(2, word.find('=') - 2);
  const po::options_description options = MakeOptions(nullptr);
  for (const auto& option : options.options()) {
    if (option->long_name() != name) continue;
    takes_value = option->semantic()->max_tokens() > 0 && word.find('=') == std::string::npos;
    return true;
  }
  return false;
}

}  // namespace

std::vector<std::string> BootsVerbs() { return {std::begin(kVerbs), std::end(kVerbs)}; }

OptionWords BootsOptionWords() { return WordsOf(MakeOptions(nullptr)); }

std::string BootsUsage() {
  return "usage: timeit boots start --config NAME:kernel=PATH... [--boots N|MIN..MAX]\n"
         "                          [--target-ci PCT[:METRIC,...]] [--plan PILOT.csv]\n"
         "                          [--order abba|random] [--seed S]\n"
         "                          [--via command|kexec|grub|systemd-boot] [--next-boot CMD]\n"
         "                          [--retries N] [--on-boot-failure stop|skip]\n"
         "                          [--settle SECONDS]"
         " [--state-dir DIR] [--hook systemd|none] [--dry-run]\n"
         "                          [run options] -- COMMAND [ARGS...]\n"
         "       timeit boots resume|status|cancel [--state-dir DIR]\n"
         "Runs an A/B of kernels across reboots: start checks everything, records the\n"
         "experiment and boots the first step's kernel; at every boot `resume` checks the\n"
         "kernel, runs the step's series (the run mode, label NAME) and boots the next;\n"
         "after the last it writes the comparison beside the CSV. `status` shows the plan\n"
         "and what each step measured; `cancel` disarms and removes the experiment.\n"
         "With --target-ci the experiment ends at the first round from --boots MIN on\n"
         "where compare's interval of every metric's difference is within +/-PCT, or at\n"
         "MAX. The rule reads the interval's width alone, never the verdict or its p:\n"
         "stopping at p < 0.05 nearly triples the false alarms (14% in simulation); this\n"
         "rule keeps them near the nominal 5% (5.8% from MIN 4, more from earlier looks).\n"
         "\noptions:\n" +
         FormatOptionHelp(MakeOptions(nullptr));
}

BootsOptions ParseBootsOptions(int argc, char** argv) {
  BootsOptions o;
  std::vector<std::string> words(argv + std::min(argc, 1), argv + argc);
  if (!words.empty() && !words.front().starts_with("-")) {
    o.verb = words.front();
    words.erase(words.begin());
    if (std::find(std::begin(kVerbs), std::end(kVerbs), o.verb) == std::end(kVerbs))
      throw UsageError("boots: no verb '" + o.verb +
                       "' (start, resume, status, cancel; see timeit boots --help)");
  }
  // Ours before `--` go to our parser, the rest to the run mode verbatim.
  std::vector<std::string> ours;
  for (std::size_t i = 0; i < words.size(); ++i) {
    bool takes_value = false;
    if (words[i] == "--") {
      o.run_args.insert(o.run_args.end(), words.begin() + static_cast<long>(i), words.end());
      break;
    }
    if (!IsOurs(words[i], takes_value)) {
      o.run_args.push_back(words[i]);
      continue;
    }
    ours.push_back(words[i]);
    if (takes_value && i + 1 < words.size()) ours.push_back(words[++i]);
  }
  ParseOptions(ours, MakeOptions(&o), kSyntax);
  if (o.help) return o;
  if (o.verb.empty())
    throw UsageError("boots: start, resume, status or cancel? (" + kSyntax.help_hint + ")");
  if (o.min_boots > 0 && o.target_percent == 0)
    throw UsageError("--boots MIN..MAX goes with --target-ci (boots stop early only by its rule)");
  if (o.verb != "start" && !o.run_args.empty())
    throw UsageError("boots " + o.verb + ": takes only --state-dir, not '" + o.run_args.front() +
                     "' (" + kSyntax.help_hint + ")");
  return o;
}

}  // namespace timeit
